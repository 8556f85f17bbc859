import { sql, type Kysely } from "kysely";
import { isPostgres } from "./portable";

// The catalogue version, shared by every server process: one row, bumped by triggers in the same
// transaction as any change to what a catalogue page shows. Frozen in time: never import
// application code here.
export const CATALOG_TABLES = [
  "categories",
  "brands",
  "vehicles",
  "products",
  "product_colors",
  "product_color_images",
  "product_sizes",
  "product_vehicles",
];

function triggerNames() {
  return CATALOG_TABLES.flatMap((table) =>
    ["insert", "update", "delete"].map((event) => ({
      table,
      event,
      name: `${table}_${event}_catalog_version`,
    })),
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table catalog_version (id integer primary key check (id = 1), version integer not null)`.execute(
    db,
  );
  await sql`insert into catalog_version (id, version) values (1, 1)`.execute(db);
  if (isPostgres(db)) {
    // The same row-level triggers, through one function that also tells every app server (NOTIFY
    // is delivered when the transaction commits; the app LISTENs, see app/db/postgres.server.ts).
    await sql`create function bump_catalog_version() returns trigger language plpgsql as $$
    declare v integer;
    begin
      update catalog_version set version = version + 1 where id = 1 returning version into v;
      perform pg_notify('catalog_version', v::text);
      return null;
    end $$`.execute(db);
    for (const { table, event, name } of triggerNames()) {
      await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.raw(table)}
        for each row execute function bump_catalog_version()`.execute(db);
    }
    return;
  }
  for (const { table, event, name } of triggerNames()) {
    await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.raw(table)} begin
      update catalog_version set version = version + 1 where id = 1;
    end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name, table } of triggerNames())
    if (isPostgres(db))
      await sql`drop trigger if exists ${sql.raw(name)} on ${sql.raw(table)}`.execute(db);
    else await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  await sql`drop table if exists catalog_version`.execute(db);
  if (isPostgres(db)) await sql`drop function if exists bump_catalog_version`.execute(db);
}
