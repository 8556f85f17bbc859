import type { Kysely } from "kysely";
import type { DB, OrderStatus } from "~/db/schema";
import { GatewayError, type PaymentGateway } from "~/payments/gateway";
import { resolveState, stateOfCode } from "~/utils/gst";
import { formatPaise } from "~/utils/money";
import { deliveryAddressFor } from "../address.server";
import { listCartLines, takeOrderedFromCart } from "../cart.server";
import { computeCharges, type PaymentMethod } from "../checkout-charges.server";
import { enqueueOrderEvent, whatsappEnabled } from "../outbox.server";
import { addressKey, retryText, takeAll, type Limit } from "../throttle.server";
import {
  reserveVariant,
  resolveVariant,
  variantStock,
  type VariantFailure,
} from "../variant-stock.server";
import {
  expireStaleOrders,
  failPendingOrder,
  releaseOlderPendingOrders,
  RESERVATION_MINUTES,
} from "./expiry.server";
import { endUnpaidOrder, nowIso, type OrderLine, type OrderRow, type Trx } from "./shared.server";

/**
 * Placing an order: created in one transaction from the cart (or one product, "Buy Now") with the
 * amount computed here, titles and prices copied into the items, the address copied into the order
 * and the stock reserved. An unpaid order gives its stock back when it fails or after
 * RESERVATION_MINUTES (expiry.server.ts).
 */

/** New orders per shopper, and per client address (many shoppers may share one behind a NAT). */
export const ORDER_RATE_PER_USER: Limit = { limit: 10, windowMs: 10 * 60_000 };
export const ORDER_RATE_PER_ADDRESS: Limit = { limit: 40, windowMs: 10 * 60_000 };

export type OrderSource =
  | { type: "cart" }
  | {
      type: "single";
      productId: number;
      quantity: number;
      sizeLabel: string;
      colorName: string;
      /** The variant by id (preferred over the labels). */
      sizeId?: number | null;
      colorId?: number | null;
    };

export type PlaceOrderInput = {
  userId: number;
  /** The chosen address; null takes the newest saved one (see deliveryAddressFor). */
  addressId: number | null;
  /** Carried in the Pay Now form (or the API's Idempotency-Key): one order per key and user. */
  idempotencyKey: string;
  source: OrderSource;
  /** The client's address, for the per-address order rate. */
  clientAddress?: string | null;
  /** The shopper ticked "send me order updates on WhatsApp" (stored with the time of consent). */
  whatsappOptIn?: boolean;
  now?: Date;
  /** "razorpay" (default) or "cod": cash on delivery, within the PIN's and the admin's limits. */
  paymentMethod?: PaymentMethod;
  /** A business buyer's GSTIN (already checked) and name, for input tax credit. */
  buyerGstin?: string | null;
  buyerBusinessName?: string | null;
  /**
   * The total the shopper was shown on the button they pressed: a new order with another total
   * (a price or a charge changed meanwhile) is refused, so no one pays an amount they did not see.
   */
  expectedAmountPaise?: number | null;
};

export type PlaceOrderFailure = {
  ok: false;
  code:
    | "address"
    | "empty"
    | "product"
    | "stock"
    | "gateway"
    | "throttled"
    | "delivery"
    | "cod"
    | "price"
    | "gstin"
    | "idempotency";
  message: string;
  /** HTTP status the API door answers with. */
  status: 400 | 409 | 422 | 429 | 502;
  /** For "throttled": when to try again. */
  retryAfterMs?: number;
  /** For "product": the product is sold but its size or colour choice was refused. */
  variant?: Pick<VariantFailure, "field" | "ambiguous">;
};

export type PlacedOrder = {
  id: number;
  userId: number;
  status: OrderStatus;
  amountPaise: number;
  razorpayOrderId: string | null;
  gateway: "razorpay" | "sandbox";
  shipFullName: string;
  shipPhone: string;
};

export type PlaceOrderResult =
  { ok: true; order: PlacedOrder; created: boolean } | PlaceOrderFailure;

function toPlaced(row: OrderRow): PlacedOrder {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status,
    amountPaise: row.amount_paise,
    razorpayOrderId: row.razorpay_order_id,
    gateway: row.gateway,
    shipFullName: row.ship_full_name,
    shipPhone: row.ship_phone,
  };
}

/** A line as the shopper chose it: "Method MR305 NV Wheel, 17x8.5, 6x139.7, Matte Black". */
const lineName = (item: ItemDraft) =>
  [item.title, item.sizeLabel, item.boltPattern, item.colorName].filter(Boolean).join(", ");

/** What to tell a shopper who asked for more than is left: how many there are. */
export function stockMessage(item: ItemDraft, left: number): string {
  return left <= 0
    ? `Sorry, ${lineName(item)} is sold out.`
    : `Sorry, only ${left} of ${lineName(item)} ${left === 1 ? "is" : "are"} left; you asked for ${item.quantity}.`;
}

class OutOfStock extends Error {
  constructor(
    readonly item: ItemDraft,
    readonly left: number,
  ) {
    super(`Not enough stock of ${lineName(item)}`);
  }
}

export type ItemDraft = OrderLine & { cartItemId: number | null };

const fail = (
  code: PlaceOrderFailure["code"],
  message: string,
  status: PlaceOrderFailure["status"] = 400,
) => ({ ok: false, code, message, status }) as const;

async function singleItem(
  db: Kysely<DB>,
  source: Extract<OrderSource, { type: "single" }>,
): Promise<ItemDraft | PlaceOrderFailure> {
  const product = await db
    .selectFrom("products as p")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .where("p.id", "=", source.productId)
    .where("p.hidden_at", "is", null)
    .select(["p.id", "p.title", "b.name as brand", "p.slug", "p.image", "p.price_paise"])
    .executeTakeFirst();
  if (!product) return fail("product", "This product is no longer sold.");
  const resolved = await resolveVariant(db, product.id, {
    sizeId: source.sizeId,
    colorId: source.colorId,
    sizeLabel: source.sizeLabel,
    colorName: source.colorName,
  });
  if (!resolved) return fail("product", "This product is no longer sold.");
  if (!resolved.ok) {
    const variant = { field: resolved.field, ambiguous: resolved.ambiguous };
    return { ...fail("product", `${resolved.message}.`), variant };
  }
  const v = resolved.variant;
  return {
    productId: product.id,
    cartItemId: null,
    title: product.title,
    brand: product.brand,
    slug: product.slug,
    image: product.image,
    unitPricePaise: product.price_paise,
    quantity: source.quantity,
    sizeLabel: v.sizeLabel,
    colorName: v.colorName,
    sizeId: v.sizeId,
    colorId: v.colorId,
    boltPattern: v.boltPattern,
    offsetMm: v.offsetMm,
    partNumber: v.partNumber,
  };
}

/**
 * Units of a line's variant this shopper can order now: the stock, and what their own unpaid
 * orders hold of it (Pay Now gives those back before it reserves: see releaseSameCheckout and
 * releaseOlderPendingOrders), so Back from the payment step does not read as sold out.
 */
export async function unitsLeftFor(db: Kysely<DB>, userId: number, item: ItemDraft) {
  const held = await db
    .selectFrom("order_items as i")
    .innerJoin("orders as o", "o.id", "i.order_id")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("i.quantity"), eb.lit(0)).as("n"))
    .where("o.user_id", "=", userId)
    .where("o.status", "=", "pending_payment")
    .where("i.product_id", "=", item.productId)
    .where((eb) =>
      item.sizeId === null ? eb("i.size_id", "is", null) : eb("i.size_id", "=", item.sizeId),
    )
    .where((eb) =>
      item.colorId === null ? eb("i.color_id", "is", null) : eb("i.color_id", "=", item.colorId),
    )
    .executeTakeFirstOrThrow();
  return (await variantStock(db, item)) + Number(held.n);
}

export type CheckoutPreview =
  | { ok: true; items: ItemDraft[]; totalPaise: number }
  | {
      ok: false;
      code: "empty" | "product";
      message: string;
      variant?: PlaceOrderFailure["variant"];
    };

/** What the summary step shows: the lines (cart or one product) at today's prices, and the total. */
export async function previewCheckout(
  db: Kysely<DB>,
  userId: number,
  source: OrderSource,
): Promise<CheckoutPreview> {
  let items: ItemDraft[];
  if (source.type === "cart") {
    items = (await listCartLines(db, userId)).map((l) => ({
      productId: l.productId,
      cartItemId: l.id,
      title: l.title,
      brand: l.brand,
      slug: l.slug,
      image: l.image,
      unitPricePaise: l.pricePaise,
      quantity: l.quantity,
      sizeLabel: l.sizeLabel,
      colorName: l.colorName,
      sizeId: l.sizeId,
      colorId: l.colorId,
      boltPattern: l.boltPattern,
      offsetMm: l.offsetMm,
      partNumber: l.partNumber,
    }));
    if (items.length === 0) return { ok: false, code: "empty", message: "Your cart is empty." };
  } else {
    const item = await singleItem(db, source);
    if ("ok" in item)
      return { ok: false, code: "product", message: item.message, variant: item.variant };
    items = [item];
  }
  return {
    ok: true,
    items,
    totalPaise: items.reduce((sum, i) => sum + i.unitPricePaise * i.quantity, 0),
  };
}

/**
 * The shopper's WhatsApp consent, kept only while the shop sends WhatsApp updates: the checkout
 * offers it only then, and the API's clients may send it anyway.
 */
const optedIn = (input: PlaceOrderInput) => Boolean(input.whatsappOptIn) && whatsappEnabled();

/** Whether the order an idempotency key made is the one `input` asks for (a retry of it). */
async function sameRequest(trx: Trx, order: OrderRow, input: PlaceOrderInput): Promise<boolean> {
  if (order.checkout_type !== input.source.type) return false;
  if (order.payment_method !== (input.paymentMethod ?? "razorpay")) return false;
  if (input.addressId !== null && order.address_id !== input.addressId) return false;
  // The WhatsApp consent and the invoice's buyer are the shopper's choice too.
  if ((order.whatsapp_opt_in_at !== null) !== optedIn(input)) return false;
  if ((order.buyer_gstin ?? null) !== (input.buyerGstin ?? null)) return false;
  const source = input.source;
  if (source.type === "cart") return true;
  const items = await trx
    .selectFrom("order_items")
    .select(["product_id", "quantity", "size_id", "color_id"])
    .where("order_id", "=", order.id)
    .execute();
  const [item] = items;
  return (
    items.length === 1 &&
    item.product_id === source.productId &&
    item.quantity === source.quantity &&
    (source.sizeId == null || item.size_id === source.sizeId) &&
    (source.colorId == null || item.color_id === source.colorId)
  );
}

type DeliveryAddress = NonNullable<Awaited<ReturnType<typeof deliveryAddressFor>>>;

/**
 * Why a buyer's GSTIN cannot go on this order, or null. The place of supply is the delivery
 * state, and a business claims the tax credit only under its registration in that state.
 */
function gstinStateProblem(gstin: string, address: DeliveryAddress): string | null {
  const registered = stateOfCode(gstin.slice(0, 2));
  const delivery = resolveState(address.state);
  if (!registered || !delivery || registered === delivery.name) return null;
  return `This GSTIN is registered in ${registered}, but the order goes to ${delivery.name}. Enter the GSTIN of your business in ${delivery.name}, or leave it empty.`;
}

/** An order line's identity for comparing two orders' lines: product, variant and quantity. */
function lineKey(l: {
  productId: number;
  sizeId: number | null;
  colorId: number | null;
  quantity: number;
}) {
  return `${l.productId}:${l.sizeId ?? ""}:${l.colorId ?? ""}:${l.quantity}`;
}

/**
 * The shopper's unpaid online order for exactly these lines, total, delivery address (as it reads
 * now), buyer details and WhatsApp choice, still holding its stock: a second Pay Now for the same
 * cart (Back, then Pay Now again; two tabs; a retry while the first is still reaching the gateway)
 * pays that order instead of making another one that could be paid as well.
 */
async function openOrderFor(
  trx: Trx,
  input: PlaceOrderInput,
  address: DeliveryAddress,
  items: ItemDraft[],
  amountPaise: number,
  now: Date,
): Promise<OrderRow | null> {
  const candidates = await trx
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", input.userId)
    .where("status", "=", "pending_payment")
    .where("stock_reserved", "=", 1)
    .where("payment_method", "=", "razorpay")
    .where("checkout_type", "=", input.source.type)
    .where("address_id", "=", address.id)
    .where("amount_paise", "=", amountPaise)
    .where("reserved_until", ">", nowIso(now))
    .orderBy("id", "desc")
    .execute();
  const wanted = items.map(lineKey).sort().join(",");
  const gstin = input.buyerGstin ?? null;
  for (const order of candidates) {
    const sameDetails =
      order.ship_full_name === address.fullName &&
      order.ship_phone === address.phone &&
      order.ship_address1 === address.address1 &&
      order.ship_address2 === address.address2 &&
      order.ship_city === address.city &&
      order.ship_state === address.state &&
      order.ship_postal_code === address.postalCode &&
      order.ship_country === address.country &&
      (order.buyer_gstin ?? null) === gstin &&
      (order.buyer_business_name ?? null) === (gstin ? (input.buyerBusinessName ?? null) : null) &&
      (order.whatsapp_opt_in_at !== null) === optedIn(input);
    if (!sameDetails) continue;
    const lines = await trx
      .selectFrom("order_items")
      .select(["product_id as productId", "size_id as sizeId", "color_id as colorId", "quantity"])
      .where("order_id", "=", order.id)
      .execute();
    if (lines.map(lineKey).sort().join(",") === wanted) return order;
  }
  return null;
}

/**
 * The shopper's unpaid online orders of the same checkout: from the cart for a cart order, for
 * the same product for Buy Now. A new order takes their place: the pending ones give their stock
 * back now (so a change of mind, to cash on delivery or another address, is never refused for
 * stock the shopper's own abandoned attempt holds), and all are marked replaced once the new
 * order exists, so that a payment still arriving for one of them is refunded rather than made a
 * second sale (see latePaymentFor in payment.server.ts).
 */
async function releaseSameCheckout(trx: Trx, input: PlaceOrderInput, now: Date): Promise<number[]> {
  let query = trx
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", input.userId)
    .where("payment_method", "=", "razorpay")
    .where("status", "in", ["pending_payment", "failed", "expired"])
    .where("replaced_by_order_id", "is", null)
    .where("checkout_type", "=", input.source.type);
  const source = input.source;
  if (source.type === "single") {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("order_items as oi")
          .select("oi.id")
          .whereRef("oi.order_id", "=", "orders.id")
          .where("oi.product_id", "=", source.productId),
      ),
    );
  }
  const orders = await query.execute();
  for (const order of orders) {
    if (order.status === "pending_payment") {
      await endUnpaidOrder(trx, order, "expired", "system", {
        note: "replaced by a newer checkout",
        now,
      });
    }
  }
  return orders.map((o) => o.id);
}

/**
 * The database half of Pay Now, one IMMEDIATE transaction: reuse the order of this idempotency key,
 * or read the lines, take the stock with guarded updates (the last units cannot be sold twice),
 * and write the order, its items and its first history row. Nothing is written when it fails.
 */
export async function reserveOrder(
  db: Kysely<DB>,
  input: PlaceOrderInput & { gateway: "razorpay" | "sandbox" },
): Promise<PlaceOrderResult> {
  const now = input.now ?? new Date();
  try {
    return await db.transaction().execute(async (trx): Promise<PlaceOrderResult> => {
      const existing = await trx
        .selectFrom("orders")
        .selectAll()
        .where("user_id", "=", input.userId)
        .where("idempotency_key", "=", input.idempotencyKey)
        .executeTakeFirst();
      if (existing) {
        // A retry answers the order it made; the same key with other choices is another request.
        if (!(await sameRequest(trx, existing, input)))
          return fail(
            "idempotency",
            "This checkout was already used for a different order. Check your order and try again.",
            422,
          );
        return { ok: true, order: toPlaced(existing), created: false };
      }

      const address = await deliveryAddressFor(trx, input.userId, input.addressId);
      if (!address) return fail("address", "Please select a delivery address first.");
      const gstinProblem = input.buyerGstin ? gstinStateProblem(input.buyerGstin, address) : null;
      if (gstinProblem) return fail("gstin", gstinProblem);

      const preview = await previewCheckout(trx, input.userId, input.source);
      if (!preview.ok) return { ...fail(preview.code, preview.message), variant: preview.variant };
      const items = preview.items;
      const paymentMethod = input.paymentMethod ?? "razorpay";
      const charged = await computeCharges(trx, {
        lines: items,
        postalCode: address.postalCode,
        paymentMethod,
        now,
      });
      if (!charged.ok) return fail(charged.code, charged.message);
      const { charges } = charged;
      const amountPaise = charges.totalPaise;
      if (amountPaise <= 0) return fail("product", "The order total must be above zero.");
      if (input.expectedAmountPaise != null && input.expectedAmountPaise !== amountPaise) {
        return fail(
          "price",
          `The total is now ${formatPaise(amountPaise)}: a price or a charge has changed. Check your order and pay again.`,
          409,
        );
      }
      if (paymentMethod === "razorpay") {
        const open = await openOrderFor(trx, input, address, items, amountPaise, now);
        if (open) return { ok: true, order: toPlaced(open), created: false };
      }
      // Only a request that would make an order counts: refused input does not use up the limit.
      const checks = [
        { bucket: "order-user", key: String(input.userId), rule: ORDER_RATE_PER_USER },
      ];
      const from = addressKey(input.clientAddress);
      if (from) checks.push({ bucket: "order-address", key: from, rule: ORDER_RATE_PER_ADDRESS });
      const allowed = await takeAll(trx, checks, now);
      if (!allowed.ok) {
        return {
          ...fail(
            "throttled",
            `Too many orders in a short time. Try again in ${retryText(allowed.retryAfterMs)}.`,
            429,
          ),
          retryAfterMs: allowed.retryAfterMs,
        };
      }

      const cod = paymentMethod === "cod";

      // From here on a failure throws, so the transaction rolls back every write.
      const replaced = await releaseSameCheckout(trx, input, now);
      for (const item of items) {
        if (!(await reserveVariant(trx, item, item.quantity))) {
          throw new OutOfStock(item, await variantStock(trx, item));
        }
      }

      const order = await trx
        .insertInto("orders")
        .values({
          user_id: input.userId,
          checkout_type: input.source.type,
          amount_paise: amountPaise,
          address_id: address.id,
          ship_full_name: address.fullName,
          ship_phone: address.phone,
          ship_address1: address.address1,
          ship_address2: address.address2,
          ship_city: address.city,
          ship_state: address.state,
          ship_postal_code: address.postalCode,
          ship_country: address.country,
          idempotency_key: input.idempotencyKey,
          gateway: input.gateway,
          reserved_until: nowIso(new Date(now.getTime() + RESERVATION_MINUTES * 60_000)),
          whatsapp_opt_in_at: optedIn(input) ? nowIso(now) : null,
          created_at: nowIso(now),
          updated_at: nowIso(now),
          // Cash on delivery: the stock is the order's until it is cancelled; nothing expires.
          ...(cod
            ? { status: "placed" as const, stock_reserved: 0, reserved_until: nowIso(now) }
            : {}),
          payment_method: paymentMethod,
          shipping_paise: charges.shippingPaise,
          cod_fee_paise: charges.codFeePaise,
          ship_district: charges.delivery.district,
          buyer_gstin: input.buyerGstin ?? null,
          buyer_business_name: input.buyerGstin ? (input.buyerBusinessName ?? null) : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_items")
        .values(
          items.map((i) => ({
            order_id: order.id,
            product_id: i.productId,
            cart_item_id: i.cartItemId,
            title: i.title,
            brand: i.brand,
            slug: i.slug,
            image: i.image,
            unit_price_paise: i.unitPricePaise,
            quantity: i.quantity,
            size_label: i.sizeLabel,
            color_name: i.colorName,
            size_id: i.sizeId,
            color_id: i.colorId,
            bolt_pattern: i.boltPattern,
            offset_mm: i.offsetMm,
            part_number: i.partNumber,
            hsn_code: charges.taxes[items.indexOf(i)].hsnCode,
            gst_rate_bp: charges.taxes[items.indexOf(i)].rateBp,
            weight_grams: charges.taxes[items.indexOf(i)].weightGrams,
          })),
        )
        .execute();
      await trx
        .insertInto("order_status_history")
        .values({
          order_id: order.id,
          from_status: null,
          to_status: order.status,
          by: `user:${input.userId}`,
          at: nowIso(now),
        })
        .execute();
      if (replaced.length > 0) {
        await trx
          .updateTable("orders")
          .set({ replaced_by_order_id: order.id })
          .where("id", "in", replaced)
          .execute();
      }
      if (cod && order.checkout_type === "cart") {
        await takeOrderedFromCart(trx, input.userId, items);
      }
      // A cash-on-delivery order is placed now: the shopper's confirmation and the admins' notice.
      if (cod) await enqueueOrderEvent(trx, order.id, "placed", now);
      await releaseOlderPendingOrders(trx, input.userId, now);
      return { ok: true, order: toPlaced(order), created: true };
    });
  } catch (error) {
    if (error instanceof OutOfStock)
      return fail("stock", stockMessage(error.item, error.left), 409);
    throw error;
  }
}

/**
 * Pay Now: expires stale orders, reserves the order (or finds the one of this idempotency key),
 * then makes sure it has the provider's order. A provider failure fails the order and gives the
 * stock back. Calling it again with the same key answers the same order.
 */
export async function placeOrder(
  db: Kysely<DB>,
  gateway: PaymentGateway,
  input: PlaceOrderInput,
): Promise<PlaceOrderResult> {
  await expireStaleOrders(db, input.now);
  const reserved = await reserveOrder(db, { ...input, gateway: gateway.kind });
  if (!reserved.ok) return reserved;
  const order = reserved.order;
  if (order.razorpayOrderId || order.status !== "pending_payment") return reserved;

  let gatewayOrderId: string;
  try {
    const created = await gateway.createOrder({
      amountPaise: order.amountPaise,
      receipt: String(order.id),
      notes: { orderId: String(order.id) },
    });
    gatewayOrderId = created.id;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    console.error(`[checkout] order ${order.id}: ${error.message}`);
    await failPendingOrder(db, order.id, {
      by: "system",
      note: "payment initiation failed",
      onlyWithoutGatewayOrder: true,
    });
    return fail("gateway", "Payment initiation failed.", 502);
  }
  // A concurrent retry of the same key may have attached its own provider order first: keep that one.
  await db
    .updateTable("orders")
    .set({ razorpay_order_id: gatewayOrderId, updated_at: nowIso() })
    .where("id", "=", order.id)
    .where("razorpay_order_id", "is", null)
    .where("status", "=", "pending_payment")
    .execute();
  const row = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  if (!row.razorpay_order_id) return fail("gateway", "Payment initiation failed.", 502);
  return { ok: true, order: toPlaced(row), created: reserved.created };
}
