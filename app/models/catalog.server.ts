import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { DB } from "~/db/schema";
import { fullTextMatch } from "~/db/search.server";
import { versionedCache } from "./catalog-cache.server";
import {
  PAGE_SIZE,
  PRICE_MAX_RUPEES,
  PRICE_MIN_RUPEES,
  RECOMMENDATIONS,
  SORTS,
  type Sort,
} from "~/utils/catalog-constants";

/** What a product tile needs. */
export type ProductSummary = {
  id: number;
  slug: string;
  title: string;
  brand: string;
  category: string;
  pricePaise: number;
  image: string | null;
  inStock: boolean;
  /** How it stands with the shopper's chosen vehicle; absent when none is chosen. */
  fitment?: Fitment;
};

/**
 * A part and the shopper's vehicle: it fits (universal, or listed for it), it does not (it lists
 * the vehicles it fits and this one is not among them), or the shop cannot say (nothing listed).
 */
export type Fitment = "fits" | "doesNotFit" | "unknown";

export { PAGE_SIZE, PRICE_MAX_RUPEES, PRICE_MIN_RUPEES, RECOMMENDATIONS, SORTS };
export type { Sort };

/** Products the shop shows (an admin may hide one that orders still refer to). */
export function visibleProducts(db: Kysely<DB>) {
  return db
    .selectFrom("products as p")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .where("p.hidden_at", "is", null);
}

export function summaryColumns() {
  return [
    "p.id",
    "p.slug",
    "p.title",
    "b.name as brand",
    "c.slug as category",
    "p.price_paise as pricePaise",
    "p.image",
    sql<number>`p.stock > 0`.as("inStock"),
  ] as const;
}

type SummaryRow = Omit<ProductSummary, "inStock" | "fitment"> & {
  inStock: number | boolean;
  fitment?: Fitment | null;
};

export function toSummary(row: SummaryRow): ProductSummary {
  const { fitment, ...rest } = row;
  const summary: ProductSummary = { ...rest, inStock: Boolean(row.inStock) };
  if (fitment !== undefined && fitment !== null) summary.fitment = fitment;
  return summary;
}

/** SQL truth value: product `p` fits vehicle `vehicleId` (listed fitment or universal). */
function fitsExpr(vehicleId: number): Expression<SqlBool> {
  return sql<SqlBool>`(p.universal_fit = 1 or exists (select 1 from product_vehicles pv where pv.product_id = p.id and pv.vehicle_id = ${vehicleId}))`;
}

/**
 * The `fitment` column of a product tile for the shopper's vehicle (null without one). One
 * expression per row, no statement of its own: whether the part lists any vehicle at all reads the
 * same primary key (product, vehicle) as whether it lists this one.
 */
export function fitmentColumn(vehicleId: number | null) {
  if (vehicleId === null) return sql<null>`null`.as("fitment");
  const listsAnyVehicle = sql<SqlBool>`exists (select 1 from product_vehicles pv where pv.product_id = p.id)`;
  return sql<Fitment>`(case when ${fitsExpr(vehicleId)} then 'fits' when ${listsAnyVehicle} then 'doesNotFit' else 'unknown' end)`.as(
    "fitment",
  );
}

export async function countProducts(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest visible products (Trending on the home page), kept per catalogue version. */
export function listNewestProducts(
  db: Kysely<DB>,
  limit: number,
  vehicleId: number | null = null,
): Promise<ProductSummary[]> {
  return newestCache(db, `${limit}:${vehicleId ?? ""}`, () =>
    readNewestProducts(db, limit, vehicleId),
  );
}

const newestCache = versionedCache<ProductSummary[]>(200);

async function readNewestProducts(db: Kysely<DB>, limit: number, vehicleId: number | null) {
  const rows = await visibleProducts(db)
    .select([...summaryColumns(), fitmentColumn(vehicleId)])
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

// ---------------------------------------------------------------------------------------------
// Listings: filters, sort, pagination

export type ListingQuery = {
  categories: string[];
  /** Brand slugs. */
  brands: string[];
  /** Colour names, matched without regard to case. */
  colors: string[];
  minPaise: number | null;
  maxPaise: number | null;
  /** Only parts that fit this vehicle id (listed fitment or universal). */
  fitsVehicleId: number | null;
  /** Only parts listed for this vehicle (the vehicle pages; universal parts excluded). */
  forVehicleId: number | null;
  sort: Sort;
  page: number;
  pageSize: number;
  /**
   * A page past the last: the last page (the HTML listings, default) or no items at all (the
   * JSON API, whose client pages until it gets an empty list).
   */
  pastLastPage?: "last" | "empty";
};

export const emptyListingQuery: ListingQuery = {
  categories: [],
  brands: [],
  colors: [],
  minPaise: null,
  maxPaise: null,
  fitsVehicleId: null,
  forVehicleId: null,
  sort: "newest",
  page: 1,
  pageSize: PAGE_SIZE,
};

export type Listing = {
  items: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** No products: the listing of a category or vehicle the shop does not know. */
export const emptyListing: Listing = {
  items: [],
  total: 0,
  page: 1,
  pageCount: 1,
  pageSize: PAGE_SIZE,
};

function filteredProducts(db: Kysely<DB>, q: ListingQuery) {
  let query = visibleProducts(db);
  if (q.categories.length > 0) query = query.where("c.slug", "in", q.categories);
  if (q.brands.length > 0) query = query.where("b.slug", "in", q.brands);
  if (q.colors.length > 0) {
    const names = q.colors.map((c) => c.toLowerCase());
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("product_colors as pc")
          .select(sql`1`.as("one"))
          .whereRef("pc.product_id", "=", "p.id")
          .where(sql`lower(pc.name)`, "in", names),
      ),
    );
  }
  if (q.minPaise !== null) query = query.where("p.price_paise", ">=", q.minPaise);
  if (q.maxPaise !== null) query = query.where("p.price_paise", "<=", q.maxPaise);
  if (q.fitsVehicleId !== null) query = query.where(fitsExpr(q.fitsVehicleId));
  if (q.forVehicleId !== null) {
    const vehicleId = q.forVehicleId;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("product_vehicles as pv")
          .select(sql`1`.as("one"))
          .whereRef("pv.product_id", "=", "p.id")
          .where("pv.vehicle_id", "=", vehicleId),
      ),
    );
  }
  return query;
}

const countCache = versionedCache<number>(1000);

/**
 * One page of products matching the query, and how many match in all. Two SQL statements
 * whatever the page size. `shopperVehicleId` only marks how each tile stands with that vehicle.
 */
export async function listProducts(
  db: Kysely<DB>,
  q: ListingQuery,
  shopperVehicleId: number | null = null,
): Promise<Listing> {
  const pageSize = Math.max(1, Math.min(q.pageSize, 100));
  // The count scans every matching row; it only changes with the catalogue, so it is kept per version.
  const filterKey = JSON.stringify([
    q.categories,
    q.brands,
    q.colors,
    q.minPaise,
    q.maxPaise,
    q.fitsVehicleId,
    q.forVehicleId,
  ]);
  const total = await countCache(db, filterKey, async () => {
    const row = await filteredProducts(db, q)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const wanted = Math.max(1, Math.floor(q.page) || 1);
  const page = q.pastLastPage === "empty" ? wanted : Math.min(wanted, pageCount);
  let query = filteredProducts(db, q).select([
    ...summaryColumns(),
    fitmentColumn(shopperVehicleId),
  ]);
  if (q.sort === "price-asc") query = query.orderBy("p.price_paise", "asc").orderBy("p.id", "asc");
  else if (q.sort === "price-desc")
    query = query.orderBy("p.price_paise", "desc").orderBy("p.id", "desc");
  else query = query.orderBy("p.created_at", "desc").orderBy("p.id", "desc");
  const rows =
    total === 0 || page > pageCount
      ? []
      : await query
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute();
  return { items: rows.map(toSummary), total, page, pageCount, pageSize };
}

/**
 * The API's products of one category or one vehicle, newest first: with `page`, that page of 24
 * (a page past the last is empty, the spec's client pages until it gets an empty list); without,
 * the first 100.
 */
export function listProductsForApi(
  db: Kysely<DB>,
  filter: Partial<Pick<ListingQuery, "categories" | "forVehicleId">>,
  page: number | undefined,
): Promise<Listing> {
  return listProducts(db, {
    ...emptyListingQuery,
    ...filter,
    page: page ?? 1,
    pageSize: page ? emptyListingQuery.pageSize : 100,
    pastLastPage: "empty",
  });
}

/**
 * Every visible product, oldest first (the API's `allProducts`): the spec's client reverses the list
 * and takes four for "Trending", which so are the four newest.
 */
export async function listAllProducts(db: Kysely<DB>): Promise<ProductSummary[]> {
  const rows = await visibleProducts(db)
    .select(summaryColumns())
    .orderBy("p.created_at", "asc")
    .orderBy("p.id", "asc")
    .execute();
  return rows.map(toSummary);
}

const int = (v: string | null) => {
  if (v === null || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : null;
};

/**
 * Reads a listing query from URL parameters (the URL is the state of a listing):
 * `category`, `brand`, `color` (repeatable), `min`/`max` (rupees), `vehicle` (fits that
 * vehicle's slug, resolved by the caller), `sort`, `page`. Anything malformed falls back to its default.
 */
export function parseListingParams(params: URLSearchParams) {
  const list = (name: string) =>
    [
      ...new Set(
        params
          .getAll(name)
          .map((v) => v.trim())
          .filter((v) => v !== "" && v.length <= 80),
      ),
    ].slice(0, 20);
  const min = int(params.get("min"));
  const max = int(params.get("max"));
  const minRupees = min === null ? PRICE_MIN_RUPEES : Math.min(Math.max(min, 0), PRICE_MAX_RUPEES);
  const maxRupees = max === null ? PRICE_MAX_RUPEES : Math.min(Math.max(max, 0), PRICE_MAX_RUPEES);
  const sortParam = params.get("sort");
  const sort: Sort = (SORTS as readonly string[]).includes(sortParam ?? "")
    ? (sortParam as Sort)
    : "newest";
  const page = Math.max(1, Math.min(int(params.get("page")) ?? 1, 10_000));
  return {
    categories: list("category"),
    brands: list("brand"),
    colors: list("color"),
    minRupees,
    maxRupees,
    vehicle: params.get("vehicle")?.trim() || null,
    sort,
    page,
  };
}
export type ListingParams = ReturnType<typeof parseListingParams>;

export function listingQueryFromParams(
  p: ListingParams,
  fitsVehicleId: number | null,
): ListingQuery {
  return {
    ...emptyListingQuery,
    categories: p.categories,
    brands: p.brands,
    colors: p.colors,
    minPaise: p.minRupees > PRICE_MIN_RUPEES ? p.minRupees * 100 : null,
    maxPaise: p.maxRupees < PRICE_MAX_RUPEES ? p.maxRupees * 100 : null,
    fitsVehicleId,
    sort: p.sort,
    page: p.page,
  };
}

// ---------------------------------------------------------------------------------------------
// Colour swatches for wheel tiles

export type Swatch = { name: string; image: string | null };

/** The colours (with each colour's first image) of the given products: one statement. */
export async function listSwatches(
  db: Kysely<DB>,
  productIds: number[],
): Promise<Record<number, Swatch[]>> {
  const out: Record<number, Swatch[]> = {};
  if (productIds.length === 0) return out;
  const rows = await db
    .selectFrom("product_colors as pc")
    .select([
      "pc.product_id as productId",
      "pc.name",
      (eb) =>
        eb
          .selectFrom("product_color_images as pci")
          .select("pci.image")
          .whereRef("pci.color_id", "=", "pc.id")
          .orderBy("pci.position")
          .orderBy("pci.id")
          .limit(1)
          .as("image"),
    ])
    .where("pc.product_id", "in", productIds)
    .orderBy("pc.product_id")
    .orderBy("pc.position")
    .orderBy("pc.id")
    .execute();
  for (const r of rows) (out[r.productId] ??= []).push({ name: r.name, image: r.image });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Search

export const SEARCH_LIMIT = 24;

/**
 * Visible products matching the text by prefix, best first (the title weighing most, then the
 * brand, the category and the description: app/db/search.server.ts). One statement; never throws
 * on odd input.
 */
export async function searchProducts(
  db: Kysely<DB>,
  text: string,
  limit = SEARCH_LIMIT,
  shopperVehicleId: number | null = null,
  /** Results to skip (the search page's later pages). */
  offset = 0,
): Promise<ProductSummary[]> {
  const search = fullTextMatch(db, text.slice(0, 200));
  if (!search) return [];
  const rows = await visibleProducts(db)
    .innerJoin("products_fts", "products_fts.rowid", "p.id")
    .select([...summaryColumns(), fitmentColumn(shopperVehicleId)])
    .where(search.matches)
    .orderBy(search.rank)
    .orderBy("p.id", "desc")
    .limit(Math.max(1, Math.min(limit, 100)))
    .offset(Math.max(0, offset))
    .execute();
  return rows.map(toSummary);
}

/**
 * How many products searchProducts finds for the text, on all its pages: asked for only when a page
 * past the last comes back empty, so that the page can say how many there are and link back.
 */
export async function countSearchResults(db: Kysely<DB>, text: string): Promise<number> {
  const search = fullTextMatch(db, text.slice(0, 200));
  if (!search) return 0;
  const row = await visibleProducts(db)
    .innerJoin("products_fts", "products_fts.rowid", "p.id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(search.matches)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listProductsForSitemap(
  db: Kysely<DB>,
): Promise<{ id: number; updatedAt: string }[]> {
  return visibleProducts(db)
    .select(["p.id", "p.updated_at as updatedAt"])
    .orderBy("p.id")
    .execute();
}
