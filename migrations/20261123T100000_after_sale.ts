import { sql, type Kysely } from "kysely";

// After the sale: the outbox of messages, password reset tokens, refunds and the WhatsApp opt-in.
// Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per message to send, written in the transaction of the change that causes it.
  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('email','whatsapp')`))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("message_id", "text", (c) => c.notNull().unique())
    .addColumn("dedupe_key", "text", (c) => c.unique())
    .addColumn("order_id", "integer")
    .addColumn("user_id", "integer")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("waiting")
        .check(sql`status in ('waiting','sent','failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("outbox_due")
    .on("outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema.createIndex("outbox_created").on("outbox").columns(["created_at"]).execute();

  // Password reset tokens: only their SHA-256 is stored; single use, short-lived.
  await db.schema
    .createTable("password_resets")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("password_resets_user")
    .on("password_resets")
    .columns(["user_id"])
    .execute();

  // Refunds through the payment provider, in full or in part (lines or an amount).
  await db.schema
    .createTable("refunds")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("amount_paise", "integer", (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending','processed','failed')`),
    )
    .addColumn("razorpay_refund_id", "text", (c) => c.unique())
    .addColumn("razorpay_payment_id", "text")
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("error", "text")
    .addColumn("by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refunds_order").on("refunds").columns(["order_id"]).execute();
  await db.schema
    .createTable("refund_items")
    .addColumn("refund_id", "integer", (c) =>
      c.notNull().references("refunds.id").onDelete("cascade"),
    )
    .addColumn("order_item_id", "integer", (c) => c.notNull().references("order_items.id"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint("refund_items_pk", ["refund_id", "order_item_id"])
    .execute();

  // The shopper's consent to WhatsApp order updates, with its time (null: no consent).
  await db.schema.alterTable("orders").addColumn("whatsapp_opt_in_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("whatsapp_opt_in_at").execute();
  await db.schema.dropTable("refund_items").ifExists().execute();
  await db.schema.dropTable("refunds").ifExists().execute();
  await db.schema.dropTable("password_resets").ifExists().execute();
  await db.schema.dropTable("outbox").ifExists().execute();
}
