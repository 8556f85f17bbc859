import { sql, type Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { imageUrl } from "~/utils/images";
import { MAX_CART_LINE_QUANTITY } from "~/utils/validation";

/**
 * The cart: one row per (user, product, size label, colour name), '' for no size or colour.
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
  /** '' when the product has no sizes. */
  sizeLabel: string;
  /** '' when the product has no colours. */
  colorName: string;
  /** False when the product is sold out or no longer sold. */
  inStock: boolean;
  /** Units the shop can sell now (0 when the product is no longer sold). */
  stock: number;
  /** Most this line may hold: the cap, and the stock less the user's other lines of the product. */
  maxQuantity: number;
};

export type CartSummary = { lines: CartLine[]; totalQuantity: number; totalPaise: number };

/** Why an add or a change was refused. */
export type CartFailure =
  /** Unknown or removed product (shown as Sold Out). */
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "sold_out" }
  /** The product has sizes (or colours) and the one asked for is not among them. */
  | { ok: false; reason: "invalid_option"; field: "size" | "color"; message: string }
  /** Nothing more can be added: the line is at the cap or at the stock. */
  | { ok: false; reason: "limit"; max: number };

export type AddResult = { ok: true; lineId: number; quantity: number; added: number } | CartFailure;

export type UpdateResult =
  | { ok: true; lineId: number; quantity: number }
  | { ok: false; reason: "line_not_found" }
  /** More than can be sold; `quantity` is the line's true quantity, `max` what is allowed. */
  | { ok: false; reason: "limit"; quantity: number; max: number };

export async function countCartQuantity(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("cart_items")
    .where("user_id", "=", userId)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("quantity"), eb.lit(0)).as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The user's cart lines, oldest first, with each product's current price and stock. */
export async function listCartLines(db: Kysely<DB>, userId: number): Promise<CartLine[]> {
  const rows = await db
    .selectFrom("cart_items as ci")
    .innerJoin("products as p", "p.id", "ci.product_id")
    .innerJoin("brands as b", "b.id", "p.brand_id")
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
      "ci.size_label as sizeLabel",
      "ci.color_name as colorName",
      sql<number>`case when p.hidden_at is null then p.stock else 0 end`.as("stock"),
    ])
    .orderBy("ci.id")
    .execute();
  return rows.map((r) => {
    const stock = Number(r.stock);
    const others = rows.filter((o) => o.productId === r.productId && o.id !== r.id).reduce((n, o) => n + o.quantity, 0);
    const maxQuantity = Math.max(0, Math.min(MAX_CART_LINE_QUANTITY, stock - others));
    return { ...r, stock, inStock: stock > 0, maxQuantity };
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
export async function cartProductDescriptions(db: Kysely<DB>, userId: number): Promise<Map<number, string>> {
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
export async function getCartLine(db: Kysely<DB>, userId: number, lineId: number): Promise<CartLine | null> {
  const lines = await listCartLines(db, userId);
  return lines.find((l) => l.id === lineId) ?? null;
}

/** Units of a product the user may still hold in one line: stock less the user's other lines of it. */
async function lineLimit(
  trx: Kysely<DB>,
  userId: number,
  productId: number,
  stock: number,
  exceptLineId: number | null,
): Promise<number> {
  let others = trx
    .selectFrom("cart_items")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId);
  if (exceptLineId !== null) others = others.where("id", "!=", exceptLineId);
  const row = await others
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("quantity"), eb.lit(0)).as("n"))
    .executeTakeFirst();
  return Math.max(0, Math.min(MAX_CART_LINE_QUANTITY, stock - Number(row?.n ?? 0)));
}

/**
 * Adds `quantity` (already validated, 1 to 6) of a product to the user's cart, merging with the
 * same product, size and colour. One IMMEDIATE transaction: the stock read and the upsert cannot
 * be interleaved with another writer, so concurrent adds never lose a unit. The line is clamped
 * to the cap and to the stock.
 */
export async function addToCart(
  db: Kysely<DB>,
  userId: number,
  input: { productId: number; quantity: number; size?: string | null; color?: string | null },
): Promise<AddResult> {
  const size = (input.size ?? "").trim();
  const color = (input.color ?? "").trim();
  return db.transaction().execute(async (trx): Promise<AddResult> => {
    const product = await trx
      .selectFrom("products")
      .where("id", "=", input.productId)
      .where("hidden_at", "is", null)
      .select(["id", "stock"])
      .executeTakeFirst();
    if (!product) return { ok: false, reason: "not_found" };
    if (product.stock <= 0) return { ok: false, reason: "sold_out" };

    const sizes = await trx
      .selectFrom("product_sizes")
      .where("product_id", "=", product.id)
      .select("label")
      .execute();
    if (sizes.length > 0 && !sizes.some((s) => s.label === size)) {
      return { ok: false, reason: "invalid_option", field: "size", message: size ? "Choose one of the sizes shown" : "Choose a size" };
    }
    if (sizes.length === 0 && size) {
      return { ok: false, reason: "invalid_option", field: "size", message: "This product has no sizes" };
    }
    if (color) {
      const known = await trx
        .selectFrom("product_colors")
        .where("product_id", "=", product.id)
        .where("name", "=", color)
        .select("id")
        .executeTakeFirst();
      if (!known) return { ok: false, reason: "invalid_option", field: "color", message: "Choose one of the colours shown" };
    }

    const before = await trx
      .selectFrom("cart_items")
      .where("user_id", "=", userId)
      .where("product_id", "=", product.id)
      .where("size_label", "=", size)
      .where("color_name", "=", color)
      .select(["id", "quantity"])
      .executeTakeFirst();
    const had = before?.quantity ?? 0;
    const limit = await lineLimit(trx, userId, product.id, product.stock, before?.id ?? null);
    if (had >= limit) return { ok: false, reason: "limit", max: limit };

    const line = await trx
      .insertInto("cart_items")
      .values({
        user_id: userId,
        product_id: product.id,
        size_label: size,
        color_name: color,
        quantity: Math.min(input.quantity, limit),
      })
      .onConflict((oc) =>
        oc.columns(["user_id", "product_id", "size_label", "color_name"]).doUpdateSet({
          quantity: sql<number>`min(cart_items.quantity + excluded.quantity, ${limit})`,
          updated_at: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
        }),
      )
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
      .selectFrom("cart_items as ci")
      .innerJoin("products as p", "p.id", "ci.product_id")
      .where("ci.id", "=", lineId)
      .where("ci.user_id", "=", userId)
      .select([
        "ci.id",
        "ci.quantity",
        "ci.product_id as productId",
        sql<number>`case when p.hidden_at is null then p.stock else 0 end`.as("stock"),
      ])
      .executeTakeFirst();
    if (!line) return { ok: false, reason: "line_not_found" };
    if (quantity > line.quantity) {
      const max = await lineLimit(trx, userId, line.productId, Number(line.stock), line.id);
      if (quantity > max) return { ok: false, reason: "limit", quantity: line.quantity, max };
    }
    await trx
      .updateTable("cart_items")
      .set({ quantity, updated_at: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ','now')` })
      .where("id", "=", line.id)
      .where("user_id", "=", userId)
      .execute();
    return { ok: true, lineId: line.id, quantity };
  });
}

/** Removes the user's lines among `lineIds` (others' are untouched); answers how many went. */
export async function removeCartLines(db: Kysely<DB>, userId: number, lineIds: number[]): Promise<number> {
  if (lineIds.length === 0) return 0;
  const result = await db
    .deleteFrom("cart_items")
    .where("user_id", "=", userId)
    .where("id", "in", lineIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A cart line as the JSON API shows it (the spec's cart item: id, quantity, product {...}). */
export function apiCartItem(line: CartLine, description = "") {
  return {
    id: line.id,
    quantity: line.quantity,
    wheelSize: line.sizeLabel || null,
    color: line.colorName || null,
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
