import type { Kysely } from "kysely";

// The seller as it stood when the order's tax invoice was issued (legal name, address, state,
// GSTIN; JSON): an issued invoice never changes when the shop's SHOP_* settings do later.
// Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("invoice_seller", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("invoice_seller").execute();
}
