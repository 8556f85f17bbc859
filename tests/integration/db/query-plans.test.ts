import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/db.server";
import {
  analyzeDatabase,
  refreshStatistics,
  scheduleStatisticsReload,
} from "~/db/planner-stats.server";
import type { DB } from "~/db/schema";
import { listNewestProducts, listProducts, emptyListingQuery } from "~/models/catalog.server";
import { createTestDb, type TestDb } from "../../support/db";

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
  const cats = [
    "wheels",
    "suspension",
    "winches",
    "lights",
    "protection_equipment",
    "noco_chargers",
    "vibram_fivefingers",
    "generic_accessories",
  ];
  await t.db
    .insertInto("categories")
    .values(cats.map((slug, position) => ({ slug, name: slug, position })))
    .execute();
  await t.db
    .insertInto("brands")
    .values(
      ["arb", "warn", "method", "noco", "safari", "oldman"].map((slug) => ({
        slug,
        name: slug.toUpperCase(),
      })),
    )
    .execute();
  const rows = [];
  for (let i = 0; i < 3000; i++) {
    rows.push({
      slug: `p-${i}`,
      title: `Product ${i}`,
      brand_id: (i % 6) + 1,
      category_id: (i % 8) + 1,
      price_paise: 100_000 + ((i * 7919) % 5_000_000),
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      stock: i % 10,
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await t.db
      .insertInto("products")
      .values(rows.slice(i, i + 500))
      .execute();
  await analyzeDatabase(t.db);
});

afterAll(async () => {
  await t?.cleanup();
});

/** The plan SQLite picks for a statement (values inlined: EXPLAIN takes no bound parameters here). */
async function explain(text: string, params: unknown[], db: Kysely<DB> = t.db) {
  const raw = sql<{
    detail: string;
  }>`explain query plan ${sql.raw(text.replace(/\?/g, () => inline(params.shift())))}`;
  return (await raw.execute(db)).rows.map((r) => r.detail).join(" | ");
}
const inline = (v: unknown) =>
  typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

describe("the statistics kept", () => {
  // With an index's samples (sqlite_stat4) SQLite plans a statement again on every run that binds a
  // value compared with an indexed column in a join: the session with its user, the cart's lines.
  it("keeps each index's averages and none of its samples", async () => {
    const averages = await sql<{
      n: number;
    }>`select count(*) as n from sqlite_stat1 where tbl = 'products'`.execute(t.db);
    expect(averages.rows[0].n).toBeGreaterThan(3);
    const samples = await sql<{ n: number }>`select count(*) as n from sqlite_stat4`.execute(t.db);
    expect(samples.rows[0].n).toBe(0);
  });

  it("refreshes them without samples", async () => {
    await t.db
      .insertInto("products")
      .values({ slug: "late", title: "Late", brand_id: 1, category_id: 1, price_paise: 100_000 })
      .execute();
    try {
      await refreshStatistics(t.db, sql`analyze products`);
      const stat = await sql<{
        stat: string;
      }>`select stat from sqlite_stat1 where idx = 'products_created'`.execute(t.db);
      expect(stat.rows[0].stat.split(" ")[0]).toBe("3001");
      const samples = await sql<{ n: number }>`select count(*) as n from sqlite_stat4`.execute(
        t.db,
      );
      expect(samples.rows[0].n).toBe(0);
    } finally {
      await t.db.deleteFrom("products").where("slug", "=", "late").execute();
      await analyzeDatabase(t.db);
    }
  });

  it("reaches a server process that read them before: it reads them again on its schedule", async () => {
    const newest = `select p.id from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
       where p.hidden_at is null order by p.created_at desc, p.id desc limit 4`;
    // Another process's connection, opened while the products had no statistics.
    await sql`delete from sqlite_stat1 where tbl = 'products'`.execute(t.db);
    await sql`analyze sqlite_schema`.execute(t.db);
    const other = createDatabase(t.file);
    let stop = () => {};
    try {
      expect(await explain(newest, [], other)).toContain("TEMP B-TREE");
      await analyzeDatabase(t.db);
      expect(await explain(newest, [], other)).toContain("TEMP B-TREE");
      stop = scheduleStatisticsReload(other, 20);
      await expect
        .poll(() => explain(newest, [], other), { timeout: 5_000 })
        .not.toContain("TEMP B-TREE");
    } finally {
      stop();
      await other.destroy();
      await analyzeDatabase(t.db);
    }
  });
});

describe("query plans on an analysed catalogue", () => {
  it("finds the newest products by walking the created_at index, without sorting", async () => {
    const plan = await explain(
      `select p.id from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
       where p.hidden_at is null order by p.created_at desc, p.id desc limit 4`,
      [],
    );
    expect(plan).toContain("products_created");
    expect(plan).not.toContain("TEMP B-TREE");
    expect((await listNewestProducts(t.db, 4)).map((p) => p.slug)).toEqual([
      "p-2999",
      "p-2998",
      "p-2997",
      "p-2996",
    ]);
  });

  it("filters categories by price range through the category+price index", async () => {
    const plan = await explain(
      `select count(*) from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
       where p.hidden_at is null and c.slug in (?, ?, ?) and p.price_paise >= ? and p.price_paise <= ?`,
      ["wheels", "suspension", "lights", 100_000, 50_000_000],
    );
    expect(plan).toContain(
      "products_category_price (category_id=? AND price_paise>? AND price_paise<?)",
    );
    const listing = await listProducts(t.db, {
      ...emptyListingQuery,
      categories: ["wheels", "suspension", "lights"],
      minPaise: 100_000,
      maxPaise: 50_000_000,
      page: 3,
    });
    expect(listing.total).toBe(1125);
    expect(listing.items).toHaveLength(24);
  });
});
