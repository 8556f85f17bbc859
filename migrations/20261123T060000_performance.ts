import type { Kysely } from "kysely";

// Indexes that EXPLAIN QUERY PLAN showed missing on a 10,000-product catalogue. Frozen in time:
// never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  // A listing filtered by categories and a price range: without it SQLite walks the whole price
  // index (every product in range) and then checks each one's category.
  await db.schema
    .createIndex("products_category_price")
    .on("products")
    .columns(["category_id", "price_paise"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_category_price").ifExists().execute();
}
