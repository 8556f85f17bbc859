import { sql, type Kysely } from "kysely";
import { isPostgres } from "./portable";

// The rules that price a cart beyond its goods (shipping and COD settings, GST rates, PIN
// overrides) bump the catalogue version too, so the app can keep them in memory per version like
// the catalogue itself. On PostgreSQL one bump per statement: a PIN file of thousands of rows is
// one change. Frozen in time: never import application code here.
export const CHARGE_RULE_TABLES = ["shop_settings", "gst_rates", "pin_serviceability"];

function triggerNames() {
  return CHARGE_RULE_TABLES.flatMap((table) =>
    ["insert", "update", "delete"].map((event) => ({
      table,
      event,
      name: `${table}_${event}_catalog_version`,
    })),
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, event, name } of triggerNames()) {
    if (isPostgres(db)) {
      await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.raw(table)}
        for each statement execute function bump_catalog_version()`.execute(db);
    } else {
      await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.raw(table)} begin
        update catalog_version set version = version + 1 where id = 1;
      end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name, table } of triggerNames())
    if (isPostgres(db))
      await sql`drop trigger if exists ${sql.raw(name)} on ${sql.raw(table)}`.execute(db);
    else await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
}
