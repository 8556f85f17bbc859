import { sql, type Kysely } from "kysely";
import { isPostgres, utcNow } from "./portable";

// Shipping to India, cash on delivery and GST tax invoices: the orders' new statuses of a cash on
// delivery order (placed, confirmed), what an order was charged for shipping and COD, the buyer's
// GSTIN, invoice and credit note numbers, the GST rate table, HSN codes and weights, PIN
// serviceability overrides and the shop's settings.
// Frozen in time: never import application code here.

const OLD_STATUSES = `'pending_payment','paid','shipped','delivered','failed','expired','cancelled','refunded'`;
const NEW_STATUSES = `${OLD_STATUSES},'placed','confirmed'`;

/**
 * SQLite cannot change a CHECK constraint in place: the table is rebuilt from its own stored
 * definition (so columns other migrations added are kept), by SQLite's documented procedure
 * (create, copy, drop, rename, indexes). The migrator turns foreign key enforcement off around
 * the migrations and checks the keys afterwards.
 */
async function rebuildOrdersWithStatuses(db: Kysely<any>, from: string, to: string) {
  if (isPostgres(db)) {
    // PostgreSQL changes a constraint in place (it named the column's check orders_status_check).
    await sql`alter table orders drop constraint orders_status_check,
      add constraint orders_status_check check (status in (${sql.raw(to)}))`.execute(db);
    return;
  }
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_schema where type = 'table' and name = 'orders'`.execute(db);
  const create = table.rows[0]?.sql;
  if (!create || !create.includes(from))
    throw new Error("orders: the status constraint is not the expected one");
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_schema where type = 'index' and tbl_name = 'orders' and sql is not null`.execute(
    db,
  );
  const triggers = await sql<{
    sql: string;
  }>`select sql from sqlite_schema where type = 'trigger' and tbl_name = 'orders'`.execute(db);
  const rebuilt = create
    .replace(from, to)
    .replace(/^CREATE TABLE\s+("?orders"?)/i, 'CREATE TABLE "orders_rebuilt"');
  await sql.raw(rebuilt).execute(db);
  await sql`insert into orders_rebuilt select * from orders`.execute(db);
  await sql`drop table orders`.execute(db);
  await sql`alter table orders_rebuilt rename to orders`.execute(db);
  for (const row of [...indexes.rows, ...triggers.rows]) await sql.raw(row.sql).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildOrdersWithStatuses(db, OLD_STATUSES, NEW_STATUSES);
  await db.schema
    .alterTable("orders")
    .addColumn("payment_method", "text", (c) =>
      c
        .notNull()
        .defaultTo("razorpay")
        .check(sql`payment_method in ('razorpay','cod')`),
    )
    .execute();
  for (const column of ["shipping_paise", "cod_fee_paise"]) {
    await db.schema
      .alterTable("orders")
      .addColumn(column, "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`${sql.ref(column)} >= 0`),
      )
      .execute();
  }
  for (const column of [
    "ship_district",
    "buyer_gstin",
    "buyer_business_name",
    "invoice_number",
    "invoiced_at",
    "credit_note_number",
    "credit_noted_at",
    "cash_collected_at",
  ]) {
    await db.schema.alterTable("orders").addColumn(column, "text").execute();
  }
  await db.schema
    .createIndex("orders_invoice_number")
    .unique()
    .on("orders")
    .column("invoice_number")
    .execute();
  await db.schema
    .createIndex("orders_credit_note_number")
    .unique()
    .on("orders")
    .column("credit_note_number")
    .execute();
  await db.schema.createIndex("orders_invoiced_at").on("orders").column("invoiced_at").execute();

  // The HSN code and GST rate each line was sold at (null on lines sold before this migration).
  await db.schema.alterTable("order_items").addColumn("hsn_code", "text").execute();
  await db.schema.alterTable("order_items").addColumn("gst_rate_bp", "integer").execute();
  await db.schema.alterTable("order_items").addColumn("weight_grams", "integer").execute();

  // A product's own HSN code and shipping weight; null takes its category's default.
  await db.schema.alterTable("products").addColumn("hsn_code", "text").execute();
  await db.schema.alterTable("products").addColumn("weight_grams", "integer").execute();

  await db.schema
    .createTable("category_tax_defaults")
    .addColumn("category_slug", "text", (c) => c.primaryKey())
    .addColumn("hsn_code", "text", (c) => c.notNull())
    .addColumn("weight_grams", "integer", (c) => c.notNull().check(sql`weight_grams > 0`))
    .execute();
  // HSN codes of the demo catalogue's kinds of goods (Customs Tariff chapter headings).
  await db
    .insertInto("category_tax_defaults")
    .values([
      { category_slug: "wheels", hsn_code: "87087000", weight_grams: 12000 },
      { category_slug: "suspension", hsn_code: "87088000", weight_grams: 8000 },
      { category_slug: "winches", hsn_code: "84253100", weight_grams: 30000 },
      { category_slug: "protection_equipment", hsn_code: "87082900", weight_grams: 15000 },
      { category_slug: "noco_chargers", hsn_code: "85044010", weight_grams: 2000 },
      { category_slug: "lights", hsn_code: "85122010", weight_grams: 1500 },
      { category_slug: "vibram_fivefingers", hsn_code: "64041990", weight_grams: 800 },
      { category_slug: "generic_accessories", hsn_code: "87089900", weight_grams: 1000 },
      { category_slug: "body_parts", hsn_code: "87082900", weight_grams: 5000 },
    ])
    .execute();

  // GST rates by HSN prefix (the longest matching prefix wins; "" is every other good), from a
  // date; `max_unit_paise` limits a row to units priced at or below it (footwear up to Rs 2,500).
  await db.schema
    .createTable("gst_rates")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("hsn_prefix", "text", (c) => c.notNull())
    .addColumn("rate_bp", "integer", (c) => c.notNull().check(sql`rate_bp between 0 and 10000`))
    .addColumn("effective_from", "text", (c) => c.notNull())
    .addColumn("max_unit_paise", "integer")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db
    .insertInto("gst_rates")
    .values([
      { hsn_prefix: "", rate_bp: 1800, effective_from: "2017-07-01", note: "standard rate" },
      {
        hsn_prefix: "8708",
        rate_bp: 2800,
        effective_from: "2017-07-01",
        note: "motor vehicle parts before GST 2.0",
      },
      {
        hsn_prefix: "8512",
        rate_bp: 2800,
        effective_from: "2017-07-01",
        note: "vehicle lighting before GST 2.0",
      },
      {
        hsn_prefix: "8708",
        rate_bp: 1800,
        effective_from: "2025-09-22",
        note: "GST 2.0: all auto parts 18%",
      },
      {
        hsn_prefix: "8512",
        rate_bp: 1800,
        effective_from: "2025-09-22",
        note: "GST 2.0: all auto parts 18%",
      },
      { hsn_prefix: "8425", rate_bp: 1800, effective_from: "2025-09-22", note: "GST 2.0: winches" },
      {
        hsn_prefix: "8504",
        rate_bp: 1800,
        effective_from: "2025-09-22",
        note: "GST 2.0: battery chargers",
      },
      {
        hsn_prefix: "64",
        rate_bp: 1800,
        effective_from: "2025-09-22",
        note: "GST 2.0: footwear above Rs 2,500 a pair",
      },
      {
        hsn_prefix: "64",
        rate_bp: 500,
        effective_from: "2025-09-22",
        max_unit_paise: 250_000,
        note: "GST 2.0: footwear up to Rs 2,500 a pair",
      },
    ])
    .execute();

  // Gap-free numbers per series ("invoice", "credit_note") and financial year.
  await db.schema
    .createTable("document_series")
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("document_series_pk", ["series", "financial_year"])
    .execute();

  // A courier's serviceability, uploaded by an admin: overrides the zone defaults for one PIN.
  await db.schema
    .createTable("pin_serviceability")
    .addColumn("pin", "text", (c) => c.primaryKey())
    .addColumn("serviceable", "integer", (c) => c.notNull())
    .addColumn("cod", "integer", (c) => c.notNull())
    .addColumn("days", "integer", (c) => c.notNull().check(sql`days between 1 and 30`))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();

  await db.schema
    .createTable("shop_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "shop_settings",
    "pin_serviceability",
    "document_series",
    "gst_rates",
    "category_tax_defaults",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  for (const c of ["hsn_code", "weight_grams"])
    await db.schema.alterTable("products").dropColumn(c).execute();
  for (const c of ["hsn_code", "gst_rate_bp", "weight_grams"])
    await db.schema.alterTable("order_items").dropColumn(c).execute();
  for (const i of ["orders_invoice_number", "orders_credit_note_number", "orders_invoiced_at"]) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
  for (const c of [
    "payment_method",
    "shipping_paise",
    "cod_fee_paise",
    "ship_district",
    "buyer_gstin",
    "buyer_business_name",
    "invoice_number",
    "invoiced_at",
    "credit_note_number",
    "credit_noted_at",
    "cash_collected_at",
  ]) {
    await db.schema.alterTable("orders").dropColumn(c).execute();
  }
  await sql`delete from orders where status in ('placed','confirmed')`.execute(db);
  await rebuildOrdersWithStatuses(db, NEW_STATUSES, OLD_STATUSES);
}
