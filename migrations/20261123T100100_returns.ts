import { sql, type Kysely } from "kysely";

// Returns within 7 days of delivery: the shopper asks (lines, a reason, photos), the admin decides.
// Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("return_requests")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('requested','approved','declined','refunded')`),
    )
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("decision_note", "text")
    .addColumn("refund_id", "integer", (c) => c.references("refunds.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .execute();
  await db.schema
    .createIndex("return_requests_order")
    .on("return_requests")
    .columns(["order_id"])
    .execute();
  await db.schema
    .createTable("return_items")
    .addColumn("return_id", "integer", (c) =>
      c.notNull().references("return_requests.id").onDelete("cascade"),
    )
    .addColumn("order_item_id", "integer", (c) => c.notNull().references("order_items.id"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint("return_items_pk", ["return_id", "order_item_id"])
    .execute();
  await db.schema
    .createTable("return_photos")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("return_id", "integer", (c) =>
      c.notNull().references("return_requests.id").onDelete("cascade"),
    )
    .addColumn("image", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("return_photos").ifExists().execute();
  await db.schema.dropTable("return_items").ifExists().execute();
  await db.schema.dropTable("return_requests").ifExists().execute();
}
