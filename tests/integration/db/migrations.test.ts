import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/db.server";
import { migrateToLatest, NewerSchemaError } from "~/db/migrate.server";
import type { DB } from "~/db/schema";
import { migrations } from "../../../migrations";
import { createPostgresDatabase, testEngine } from "../../support/db";

const postgres = testEngine === "postgres";
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function tempFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-mig-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, "nested", "shop.db");
}

/** An empty database of the run's engine: a new SQLite file, or a new PostgreSQL database. */
async function emptyDb(): Promise<Kysely<DB>> {
  if (!postgres) return createDatabase(tempFile());
  const { url, drop } = await createPostgresDatabase("empty");
  cleanups.push(drop);
  return createDatabase(url);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function tableNames(db: Kysely<any>): Promise<string[]> {
  const rows = postgres
    ? await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(
        db,
      )
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return rows.rows.map((r) => r.name);
}

describe("migrations", () => {
  it("build every table on an empty file, then do nothing the second time", async () => {
    const db = await emptyDb();
    const applied = await migrateToLatest(db);
    expect(applied).toEqual(Object.keys(migrations).sort());
    const names = await tableNames(db);
    for (const t of [
      "categories",
      "brands",
      "vehicles",
      "products",
      "product_colors",
      "product_color_images",
      "product_sizes",
      "product_vehicles",
      "users",
      "products_fts",
    ]) {
      expect(names).toContain(t);
    }
    expect(await migrateToLatest(db)).toEqual([]);
    await db.destroy();
  });

  it("gives every catalogue table and charge rule the triggers that bump the catalogue version, so no write can forget it", async () => {
    const db = await emptyDb();
    await migrateToLatest(db);
    const tables = (await tableNames(db)).filter(
      (name) =>
        ["categories", "brands", "vehicles"].includes(name) ||
        (name.startsWith("product") && !name.startsWith("products_fts")) ||
        // What prices a cart beyond its goods, cached per version like the catalogue.
        ["shop_settings", "gst_rates", "pin_serviceability", "category_tax_defaults"].includes(
          name,
        ),
    );
    // Each trigger as `after EVENT on TABLE ... what it runs`, read from either engine's catalogue.
    const triggers = postgres
      ? (
          await sql<{ tbl_name: string; event: string; action: string }>`
          select event_object_table as tbl_name, lower(event_manipulation) as event,
            action_statement as action from information_schema.triggers`.execute(db)
        ).rows.map((t) => ({
          tbl_name: t.tbl_name,
          // The function a PostgreSQL trigger runs: its body says what it writes.
          sql: `after ${t.event} on ${t.tbl_name} ${t.action.includes("bump_catalog_version") ? "catalog_version" : t.action}`,
        }))
      : (
          await sql<{
            tbl_name: string;
            sql: string;
          }>`select tbl_name, sql from sqlite_master where type = 'trigger'`.execute(db)
        ).rows;
    expect(tables.length).toBeGreaterThanOrEqual(12);
    for (const name of tables) {
      for (const event of ["insert", "update", "delete"]) {
        const bumps = triggers.filter(
          (t) =>
            t.tbl_name === name &&
            new RegExp(`after ${event} on ${name}\\b`, "i").test(t.sql) &&
            /catalog_version/.test(t.sql),
        );
        expect(bumps, `${event} on ${name}`).toHaveLength(1);
      }
    }
    await db.destroy();
  });

  it("refuses a database a newer release migrated, naming what this release does not know", async () => {
    // A rollback to an older release without restoring: it must say so, not fail inside the migrator.
    const db = await emptyDb();
    await migrateToLatest(db);
    await sql`insert into kysely_migration (name, timestamp) values (${"29991231T000000_future"}, ${new Date().toISOString()})`.execute(
      db,
    );
    const refused = await migrateToLatest(db).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(NewerSchemaError);
    expect((refused as Error).message).toMatch(
      /^The database was migrated by a newer release of the shop \(this release does not know 29991231T000000_future\)/,
    );
    await db.destroy();
  });

  it("names migrations by time so they run in order", () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    for (const n of names) expect(n).toMatch(/^\d{8}T\d{6}_[a-z0-9_]+$/);
  });

  it.skipIf(postgres)(
    "opens SQLite with WAL, foreign keys, a busy timeout and full sync",
    async () => {
      const db = createDatabase(tempFile());
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0],
        )[0];
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("busy_timeout")).toBe(5000);
      expect(await pragma("synchronous")).toBe(2);
      await db.destroy();
    },
  );

  it("keeps the search index in step with products, brands and categories", async () => {
    const db = await emptyDb();
    await migrateToLatest(db);
    const brand = await db
      .insertInto("brands")
      .values({ slug: "warn", name: "Warn", logo: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const cat = await db
      .insertInto("categories")
      .values({ slug: "winches", name: "Winches" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const p = await db
      .insertInto("products")
      .values({
        slug: "zeon-10",
        title: "Zeon 10-S",
        brand_id: brand.id,
        category_id: cat.id,
        price_paise: 100,
        image: null,
        hidden_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const match = async (q: string) =>
      (
        await sql<{
          rowid: number;
        }>`select rowid from products_fts where ${
          postgres ? sql`document @@ to_tsquery('simple', ${q})` : sql`products_fts match ${q}`
        }`.execute(db)
      ).rows.map((r) => r.rowid);
    expect(await match("warn")).toEqual([p.id]);
    await db.updateTable("brands").set({ name: "Warn Industries" }).execute();
    expect(await match("industries")).toEqual([p.id]);
    await db.updateTable("products").set({ title: "Synthetic rope" }).execute();
    expect(await match("zeon")).toEqual([]);
    expect(await match("rope")).toEqual([p.id]);
    await db.deleteFrom("products").execute();
    expect(await match("rope")).toEqual([]);
    await db.destroy();
  });

  it("carries stock, cart lines and order lines over to variants", async () => {
    const db = await emptyDb();
    // The schema as it was before variants.
    const before = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
    });
    const done = await before.migrateTo("20261123T120000_catalog_version");
    expect(done.error).toBeUndefined();
    const old = db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    await sql`insert into brands (id, slug, name) values (1, 'method', 'Method')`.execute(old);
    await sql`insert into categories (id, slug, name) values (1, 'wheels', 'Wheels')`.execute(old);
    await sql`insert into users (id, email, password_hash) values (1, 'a@example.com', 'x')`.execute(
      old,
    );
    // A wheel in two colours with two sizes sharing a label, 7 units; a winch with 4.
    await sql`insert into products (id, slug, title, brand_id, category_id, price_paise, stock) values
      (1, 'twin', 'Twin', 1, 1, 100, 7), (2, 'winch', 'Winch', 1, 1, 100, 4)`.execute(old);
    await sql`insert into product_colors (id, product_id, name, position) values (1, 1, 'Black', 0), (2, 1, 'Bronze', 1)`.execute(
      old,
    );
    await sql`insert into product_sizes (id, product_id, label, diameter, width, bolt_pattern, offset_mm, hub_bore_mm, part_number, position) values
      (1, 1, '17x8.5', 17, 8.5, '6x139.7', 0, 106.1, 'P-A', 0),
      (2, 1, '17x8.5', 17, 8.5, '5x150', 25, 110.1, 'P-B', 1),
      (3, 1, '18x9', 18, 9, '6x139.7', 18, 106.1, 'P-C', 2)`.execute(old);
    await sql`insert into cart_items (id, user_id, product_id, size_label, color_name, quantity) values
      (1, 1, 1, '18x9', 'Bronze', 2), (2, 1, 1, '17x8.5', 'Black', 1), (3, 1, 2, '', '', 3)`.execute(
      old,
    );
    await sql`insert into orders (id, user_id, checkout_type, amount_paise, ship_full_name, ship_phone, ship_address1,
        ship_city, ship_state, ship_postal_code, ship_country, idempotency_key, reserved_until, gateway)
      values (1, 1, 'cart', 300, 'A', '9876543210', 'x', 'Bengaluru', 'Karnataka', '560001', 'India', 'k1', '2026-01-01T00:00:00Z', 'sandbox')`.execute(
      old,
    );
    await sql`insert into order_items (id, order_id, product_id, title, unit_price_paise, quantity, size_label, color_name) values
      (1, 1, 1, 'Twin', 100, 1, '18x9', 'Black'), (2, 1, 1, 'Twin', 100, 1, '17x8.5', 'Bronze')`.execute(
      old,
    );

    expect(await migrateToLatest(db)).toContain("20261123T130000_variants");
    // 7 units over 2 colours x 3 sizes: 2, 1, 1, 1, 1, 1; the total is unchanged.
    const variants = await db
      .selectFrom("product_variants")
      .select(["product_id", "color_id", "size_id", "stock"])
      .orderBy("id")
      .execute();
    expect(variants).toEqual([
      { product_id: 1, color_id: 1, size_id: 1, stock: 2 },
      { product_id: 1, color_id: 1, size_id: 2, stock: 1 },
      { product_id: 1, color_id: 1, size_id: 3, stock: 1 },
      { product_id: 1, color_id: 2, size_id: 1, stock: 1 },
      { product_id: 1, color_id: 2, size_id: 2, stock: 1 },
      { product_id: 1, color_id: 2, size_id: 3, stock: 1 },
      { product_id: 2, color_id: null, size_id: null, stock: 4 },
    ]);
    expect(
      (await db.selectFrom("products").select(["id", "stock"]).orderBy("id").execute()).map(
        (p) => p.stock,
      ),
    ).toEqual([7, 4]);
    // The unambiguous cart line gets its size; the ambiguous one is dropped; the winch's stays.
    expect(
      await db
        .selectFrom("cart_items")
        .select(["id", "size_id", "color_id", "quantity"])
        .orderBy("id")
        .execute(),
    ).toEqual([
      { id: 1, size_id: 3, color_id: 2, quantity: 2 },
      { id: 3, size_id: null, color_id: null, quantity: 3 },
    ]);
    // Order lines: the size's snapshot where the label names one size, the text alone otherwise.
    expect(
      await db
        .selectFrom("order_items")
        .select(["id", "size_id", "color_id", "bolt_pattern", "offset_mm", "part_number"])
        .orderBy("id")
        .execute(),
    ).toEqual([
      {
        id: 1,
        size_id: 3,
        color_id: 1,
        bolt_pattern: "6x139.7",
        offset_mm: 18,
        part_number: "P-C",
      },
      { id: 2, size_id: null, color_id: 2, bolt_pattern: "", offset_mm: null, part_number: "" },
    ]);
    // From now on products.stock follows its variants.
    await db
      .updateTable("product_variants")
      .set({ stock: 0 })
      .where("product_id", "=", 1)
      .where("size_id", "=", 1)
      .execute();
    expect(
      (
        await db
          .selectFrom("products")
          .select("stock")
          .where("id", "=", 1)
          .executeTakeFirstOrThrow()
      ).stock,
    ).toBe(4);

    // Down again, to the schema before variants: stock totals, cart lines and order lines stay.
    const down = await before.migrateTo("20261123T120000_catalog_version");
    expect(down.error).toBeUndefined();
    // Every migration since then goes down, newest first.
    const since = Object.keys(migrations).filter(
      (name) => name > "20261123T120000_catalog_version",
    );
    expect(since.slice(0, 2)).toEqual([
      "20261123T130000_variants",
      "20261123T140000_category_home_tiles",
    ]);
    expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual(
      since.toReversed().map((name) => [name, "Down", "Success"]),
    );
    expect(await tableNames(old)).not.toContain("product_variants");
    expect(
      (await sql<{ stock: number }>`select stock from products order by id`.execute(old)).rows,
    ).toEqual([{ stock: 4 }, { stock: 4 }]);
    expect(
      (
        await sql`select id, size_label, color_name, quantity from cart_items order by id`.execute(
          old,
        )
      ).rows,
    ).toEqual([
      { id: 1, size_label: "18x9", color_name: "Bronze", quantity: 2 },
      { id: 3, size_label: "", color_name: "", quantity: 3 },
    ]);
    expect(
      (await sql`select id, size_label from order_items order by id`.execute(old)).rows,
    ).toEqual([
      { id: 1, size_label: "18x9" },
      { id: 2, size_label: "17x8.5" },
    ]);
    // And up once more.
    expect(await migrateToLatest(db)).toEqual(since);
    await db.destroy();
  });
});
