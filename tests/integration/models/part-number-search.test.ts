import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { DB } from "~/db/schema";
import { toFtsQuery, toTsQuery } from "~/db/search.server";
import { searchProducts } from "~/models/catalog.server";
import { migrations } from "../../../migrations";
import { insertCatalogFixture } from "../../support/catalog-fixture";
import { createPostgresDatabase, createTestDb, testEngine, type TestDb } from "../../support/db";

// Part numbers (the sizes' `part_number`) are in the search index on both engines, kept by triggers.
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCatalogFixture>>;
const ids = (items: { id: number }[]) => items.map((p) => p.id);
const found = async (text: string) => ids(await searchProducts(t.db, text));

async function setPartNumber(productId: number, position: number, partNumber: string) {
  await t.db
    .updateTable("product_sizes")
    .set({ part_number: partNumber })
    .where("product_id", "=", productId)
    .where("position", "=", position)
    .execute();
}

beforeAll(async () => {
  t = await createTestDb();
  f = await insertCatalogFixture(t.db);
  await setPartNumber(f.ids.wheel305, 0, "MR30578560500");
  await setPartNumber(f.ids.wheel701, 0, "MR-701/785");
  await setPartNumber(f.ids.wheel701, 1, "MR701-890");
});
afterAll(async () => t.cleanup());

describe("search by part number", () => {
  it("finds a product by a part number as stored, in any case, and by its beginning", async () => {
    expect(await found("MR30578560500")).toEqual([f.ids.wheel305]);
    expect(await found("mr30578560500")).toEqual([f.ids.wheel305]);
    expect(await found("MR3057856")).toEqual([f.ids.wheel305]);
    expect(await found("method MR30578560500")).toEqual([f.ids.wheel305]);
  });

  it("finds a part number with dashes and slashes typed as stored, written together or spaced", async () => {
    for (const typed of ["MR-701/785", "MR701785", "mr 701 785", "MR-701-785", "MR701-890"])
      expect(await found(typed), typed).toEqual([f.ids.wheel701]);
    expect(await found("MR-701-890")).toEqual([f.ids.wheel701]);
    expect(await found("MR-305-785-60500")).toEqual([f.ids.wheel305]);
    expect(await found("MR-701/999")).toEqual([]);
  });

  it("finds a part number stored without dashes when it is typed in pieces with spaces", async () => {
    for (const typed of ["MR 305 785 60500", "mr305 785", "MR 30578560500"])
      expect(await found(typed), typed).toEqual([f.ids.wheel305]);
    // Words that are not one part number in pieces still need each other, as before.
    expect(await found("MR 305 999")).toEqual([]);
  });

  it("finds a product by its new part number once edited, and no longer by the old one", async () => {
    await setPartNumber(f.ids.wheel305, 0, "MR30590000000");
    expect(await found("MR30590000000")).toEqual([f.ids.wheel305]);
    expect(await found("MR30578560500")).toEqual([]);
    // A change to the product's own row keeps its part numbers in the index.
    await t.db
      .updateTable("products")
      .set({ title: "Method 305 NV HD Wheel" })
      .where("id", "=", f.ids.wheel305)
      .execute();
    expect(await found("MR30590000000")).toEqual([f.ids.wheel305]);
    expect(await found("hd")).toEqual([f.ids.wheel305]);
  });

  it("no longer finds a product by the part number of a size removed from it", async () => {
    await t.db
      .deleteFrom("product_sizes")
      .where("product_id", "=", f.ids.wheel701)
      .where("part_number", "=", "MR-701/785")
      .execute();
    expect(await found("MR-701/785")).toEqual([]);
    expect(await found("MR701785")).toEqual([]);
    expect(await found("MR701890")).toEqual([f.ids.wheel701]);
    // A new size is found at once.
    await t.db
      .insertInto("product_sizes")
      .values({
        product_id: f.ids.wheel701,
        label: '20x9"',
        diameter: 20,
        width: 9,
        bolt_pattern: "6x139.7",
        offset_mm: 18,
        hub_bore_mm: 106.1,
        part_number: "MR70129012518",
        position: 2,
      })
      .execute();
    expect(await found("MR70129012518")).toEqual([f.ids.wheel701]);
  });

  it("ranks a title match above a part-number-only match", async () => {
    // The winch has 'zeon' in its title only; the compressor in a part number only.
    await t.db
      .insertInto("product_sizes")
      .values({
        product_id: f.ids.compressor,
        label: "Kit",
        diameter: 0,
        width: 0,
        bolt_pattern: "",
        offset_mm: 0,
        hub_bore_mm: 0,
        part_number: "ZEON-10S",
        position: 0,
      })
      .execute();
    expect(await found("zeon")).toEqual([f.ids.winch, f.ids.compressor]);
    expect(await found("ZEON-10S")).toEqual([f.ids.compressor]);
  });

  it("keeps what is typed out of the query syntax", async () => {
    expect(toFtsQuery("MR-701/785")).toBe(
      '(({title brand part_numbers} : "mr"* AND "701"* AND "785"*) OR "mr701785"*)',
    );
    expect(toTsQuery("MR-701/785")).toBe("((mr:*AB & 701:* & 785:*) | mr701785:*)");
    expect(toFtsQuery('MR-"701"/785*')).toBe(toFtsQuery("MR-701/785"));
    expect(toTsQuery("MR-701|785:*")).toBe(toTsQuery("MR-701/785"));
    for (const hostile of [
      'MR-"305',
      'MR-305/"*',
      "{title}:MR-1",
      "MR-1 OR( 2",
      "part_numbers:MR-701",
      "1-2-3-4-5-6-7-8-9-10-11",
      "MR-701/785 AND NOT x-1",
      "a-1)",
    ]) {
      await expect(searchProducts(t.db, hostile), hostile).resolves.toBeInstanceOf(Array);
    }
  });
});

describe("part numbers of a shop migrated before they were searchable", () => {
  it("are indexed by the migration", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "part-numbers-"));
    const empty =
      testEngine === "postgres"
        ? await createPostgresDatabase("empty")
        : { url: path.join(dir, "shop.db"), drop: async () => {} };
    const db: Kysely<DB> = createDatabase(empty.url);
    try {
      const before = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const done = await before.migrateTo("20261129T080000_outbox_total_attempts");
      expect(done.error).toBeUndefined();
      const brand = await db
        .insertInto("brands")
        .values({ slug: "method", name: "Method Race Wheels" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const category = await db
        .insertInto("categories")
        .values({ slug: "wheels", name: "Wheels" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const product = await db
        .insertInto("products")
        .values({
          slug: "method-305",
          title: "Method 305 NV Wheel",
          brand_id: brand.id,
          category_id: category.id,
          price_paise: 100,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [position, part_number] of ["MR30578560500", "MR-305/890"].entries())
        await db
          .insertInto("product_sizes")
          .values({
            product_id: product.id,
            label: `${17 + position}x8.5"`,
            diameter: 17 + position,
            width: 8.5,
            bolt_pattern: "6x139.7",
            offset_mm: 0,
            hub_bore_mm: 106.1,
            part_number,
            position,
          })
          .execute();
      expect(ids(await searchProducts(db, "MR30578560500"))).toEqual([]);

      await migrateToLatest(db);
      for (const typed of ["MR30578560500", "MR-305/890", "MR305890", "method wheel"])
        expect(ids(await searchProducts(db, typed)), typed).toEqual([product.id]);
      await db.updateTable("product_sizes").set({ part_number: "MR30500000000" }).execute();
      expect(ids(await searchProducts(db, "MR30500000000"))).toEqual([product.id]);
      expect(ids(await searchProducts(db, "MR305890"))).toEqual([]);
    } finally {
      await db.destroy();
      await empty.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
