/**
 * True when `error` is a unique index of `table` refusing a row, on either engine, for one of
 * `keys`: a column with a unique constraint, or a unique index by name. SQLite says "UNIQUE
 * constraint failed: table.column" or "... failed: index 'name'"; PostgreSQL (pg) gives code 23505,
 * the table, the constraint's (index's) name and a detail "Key (column)=(...) already exists.".
 * Models use it where two requests may race past their own "is it taken?" check, to answer that as
 * a field error, not a 500.
 */
export function isUniqueViolation(error: unknown, table: string, keys: string[]): boolean {
  if (!(error instanceof Error)) return false;
  const pg = error as Error & { code?: unknown; table?: unknown; constraint?: unknown };
  if (pg.code === "23505") {
    const detail = (error as { detail?: unknown }).detail;
    return (
      pg.table === table &&
      keys.some(
        (k) =>
          pg.constraint === k || (typeof detail === "string" && detail.startsWith(`Key (${k})=`)),
      )
    );
  }
  return keys.some(
    (k) =>
      error.message.includes(`UNIQUE constraint failed: ${table}.${k}`) ||
      error.message.includes(`UNIQUE constraint failed: index '${k}'`),
  );
}
