import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  descriptionPoints,
  findProductIdBySlug,
  getProduct,
  listRecommendations,
  productDetailJson,
  productSummaryJson,
} from "~/models/product-detail.server";
import {
  emptyListingQuery,
  listingQueryFromParams,
  listNewestProducts,
  listProducts,
  listSwatches,
  parseListingParams,
  searchProducts,
} from "~/models/catalog.server";
import { toFtsQuery, toTsQuery } from "~/db/search.server";
import { getVehicle, listColorNames } from "~/models/taxonomy.server";
import { createTestDb, type TestDb } from "../../support/db";
import { insertCatalogFixture, insertTwinLabelWheel } from "../../support/catalog-fixture";

let t: TestDb;
let f: Awaited<ReturnType<typeof insertCatalogFixture>>;
beforeAll(async () => {
  t = await createTestDb();
  f = await insertCatalogFixture(t.db);
});
afterAll(async () => t.cleanup());

const q = (over: Partial<typeof emptyListingQuery>) => ({ ...emptyListingQuery, ...over });
const ids = (items: { id: number }[]) => items.map((p) => p.id);

describe("listings", () => {
  it("list visible products newest first and never the hidden one", async () => {
    const r = await listProducts(t.db, q({}));
    expect(r.total).toBe(6);
    expect(ids(r.items)).toEqual([
      f.ids.bumper,
      f.ids.compressor,
      f.ids.winchSoldOut,
      f.ids.winch,
      f.ids.wheel305,
      f.ids.wheel701,
    ]);
    expect(ids(r.items)).not.toContain(f.ids.hidden);
  });

  it("filter by category, brand, colour (any case) and price", async () => {
    expect(ids((await listProducts(t.db, q({ categories: ["winches"] }))).items)).toEqual([
      f.ids.winchSoldOut,
      f.ids.winch,
    ]);
    expect(ids((await listProducts(t.db, q({ brands: ["arb", "method"] }))).items)).toHaveLength(4);
    expect(ids((await listProducts(t.db, q({ colors: ["MATTE BLACK"] }))).items).sort()).toEqual(
      [f.ids.wheel701, f.ids.wheel305].sort(),
    );
    expect(ids((await listProducts(t.db, q({ colors: ["bronze"] }))).items)).toEqual([
      f.ids.wheel701,
    ]);
    const mid = await listProducts(t.db, q({ minPaise: 30000_00, maxPaise: 80000_00 }));
    expect(ids(mid.items).sort()).toEqual(
      [f.ids.wheel305, f.ids.winchSoldOut, f.ids.compressor].sort(),
    );
    const none = await listProducts(t.db, q({ categories: ["lights"] }));
    expect(none).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it("sort by price both ways", async () => {
    const up = await listProducts(t.db, q({ sort: "price-asc" }));
    expect(up.items.map((p) => p.pricePaise)).toEqual(
      [...up.items.map((p) => p.pricePaise)].sort((a, b) => a - b),
    );
    expect(up.items[0].id).toBe(f.ids.wheel701);
    const down = await listProducts(t.db, q({ sort: "price-desc" }));
    expect(down.items[0].id).toBe(f.ids.winch);
  });

  it("paginate, clamping the page to the last one", async () => {
    const p1 = await listProducts(t.db, q({ pageSize: 4, page: 1 }));
    const p2 = await listProducts(t.db, q({ pageSize: 4, page: 2 }));
    expect(p1).toMatchObject({ total: 6, pageCount: 2, page: 1 });
    expect(p1.items).toHaveLength(4);
    expect(p2.items).toHaveLength(2);
    expect(new Set([...ids(p1.items), ...ids(p2.items)]).size).toBe(6);
    const far = await listProducts(t.db, q({ pageSize: 4, page: 99 }));
    expect(far.page).toBe(2);
    expect(ids(far.items)).toEqual(ids(p2.items));
  });

  it("read the URL leniently: defaults for junk, repeated checkboxes kept", () => {
    const p = parseListingParams(
      new URLSearchParams(
        "category=wheels&category=winches&min=abc&max=-5&sort=drop&page=-3&brand=",
      ),
    );
    expect(p).toMatchObject({
      categories: ["wheels", "winches"],
      brands: [],
      minRupees: 0,
      maxRupees: 0,
      sort: "newest",
      page: 1,
    });
    const d = parseListingParams(new URLSearchParams(""));
    expect(d).toMatchObject({ minRupees: 0, maxRupees: 1_000_000 });
    expect(listingQueryFromParams(d, null)).toMatchObject({ minPaise: null, maxPaise: null });
    expect(
      listingQueryFromParams(parseListingParams(new URLSearchParams("min=100&max=500")), null),
    ).toMatchObject({
      minPaise: 10000,
      maxPaise: 50000,
    });
  });
});

describe("fitment", () => {
  it("parts that fit a vehicle include its listed parts and universal ones", async () => {
    const r = await listProducts(t.db, q({ fitsVehicleId: f.vehicles.jimny }));
    expect(ids(r.items).sort()).toEqual(
      [f.ids.wheel305, f.ids.winchSoldOut, f.ids.compressor].sort(),
    );
  });

  it("a vehicle page lists only the parts listed for it", async () => {
    const r = await listProducts(t.db, q({ forVehicleId: f.vehicles.hilux }));
    expect(ids(r.items).sort()).toEqual([f.ids.wheel701, f.ids.wheel305, f.ids.winch].sort());
  });

  it("tiles say whether they fit the shopper's vehicle, and say nothing without one", async () => {
    const r = await listProducts(t.db, q({}), f.vehicles.thar);
    const fitment = Object.fromEntries(r.items.map((p) => [p.id, p.fitment]));
    expect(fitment[f.ids.bumper]).toBe("fits");
    expect(fitment[f.ids.compressor]).toBe("fits");
    expect(fitment[f.ids.winch]).toBe("doesNotFit");
    const plain = await listProducts(t.db, q({}));
    expect(plain.items.every((p) => p.fitment === undefined)).toBe(true);
  });

  it("a part fits (universal or listed), does not fit (lists only others) or cannot say (lists none)", async () => {
    // A database of its own: the part without fitment data would change the other tests' lists.
    const own = await createTestDb();
    try {
      const g = await insertCatalogFixture(own.db);
      const { productId: unlisted } = await insertTwinLabelWheel(own.db);
      const jimny = g.vehicles.jimny;
      const expected = {
        [g.ids.compressor]: "fits", // universal
        [g.ids.wheel305]: "fits", // listed for the Hilux and the Jimny
        [g.ids.winchSoldOut]: "fits", // listed for the Jimny alone
        [g.ids.wheel701]: "doesNotFit", // listed for the Hilux alone
        [g.ids.winch]: "doesNotFit",
        [g.ids.bumper]: "doesNotFit", // listed for the Thar alone
        [unlisted]: "unknown", // no vehicles listed, not universal
      };
      const fitmentOf = (items: { id: number; fitment?: string }[]) =>
        Object.fromEntries(items.map((p) => [p.id, p.fitment]));

      // Every list a shopper sees reads it the same way, one statement each.
      expect(fitmentOf((await listProducts(own.db, q({}), jimny)).items)).toEqual(expected);
      expect(fitmentOf(await listNewestProducts(own.db, 10, jimny))).toEqual(expected);
      expect(fitmentOf(await listRecommendations(own.db, "wheels", null, 6, jimny))).toEqual({
        [unlisted]: "unknown",
        [g.ids.wheel305]: "fits",
        [g.ids.wheel701]: "doesNotFit",
      });
      expect(fitmentOf(await searchProducts(own.db, "method", 10, jimny))).toEqual({
        [unlisted]: "unknown",
        [g.ids.wheel305]: "fits",
        [g.ids.wheel701]: "doesNotFit",
      });
      for (const [id, fitment] of Object.entries(expected)) {
        expect((await getProduct(own.db, Number(id), jimny))?.fitment, id).toBe(fitment);
      }
      expect((await getProduct(own.db, unlisted))?.fitment).toBeUndefined();

      // The JSON API's `fits` stays a boolean: true only for a part known to fit.
      const summaries = (await listProducts(own.db, q({}), jimny)).items.map(productSummaryJson);
      expect(Object.fromEntries(summaries.map((p) => [p.id, p.fits]))).toEqual(
        Object.fromEntries(Object.entries(expected).map(([id, v]) => [id, v === "fits"])),
      );
      expect(productDetailJson((await getProduct(own.db, g.ids.wheel701, jimny))!).fits).toBe(
        false,
      );
      expect(productDetailJson((await getProduct(own.db, unlisted, jimny))!).fits).toBe(false);
      expect("fits" in productDetailJson((await getProduct(own.db, unlisted))!)).toBe(false);
    } finally {
      await own.cleanup();
    }
  });

  it("finds a vehicle by any spelling of its slug", async () => {
    expect((await getVehicle(t.db, "Toyota-Hilux"))?.name).toBe("Toyota Hilux");
    // The spec's client catalogue calls the Jimny a Maruti.
    expect((await getVehicle(t.db, "maruti-jimny"))?.slug).toBe("suzuki_jimny");
    expect(await getVehicle(t.db, "no_such_car")).toBeNull();
  });
});

describe("product detail", () => {
  it("has colours with their images in order, sizes and fitment", async () => {
    const p = await getProduct(t.db, f.ids.wheel701, f.vehicles.hilux);
    expect(p).not.toBeNull();
    expect(p!.colors.map((c) => [c.name, c.images])).toEqual([
      ["Matte Black", ["seed/701-black-1", "seed/701-black-2"]],
      ["Bronze", ["seed/701-bronze-1"]],
    ]);
    expect(p!.sizes.map((s) => s.label)).toEqual(['17x8.5"', '18x9"']);
    expect(p!.sizes[0]).toMatchObject({
      boltPattern: "6x139.7",
      hubBore: 106.1,
      partNumber: "MR001-7885",
    });
    expect(p!.vehicles).toEqual([{ slug: "toyota_hilux", name: "Toyota Hilux" }]);
    expect(p!.fitment).toBe("fits");
    expect(p!.inStock).toBe(true);
  });

  it("is null for hidden or unknown ids, and slugs resolve to ids", async () => {
    expect(await getProduct(t.db, f.ids.hidden)).toBeNull();
    expect(await getProduct(t.db, 99999)).toBeNull();
    expect(await findProductIdBySlug(t.db, "warn-zeon-10s")).toBe(f.ids.winch);
    expect(await findProductIdBySlug(t.db, "warn-old-winch")).toBeNull();
  });

  it("recommends others of the same category, never itself", async () => {
    const r = await listRecommendations(t.db, "winches", f.ids.winch);
    expect(ids(r)).toEqual([f.ids.winchSoldOut]);
    expect((await getProduct(t.db, f.ids.winchSoldOut))!.inStock).toBe(false);
  });

  it("splits the description at full stops", () => {
    expect(descriptionPoints("Synthetic rope winch. Pulls 4536 kg. Waterproof motor.")).toEqual([
      "Synthetic rope winch",
      "Pulls 4536 kg",
      "Waterproof motor",
    ]);
    expect(descriptionPoints("Rated 4.5 tonnes. Fast")).toEqual(["Rated 4.5 tonnes", "Fast"]);
  });

  it("gives each wheel its colour swatches in one go", async () => {
    const s = await listSwatches(t.db, [f.ids.wheel701, f.ids.wheel305, f.ids.winch]);
    expect(s[f.ids.wheel701]).toEqual([
      { name: "Matte Black", image: "seed/701-black-1" },
      { name: "Bronze", image: "seed/701-bronze-1" },
    ]);
    expect(s[f.ids.winch]).toBeUndefined();
    expect(await listColorNames(t.db)).toEqual(["Bronze", "Matte Black"]);
  });
});

describe("search", () => {
  it("matches word prefixes across title, brand and description", async () => {
    expect(ids(await searchProducts(t.db, "win")).sort()).toEqual(
      [f.ids.winch, f.ids.winchSoldOut, f.ids.compressor].sort(),
    );
    expect(ids(await searchProducts(t.db, "meth 70"))).toEqual([f.ids.wheel701]);
  });

  it("looks one- and two-letter words up in titles and brands only (not every description)", async () => {
    expect(ids(await searchProducts(t.db, "wi")).sort()).toEqual(
      [f.ids.winch, f.ids.winchSoldOut].sort(),
    );
    expect(ids(await searchProducts(t.db, "win")).sort()).toContain(f.ids.compressor);
  });

  it("ranks a title match above a description match", async () => {
    const r = await searchProducts(t.db, "winch");
    expect(r[r.length - 1].id).toBe(f.ids.compressor);
  });

  it("never shows hidden products", async () => {
    expect(ids(await searchProducts(t.db, "retired"))).toEqual([]);
  });

  it("treats quotes, operators and column filters as plain text", async () => {
    for (const hostile of [
      '"',
      "'",
      'winch"',
      "NEAR(",
      "title:winch",
      "-winch",
      "winch OR",
      "AND",
      "*",
      "^w",
      "(((",
      "');--",
      "\u0000",
      "💥",
      "   ",
    ]) {
      await expect(searchProducts(t.db, hostile)).resolves.toBeInstanceOf(Array);
    }
    expect(toFtsQuery('title:"winch" OR x*')).toBe(
      '"title"* AND "winch"* AND {title brand part_numbers} : "or"* AND {title brand part_numbers} : "x"*',
    );
    expect(toFtsQuery("!!!")).toBeNull();
    expect(toTsQuery('title:"winch" OR x* & !y | (z)')).toBe(
      "title:* & winch:* & or:*AB & x:*AB & y:*AB & z:*AB",
    );
    expect(toTsQuery("!!!")).toBeNull();
    expect(ids(await searchProducts(t.db, "warn: zeon!"))).toEqual([f.ids.winch]);
  });
});
