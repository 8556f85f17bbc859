import { sql, type Kysely } from "kysely";
import { utcNow } from "./portable";

// Orders, their items, payments, status history and processed webhook events.
// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("orders")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending_payment")
        .check(
          sql`status in ('pending_payment','paid','shipped','delivered','failed','expired','cancelled','refunded')`,
        ),
    )
    .addColumn("checkout_type", "text", (c) =>
      c.notNull().check(sql`checkout_type in ('cart','single')`),
    )
    .addColumn("amount_paise", "integer", (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("INR"))
    // The delivery address, copied: later edits of the saved address do not change the order.
    .addColumn("address_id", "integer", (c) => c.references("addresses.id").onDelete("set null"))
    .addColumn("ship_full_name", "text", (c) => c.notNull())
    .addColumn("ship_phone", "text", (c) => c.notNull())
    .addColumn("ship_address1", "text", (c) => c.notNull())
    .addColumn("ship_address2", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ship_city", "text", (c) => c.notNull())
    .addColumn("ship_state", "text", (c) => c.notNull())
    .addColumn("ship_postal_code", "text", (c) => c.notNull())
    .addColumn("ship_country", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("gateway", "text", (c) => c.notNull().check(sql`gateway in ('razorpay','sandbox')`))
    .addColumn("razorpay_order_id", "text", (c) => c.unique())
    .addColumn("razorpay_payment_id", "text")
    // 1 while the order holds stock it has not paid for; 0 once paid or released.
    .addColumn("stock_reserved", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("reserved_until", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addColumn("tracking_number", "text")
    // Something an admin must look at (a paid amount that differs from the total, a late payment).
    .addColumn("attention", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .addUniqueConstraint("orders_idempotency", ["user_id", "idempotency_key"])
    .execute();
  await db.schema
    .createIndex("orders_user_created")
    .on("orders")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("orders_status_created")
    .on("orders")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createIndex("orders_pending_expiry")
    .on("orders")
    .columns(["status", "reserved_until"])
    .execute();

  await db.schema
    .createTable("order_items")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("cart_item_id", "integer")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("slug", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image", "text")
    .addColumn("unit_price_paise", "integer", (c) => c.notNull().check(sql`unit_price_paise >= 0`))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn("size_label", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("color_name", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("order_items_order")
    .on("order_items")
    .columns(["order_id"])
    .execute();
  await db.schema
    .createIndex("order_items_product")
    .on("order_items")
    .columns(["product_id"])
    .execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("razorpay_payment_id", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('paid','failed','mismatch')`),
    )
    .addColumn("amount_paise", "integer")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("error_code", "text")
    .addColumn("error_description", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
  await db.schema
    .createIndex("payments_order")
    .on("payments")
    .columns(["order_id", "id"])
    .execute();

  await db.schema
    .createTable("order_status_history")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references("orders.id").onDelete("cascade"),
    )
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("by", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
  await db.schema
    .createIndex("order_status_history_order")
    .on("order_status_history")
    .columns(["order_id", "id"])
    .execute();

  await db.schema
    .createTable("webhook_events")
    .addColumn("event_id", "text", (c) => c.primaryKey())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("order_id", "integer")
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["webhook_events", "order_status_history", "payments", "order_items", "orders"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
