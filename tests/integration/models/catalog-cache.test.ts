import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyListingQuery, listProducts } from "~/models/catalog.server";
import { listColorNames, shopMenus } from "~/models/taxonomy.server";
import { unpack } from "~/utils/packed";
import { insertCatalogFixture } from "../../support/catalog-fixture";
import { settledCatalogVersion, type TestDb, withAppDb } from "../../support/db";

let t: TestDb;
let f: Awaited<ReturnType<typeof insertCatalogFixture>>;
beforeAll(async () => {
  t = await withAppDb();
  f = await insertCatalogFixture(t.db);
  await settledCatalogVersion(t.db);
});
afterAll(async () => t.cleanup());

/** Counts the SQL statements the app's Kysely instance sends while `fn` runs. */
async function statements(fn: () => Promise<unknown>) {
  const sent: string[] = [];
  const executor = t.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  executor.executeQuery = ((query: { sql: string }) => {
    sent.push(query.sql);
    return original(query as Parameters<typeof original>[0]);
  }) as typeof executor.executeQuery;
  try {
    await fn();
  } finally {
    executor.executeQuery = original;
  }
  return sent;
}

describe("catalogue values kept per catalogue version", () => {
  it("counts a listing once per version, and counts again after a catalogue change", async () => {
    const first = await listProducts(t.db, emptyListingQuery);
    expect(first.total).toBe(6);
    // Same question, same version: only the page of rows is read, not the count.
    const again = await statements(() => listProducts(t.db, { ...emptyListingQuery, page: 2 }));
    expect(again.length).toBeGreaterThan(0);
    expect(again.filter((s) => /count\(\*\)/i.test(s))).toHaveLength(0);

    await t.db
      .updateTable("products")
      .set({ hidden_at: new Date().toISOString() })
      .where("id", "=", f.ids.bumper)
      .execute();
    await settledCatalogVersion(t.db);
    expect((await listProducts(t.db, emptyListingQuery)).total).toBe(5);
  });

  it("lists colour names once per version, and again after a catalogue change", async () => {
    expect(await listColorNames(t.db)).toEqual(["Bronze", "Matte Black"]);
    expect(await statements(() => listColorNames(t.db))).toEqual([]);

    await t.db
      .updateTable("products")
      .set({ hidden_at: new Date().toISOString() })
      .where("id", "=", f.ids.wheel701)
      .execute();
    await settledCatalogVersion(t.db);
    expect((await listColorNames(t.db)).map((n) => n.toLowerCase())).toEqual(["matte black"]);
  });

  it("packs the header's vehicles and the footer's featured brands once per version, as one JSON string", async () => {
    const packed = await shopMenus(t.db);
    expect(typeof packed).toBe("string");
    const menus = unpack(packed);
    // The picker's order: featured first, then by make and model.
    expect(menus.vehicles).toEqual([
      { slug: "suzuki_jimny", name: "Suzuki Jimny" },
      { slug: "toyota_hilux", name: "Toyota Hilux" },
      { slug: "mahindra_thar", name: "Mahindra Thar" },
    ]);
    expect(menus.featuredBrands.map((b) => b.slug).sort()).toEqual(["arb", "method", "warn"]);
    expect(await statements(() => shopMenus(t.db))).toEqual([]);

    await t.db.updateTable("brands").set({ featured: 0 }).where("slug", "=", "warn").execute();
    await t.db
      .updateTable("brands")
      .set({ name: 'ARB "4x4" Accessories' })
      .where("slug", "=", "arb")
      .execute();
    await settledCatalogVersion(t.db);
    const after = unpack(await shopMenus(t.db));
    expect(after.featuredBrands.map((b) => b.slug).sort()).toEqual(["arb", "method"]);
    expect(after.featuredBrands).toContainEqual({ slug: "arb", name: 'ARB "4x4" Accessories' });
  });
});
