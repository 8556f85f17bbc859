import { sql, type Kysely } from "kysely";
import { isPostgres } from "./portable";

// Amounts of money in paise are 64-bit on both engines. SQLite's integer always was; PostgreSQL's
// `integer` stops at 2,147,483,647 paise (about ₹2.1 crore), so a price the admin form takes (up to
// ₹99,99,99,999.99) or a cart's total above it failed there with a 500 and worked on SQLite. The
// app reads PostgreSQL's bigint as a number already (postgres.server.ts). Ids and counts stay
// `integer`. Frozen in time: never import application code here.
const MONEY: Record<string, string[]> = {
  products: ["price_paise"],
  orders: ["amount_paise", "shipping_paise", "cod_fee_paise"],
  order_items: ["unit_price_paise"],
  payments: ["amount_paise"],
  refunds: ["amount_paise"],
  credit_notes: ["amount_paise"],
  gst_rates: ["max_unit_paise"],
};

async function setType(db: Kysely<any>, type: "bigint" | "integer"): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, columns] of Object.entries(MONEY)) {
    const changes = columns.map((c) => sql`alter column ${sql.ref(c)} type ${sql.raw(type)}`);
    await sql`alter table ${sql.table(table)} ${sql.join(changes)}`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await setType(db, "bigint");
}

export async function down(db: Kysely<any>): Promise<void> {
  await setType(db, "integer");
}
