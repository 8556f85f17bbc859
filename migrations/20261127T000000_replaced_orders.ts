import type { Kysely } from "kysely";

// An unpaid online order that a newer checkout of the same cart (or of the same product, for Buy
// Now) took the place of: a payment that still arrives for it is refunded, not a second sale.
// Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("replaced_by_order_id", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("replaced_by_order_id").execute();
}
