import { sql, type Kysely } from "kysely";

// After a sale, two running tallies per order. Frozen in time: never import application code here.
//
// - order_items.restocked_quantity: units of the line already put back in stock (a cancel, a refund
//   of lines, a return), so that whichever comes first, no unit goes back twice.
// - credit_notes: every GST credit note, in full or in part (a refund of some lines or an amount),
//   numbered in the credit-note series. orders.credit_note_number keeps the order's first one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("order_items")
    .addColumn("restocked_quantity", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`restocked_quantity >= 0`),
    )
    .execute();
  // Orders sold before: a whole order went back when a paid (or cash-on-delivery) order was
  // cancelled or moved to refunded by hand ("refunded in full" is a refund's doing: nothing went
  // back then); otherwise the lines of processed refunds did.
  await sql`update order_items set restocked_quantity = case
      when exists (select 1 from order_status_history h
        where h.order_id = order_items.order_id
          and h.from_status in ('paid', 'placed', 'confirmed')
          and (h.to_status = 'cancelled'
            or (h.to_status = 'refunded' and coalesce(h.note, '') <> 'refunded in full')))
        then quantity
      else (select case when coalesce(sum(ri.quantity), 0) > order_items.quantity
                   then order_items.quantity else coalesce(sum(ri.quantity), 0) end
            from refund_items ri join refunds r on r.id = ri.refund_id
            where ri.order_item_id = order_items.id and r.status = 'processed')
    end`.execute(db);

  await db.schema
    .createTable("credit_notes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    // The refund it documents (null: the order was cancelled or refunded as a whole).
    .addColumn("refund_id", "integer", (c) => c.unique().references("refunds.id"))
    .addColumn("number", "text", (c) => c.notNull().unique())
    // What it credits, GST included; the taxable value and tax follow the invoice's lines.
    .addColumn("amount_paise", "integer", (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn("issued_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("credit_notes_order").on("credit_notes").column("order_id").execute();
  await db.schema
    .createIndex("credit_notes_issued_at")
    .on("credit_notes")
    .column("issued_at")
    .execute();
  // The credit notes issued so far each cancelled their invoice in full.
  await sql`insert into credit_notes (order_id, number, amount_paise, issued_at)
    select id, credit_note_number, amount_paise, credit_noted_at from orders
    where credit_note_number is not null and credit_noted_at is not null
    order by credit_note_number`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("credit_notes").execute();
  await db.schema.alterTable("order_items").dropColumn("restocked_quantity").execute();
}
