import { sql, type Kysely } from "kysely";
import { jsonArrayFrom, jsonRows } from "~/db/json.server";
import type { DB } from "~/db/schema";
import { RECOMMENDATIONS } from "~/utils/catalog-constants";
import { imageUrl } from "~/utils/images";
import {
  fitmentColumn,
  summaryColumns,
  toSummary,
  visibleProducts,
  type ProductSummary,
} from "./catalog.server";
import { versionedCache } from "./catalog-cache.server";
import { vehicleName } from "./taxonomy.server";

/** One product as its page and the API show it, its recommendations, and the API's JSON shapes. */

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
      fitmentColumn(shopperVehicleId),
      "p.description",
      "c.name as categoryName",
      "b.slug as brandSlug",
      "p.stock",
      "p.universal_fit as universalFit",
      "p.created_at as createdAt",
      "p.updated_at as updatedAt",
      // Each colour x size's stock, in the same statement (the page has a statement budget).
      jsonArrayFrom(
        db,
        db
          .selectFrom("product_variants as v")
          .select(["v.size_id as sizeId", "v.color_id as colorId", "v.stock"])
          .where("v.product_id", "=", sql<number>`p.id`)
          .orderBy("v.id"),
      ).as("variants"),
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
  const {
    description,
    categoryName,
    brandSlug,
    stock,
    universalFit,
    createdAt,
    updatedAt,
    variants: variantRows,
    ...summary
  } = row;
  const variants = jsonRows(variantRows);
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
  const row = await visibleProducts(db)
    .select("p.id")
    .where("p.slug", "=", slug)
    .executeTakeFirst();
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
    .select([...summaryColumns(), fitmentColumn(shopperVehicleId)])
    .where("c.slug", "=", category);
  if (excludeId !== null) query = query.where("p.id", "!=", excludeId);
  const rows = await query
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

const productPages = versionedCache<ProductDetail | null>(500);
const recommendationLists = versionedCache<ProductSummary[]>(500);

/**
 * The product page's catalogue reads, kept per catalogue version and shopper's vehicle: every
 * visit, a logged-in one too, reads them, and stock moving bumps the version like any edit.
 */
export function getProductForPage(db: Kysely<DB>, id: number, shopperVehicleId: number | null) {
  return productPages(db, `${id}:${shopperVehicleId ?? ""}`, () =>
    getProduct(db, id, shopperVehicleId),
  );
}

export function listRecommendationsForPage(
  db: Kysely<DB>,
  product: ProductDetail,
  shopperVehicleId: number | null,
) {
  return recommendationLists(db, `${product.id}:${shopperVehicleId ?? ""}`, () =>
    listRecommendations(db, product.category, product.id, RECOMMENDATIONS, shopperVehicleId),
  );
}

/** The description split at full stops, for the product page's details list. */
export function descriptionPoints(description: string): string[] {
  return description
    .split(/\.(?:\s+|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

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
    // The API's `fits` stays a boolean: true only when the part is known to fit.
    ...(p.fitment === undefined ? {} : { fits: p.fitment === "fits" }),
  };
}

export function productDetailJson(p: ProductDetail) {
  return {
    ...productSummaryJson(p),
    description: p.description,
    colour: p.colors[0]?.name ?? null,
    colors: p.colors.map((c) => ({
      id: c.id,
      name: c.name,
      images: c.images.map((k) => ({ url: imageUrl(k, 1024) })),
    })),
    // A size is in stock when any colour of it is (or, without colours, the size itself).
    sizes: p.sizes.map((s) => ({
      ...s,
      stock: sumStock(p.variants.filter((v) => v.sizeId === s.id)),
    })),
    variants: p.variants,
    vehicles: p.vehicles,
    universalFit: p.universalFit,
  };
}

const sumStock = (rows: { stock: number }[]) => rows.reduce((n, r) => n + r.stock, 0);
