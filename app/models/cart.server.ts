import { sql, type Kysely } from "kysely";
import { prepared } from "~/db/prepared.server";
import type { DB } from "~/db/schema";
import { resolveVariant, variantStock } from "~/models/variant-stock.server";
import { imageUrl } from "~/utils/images";
import { MAX_CART_LINE_QUANTITY } from "~/utils/validation";

/**
 * The cart: one row per user and variant (product, size id, colour id; null for no size or colour),
 * with the size label and colour name kept as the text shown.
 * Prices are never stored here; every read joins the product and takes its price now.
 */

export { MAX_CART_LINE_QUANTITY };

export type CartLine = {
  id: number;
  productId: number;
  title: string;
  brand: string;
  slug: string;
  /** Image key of the product (see utils/images.ts), or null. */
  image: string | null;
  /** Price of one unit, read from the product now. */
  pricePaise: number;
  quantity: number;
  /** The chosen size and colour (null when the product has none). */
  sizeId: number | null;
  colorId: number | null;
  /** '' when the product has no sizes. */
  sizeLabel: string;
  /** '' when the product has no colours. */
  colorName: string;
  /** The chosen size's bolt pattern, offset and part number ('' / null without a size). */
  boltPattern: string;
  offsetMm: number | null;
  partNumber: string;
  /** False when the variant is sold out or the product is no longer sold. */
  inStock: boolean;
  /** Units of the variant the shop can sell now (0 when the product is no longer sold). */
  stock: number;
  /** Most this line may hold: the cap and the variant's stock. */
  maxQuantity: number;
};

export type CartSummary = { lines: CartLine[]; totalQuantity: number; totalPaise: number };

/** Why an add or a change was refused. */
export type CartFailure =
  /** Unknown or removed product (shown as Sold Out). */
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "sold_out" }
  /** The product has sizes (or colours) and the one asked for is not among them. */
  | {
      ok: false;
      reason: "invalid_option";
      field: "size" | "color";
      message: string;
      ambiguous?: boolean;
    }
  /** Nothing more can be added: the line is at the cap or at the stock. */
  | { ok: false; reason: "limit"; max: number };

export type AddResult = { ok: true; lineId: number; quantity: number; added: number } | CartFailure;

export type UpdateResult =
  | { ok: true; lineId: number; quantity: number }
  | { ok: false; reason: "line_not_found" }
  /** More than can be sold; `quantity` is the line's true quantity, `max` what is allowed. */
  | { ok: false; reason: "limit"; quantity: number; max: number };

const cartQuantity = prepared((db, userId: number) =>
  db
    .selectFrom("cart_items")
    .where("user_id", "=", userId)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("quantity"), eb.lit(0)).as("n")),
);

export async function countCartQuantity(db: Kysely<DB>, userId: number): Promise<number> {
  const [row] = await cartQuantity(db, userId);
  return Number(row?.n ?? 0);
}

/** The user's cart lines, oldest first, with each product's current price and its variant's stock. */
const cartLines = prepared((db, userId: number) =>
  db
    .selectFrom("cart_items as ci")
    .innerJoin("products as p", "p.id", "ci.product_id")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .leftJoin("product_sizes as s", "s.id", "ci.size_id")
    .leftJoin("product_variants as v", (join) =>
      join
        .onRef("v.product_id", "=", "ci.product_id")
        .on(sql<boolean>`v.size_id is not distinct from ci.size_id`)
        .on(sql<boolean>`v.color_id is not distinct from ci.color_id`),
    )
    .where("ci.user_id", "=", userId)
    .select([
      "ci.id",
      "ci.product_id as productId",
      "p.title",
      "b.name as brand",
      "p.slug",
      "p.image",
      "p.price_paise as pricePaise",
      "ci.quantity",
      "ci.size_id as sizeId",
      "ci.color_id as colorId",
      "ci.size_label as sizeLabel",
      "ci.color_name as colorName",
      sql<string>`coalesce(s.bolt_pattern, '')`.as("boltPattern"),
      "s.offset_mm as offsetMm",
      sql<string>`coalesce(s.part_number, '')`.as("partNumber"),
      sql<number>`case when p.hidden_at is null then coalesce(v.stock, 0) else 0 end`.as("stock"),
    ])
    .orderBy("ci.id"),
);

export async function listCartLines(db: Kysely<DB>, userId: number): Promise<CartLine[]> {
  const rows = await cartLines(db, userId);
  return rows.map((r) => {
    const stock = Number(r.stock);
    // One line per variant and user: the line may hold the variant's stock, up to the cap.
    const maxQuantity = Math.max(0, Math.min(MAX_CART_LINE_QUANTITY, stock));
    return { ...r, offsetMm: r.offsetMm ?? null, stock, inStock: stock > 0, maxQuantity };
  });
}

export async function getCartSummary(db: Kysely<DB>, userId: number): Promise<CartSummary> {
  const lines = await listCartLines(db, userId);
  return {
    lines,
    totalQuantity: lines.reduce((n, l) => n + l.quantity, 0),
    totalPaise: lines.reduce((n, l) => n + l.pricePaise * l.quantity, 0),
  };
}

/** Descriptions of the products in the user's cart, by product id (the JSON API's cart answer has them). */
export async function cartProductDescriptions(
  db: Kysely<DB>,
  userId: number,
): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("cart_items as ci")
    .innerJoin("products as p", "p.id", "ci.product_id")
    .where("ci.user_id", "=", userId)
    .select(["p.id", "p.description"])
    .distinct()
    .execute();
  return new Map(rows.map((r) => [r.id, r.description]));
}

/** One line, only when it is the user's. */
export async function getCartLine(
  db: Kysely<DB>,
  userId: number,
  lineId: number,
): Promise<CartLine | null> {
  const lines = await listCartLines(db, userId);
  return lines.find((l) => l.id === lineId) ?? null;
}

/**
 * Adds `quantity` (already validated, 1 to 6) of a variant to the user's cart, merging with the
 * line of the same variant. The variant is chosen by size / colour id, or by labels (see
 * resolveVariant). One IMMEDIATE transaction: the stock read and the write cannot be interleaved
 * with another writer, so concurrent adds never lose a unit. The line is clamped to the cap and to
 * the variant's stock.
 */
export async function addToCart(
  db: Kysely<DB>,
  userId: number,
  input: {
    productId: number;
    quantity: number;
    size?: string | null;
    color?: string | null;
    sizeId?: number | null;
    colorId?: number | null;
  },
): Promise<AddResult> {
  return db.transaction().execute(async (trx): Promise<AddResult> => {
    const resolved = await resolveVariant(trx, input.productId, {
      sizeId: input.sizeId,
      colorId: input.colorId,
      sizeLabel: input.size,
      colorName: input.color,
    });
    if (!resolved) return { ok: false, reason: "not_found" };
    if (!resolved.ok) {
      return {
        ok: false,
        reason: "invalid_option",
        field: resolved.field,
        message: resolved.message,
        ambiguous: resolved.ambiguous,
      };
    }
    const variant = resolved.variant;
    if (variant.stock <= 0) return { ok: false, reason: "sold_out" };

    const before = await trx
      .selectFrom("cart_items")
      .where("user_id", "=", userId)
      .where("product_id", "=", variant.productId)
      .where(sql<boolean>`size_id is not distinct from ${variant.sizeId}`)
      .where(sql<boolean>`color_id is not distinct from ${variant.colorId}`)
      .select(["id", "quantity"])
      .executeTakeFirst();
    const had = before?.quantity ?? 0;
    const limit = Math.max(0, Math.min(MAX_CART_LINE_QUANTITY, variant.stock));
    if (had >= limit) return { ok: false, reason: "limit", max: limit };
    const quantity = Math.min(had + input.quantity, limit);
    const now = new Date().toISOString();
    const line = before
      ? await trx
          .updateTable("cart_items")
          .set({
            quantity,
            size_label: variant.sizeLabel,
            color_name: variant.colorName,
            updated_at: now,
          })
          .where("id", "=", before.id)
          .returning(["id", "quantity"])
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto("cart_items")
          .values({
            user_id: userId,
            product_id: variant.productId,
            size_id: variant.sizeId,
            color_id: variant.colorId,
            size_label: variant.sizeLabel,
            color_name: variant.colorName,
            quantity,
          })
          .returning(["id", "quantity"])
          .executeTakeFirstOrThrow();
    return { ok: true, lineId: line.id, quantity: line.quantity, added: line.quantity - had };
  });
}

/**
 * Sets a line's quantity (already validated, 1 to the cap). Lowering is always allowed; raising
 * only up to what can be sold. Someone else's line is not found.
 */
export async function updateCartLine(
  db: Kysely<DB>,
  userId: number,
  lineId: number,
  quantity: number,
): Promise<UpdateResult> {
  return db.transaction().execute(async (trx): Promise<UpdateResult> => {
    const line = await trx
      .selectFrom("cart_items")
      .where("id", "=", lineId)
      .where("user_id", "=", userId)
      .select(["id", "quantity", "product_id", "size_id", "color_id"])
      .executeTakeFirst();
    if (!line) return { ok: false, reason: "line_not_found" };
    if (quantity > line.quantity) {
      const stock = await variantStock(trx, {
        productId: line.product_id,
        sizeId: line.size_id,
        colorId: line.color_id,
      });
      const max = Math.max(0, Math.min(MAX_CART_LINE_QUANTITY, stock));
      if (quantity > max) return { ok: false, reason: "limit", quantity: line.quantity, max };
    }
    await trx
      .updateTable("cart_items")
      .set({ quantity, updated_at: new Date().toISOString() })
      .where("id", "=", line.id)
      .where("user_id", "=", userId)
      .execute();
    return { ok: true, lineId: line.id, quantity };
  });
}

/** Removes the user's lines among `lineIds` (others' are untouched); answers how many went. */
export async function removeCartLines(
  db: Kysely<DB>,
  userId: number,
  lineIds: number[],
): Promise<number> {
  if (lineIds.length === 0) return 0;
  const result = await db
    .deleteFrom("cart_items")
    .where("user_id", "=", userId)
    .where("id", "in", lineIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Takes what an order bought out of the cart it came from: each line loses the ordered units and
 * goes when none are left, so units added to a line after the order was made stay in the cart.
 */
export async function takeOrderedFromCart(
  db: Kysely<DB>,
  userId: number,
  lines: { cartItemId: number | null; quantity: number }[],
): Promise<void> {
  for (const { cartItemId, quantity } of lines) {
    if (cartItemId == null) continue;
    await db
      .deleteFrom("cart_items")
      .where("user_id", "=", userId)
      .where("id", "=", cartItemId)
      .where("quantity", "<=", quantity)
      .execute();
    await db
      .updateTable("cart_items")
      .set((eb) => ({ quantity: eb("quantity", "-", quantity) }))
      .where("user_id", "=", userId)
      .where("id", "=", cartItemId)
      .where("quantity", ">", quantity)
      .execute();
  }
}

/** A cart line as the JSON API shows it (the spec's cart item: id, quantity, product {...}). */
export function apiCartItem(line: CartLine, description = "") {
  return {
    id: line.id,
    quantity: line.quantity,
    wheelSize: line.sizeLabel || null,
    color: line.colorName || null,
    size: line.sizeId === null ? null : apiSize(line),
    colorId: line.colorId,
    maxQuantity: line.maxQuantity,
    product: {
      id: line.productId,
      slug: line.slug,
      title: line.title,
      brand: line.brand,
      image: imageUrl(line.image, 640),
      price: line.pricePaise,
      description,
      inStock: line.inStock,
    },
  };
}

/** One line of the user's cart as the JSON API shows it (with its product's description), or null. */
export async function getApiCartItem(db: Kysely<DB>, userId: number, lineId: number) {
  const line = await getCartLine(db, userId, lineId);
  if (!line) return null;
  const product = await db
    .selectFrom("products")
    .select("description")
    .where("id", "=", line.productId)
    .executeTakeFirst();
  return apiCartItem(line, product?.description ?? "");
}

/** A chosen size as the JSON API shows it. */
export function apiSize(v: {
  sizeId: number | null;
  sizeLabel: string;
  boltPattern: string;
  offsetMm: number | null;
  partNumber: string;
}) {
  return {
    id: v.sizeId,
    label: v.sizeLabel,
    boltPattern: v.boltPattern,
    offset: v.offsetMm,
    partNumber: v.partNumber,
  };
}
