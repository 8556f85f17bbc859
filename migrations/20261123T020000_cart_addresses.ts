import { sql, type Kysely } from "kysely";
import { utcNow } from "./portable";

// Cart lines and saved delivery addresses, per user. Frozen in time: never import app code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cart_items")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    // '' when the product has no sizes / colours, so the unique key below stays simple.
    .addColumn("size_label", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("color_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .addUniqueConstraint("cart_items_line", ["user_id", "product_id", "size_label", "color_name"])
    .execute();

  await db.schema
    .createTable("addresses")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("address1", "text", (c) => c.notNull())
    .addColumn("address2", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("postal_code", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull().defaultTo("India"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
  await db.schema
    .createIndex("addresses_user")
    .on("addresses")
    .columns(["user_id", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("addresses").ifExists().execute();
  await db.schema.dropTable("cart_items").ifExists().execute();
}
