import { sql, type Kysely } from "kysely";

// Which categories have a tile on the home page ("Popular Category"): a column, so the database is
// the one source. Shops that exist keep the tiles they showed: the spec's eight categories.
// Frozen in time: never import application code here.
const SPEC_HOME_CATEGORIES = [
  "wheels",
  "suspension",
  "winches",
  "protection_equipment",
  "noco_chargers",
  "lights",
  "vibram_fivefingers",
  "generic_accessories",
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table categories add column featured integer not null default 1`.execute(db);
  await db
    .updateTable("categories")
    .set({ featured: 0 })
    .where("slug", "not in", SPEC_HOME_CATEGORIES)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table categories drop column featured`.execute(db);
}
