import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { migrations } from "../../migrations";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-mig-"));
  dirs.push(dir);
  return path.join(dir, "nested", "shop.db");
}

describe("migrations", () => {
  it("build every table on an empty file, then do nothing the second time", async () => {
    const file = tempFile();
    const db = createDatabase(file);
    const applied = await migrateToLatest(db);
    expect(applied).toEqual(Object.keys(migrations).sort());
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    const names = tables.rows.map((r) => r.name);
    for (const t of ["categories", "brands", "vehicles", "products", "product_colors", "product_color_images", "product_sizes", "product_vehicles", "users", "products_fts"]) {
      expect(names).toContain(t);
    }
    expect(await migrateToLatest(db)).toEqual([]);
    await db.destroy();
  });

  it("gives every catalogue table the triggers that bump the catalogue version, so no write can forget it", async () => {
    const db = createDatabase(tempFile());
    await migrateToLatest(db);
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'
      and (name in ('categories', 'brands', 'vehicles') or (name like 'product%' and name not like 'products_fts%'))`.execute(db);
    const triggers = await sql<{ tbl_name: string; sql: string }>`select tbl_name, sql from sqlite_master where type = 'trigger'`.execute(db);
    expect(tables.rows.length).toBeGreaterThanOrEqual(8);
    for (const { name } of tables.rows) {
      for (const event of ["insert", "update", "delete"]) {
        const bumps = triggers.rows.filter(
          (t) => t.tbl_name === name && new RegExp(`after ${event} on ${name}\\b`, "i").test(t.sql) && /catalog_version/.test(t.sql),
        );
        expect(bumps, `${event} on ${name}`).toHaveLength(1);
      }
    }
    await db.destroy();
  });

  it("names migrations by time so they run in order", () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    for (const n of names) expect(n).toMatch(/^\d{8}T\d{6}_[a-z0-9_]+$/);
  });

  it("opens SQLite with WAL, foreign keys, a busy timeout and full sync", async () => {
    const db = createDatabase(tempFile());
    const pragma = async (name: string) =>
      Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0])[0];
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("foreign_keys")).toBe(1);
    expect(await pragma("busy_timeout")).toBe(5000);
    expect(await pragma("synchronous")).toBe(2);
    await db.destroy();
  });

  it("keeps the search index in step with products, brands and categories", async () => {
    const db = createDatabase(tempFile());
    await migrateToLatest(db);
    const brand = await db.insertInto("brands").values({ slug: "warn", name: "Warn", logo: null }).returning("id").executeTakeFirstOrThrow();
    const cat = await db.insertInto("categories").values({ slug: "winches", name: "Winches" }).returning("id").executeTakeFirstOrThrow();
    const p = await db
      .insertInto("products")
      .values({ slug: "zeon-10", title: "Zeon 10-S", brand_id: brand.id, category_id: cat.id, price_paise: 100, image: null, hidden_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const match = async (q: string) =>
      (await sql<{ rowid: number }>`select rowid from products_fts where products_fts match ${q}`.execute(db)).rows.map((r) => r.rowid);
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
});
