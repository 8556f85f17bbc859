import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { DB } from "~/db/schema";
import { catalogVersion } from "~/models/catalog-version.server";
import {
  PAGE_SIZE,
  PRICE_MAX_RUPEES,
  PRICE_MIN_RUPEES,
  RECOMMENDATIONS,
  SORTS,
  SPEC_VEHICLE_ALIASES,
  type Sort,
} from "~/utils/catalog-constants";
import { imageUrl } from "~/utils/images";

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
  /** Whether it fits the shopper's chosen vehicle; absent when none is chosen. */
  fits?: boolean;
};

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

type SummaryRow = Omit<ProductSummary, "inStock" | "fits"> & { inStock: number | boolean; fits?: number | null };

export function toSummary(row: SummaryRow): ProductSummary {
  const { fits, ...rest } = row;
  const summary: ProductSummary = { ...rest, inStock: Boolean(row.inStock) };
  if (fits !== undefined && fits !== null) summary.fits = Boolean(fits);
  return summary;
}

/** SQL truth value: product `p` fits vehicle `vehicleId` (listed fitment or universal). */
function fitsExpr(vehicleId: number): Expression<SqlBool> {
  return sql<SqlBool>`(p.universal_fit = 1 or exists (select 1 from product_vehicles pv where pv.product_id = p.id and pv.vehicle_id = ${vehicleId}))`;
}

function fitsColumn(vehicleId: number | null) {
  return vehicleId === null ? sql<null>`null`.as("fits") : sql<number>`${fitsExpr(vehicleId)}`.as("fits");
}

export async function countProducts(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest visible products (Trending on the home page). */
export async function listNewestProducts(
  db: Kysely<DB>,
  limit: number,
  vehicleId: number | null = null,
): Promise<ProductSummary[]> {
  const rows = await visibleProducts(db)
    .select([...summaryColumns(), fitsColumn(vehicleId)])
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

/**
 * Per database, values computed once per catalogue version (`catalogVersion()` moves on every
 * catalogue change, so nothing stale is served). Bounded: a full table starts over.
 */
function versionedCache<T>(maxEntries: number) {
  const byDb = new WeakMap<Kysely<DB>, { version: number; entries: Map<string, Promise<T>> }>();
  return (db: Kysely<DB>, key: string, compute: () => Promise<T>): Promise<T> => {
    const version = catalogVersion();
    let slot = byDb.get(db);
    if (!slot || slot.version !== version) byDb.set(db, (slot = { version, entries: new Map() }));
    const hit = slot.entries.get(key);
    if (hit) return hit;
    if (slot.entries.size >= maxEntries) slot.entries.clear();
    const value = compute();
    const entries = slot.entries;
    entries.set(key, value);
    value.catch(() => entries.delete(key));
    return value;
  };
}

const countCache = versionedCache<number>(1000);
const colorNamesCache = versionedCache<string[]>(1);
const brandsCache = versionedCache<Brand[]>(1);
const vehiclesCache = versionedCache<Vehicle[]>(1);

/**
 * One page of products matching the query, and how many match in all. Two SQL statements
 * whatever the page size. `shopperVehicleId` only marks each tile as fitting or not.
 */
export async function listProducts(
  db: Kysely<DB>,
  q: ListingQuery,
  shopperVehicleId: number | null = null,
): Promise<Listing> {
  const pageSize = Math.max(1, Math.min(q.pageSize, 100));
  // The count scans every matching row; it only changes with the catalogue, so it is kept per version.
  const filterKey = JSON.stringify([q.categories, q.brands, q.colors, q.minPaise, q.maxPaise, q.fitsVehicleId, q.forVehicleId]);
  const total = await countCache(db, filterKey, async () => {
    const row = await filteredProducts(db, q)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(q.page) || 1), pageCount);
  let query = filteredProducts(db, q).select([...summaryColumns(), fitsColumn(shopperVehicleId)]);
  if (q.sort === "price-asc") query = query.orderBy("p.price_paise", "asc").orderBy("p.id", "asc");
  else if (q.sort === "price-desc") query = query.orderBy("p.price_paise", "desc").orderBy("p.id", "desc");
  else query = query.orderBy("p.created_at", "desc").orderBy("p.id", "desc");
  const rows = total === 0 ? [] : await query.limit(pageSize).offset((page - 1) * pageSize).execute();
  return { items: rows.map(toSummary), total, page, pageCount, pageSize };
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
    [...new Set(params.getAll(name).map((v) => v.trim()).filter((v) => v !== "" && v.length <= 80))].slice(0, 20);
  const min = int(params.get("min"));
  const max = int(params.get("max"));
  const minRupees = min === null ? PRICE_MIN_RUPEES : Math.min(Math.max(min, 0), PRICE_MAX_RUPEES);
  const maxRupees = max === null ? PRICE_MAX_RUPEES : Math.min(Math.max(max, 0), PRICE_MAX_RUPEES);
  const sortParam = params.get("sort");
  const sort: Sort = (SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as Sort) : "newest";
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

export function listingQueryFromParams(p: ListingParams, fitsVehicleId: number | null): ListingQuery {
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
export async function listSwatches(db: Kysely<DB>, productIds: number[]): Promise<Record<number, Swatch[]>> {
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
// Product detail

export type ProductColor = { id: number; name: string; images: string[] };
export type ProductSize = {
  id: number;
  label: string;
  diameter: number;
  width: number;
  boltPattern: string;
  offset: number;
  hubBore: number;
  partNumber: string;
};
export type ProductDetail = ProductSummary & {
  description: string;
  categoryName: string;
  brandSlug: string;
  stock: number;
  universalFit: boolean;
  colors: ProductColor[];
  sizes: ProductSize[];
  /** Stock of each colour x size (null where the product has no sizes / colours). */
  variants: { sizeId: number | null; colorId: number | null; stock: number }[];
  /** Vehicles the part is listed for, by name. */
  vehicles: { slug: string; name: string }[];
  createdAt: string;
  updatedAt: string;
};

/** A visible product with its colours, images, sizes and fitment (four statements), or null. */
export async function getProduct(
  db: Kysely<DB>,
  id: number,
  shopperVehicleId: number | null = null,
): Promise<ProductDetail | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = await visibleProducts(db)
    .select([
      ...summaryColumns(),
      fitsColumn(shopperVehicleId),
      "p.description",
      "c.name as categoryName",
      "b.slug as brandSlug",
      "p.stock",
      "p.universal_fit as universalFit",
      "p.created_at as createdAt",
      "p.updated_at as updatedAt",
      // Each colour x size's stock, in the same statement (the page has a statement budget).
      sql<string>`(select json_group_array(json_array(v.size_id, v.color_id, v.stock))
        from product_variants v where v.product_id = p.id)`.as("variantsJson"),
    ])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const [colorRows, sizeRows, vehicleRows] = [
    await db
      .selectFrom("product_colors as pc")
      .leftJoin("product_color_images as pci", "pci.color_id", "pc.id")
      .select(["pc.id", "pc.name", "pci.image"])
      .where("pc.product_id", "=", id)
      .orderBy("pc.position")
      .orderBy("pc.id")
      .orderBy("pci.position")
      .orderBy("pci.id")
      .execute(),
    await db
      .selectFrom("product_sizes")
      .select([
        "id",
        "label",
        "diameter",
        "width",
        "bolt_pattern as boltPattern",
        "offset_mm as offset",
        "hub_bore_mm as hubBore",
        "part_number as partNumber",
      ])
      .where("product_id", "=", id)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    await db
      .selectFrom("product_vehicles as pv")
      .innerJoin("vehicles as v", "v.id", "pv.vehicle_id")
      .select(["v.slug", "v.make", "v.model"])
      .where("pv.product_id", "=", id)
      .orderBy("v.featured", "desc")
      .orderBy("v.make")
      .orderBy("v.model")
      .execute(),
  ];
  const colors: ProductColor[] = [];
  for (const c of colorRows) {
    let color = colors[colors.length - 1];
    if (!color || color.id !== c.id) {
      color = { id: c.id, name: c.name, images: [] };
      colors.push(color);
    }
    if (c.image) color.images.push(c.image);
  }
  const { description, categoryName, brandSlug, stock, universalFit, createdAt, updatedAt, variantsJson, ...summary } = row;
  const variants = (JSON.parse(variantsJson) as [number | null, number | null, number][]).map(([sizeId, colorId, left]) => ({
    sizeId,
    colorId,
    stock: left,
  }));
  return {
    ...toSummary(summary),
    description,
    categoryName,
    brandSlug,
    stock,
    universalFit: universalFit === 1,
    colors,
    sizes: sizeRows,
    variants,
    vehicles: vehicleRows.map((v) => ({ slug: v.slug, name: vehicleName(v) })),
    createdAt,
    updatedAt,
  };
}

/** The id of a visible product by its slug (old slug URLs redirect to the numeric one). */
export async function findProductIdBySlug(db: Kysely<DB>, slug: string): Promise<number | null> {
  const row = await visibleProducts(db).select("p.id").where("p.slug", "=", slug).executeTakeFirst();
  return row?.id ?? null;
}

/** Up to `limit` other products of the same category, newest first (one statement). */
export async function listRecommendations(
  db: Kysely<DB>,
  category: string,
  excludeId: number | null,
  limit = RECOMMENDATIONS,
  shopperVehicleId: number | null = null,
): Promise<ProductSummary[]> {
  let query = visibleProducts(db)
    .select([...summaryColumns(), fitsColumn(shopperVehicleId)])
    .where("c.slug", "=", category);
  if (excludeId !== null) query = query.where("p.id", "!=", excludeId);
  const rows = await query.orderBy("p.created_at", "desc").orderBy("p.id", "desc").limit(limit).execute();
  return rows.map(toSummary);
}

/** The description split at full stops, for the product page's details list. */
export function descriptionPoints(description: string): string[] {
  return description
    .split(/\.(?:\s+|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

// ---------------------------------------------------------------------------------------------
// Search

/**
 * Turns anything a person types into a safe FTS5 query: every run of letters and digits becomes a
 * quoted prefix term ("winch"*), all of them required (one or two letters: in titles and brands). Quotes, operators (AND, OR, NOT, NEAR, -, ^,
 * :, *, parentheses) and column filters in the input are plain text, never syntax. Null when
 * nothing searchable is left.
 */
export function toFtsQuery(input: string): string | null {
  const words = input.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = [...new Set(words)].slice(0, 8).map((w) => {
    const term = `"${w.slice(0, 40)}"*`;
    return w.length <= SHORT_WORD ? `{title brand} : ${term}` : term;
  });
  return terms.length > 0 ? terms.join(" ") : null;
}

/**
 * A word this short, as a prefix, matches nearly every description, and ranking all of those is
 * slow on a large catalogue: it is looked up in titles and brands only.
 */
const SHORT_WORD = 2;

export const SEARCH_LIMIT = 24;

/**
 * Visible products matching the text by prefix, best first (bm25, with the title weighing most,
 * then the brand, the category and the description). One statement; never throws on odd input.
 */
export async function searchProducts(
  db: Kysely<DB>,
  text: string,
  limit = SEARCH_LIMIT,
  shopperVehicleId: number | null = null,
): Promise<ProductSummary[]> {
  const match = toFtsQuery(text.slice(0, 200));
  if (!match) return [];
  const rows = await visibleProducts(db)
    .innerJoin("products_fts", "products_fts.rowid", "p.id")
    .select([...summaryColumns(), fitsColumn(shopperVehicleId)])
    .where(sql.ref("products_fts"), "match", match)
    .orderBy(sql`bm25(products_fts, 10.0, 4.0, 2.0, 1.0)`)
    .orderBy("p.id", "desc")
    .limit(Math.max(1, Math.min(limit, 100)))
    .execute();
  return rows.map(toSummary);
}

// ---------------------------------------------------------------------------------------------
// Brands, categories, colours, vehicles

export type Brand = { id: number; slug: string; name: string; description: string; logo: string | null; featured: boolean };
export type Category = { id: number; slug: string; name: string };
export type Vehicle = { id: number; slug: string; make: string; model: string; name: string; featured: boolean };

/** Every brand, the featured ones first (kept per catalogue version: the footer shows them on every page). */
export function listBrands(db: Kysely<DB>): Promise<Brand[]> {
  return brandsCache(db, "all", async () => {
    const rows = await db
      .selectFrom("brands")
      .select(["id", "slug", "name", "description", "logo", "featured"])
      .orderBy("featured", "desc")
      .orderBy("id")
      .execute();
    return rows.map((b) => ({ ...b, featured: b.featured === 1 }));
  });
}

export async function getBrand(db: Kysely<DB>, slug: string): Promise<Brand | null> {
  const b = await db
    .selectFrom("brands")
    .select(["id", "slug", "name", "description", "logo", "featured"])
    .where("slug", "=", slug.toLowerCase())
    .executeTakeFirst();
  return b ? { ...b, featured: b.featured === 1 } : null;
}

/** The home page's category tiles: every category in order, with its newest product's image. */
export async function listCategoryTiles(db: Kysely<DB>) {
  return db
    .selectFrom("categories as c")
    .select([
      "c.slug",
      "c.name",
      (eb) =>
        eb
          .selectFrom("products as p")
          .select("p.image")
          .whereRef("p.category_id", "=", "c.id")
          .where("p.hidden_at", "is", null)
          .orderBy("p.created_at", "desc")
          .orderBy("p.id", "desc")
          .limit(1)
          .as("image"),
    ])
    .orderBy("c.position")
    .orderBy("c.id")
    .execute();
}

export async function listCategories(db: Kysely<DB>): Promise<Category[]> {
  return db.selectFrom("categories").select(["id", "slug", "name"]).orderBy("position").orderBy("id").execute();
}

export async function getCategory(db: Kysely<DB>, slug: string): Promise<Category | null> {
  const c = await db.selectFrom("categories").select(["id", "slug", "name"]).where("slug", "=", slug).executeTakeFirst();
  return c ?? null;
}

/** Distinct colour names of visible products, for the colour filter (kept per catalogue version). */
export function listColorNames(db: Kysely<DB>): Promise<string[]> {
  return colorNamesCache(db, "all", () => queryColorNames(db));
}

async function queryColorNames(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom("product_colors as pc")
    .innerJoin("products as p", "p.id", "pc.product_id")
    .where("p.hidden_at", "is", null)
    .select(sql<string>`min(pc.name)`.as("name"))
    .groupBy(sql`lower(pc.name)`)
    .orderBy(sql`lower(pc.name)`)
    .execute();
  return rows.map((r) => r.name);
}

export function vehicleName(v: { make: string; model: string }): string {
  return `${v.make} ${v.model}`;
}

/** Every vehicle, the featured ones first (kept per catalogue version: every page's picker lists them). */
export function listVehicles(db: Kysely<DB>): Promise<Vehicle[]> {
  return vehiclesCache(db, "all", async () => {
    const rows = await db
      .selectFrom("vehicles")
      .select(["id", "slug", "make", "model", "featured"])
      .orderBy("featured", "desc")
      .orderBy("make")
      .orderBy("model")
      .execute();
    return rows.map((v) => ({ ...v, name: vehicleName(v), featured: v.featured === 1 }));
  });
}

/** Accepts `toyota_hilux`, `Toyota-Hilux`, ... for the stored slug. */
export function vehicleSlugCandidates(slug: string): string[] {
  const trimmed = slug.trim().toLowerCase();
  const s = SPEC_VEHICLE_ALIASES[trimmed] ?? trimmed;
  return [...new Set([s, s.replace(/-/g, "_"), s.replace(/_/g, "-")])];
}

export async function getVehicle(db: Kysely<DB>, slug: string): Promise<Vehicle | null> {
  if (!slug || slug.length > 80) return null;
  const v = await db
    .selectFrom("vehicles")
    .select(["id", "slug", "make", "model", "featured"])
    .where("slug", "in", vehicleSlugCandidates(slug))
    .orderBy("id")
    .executeTakeFirst();
  return v ? { ...v, name: vehicleName(v), featured: v.featured === 1 } : null;
}

/** The vehicle among `vehicles` for a slug in any spelling (no statement). */
export function findVehicle(vehicles: Vehicle[], slug: string | null | undefined): Vehicle | null {
  if (!slug) return null;
  const wanted = vehicleSlugCandidates(slug);
  return vehicles.find((v) => wanted.includes(v.slug)) ?? null;
}

/** Every visible product's id and last change, for the sitemap. */
export async function listProductsForSitemap(db: Kysely<DB>): Promise<{ id: number; updatedAt: string }[]> {
  return visibleProducts(db).select(["p.id", "p.updated_at as updatedAt"]).orderBy("p.id").execute();
}

// ---------------------------------------------------------------------------------------------
// JSON shapes of the API (spec section 3: prices in paise, images as URLs)

export function productSummaryJson(p: ProductSummary) {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    brand: p.brand,
    category: p.category,
    image: imageUrl(p.image, 640),
    price: p.pricePaise,
    inStock: p.inStock,
    ...(p.fits === undefined ? {} : { fits: p.fits }),
  };
}

export function productDetailJson(p: ProductDetail) {
  return {
    ...productSummaryJson(p),
    description: p.description,
    colour: p.colors[0]?.name ?? null,
    colors: p.colors.map((c) => ({ id: c.id, name: c.name, images: c.images.map((k) => ({ url: imageUrl(k, 1024) })) })),
    // A size is in stock when any colour of it is (or, without colours, the size itself).
    sizes: p.sizes.map((s) => ({ ...s, stock: sumStock(p.variants.filter((v) => v.sizeId === s.id)) })),
    variants: p.variants,
    vehicles: p.vehicles,
    universalFit: p.universalFit,
  };
}

const sumStock = (rows: { stock: number }[]) => rows.reduce((n, r) => n + r.stock, 0);
