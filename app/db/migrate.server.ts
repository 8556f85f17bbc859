import { Migrator, sql, type Kysely, type MigrationResultSet } from "kysely";
import { migrations } from "../../migrations";
import { engineOf } from "./engine";

/**
 * The database has run migrations this release does not have: a newer release migrated it (a
 * rollback without a restore). `name` marks it for the `shop` command, which prints the message
 * alone, also when the error comes from the server build's own copy of this module.
 */
export class NewerSchemaError extends Error {
  override name = "NewerSchemaError";
}

/** One line for the operator: what the database has that this release lacks, and what to do. */
export function newerSchemaMessage(unknown: string[]): string {
  return (
    `The database was migrated by a newer release of the shop (this release does not know ${unknown.join(", ")}): ` +
    "start that release again, or restore the backup taken before its migrations (see Rollback in the README)."
  );
}

/** Migrations the database has run that this release does not know, by name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function unknownMigrations(database: Kysely<any>): Promise<string[]> {
  const tables = await database.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === "kysely_migration")) return [];
  const rows = await database.selectFrom("kysely_migration").select("name").execute();
  return rows
    .map((r: { name: string }) => r.name)
    .filter((name) => !(name in migrations))
    .sort();
}

/** Brings the database to the newest migration; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(database: Kysely<any>): Promise<string[]> {
  // Kysely would refuse too, but with "corrupted migrations", which reads like damage.
  const unknown = await unknownMigrations(database);
  if (unknown.length > 0) throw new NewerSchemaError(newerSchemaMessage(unknown));
  const migrator = new Migrator({
    db: database,
    provider: { getMigrations: async () => migrations },
    // Migrations written side by side may land in any order; each still runs once.
    allowUnorderedMigrations: true,
  });
  if (engineOf(database) === "postgres") return report(await migrator.migrateToLatest());
  // A migration may rebuild a table (SQLite's way to change a constraint): foreign keys are not
  // enforced while migrations run (a pragma that cannot change inside their transaction), and are
  // checked once they are done.
  await sql`pragma foreign_keys = OFF`.execute(database);
  let migrated;
  try {
    migrated = await migrator.migrateToLatest();
    const broken = await sql`pragma foreign_key_check`.execute(database);
    if (!migrated.error && broken.rows.length > 0) {
      throw new Error(`Migrations left ${broken.rows.length} broken foreign key(s)`);
    }
  } finally {
    await sql`pragma foreign_keys = ON`.execute(database);
  }
  return report(migrated);
}

function report({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
