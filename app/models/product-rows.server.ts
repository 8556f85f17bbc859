import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import type { ProductSize } from "~/models/product-detail.server";
import { DEFAULT_STOCK } from "~/utils/product-schema";
import { splitStock, syncVariants } from "~/models/variant-stock.server";

/*
 * The one write of a product's rows (product, colours and their images, sizes, variant stock,
 * fitment): used by the admin form and the API through `saveProduct`, and by the demo seed.
 */

/** A wheel size to save; `id` matches a stored size to update in place. */
export type SizeToSave = Omit<ProductSize, "id"> & { id?: number | null };

/** A product's rows as `writeProduct` stores them. */
export type ProductRows = {
  slug: string;
  title: string;
  brandId: number;
  categoryId: number;
  pricePaise: number;
  description: string;
  image: string | null;
  /** Undefined leaves it as it is (a new product: not universal). */
  universalFit?: boolean;
  /** Colours with their stored image keys, in order; undefined leaves them as they are. */
  colors?: { name: string; images: string[] }[];
  /** Wheel sizes in order; undefined leaves them as they are. */
  sizes?: SizeToSave[];
  /** Units to sell; null = keep the current count (or DEFAULT_STOCK for a new product). */
  stock: number | null;
  /** Typed units per variant, keyed `colourIndex.sizeIndex`. */
  variantStock: Map<string, number>;
  /** The vehicles it fits; undefined leaves the fitment as it is. */
  vehicleIds?: number[];
  /** A new product's creation time (the demo seed backdates its products); default now. */
  createdAt?: string;
};

/**
 * Inserts (id = null) or updates a product's rows inside `trx`: the product, its colours and
 * images, sizes, variant stock and fitment. `stockBefore` is its total stock before (0 if new).
 */
export async function writeProduct(
  trx: Kysely<DB>,
  id: number | null,
  rows: ProductRows,
  stockBefore = 0,
): Promise<number> {
  const row = {
    slug: rows.slug,
    title: rows.title,
    brand_id: rows.brandId,
    category_id: rows.categoryId,
    price_paise: rows.pricePaise,
    description: rows.description,
    image: rows.image,
    ...(rows.universalFit === undefined ? {} : { universal_fit: rows.universalFit ? 1 : 0 }),
  };
  let productId: number;
  if (id === null) {
    const created = rows.createdAt
      ? { created_at: rows.createdAt, updated_at: rows.createdAt }
      : {};
    // Its stock is the sum of its variants, set below.
    productId = Number(
      (
        await trx
          .insertInto("products")
          .values({ ...row, ...created, stock: 0 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  } else {
    productId = id;
    await trx
      .updateTable("products")
      .set({ ...row, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
  }
  // Colours and sizes are updated in place (matched by name, by id or part number), so the
  // variants, cart lines and order lines that refer to them keep doing so.
  if (rows.colors) await saveColors(trx, productId, rows.colors);
  if (rows.sizes) await saveSizes(trx, productId, rows.sizes);
  await saveVariantStock(trx, productId, rows, stockBefore);
  if (rows.vehicleIds) await saveFitment(trx, productId, rows.vehicleIds);
  return productId;
}

async function saveFitment(trx: Kysely<DB>, productId: number, vehicleIds: number[]) {
  await trx.deleteFrom("product_vehicles").where("product_id", "=", productId).execute();
  if (vehicleIds.length > 0) {
    await trx
      .insertInto("product_vehicles")
      .values(vehicleIds.map((vehicle_id) => ({ product_id: productId, vehicle_id })))
      .execute();
  }
}

async function saveColors(
  trx: Kysely<DB>,
  productId: number,
  colors: { name: string; images: string[] }[],
) {
  const stored = await trx
    .selectFrom("product_colors")
    .select(["id", "name"])
    .where("product_id", "=", productId)
    .execute();
  const kept: number[] = [];
  for (const [position, c] of colors.entries()) {
    const same = stored.find(
      (s) => s.name.toLowerCase() === c.name.toLowerCase() && !kept.includes(s.id),
    );
    let colorId: number;
    if (same) {
      colorId = same.id;
      await trx
        .updateTable("product_colors")
        .set({ name: c.name, position })
        .where("id", "=", colorId)
        .execute();
      await trx.deleteFrom("product_color_images").where("color_id", "=", colorId).execute();
    } else {
      colorId = Number(
        (
          await trx
            .insertInto("product_colors")
            .values({ product_id: productId, name: c.name, position })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    kept.push(colorId);
    if (c.images.length > 0) {
      await trx
        .insertInto("product_color_images")
        .values(c.images.map((image, i) => ({ color_id: colorId, image, position: i })))
        .execute();
    }
  }
  const gone = stored.filter((s) => !kept.includes(s.id)).map((s) => s.id);
  if (gone.length > 0) await trx.deleteFrom("product_colors").where("id", "in", gone).execute();
}

async function saveSizes(trx: Kysely<DB>, productId: number, sizes: SizeToSave[]) {
  const stored = await trx
    .selectFrom("product_sizes")
    .select(["id", "part_number"])
    .where("product_id", "=", productId)
    .execute();
  const kept: number[] = [];
  for (const [position, s] of sizes.entries()) {
    const same =
      stored.find((r) => r.id === s.id && !kept.includes(r.id)) ??
      stored.find(
        (r) => r.part_number.toLowerCase() === s.partNumber.toLowerCase() && !kept.includes(r.id),
      );
    const values = {
      label: s.label,
      diameter: s.diameter,
      width: s.width,
      bolt_pattern: s.boltPattern,
      offset_mm: s.offset,
      hub_bore_mm: s.hubBore,
      part_number: s.partNumber,
      position,
    };
    if (same) {
      await trx.updateTable("product_sizes").set(values).where("id", "=", same.id).execute();
      kept.push(same.id);
    } else {
      kept.push(
        Number(
          (
            await trx
              .insertInto("product_sizes")
              .values({ product_id: productId, ...values })
              .returning("id")
              .executeTakeFirstOrThrow()
          ).id,
        ),
      );
    }
  }
  const gone = stored.filter((r) => !kept.includes(r.id)).map((r) => r.id);
  if (gone.length > 0) await trx.deleteFrom("product_sizes").where("id", "in", gone).execute();
}

/**
 * Stock per colour x size (docs/decisions/0010): "Sold out" sets every variant to 0. Otherwise a
 * typed count per variant sets that variant (the others keep theirs, new ones 0); without any, a
 * typed total is spread evenly over the variants, and with no count at all each variant keeps its
 * stock (a new one, or every one of a product that was sold out, gets DEFAULT_STOCK).
 */
async function saveVariantStock(
  trx: Kysely<DB>,
  productId: number,
  input: Pick<ProductRows, "stock" | "variantStock">,
  totalBefore: number,
) {
  const variants = await trx
    .selectFrom("product_variants")
    .select("id")
    .where("product_id", "=", productId)
    .execute();
  const [sizes, colors] = await Promise.all([
    trx.selectFrom("product_sizes").select("id").where("product_id", "=", productId).execute(),
    trx.selectFrom("product_colors").select("id").where("product_id", "=", productId).execute(),
  ]);
  const count = Math.max(1, sizes.length) * Math.max(1, colors.length);
  const typed = input.stock === null ? null : splitStock(input.stock, count);
  const anyCell = input.variantStock.size > 0;
  await syncVariants(trx, productId, ({ colorIndex, sizeIndex, index, existing }) => {
    if (input.stock === 0) return 0;
    const cell = input.variantStock.get(`${colorIndex}.${sizeIndex}`);
    if (cell !== undefined) return cell;
    if (anyCell) return existing === null ? 0 : undefined;
    if (typed) return typed[index];
    return existing === null || totalBefore <= 0 || variants.length === 0
      ? DEFAULT_STOCK
      : undefined;
  });
}
