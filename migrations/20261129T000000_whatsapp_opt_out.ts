import type { Kysely } from "kysely";

// When the shopper stopped WhatsApp updates for an order (from its page). The consent's time
// stays in whatsapp_opt_in_at: both are kept. Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("whatsapp_opt_out_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("whatsapp_opt_out_at").execute();
}
