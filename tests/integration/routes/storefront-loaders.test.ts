/**
 * The storefront's loaders against a real migrated SQLite file: each page issues a fixed, small
 * number of SQL statements however many products it lists, and the HTML pages and the JSON API
 * answer the same products for the same question.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KyselyPlugin } from "kysely";
import { useAppDatabase } from "~/db/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { settledCatalogVersion, type TestDb, withAppDb } from "../../support/db";
import { insertCatalogFixture } from "../../support/catalog-fixture";

let t: TestDb;
/**
 * How many SQL statements the app's database has run: counted as their results come back (Kysely
 * also passes a subquery through `transformQuery` when it is built into a statement).
 */
const queryCounter = { count: 0 };
const countQueries: KyselyPlugin = {
  transformQuery(args) {
    return args.node;
  },
  async transformResult(args) {
    queryCounter.count += 1;
    return args.result;
  },
};
let f: Awaited<ReturnType<typeof insertCatalogFixture>>;

beforeAll(async () => {
  t = await withAppDb();
  f = await insertCatalogFixture(t.db);
  // Forty more wheels, so listings span pages: the statement counts must not grow with them.
  const wheel = await t.db
    .selectFrom("categories")
    .select("id")
    .where("slug", "=", "wheels")
    .executeTakeFirstOrThrow();
  for (let i = 0; i < 40; i++) {
    const { id: insertId } = await t.db
      .insertInto("products")
      .values({
        slug: `extra-wheel-${i}`,
        title: `Extra Trail Wheel ${i}`,
        brand_id: f.brands.method,
        category_id: wheel.id,
        price_paise: 10000_00 + i * 100,
        stock: 3,
        created_at: `2025-06-${String((i % 28) + 1).padStart(2, "0")}T00:00:00.000Z`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const color = await t.db
      .insertInto("product_colors")
      .values({ product_id: Number(insertId), name: "Gloss Black" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("product_color_images")
      .values({ color_id: color.id, image: `seed/extra-${i}` })
      .execute();
    await t.db
      .insertInto("product_vehicles")
      .values({ product_id: Number(insertId), vehicle_id: f.vehicles.hilux })
      .execute();
  }
  process.env.SESSION_SECRET = "storefront-test-secret-0123456789abcdef";
  resetEnvCache();
  useAppDatabase(t.db.withPlugin(countQueries), t.raw);
  // The loaders' caches are kept per catalogue version: count from the version the writes above left.
  await settledCatalogVersion(t.db);
});
afterAll(async () => {
  await t.cleanup();
});

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

/** Runs a loader like Remix would, and counts the SQL statements it ran. */
async function run<T>(
  loader: Loader,
  path: string,
  params: Record<string, string> = {},
  cookie?: string,
) {
  const request = new Request(`http://shop.test${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  const before = queryCounter.count;
  let result: unknown;
  try {
    result = await loader({ request, params, context: {} });
  } catch (thrown) {
    result = thrown;
  }
  return { result: result as T, queries: queryCounter.count - before };
}

const json = async (r: unknown) => (r as Response).json();
const ids = (items: { id: number }[]) => items.map((p) => p.id);
const hiluxCookie = `vehicle=${encodeURIComponent(btoa(JSON.stringify("toyota_hilux")))}`;

// The statement budget of each page (the numbers the issue asks to note).
const BUDGET = {
  home: 4,
  vehicle: 4,
  category: 5,
  allProducts: 8,
  product: 6,
  search: 2,
  brands: 1,
  brand: 5,
};

describe("statement budget per page, whatever the number of products", () => {
  it("home: 4", async () => {
    const { loader } = await import("~/routes/_index");
    const { queries, result } = await run<{
      trending: { fitment?: string }[];
      vehicle: { name: string } | null;
    }>(loader, "/", {}, hiluxCookie);
    expect(result.trending).toHaveLength(4);
    expect(result.vehicle?.name).toBe("Toyota Hilux");
    expect(
      result.trending.every((p) => ["fits", "doesNotFit", "unknown"].includes(p.fitment ?? "")),
    ).toBe(true);
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThanOrEqual(BUDGET.home);
  });

  it("vehicle page: 4, with 24 tiles on a page", async () => {
    const { loader } = await import("~/routes/vehicles.$brand");
    const { queries, result } = await run<{ items: unknown[]; total: number }>(
      loader,
      "/vehicles/toyota_hilux",
      { brand: "toyota_hilux" },
      hiluxCookie,
    );
    expect(result.items).toHaveLength(24);
    expect(result.total).toBe(43);
    expect(queries).toBeLessThanOrEqual(BUDGET.vehicle);
  });

  it("category page: 5, colour swatches included", async () => {
    const { loader } = await import("~/routes/category.$category");
    const { queries, result } = await run<{
      items: unknown[];
      swatches: Record<number, unknown[]>;
    }>(loader, "/category/wheels", { category: "wheels" }, hiluxCookie);
    expect(result.items).toHaveLength(24);
    expect(Object.keys(result.swatches)).toHaveLength(24);
    expect(queries).toBeLessThanOrEqual(BUDGET.category);
  });

  it("all products: 8 with every filter on", async () => {
    const { loader } = await import("~/routes/all-products");
    const { queries, result } = await run<{ items: unknown[] }>(
      loader,
      "/all-products?category=wheels&brand=method&color=gloss+black&min=0&max=200000&vehicle=toyota_hilux&sort=price-desc&page=2",
      {},
      hiluxCookie,
    );
    expect(result.items).toHaveLength(16);
    expect(queries).toBeLessThanOrEqual(BUDGET.allProducts);
  });

  it("product page: 6", async () => {
    const { loader } = await import("~/routes/product.$id");
    const { queries, result } = await run<{ product: { id: number }; recommendations: unknown[] }>(
      loader,
      `/product/${f.ids.wheel701}`,
      { id: String(f.ids.wheel701) },
      hiluxCookie,
    );
    expect(result.product.id).toBe(f.ids.wheel701);
    expect(result.recommendations).toHaveLength(6);
    expect(queries).toBeLessThanOrEqual(BUDGET.product);
  });

  it("search: 2; brands: 1; a brand page: 5", async () => {
    const search = await run<{ results: unknown[] }>(
      (await import("~/routes/search")).loader,
      "/search?q=wheel",
      {},
      hiluxCookie,
    );
    expect(search.result.results.length).toBeGreaterThan(20);
    expect(search.queries).toBeLessThanOrEqual(BUDGET.search);
    // More matches than a page: the next page holds the rest, none twice.
    type Page = { results: { id: number }[]; hasMore: boolean; page: number };
    const first = search.result as unknown as Page;
    expect(first.results).toHaveLength(24);
    expect(first.hasMore).toBe(true);
    const next = await run<Page>(
      (await import("~/routes/search")).loader,
      "/search?q=wheel&page=2",
      {},
      hiluxCookie,
    );
    expect(next.result.page).toBe(2);
    expect(next.result.results.length).toBeGreaterThan(0);
    const seen = new Set(first.results.map((r) => r.id));
    expect(next.result.results.filter((r) => seen.has(r.id))).toEqual([]);
    expect(next.queries).toBeLessThanOrEqual(BUDGET.search);
    const brands = await run((await import("~/routes/brands")).loader as Loader, "/brands");
    expect(brands.queries).toBeLessThanOrEqual(BUDGET.brands);
    const brand = await run<{ items: unknown[] }>(
      (await import("~/routes/$brand")).loader,
      "/method",
      { brand: "method" },
      hiluxCookie,
    );
    expect(brand.result.items).toHaveLength(24);
    expect(brand.queries).toBeLessThanOrEqual(BUDGET.brand);
  });
});

describe("the HTML pages and the JSON API agree", () => {
  it("on a filtered, sorted page of all products", async () => {
    const qs = "category=wheels&category=winches&min=100&max=200000&sort=price-asc&page=2";
    const html = await run<{ items: { id: number }[] }>(
      (await import("~/routes/all-products")).loader,
      `/all-products?${qs}`,
    );
    const api = await run(
      (await import("~/routes/api.v1.allProducts")).loader,
      `/api/v1/allProducts?${qs}`,
    );
    expect(html.result.items.length).toBeGreaterThan(0);
    expect(ids(await json(api.result))).toEqual(ids(html.result.items));
  });

  it("on a vehicle's parts, a category, search and recommendations", async () => {
    const vehicleHtml = await run<{ items: { id: number }[] }>(
      (await import("~/routes/vehicles.$brand")).loader,
      "/vehicles/toyota_hilux?page=2",
      { brand: "toyota_hilux" },
    );
    const vehicleApi = await run(
      (await import("~/routes/api.v1.products.brand.$brand")).loader,
      "/api/v1/products/brand/toyota_hilux?page=2",
      { brand: "toyota_hilux" },
    );
    expect(ids(await json(vehicleApi.result))).toEqual(ids(vehicleHtml.result.items));

    const catHtml = await run<{ items: { id: number }[] }>(
      (await import("~/routes/category.$category")).loader,
      "/category/winches",
      { category: "winches" },
    );
    const catApi = await run(
      (await import("~/routes/api.v1.products.category.$category")).loader,
      "/api/v1/products/category/winches",
      { category: "winches" },
    );
    expect(ids(await json(catApi.result))).toEqual(ids(catHtml.result.items));

    const searchHtml = await run<{ results: { id: number }[] }>(
      (await import("~/routes/search")).loader,
      "/search?q=warn%20win",
    );
    const searchApi = await run(
      (await import("~/routes/api.v1.search")).loader,
      "/api/v1/search?query=warn%20win",
    );
    expect(ids(await json(searchApi.result))).toEqual(ids(searchHtml.result.results));
    expect(ids(searchHtml.result.results)).toContain(f.ids.winch);

    const page = await run<{ recommendations: { id: number }[] }>(
      (await import("~/routes/product.$id")).loader,
      `/product/${f.ids.winch}`,
      { id: String(f.ids.winch) },
    );
    const recApi = await run(
      (await import("~/routes/api.v1.product._index")).loader,
      `/api/v1/product?category=winches&exclude=${f.ids.winch}`,
    );
    expect(ids(await json(recApi.result))).toEqual(ids(page.result.recommendations));
  });

  it("on one product, with colours and sizes", async () => {
    const api = await run(
      (await import("~/routes/api.v1.product.$id")).loader,
      `/api/v1/product/${f.ids.wheel701}`,
      { id: String(f.ids.wheel701) },
    );
    const body = await json(api.result);
    expect(body).toMatchObject({
      id: f.ids.wheel701,
      price: 25000_00,
      inStock: true,
      category: "wheels",
    });
    expect(body.colors.map((c: { name: string }) => c.name)).toEqual(["Matte Black", "Bronze"]);
    expect(body.colors[0].images[0].url).toMatch(/^\/uploads\/seed\/701-black-1-\d+\.webp$/);
    expect(body.sizes[0]).toMatchObject({
      label: '17x8.5"',
      partNumber: "MR001-7885",
      boltPattern: "6x139.7",
    });
  });

  it("and both say 404 for what is not there", async () => {
    const api = await run(
      (await import("~/routes/api.v1.product.$id")).loader,
      "/api/v1/product/abc",
      { id: "abc" },
    );
    expect((api.result as Response).status).toBe(404);
    expect(await json(api.result)).toEqual({ message: "Product not found" });
    const html = await run((await import("~/routes/product.$id")).loader, "/product/99999", {
      id: "99999",
    });
    expect((html.result as Response).status).toBe(404);
    const hidden = await run(
      (await import("~/routes/product.$id")).loader,
      `/product/${f.ids.hidden}`,
      { id: String(f.ids.hidden) },
    );
    expect((hidden.result as Response).status).toBe(404);
    const slug = await run(
      (await import("~/routes/product.$id")).loader,
      "/product/warn-zeon-10s",
      { id: "warn-zeon-10s" },
    );
    expect((slug.result as Response).status).toBe(301);
    expect((slug.result as Response).headers.get("Location")).toBe(`/product/${f.ids.winch}`);
  });
});

describe("the JSON API's paging", () => {
  const get = async (loader: Loader, path: string, params: Record<string, string> = {}) => {
    const { result } = await run(loader, path, params);
    const res = result as Response;
    return {
      status: res.status,
      total: res.headers.get("X-Total-Count"),
      pages: res.headers.get("X-Page-Count"),
      body: await res.json(),
    };
  };

  it("answers [] past the last page, with headers that stay true, and 400 for a malformed page", async () => {
    const allProducts = (await import("~/routes/api.v1.allProducts")).loader;
    const last = await get(allProducts, "/api/v1/allProducts?page=1");
    expect(Number(last.pages)).toBeGreaterThan(1);
    const lastPage = await get(allProducts, `/api/v1/allProducts?page=${last.pages}`);
    expect(lastPage.body.length).toBeGreaterThan(0);
    expect(await get(allProducts, "/api/v1/allProducts?page=99999")).toEqual({
      status: 200,
      total: last.total,
      pages: last.pages,
      body: [],
    });
    for (const page of ["abc", "-1", "0", "1.5", "0x2", ""]) {
      const bad = await get(allProducts, `/api/v1/allProducts?page=${page}`);
      expect(bad.status, `page=${page}`).toBe(400);
      expect(bad.body).toEqual({ message: "Invalid page", errors: { page: expect.any(String) } });
    }
    // Without parameters it stays the plain array of every product.
    const every = await get(allProducts, "/api/v1/allProducts");
    expect(every.status).toBe(200);
    expect(every.body).toHaveLength(Number(last.total));

    const category = (await import("~/routes/api.v1.products.category.$category")).loader;
    const params = { category: "wheels" };
    expect((await get(category, "/api/v1/products/category/wheels?page=999", params)).body).toEqual(
      [],
    );
    expect((await get(category, "/api/v1/products/category/wheels?page=x", params)).status).toBe(
      400,
    );
    const vehicle = (await import("~/routes/api.v1.products.brand.$brand")).loader;
    const hilux = { brand: "toyota_hilux" };
    expect(
      (await get(vehicle, "/api/v1/products/brand/toyota_hilux?page=999", hilux)).body,
    ).toEqual([]);
    expect((await get(vehicle, "/api/v1/products/brand/toyota_hilux?page=-1", hilux)).status).toBe(
      400,
    );
    // An unknown category or vehicle has no products: the spec's client shows its empty message.
    for (const [loader, path, p] of [
      [category, "/api/v1/products/category/nope", { category: "nope" }],
      [vehicle, "/api/v1/products/brand/nope", { brand: "nope" }],
    ] as const) {
      const unknown = await get(loader, path, p);
      expect(unknown.status, path).toBe(200);
      expect(unknown.body, path).toEqual([]);
    }
  });
});

describe("the product page's catalogue cache", () => {
  type Page = { product: { id: number; stock: number } };

  it("reads the product once per catalogue version, and a stock change shows at once", async () => {
    const { loader } = await import("~/routes/product.$id");
    const id = String(f.ids.wheel701);
    await run<Page>(loader, `/product/${id}`, { id }, hiluxCookie);
    const again = await run<Page>(loader, `/product/${id}`, { id }, hiluxCookie);
    // Only the shopper's vehicle is read again: the product and the recommendations are kept.
    expect(again.queries).toBe(1);

    const stock = again.result.product.stock;
    await t.db
      .updateTable("product_variants")
      .set((eb) => ({ stock: eb("stock", "+", 3) }))
      .where("product_id", "=", f.ids.wheel701)
      .execute();
    // PostgreSQL tells the app the new version by NOTIFY, a few milliseconds after the commit.
    await settledCatalogVersion(t.db);
    const after = await run<Page>(loader, `/product/${id}`, { id }, hiluxCookie);
    expect(after.queries).toBeGreaterThan(1);
    expect(after.result.product.stock).toBeGreaterThan(stock);
  });
});
