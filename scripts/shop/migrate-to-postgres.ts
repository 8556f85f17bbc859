/**
 * `shop migrate-to-postgres --from FILE --to postgres://...`: moves a SQLite shop into an empty
 * PostgreSQL database, all of it or nothing.
 *
 * 1. FILE must be a SQLite database of this shop, migrated exactly as far as this release (it is
 *    opened read-only and read in one transaction: a consistent snapshot, even while the shop runs);
 *    the target must hold no rows but those the migrations write themselves.
 * 2. The target is migrated (migrateToLatest) and must then have applied the same migrations.
 * 3. In one PostgreSQL transaction: every table except the migrations' bookkeeping and the search
 *    index, in foreign-key order (the keys are checked as rows arrive), by column name, 500 rows per
 *    insert, with the tables' own triggers disabled (search index, catalogue version, stock sums,
 *    a product's first variant); then the search index is rebuilt from products, brands and
 *    categories, and every identity sequence moves past the copied ids.
 * 4. Before the commit: row counts of every table and the money and stock totals must equal the
 *    snapshot's, else everything is rolled back and the differences are reported.
 *
 * Triggers are disabled per table (ALTER TABLE ... DISABLE TRIGGER USER, which the tables' owner
 * may do) rather than by session_replication_role = replica, which needs a superuser and would
 * skip the foreign key checks too.
 */
import fs from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { createDatabase } from "~/db/db.server";
import { engineOfUrl } from "~/db/engine";
import { migrateToLatest } from "~/db/migrate.server";
import { migrations } from "../../migrations";
import { appliedMigrations, ShopError } from "./backup";

/** Not copied: the migrator's bookkeeping, SQLite's own tables, FTS5's index (rebuilt instead). */
const NOT_COPIED = /^(sqlite_|kysely_migration|products_fts)/;
/** Tables whose rows the migrations write (defaults an empty shop starts with): the copy replaces them. */
export const MIGRATION_ROWS = ["catalog_version", "category_tax_defaults", "gst_rates"];
const BATCH_ROWS = 500;
/** PostgreSQL takes at most 65535 parameters per statement. */
const MAX_PARAMETERS = 65_535;

/** Totals that must come out the same on both sides: money and stock. */
const TOTALS: { name: string; query: string }[] = [
  { name: "orders: amount_paise", query: "select sum(amount_paise) from orders" },
  {
    name: "order_items: unit_price_paise x quantity",
    query: "select sum(cast(unit_price_paise as bigint) * quantity) from order_items",
  },
  { name: "payments: amount_paise", query: "select sum(amount_paise) from payments" },
  { name: "refunds: amount_paise", query: "select sum(amount_paise) from refunds" },
  { name: "product_variants: stock", query: "select sum(stock) from product_variants" },
  { name: "products: stock", query: "select sum(stock) from products" },
];

export type Comparison = { name: string; source: number; target: number };
export type MoveReport = { schema: string; tables: Comparison[]; totals: Comparison[] };

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The URL without its password, to print. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "the PostgreSQL database";
  }
}

export async function migrateToPostgres(from: string, to: string): Promise<MoveReport> {
  if (engineOfUrl(to) !== "postgres")
    throw new ShopError(`--to takes a PostgreSQL URL (postgres://user@host/database), not ${to}.`);
  const source = openShopFile(from);
  try {
    const applied = checkSourceMigrations(source, from);
    const tables = foreignKeyOrder(source);
    const target = new pg.Client({ connectionString: to });
    await target.connect().catch((error: Error) => {
      throw new ShopError(`Cannot connect to ${redactUrl(to)}: ${error.message}`);
    });
    try {
      await refuseNonEmpty(target, to);
      await migrateTarget(to);
      await checkTargetMigrations(target, applied);
      const columns = await columnsToCopy(source, target, tables);
      return { schema: applied.at(-1)!, ...(await copyAll(source, target, columns)) };
    } finally {
      await target.end();
    }
  } finally {
    source.close();
  }
}

/** The shop's SQLite file, read-only, in a read transaction that every later read shares. */
function openShopFile(file: string): Database.Database {
  if (!fs.existsSync(file)) throw new ShopError(`There is no file at ${file}.`);
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma("busy_timeout = 5000");
    db.exec("begin");
    db.prepare("select count(*) from sqlite_master").get();
  } catch (error) {
    db?.close();
    throw new ShopError(`${file} is not a SQLite database: ${(error as Error).message}`);
  }
  const names = new Set(tableNames(db));
  if (!["kysely_migration", "products", "orders", "users"].every((t) => names.has(t))) {
    db.close();
    throw new ShopError(`${file} is not a database of this shop (it has no shop tables).`);
  }
  return db;
}

function tableNames(db: Database.Database): string[] {
  return db
    .prepare<[], string>("select name from sqlite_master where type = 'table' order by name")
    .pluck()
    .all();
}

function checkSourceMigrations(db: Database.Database, file: string): string[] {
  const applied = appliedMigrations(db);
  const known = Object.keys(migrations);
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new ShopError(
      `${file} was migrated by a newer release (${unknown.join(", ")}): run this command from that release.`,
    );
  }
  const pending = known.filter((name) => !applied.includes(name));
  if (pending.length > 0) {
    throw new ShopError(
      `${file} is ${pending.length} migration(s) behind this release (${pending.join(", ")}): start the shop on it once, or run \`npm run db:migrate\` (\`shop migrate\`), then try again.`,
    );
  }
  return applied;
}

/** The tables to copy, each after the tables its foreign keys refer to. */
export function foreignKeyOrder(db: Database.Database): string[] {
  const tables = tableNames(db).filter((t) => !NOT_COPIED.test(t));
  const parents = new Map(
    tables.map((t) => {
      const refs = db
        .prepare<[string], string>('select "table" from pragma_foreign_key_list(?)')
        .pluck()
        .all(t);
      return [t, refs.filter((r) => r !== t && tables.includes(r))];
    }),
  );
  const order: string[] = [];
  while (order.length < tables.length) {
    const ready = tables.filter(
      (t) => !order.includes(t) && parents.get(t)!.every((p) => order.includes(p)),
    );
    if (ready.length === 0) {
      const rest = tables.filter((t) => !order.includes(t));
      throw new ShopError(`The foreign keys between ${rest.join(", ")} go round in a circle.`);
    }
    order.push(...ready);
  }
  return order;
}

async function targetTables(target: pg.Client): Promise<string[]> {
  const { rows } = await target.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((r) => r.name);
}

async function refuseNonEmpty(target: pg.Client, to: string) {
  const filled: string[] = [];
  for (const table of await targetTables(target)) {
    if (table.startsWith("kysely_migration") || MIGRATION_ROWS.includes(table)) continue;
    const { rows } = await target.query(`select 1 from ${ident(table)} limit 1`);
    if (rows.length > 0) filled.push(table);
  }
  if (filled.length > 0) {
    throw new ShopError(
      `${redactUrl(to)} already holds data (rows in ${filled.join(", ")}): give an empty database.`,
    );
  }
}

async function migrateTarget(to: string) {
  const db = createDatabase(to);
  try {
    await migrateToLatest(db);
  } catch (error) {
    throw new ShopError(`Migrating ${redactUrl(to)} failed: ${(error as Error).message}`);
  } finally {
    await db.destroy();
  }
}

async function checkTargetMigrations(target: pg.Client, applied: string[]) {
  const { rows } = await target.query<{ name: string }>(
    "select name from kysely_migration order by name",
  );
  const names = rows.map((r) => r.name);
  if (names.join() !== applied.join()) {
    const missing = applied.filter((n) => !names.includes(n));
    const extra = names.filter((n) => !applied.includes(n));
    throw new ShopError(
      `PostgreSQL's migrations differ from the SQLite shop's (missing: ${missing.join(", ") || "none"}; extra: ${extra.join(", ") || "none"}).`,
    );
  }
}

type TablePlan = { table: string; columns: string[]; identity: boolean };

/** Each table's columns present on both sides; a source column PostgreSQL lacks stops everything. */
async function columnsToCopy(
  source: Database.Database,
  target: pg.Client,
  tables: string[],
): Promise<TablePlan[]> {
  const { rows } = await target.query<{ table: string; column: string; identity: string }>(
    `select table_name as table, column_name as column, is_identity as identity
     from information_schema.columns
     where table_schema = current_schema() and is_generated = 'NEVER'`,
  );
  const problems: string[] = [];
  const plans = tables.map((table) => {
    const targetColumns = rows.filter((r) => r.table === table);
    if (targetColumns.length === 0) problems.push(`table ${table}`);
    const names = targetColumns.map((r) => r.column);
    const columns = source
      .prepare<[string], string>("select name from pragma_table_info(?) order by cid")
      .pluck()
      .all(table);
    for (const c of columns)
      if (targetColumns.length > 0 && !names.includes(c)) problems.push(`${table}.${c}`);
    const identity = targetColumns.some((r) => r.column === "id" && r.identity === "YES");
    return { table, columns: columns.filter((c) => names.includes(c)), identity };
  });
  if (problems.length > 0) {
    throw new ShopError(
      `PostgreSQL has no place for ${problems.join(", ")} of the SQLite shop: nothing was copied.`,
    );
  }
  return plans;
}

async function copyAll(source: Database.Database, target: pg.Client, plans: TablePlan[]) {
  await target.query("begin");
  try {
    for (const { table } of plans)
      await target.query(`alter table ${ident(table)} disable trigger user`);
    // Only the migrations' own rows can be there (refuseNonEmpty): the shop's replace them.
    for (const { table } of [...plans].reverse()) await target.query(`delete from ${ident(table)}`);
    for (const plan of plans) await copyTable(source, target, plan);
    await target.query("delete from products_fts");
    await target.query(
      `insert into products_fts (rowid, title, brand, category, description, part_numbers)
       select p.id, p.title, coalesce(b.name, ''), coalesce(c.name, ''), p.description,
         product_part_numbers(p.id)
       from products p
       left join brands b on b.id = p.brand_id
       left join categories c on c.id = p.category_id`,
    );
    for (const { table } of plans)
      await target.query(`alter table ${ident(table)} enable trigger user`);
    for (const { table } of plans.filter((p) => p.identity)) {
      await target.query(
        `select setval(pg_get_serial_sequence($1, 'id'), coalesce(max(id), 0) + 1, false) from ${ident(table)}`,
        [table],
      );
    }
    const result = await compare(source, target, plans);
    const differences = [...result.tables, ...result.totals].filter((c) => c.source !== c.target);
    if (differences.length > 0) {
      throw new ShopError(
        `The copy differs from the SQLite shop, so nothing was kept: ${differences
          .map((d) => `${d.name} ${d.source} in SQLite, ${d.target} in PostgreSQL`)
          .join("; ")}.`,
      );
    }
    await target.query("commit");
    return result;
  } catch (error) {
    await target.query("rollback").catch(() => {});
    throw error;
  }
}

async function copyTable(source: Database.Database, target: pg.Client, plan: TablePlan) {
  const { table, columns } = plan;
  const perInsert = Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns.length));
  const select = source.prepare(`select ${columns.map(ident).join(", ")} from ${ident(table)}`);
  let batch: unknown[][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch.map(
      (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(", ")})`,
    );
    await target
      .query(
        `insert into ${ident(table)} (${columns.map(ident).join(", ")}) values ${values.join(", ")}`,
        batch.flat(),
      )
      .catch((error: pg.DatabaseError) => {
        const detail = error.detail ? ` (${error.detail})` : "";
        throw new ShopError(`Copying ${table} failed, nothing was kept: ${error.message}${detail}`);
      });
    batch = [];
  };
  for (const row of select.raw().iterate() as IterableIterator<unknown[]>) {
    const blob = row.findIndex((v) => Buffer.isBuffer(v));
    if (blob >= 0) {
      throw new ShopError(
        `${table}.${columns[blob]} holds binary data, which the shop never writes: look at that row first.`,
      );
    }
    batch.push(row);
    if (batch.length === perInsert) await flush();
  }
  await flush();
}

/** Row counts of every table copied (and the rebuilt search index) and the totals, on both sides. */
async function compare(
  source: Database.Database,
  target: pg.Client,
  plans: TablePlan[],
): Promise<Pick<MoveReport, "tables" | "totals">> {
  const sourceValue = (query: string) => Number(source.prepare(query).pluck().get() ?? 0);
  const targetValue = async (query: string) =>
    Number(Object.values((await target.query(query)).rows[0] ?? {})[0] ?? 0);
  const tables: Comparison[] = [];
  for (const { table } of plans) {
    const query = `select count(*) from ${ident(table)}`;
    tables.push({ name: table, source: sourceValue(query), target: await targetValue(query) });
  }
  // The search index has a row per product.
  tables.push({
    name: "products_fts",
    source: sourceValue("select count(*) from products"),
    target: await targetValue("select count(*) from products_fts"),
  });
  const totals: Comparison[] = [];
  for (const { name, query } of TOTALS)
    totals.push({ name, source: sourceValue(query), target: await targetValue(query) });
  return { tables, totals };
}

/** The report printed after a move: counts and totals side by side, then what to switch. */
export function describeMove(report: MoveReport, from: string, to: string): string {
  const rows = [...report.tables, ...report.totals];
  const width = Math.max(...rows.map((r) => r.name.length));
  const line = (name: string, a: string | number, b: string | number) =>
    `  ${name.padEnd(width)}  ${String(a).padStart(12)}  ${String(b).padStart(12)}`;
  return [
    `Copied ${from} to ${redactUrl(to)} (schema ${report.schema}):`,
    "",
    line("table", "SQLite", "PostgreSQL"),
    ...report.tables
      .toSorted((a, b) => a.name.localeCompare(b.name))
      .map((t) => line(t.name, t.source, t.target)),
    "",
    line("total", "SQLite", "PostgreSQL"),
    ...report.totals.map((t) => line(t.name, t.source, t.target)),
    "",
    "What to switch:",
    "  1. In the shop's environment file set DATABASE_URL to the PostgreSQL URL given to --to.",
    "  2. Restart the shop (systemctl restart overland-shop) and every other server of it.",
    "  3. Keep UPLOADS_DIR on storage that every server sees: product images stay files.",
    `  4. Keep ${from} as the backup until you are satisfied; the shop no longer writes to it.`,
  ].join("\n");
}
