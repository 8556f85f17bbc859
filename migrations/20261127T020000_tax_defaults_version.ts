import { sql, type Kysely } from "kysely";
import { isPostgres } from "./portable";

// The categories' default HSN codes and weights bump the catalogue version too, so the app can
// keep each product's tax facts in memory per version (a product's own bump it already, as a
// catalogue table). On PostgreSQL one bump per statement. Frozen in time: never import
// application code here.
const TABLE = "category_tax_defaults";

const triggerNames = () =>
  ["insert", "update", "delete"].map((event) => ({
    event,
    name: `${TABLE}_${event}_catalog_version`,
  }));

export async function up(db: Kysely<any>): Promise<void> {
  for (const { event, name } of triggerNames()) {
    if (isPostgres(db)) {
      await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.raw(TABLE)}
        for each statement execute function bump_catalog_version()`.execute(db);
    } else {
      await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.raw(TABLE)} begin
        update catalog_version set version = version + 1 where id = 1;
      end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { name } of triggerNames())
    if (isPostgres(db))
      await sql`drop trigger if exists ${sql.raw(name)} on ${sql.raw(TABLE)}`.execute(db);
    else await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
}
