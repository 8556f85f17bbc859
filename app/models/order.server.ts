import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, OrderStatus, OrdersTable } from "~/db/schema";
import { GatewayError, type PaymentGateway } from "~/payments/gateway";
import { checkPaymentSignature } from "~/payments/signature.server";
import { imageUrl } from "~/utils/images";
import { deliveryAddressFor, type Address } from "./address.server";
import { listCartLines, removeCartLines } from "./cart.server";
import { addressKey, retryText, takeAll, type Limit } from "./throttle.server";
import { enqueueOrderEvent } from "./outbox.server";
import { computeCharges, type PaymentMethod } from "./checkout-charges.server";
import { issueCreditNote, issueInvoice } from "./invoice.server";
import { byVariant, releaseVariant, reserveVariant, resolveVariant } from "./variant-stock.server";

/**
 * Orders: created in one transaction from the cart (or one product, "Buy Now") with the amount
 * computed here, titles and prices copied into the items, the address copied into the order and
 * the stock reserved. An unpaid order gives its stock back when it fails or after 30 minutes.
 *
 *   pending_payment -> paid -> shipped -> delivered
 *   pending_payment -> failed | expired
 *   paid -> cancelled | refunded, shipped -> refunded, delivered -> refunded, cancelled -> refunded (admin)
 *   failed | expired -> paid only when a payment arrives late and the stock can be taken again
 *
 * Cash on delivery orders hold their stock without expiry and never wait for an online payment:
 *   placed -> confirmed -> shipped -> delivered (invoiced), then cash collected (paid_at set);
 *   placed | confirmed -> cancelled (stock returns)
 * An invoiced order that is cancelled or refunded gets a credit note.
 *
 * Every change is guarded by the status it starts from and written to order_status_history.
 */

export const RESERVATION_MINUTES = 30;
/** Unpaid online orders that may hold stock at once per shopper; a newer one releases the oldest. */
export const MAX_PENDING_ORDERS = 2;
/** New orders per shopper, and per client address (many shoppers may share one behind a NAT). */
export const ORDER_RATE_PER_USER: Limit = { limit: 10, windowMs: 10 * 60_000 };
export const ORDER_RATE_PER_ADDRESS: Limit = { limit: 40, windowMs: 10 * 60_000 };
export const ADMIN_PAGE_SIZE = 20;

export const ORDER_STATUSES: OrderStatus[] = [
  "pending_payment",
  "paid",
  "shipped",
  "delivered",
  "failed",
  "expired",
  "cancelled",
  "refunded",
  "placed",
  "confirmed",
];

/** Statuses an order has after it was paid for (or, cash on delivery, ordered). */
export const PAID_STATUSES: OrderStatus[] = [
  "paid",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "placed",
  "confirmed",
];

/** What an admin may move an order to, from each status. */
export const ADMIN_TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  pending_payment: [],
  paid: ["shipped", "cancelled", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: ["refunded"],
  failed: [],
  expired: [],
  refunded: [],
  placed: ["confirmed", "cancelled"],
  confirmed: ["shipped", "cancelled"],
};

/** Moving there gives the order's units back to the stock (nothing has left the warehouse). */
const RESTOCK_ON: Partial<Record<OrderStatus, OrderStatus[]>> = {
  paid: ["cancelled", "refunded"],
  placed: ["cancelled"],
  confirmed: ["cancelled"],
};

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Pending",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  failed: "Payment failed",
  expired: "Expired",
  cancelled: "Cancelled",
  refunded: "Refunded",
  placed: "Placed (cash on delivery)",
  confirmed: "Confirmed",
};

type OrderRow = Selectable<OrdersTable>;

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
};

export type PlaceOrderFailure = {
  ok: false;
  code: "address" | "empty" | "product" | "stock" | "gateway" | "throttled" | "delivery" | "cod";
  message: string;
  /** HTTP status the API door answers with. */
  status: 400 | 409 | 429 | 502;
  /** For "throttled": when to try again. */
  retryAfterMs?: number;
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

const nowIso = (now: Date = new Date()) => now.toISOString();

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

class OutOfStock extends Error {
  constructor(readonly title: string) {
    super(`Not enough stock of ${title}`);
  }
}

export type ItemDraft = {
  productId: number;
  cartItemId: number | null;
  title: string;
  brand: string;
  slug: string;
  image: string | null;
  unitPricePaise: number;
  quantity: number;
  sizeLabel: string;
  colorName: string;
  sizeId: number | null;
  colorId: number | null;
  boltPattern: string;
  offsetMm: number | null;
  partNumber: string;
};

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
  if (!resolved.ok) return fail("product", `${resolved.message}.`);
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

export type CheckoutPreview =
  | { ok: true; items: ItemDraft[]; totalPaise: number }
  | { ok: false; code: "empty" | "product"; message: string };

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
    if ("ok" in item) return { ok: false, code: "product", message: item.message };
    items = [item];
  }
  return {
    ok: true,
    items,
    totalPaise: items.reduce((sum, i) => sum + i.unitPricePaise * i.quantity, 0),
  };
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
      if (existing) return { ok: true, order: toPlaced(existing), created: false };

      const checks = [{ bucket: "order-user", key: String(input.userId), rule: ORDER_RATE_PER_USER }];
      const from = addressKey(input.clientAddress);
      if (from) checks.push({ bucket: "order-address", key: from, rule: ORDER_RATE_PER_ADDRESS });
      const allowed = await takeAll(trx, checks, now);
      if (!allowed.ok) {
        return {
          ...fail("throttled", `Too many orders in a short time. Try again in ${retryText(allowed.retryAfterMs)}.`, 429),
          retryAfterMs: allowed.retryAfterMs,
        };
      }

      const address = await deliveryAddressFor(trx, input.userId, input.addressId);
      if (!address) return fail("address", "Please select a delivery address first.");

      const preview = await previewCheckout(trx, input.userId, input.source);
      if (!preview.ok) return fail(preview.code, preview.message);
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
      const cod = paymentMethod === "cod";

      // From here on a failure throws, so the transaction rolls back every write.
      for (const item of items) {
        if (!(await reserveVariant(trx, item, item.quantity))) {
          throw new OutOfStock([item.title, item.sizeLabel, item.boltPattern, item.colorName].filter(Boolean).join(", "));
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
          whatsapp_opt_in_at: input.whatsappOptIn ? nowIso(now) : null,
          created_at: nowIso(now),
          updated_at: nowIso(now),
          // Cash on delivery: the stock is the order's until it is cancelled; nothing expires.
          ...(cod ? { status: "placed" as const, stock_reserved: 0, reserved_until: nowIso(now) } : {}),
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
      if (cod && order.checkout_type === "cart") {
        await removeCartLines(
          trx,
          input.userId,
          items.map((i) => i.cartItemId).filter((id): id is number => id != null),
        );
      }
      // A cash-on-delivery order is placed now: the shopper's confirmation and the admins' notice.
      if (cod) await enqueueOrderEvent(trx, order.id, "placed", now);
      await releaseOlderPendingOrders(trx, input.userId, now);
      return { ok: true, order: toPlaced(order), created: true };
    });
  } catch (error) {
    if (error instanceof OutOfStock) {
      return fail(
        "stock",
        `Sorry, ${error.title} is sold out or has fewer units left than you asked for.`,
        409,
      );
    }
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

type Trx = Kysely<DB>;

/** Moves an order from the status it was read with; false when someone else moved it first. */
async function moveStatus(
  trx: Trx,
  order: Pick<OrderRow, "id" | "status">,
  to: OrderStatus,
  by: string,
  options: {
    note?: string | null;
    set?: Partial<Omit<OrderRow, "id" | "status">>;
    now?: Date;
  } = {},
): Promise<boolean> {
  const at = nowIso(options.now);
  const result = await trx
    .updateTable("orders")
    .set({ ...options.set, status: to, updated_at: at })
    .where("id", "=", order.id)
    .where("status", "=", order.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto("order_status_history")
    .values({
      order_id: order.id,
      from_status: order.status,
      to_status: to,
      by,
      note: options.note ?? null,
      at,
    })
    .execute();
  return true;
}

async function orderItems(trx: Trx, orderId: number) {
  return trx
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}

const variantLines = (items: Awaited<ReturnType<typeof orderItems>>) =>
  byVariant(items.map((i) => ({ productId: i.product_id, sizeId: i.size_id, colorId: i.color_id, quantity: i.quantity })));

/** Gives an order's units back to the stock of their variants. */
async function restock(trx: Trx, orderId: number) {
  for (const line of variantLines(await orderItems(trx, orderId))) await releaseVariant(trx, line, line.quantity);
}

/** Takes an order's units from the stock again (a late payment); false (nothing taken) when they are gone. */
async function retakeStock(trx: Trx, orderId: number): Promise<boolean> {
  const lines = variantLines(await orderItems(trx, orderId));
  const taken: typeof lines = [];
  for (const line of lines) {
    if (!(await reserveVariant(trx, line, line.quantity))) {
      for (const t of taken) await releaseVariant(trx, t, t.quantity);
      return false;
    }
    taken.push(line);
  }
  return true;
}

/** pending_payment -> failed, giving the stock back. */
export async function failPendingOrder(
  db: Kysely<DB>,
  orderId: number,
  options: { by: string; note?: string; onlyWithoutGatewayOrder?: boolean },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .where("status", "=", "pending_payment");
    if (options.onlyWithoutGatewayOrder) query = query.where("razorpay_order_id", "is", null);
    const order = await query.executeTakeFirst();
    if (!order) return false;
    const moved = await moveStatus(trx, order, "failed", options.by, {
      note: options.note,
      set: { stock_reserved: 0 },
    });
    if (moved && order.stock_reserved) await restock(trx, order.id);
    return moved;
  });
}

/**
 * Keeps at most MAX_PENDING_ORDERS unpaid orders of a shopper holding stock: older ones expire and
 * give their units back (a payment that still arrives for one is honoured, as for any late payment).
 */
async function releaseOlderPendingOrders(trx: Trx, userId: number, now: Date) {
  const pending = await trx
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "=", "pending_payment")
    .where("stock_reserved", "=", 1)
    .orderBy("id", "desc")
    .execute();
  for (const order of pending.slice(MAX_PENDING_ORDERS)) {
    const moved = await moveStatus(trx, order, "expired", "system", {
      note: "released by a newer order",
      set: { stock_reserved: 0 },
      now,
    });
    if (moved) await restock(trx, order.id);
  }
}

/** Unpaid orders past their reservation become expired and give their stock back. Answers how many. */
export async function expireStaleOrders(db: Kysely<DB>, now: Date = new Date()): Promise<number> {
  const due = await db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "pending_payment")
    .where("reserved_until", "<=", nowIso(now))
    .limit(500)
    .execute();
  if (due.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    let count = 0;
    for (const { id } of due) {
      const order = await trx
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", id)
        .where("status", "=", "pending_payment")
        .executeTakeFirst();
      if (!order) continue;
      if (
        await moveStatus(trx, order, "expired", "system", {
          note: "reservation lapsed",
          set: { stock_reserved: 0 },
          now,
        })
      ) {
        if (order.stock_reserved) await restock(trx, order.id);
        count++;
      }
    }
    return count;
  });
}

export type PaymentOutcome =
  | { ok: true; orderId: number; userId: number; status: OrderStatus; changed: boolean }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "amount_mismatch"; orderId: number; userId: number };

async function findByGatewayOrder(trx: Trx, razorpayOrderId: string, receipt?: string | null) {
  const order = await trx
    .selectFrom("orders")
    .selectAll()
    .where("razorpay_order_id", "=", razorpayOrderId)
    .executeTakeFirst();
  if (order || !receipt || !/^\d+$/.test(receipt)) return order ?? null;
  // The process stopped between creating the provider's order and storing its id: a signed
  // webhook names our order in `receipt`, so adopt the id.
  const adopted = await trx
    .updateTable("orders")
    .set({ razorpay_order_id: razorpayOrderId })
    .where("id", "=", Number(receipt))
    .where("razorpay_order_id", "is", null)
    .returningAll()
    .executeTakeFirst();
  return adopted ?? null;
}

/**
 * A verified successful payment (callback, verify-payment or webhook). Marks the order paid once,
 * empties the ordered lines from the cart, and records the payment. When `amountPaise` is known
 * (webhooks) and differs from the order's total, the payment is flagged and the order stays unpaid.
 * Safe to call any number of times, in any order with the other events.
 */
export async function recordSuccessfulPayment(
  db: Kysely<DB>,
  input: {
    razorpayOrderId: string;
    razorpayPaymentId: string;
    amountPaise?: number | null;
    source: string;
    receipt?: string | null;
    now?: Date;
  },
): Promise<PaymentOutcome> {
  return db.transaction().execute((trx) => recordSuccessfulPaymentIn(trx, input));
}

type SuccessInput = Parameters<typeof recordSuccessfulPayment>[1];

async function recordSuccessfulPaymentIn(trx: Trx, input: SuccessInput): Promise<PaymentOutcome> {
  const at = nowIso(input.now);
  const order = await findByGatewayOrder(trx, input.razorpayOrderId, input.receipt);
  if (!order) return { ok: false, reason: "not_found" };

  if (input.amountPaise != null && input.amountPaise !== order.amount_paise) {
    await trx
      .insertInto("payments")
      .values({
        order_id: order.id,
        razorpay_payment_id: input.razorpayPaymentId,
        status: "mismatch",
        amount_paise: input.amountPaise,
        source: input.source,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column("razorpay_payment_id").doNothing())
      .execute();
    await trx
      .updateTable("orders")
      .set({
        attention: `Payment ${input.razorpayPaymentId} of ${input.amountPaise} paise differs from the total of ${order.amount_paise} paise`,
        updated_at: at,
      })
      .where("id", "=", order.id)
      .execute();
    return { ok: false, reason: "amount_mismatch", orderId: order.id, userId: order.user_id };
  }

  await trx
    .insertInto("payments")
    .values({
      order_id: order.id,
      razorpay_payment_id: input.razorpayPaymentId,
      status: "paid",
      amount_paise: input.amountPaise ?? order.amount_paise,
      source: input.source,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .column("razorpay_payment_id")
        .doUpdateSet({ status: "paid", updated_at: at })
        .where("payments.status", "=", "failed"),
    )
    .execute();

  let changed = false;
  const paidSet = {
    razorpay_payment_id: input.razorpayPaymentId,
    paid_at: at,
    stock_reserved: 0,
  };
  if (order.status === "pending_payment") {
    changed = await moveStatus(trx, order, "paid", input.source, {
      set: paidSet,
      now: input.now,
    });
  } else if (order.status === "failed" || order.status === "expired") {
    if (await retakeStock(trx, order.id)) {
      changed = await moveStatus(trx, order, "paid", input.source, {
        set: paidSet,
        note: "late payment",
        now: input.now,
      });
    } else {
      await trx
        .updateTable("orders")
        .set({
          attention: `Payment ${input.razorpayPaymentId} arrived after the order ${order.status === "failed" ? "failed" : "expired"} and the stock is gone: refund it`,
          razorpay_payment_id: input.razorpayPaymentId,
          updated_at: at,
        })
        .where("id", "=", order.id)
        .execute();
    }
  }
  // The shopper's confirmation and the admins' notice, in this transaction (outbox.server.ts).
  if (changed) await enqueueOrderEvent(trx, order.id, "placed", input.now);
  if (changed) await issueInvoice(trx, order.id, input.now);
  if (changed && order.checkout_type === "cart") {
    const lineIds = (await orderItems(trx, order.id))
      .map((i) => i.cart_item_id)
      .filter((id): id is number => id != null);
    await removeCartLines(trx, order.user_id, lineIds);
  }
  const after = await trx
    .selectFrom("orders")
    .select("status")
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  return { ok: true, orderId: order.id, userId: order.user_id, status: after.status, changed };
}

/**
 * A failed payment attempt. The shopper coming back from the provider with a failure fails the
 * order and frees its stock (`failOrder`); a `payment.failed` webhook only records the attempt,
 * since the shopper may still pay from the same window. A paid order is never touched.
 */
export async function recordFailedPayment(
  db: Kysely<DB>,
  input: {
    razorpayOrderId: string;
    razorpayPaymentId?: string | null;
    code?: string | null;
    description?: string | null;
    source: string;
    failOrder: boolean;
  },
): Promise<PaymentOutcome> {
  return db.transaction().execute((trx) => recordFailedPaymentIn(trx, input));
}

type FailureInput = Parameters<typeof recordFailedPayment>[1];

async function recordFailedPaymentIn(trx: Trx, input: FailureInput): Promise<PaymentOutcome> {
  const at = nowIso();
  const order = await findByGatewayOrder(trx, input.razorpayOrderId);
  if (!order) return { ok: false, reason: "not_found" };
  if (input.razorpayPaymentId) {
    await trx
      .insertInto("payments")
      .values({
        order_id: order.id,
        razorpay_payment_id: input.razorpayPaymentId,
        status: "failed",
        source: input.source,
        error_code: input.code ?? null,
        error_description: input.description ?? null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column("razorpay_payment_id").doNothing())
      .execute();
  }
  let changed = false;
  if (input.failOrder && order.status === "pending_payment") {
    changed = await moveStatus(trx, order, "failed", input.source, {
      note: input.description ?? input.code ?? "payment failed",
      set: { stock_reserved: 0 },
    });
    if (changed && order.stock_reserved) await restock(trx, order.id);
  }
  const after = await trx
    .selectFrom("orders")
    .select("status")
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  return { ok: true, orderId: order.id, userId: order.user_id, status: after.status, changed };
}

/** A pending order by its provider id, for the sandbox payment page. */
export async function getPendingOrderByGatewayId(db: Kysely<DB>, razorpayOrderId: string) {
  return (
    (await db
      .selectFrom("orders")
      .select([
        "id",
        "status",
        "amount_paise as amountPaise",
        "ship_full_name as name",
        "ship_phone as phone",
        "user_id as userId",
      ])
      .where("razorpay_order_id", "=", razorpayOrderId)
      .executeTakeFirst()) ?? null
  );
}

// ---------------------------------------------------------------------------------------------
// Reading orders

export type OrderItemView = {
  id: number;
  productId: number;
  title: string;
  brand: string;
  slug: string;
  image: string | null;
  unitPricePaise: number;
  quantity: number;
  sizeLabel: string;
  colorName: string;
  sizeId: number | null;
  colorId: number | null;
  boltPattern: string;
  offsetMm: number | null;
  partNumber: string;
};

export type PaymentView = {
  id: number;
  status: "paid" | "failed" | "mismatch";
  razorpayPaymentId: string;
  amountPaise: number | null;
  createdAt: string;
};

/** The delivery address as copied into the order when it was placed. */
export type ShippingAddress = Omit<Address, "id">;

export type OrderView = {
  id: number;
  userId: number;
  status: OrderStatus;
  checkoutType: "cart" | "single";
  amountPaise: number;
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
  createdAt: string;
  paidAt: string | null;
  reservedUntil: string;
  trackingNumber: string | null;
  attention: string | null;
  address: ShippingAddress;
  items: OrderItemView[];
  payments: PaymentView[];
};

function orderColumns() {
  return [
    "o.id",
    "o.user_id as userId",
    "o.status",
    "o.checkout_type as checkoutType",
    "o.amount_paise as amountPaise",
    "o.razorpay_order_id as razorpayOrderId",
    "o.razorpay_payment_id as razorpayPaymentId",
    "o.created_at as createdAt",
    "o.paid_at as paidAt",
    "o.reserved_until as reservedUntil",
    "o.tracking_number as trackingNumber",
    "o.attention",
    "o.ship_full_name",
    "o.ship_phone",
    "o.ship_address1",
    "o.ship_address2",
    "o.ship_city",
    "o.ship_state",
    "o.ship_postal_code",
    "o.ship_country",
  ] as const;
}

type OrderBase = Omit<OrderView, "address" | "items" | "payments"> & {
  ship_full_name: string;
  ship_phone: string;
  ship_address1: string;
  ship_address2: string;
  ship_city: string;
  ship_state: string;
  ship_postal_code: string;
  ship_country: string;
};

/** Adds items and payments to order rows, two queries for any number of orders. */
async function withDetails(db: Kysely<DB>, rows: OrderBase[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await db
    .selectFrom("order_items")
    .where("order_id", "in", ids)
    .select([
      "id",
      "order_id",
      "product_id as productId",
      "title",
      "brand",
      "slug",
      "image",
      "unit_price_paise as unitPricePaise",
      "quantity",
      "size_label as sizeLabel",
      "color_name as colorName",
      "size_id as sizeId",
      "color_id as colorId",
      "bolt_pattern as boltPattern",
      "offset_mm as offsetMm",
      "part_number as partNumber",
    ])
    .orderBy("id")
    .execute();
  const payments = await db
    .selectFrom("payments")
    .where("order_id", "in", ids)
    .select([
      "id",
      "order_id",
      "status",
      "razorpay_payment_id as razorpayPaymentId",
      "amount_paise as amountPaise",
      "created_at as createdAt",
    ])
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    status: r.status,
    checkoutType: r.checkoutType,
    amountPaise: r.amountPaise,
    razorpayOrderId: r.razorpayOrderId,
    razorpayPaymentId: r.razorpayPaymentId,
    createdAt: r.createdAt,
    paidAt: r.paidAt,
    reservedUntil: r.reservedUntil,
    trackingNumber: r.trackingNumber,
    attention: r.attention,
    address: {
      fullName: r.ship_full_name,
      phone: r.ship_phone,
      address1: r.ship_address1,
      address2: r.ship_address2,
      city: r.ship_city,
      state: r.ship_state,
      postalCode: r.ship_postal_code,
      country: r.ship_country,
    },
    items: items.filter((i) => i.order_id === r.id).map(({ order_id: _o, ...i }) => i),
    payments: payments.filter((p) => p.order_id === r.id).map(({ order_id: _o, ...p }) => p),
  }));
}

/** One of the user's orders; null for anyone else's (the owner check is in the WHERE). */
export async function getOrderForUser(
  db: Kysely<DB>,
  userId: number,
  orderId: number,
): Promise<OrderView | null> {
  const row = await db
    .selectFrom("orders as o")
    .select(orderColumns())
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  const [order] = await withDetails(db, [row]);
  return order;
}

/** The user's paid orders (paid, shipped, delivered, and later cancelled or refunded), newest first. */
export async function listPaidOrdersForUser(db: Kysely<DB>, userId: number): Promise<OrderView[]> {
  const rows = await db
    .selectFrom("orders as o")
    .select(orderColumns())
    .where("o.user_id", "=", userId)
    .where("o.status", "in", PAID_STATUSES)
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(200)
    .execute();
  return withDetails(db, rows);
}

export type AdminOrderView = OrderView & {
  email: string;
  history: {
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    by: string;
    note: string | null;
    at: string;
  }[];
  allowedTransitions: OrderStatus[];
};

/** Every order, newest first, a page at a time, optionally of one status (admin). */
export async function listAllOrders(
  db: Kysely<DB>,
  options: { status?: OrderStatus | null; page?: number; pageSize?: number } = {},
): Promise<{
  orders: (OrderView & { email: string })[];
  total: number;
  page: number;
  pageCount: number;
}> {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  let base = db.selectFrom("orders as o").innerJoin("users as u", "u.id", "o.user_id");
  if (options.status) base = base.where("o.status", "=", options.status);
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const rows = await base
    .select([...orderColumns(), "u.email"])
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const detailed = await withDetails(db, rows);
  return {
    orders: detailed.map((o, i) => ({ ...o, email: rows[i].email })),
    total,
    page,
    pageCount,
  };
}

/** Any order with its customer's e-mail, payments, history and the moves an admin may make. */
export async function getOrderForAdmin(
  db: Kysely<DB>,
  orderId: number,
): Promise<AdminOrderView | null> {
  const row = await db
    .selectFrom("orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select([...orderColumns(), "u.email"])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  if (!row) return null;
  const [order] = await withDetails(db, [row]);
  const history = await db
    .selectFrom("order_status_history")
    .where("order_id", "=", orderId)
    .select(["from_status as fromStatus", "to_status as toStatus", "by", "note", "at"])
    .orderBy("id")
    .execute();
  return {
    ...order,
    email: row.email,
    history,
    allowedTransitions: ADMIN_TRANSITIONS[order.status],
  };
}

export type TransitionResult =
  { ok: true; status: OrderStatus } | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * An admin's move (ship, deliver, cancel, refund). Only the moves of ADMIN_TRANSITIONS; cancelling
 * or refunding a paid order that has not shipped puts its units back in stock.
 */
export async function transitionOrder(
  db: Kysely<DB>,
  orderId: number,
  to: OrderStatus,
  options: { trackingNumber?: string | null; by: string; now?: Date },
): Promise<TransitionResult> {
  return db.transaction().execute(async (trx): Promise<TransitionResult> => {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) return { ok: false, status: 404, message: "Order not found" };
    if (!ADMIN_TRANSITIONS[order.status].includes(to)) {
      return {
        ok: false,
        status: 409,
        message: `An order that is ${STATUS_LABELS[order.status].toLowerCase()} cannot become ${STATUS_LABELS[to].toLowerCase()}`,
      };
    }
    const tracking = options.trackingNumber?.trim() || null;
    const moved = await moveStatus(trx, order, to, options.by, {
      note: tracking ? `tracking ${tracking}` : null,
      set: to === "shipped" && tracking ? { tracking_number: tracking } : {},
      now: options.now,
    });
    if (!moved)
      return {
        ok: false,
        status: 409,
        message: "The order changed meanwhile; reload and try again",
      };
    if (RESTOCK_ON[order.status]?.includes(to)) await restock(trx, order.id);
    if (to === "shipped" || to === "delivered" || to === "cancelled") {
      await enqueueOrderEvent(trx, order.id, to, options.now);
    }
    if (to === "delivered" && order.payment_method === "cod") await issueInvoice(trx, order.id, options.now);
    if (to === "cancelled" || to === "refunded") await issueCreditNote(trx, order.id, options.now);
    return { ok: true, status: to };
  });
}

export type OrderStats = {
  paidOrders: number;
  revenuePaise: number;
  paidOrdersLast30Days: number;
  revenueLast30DaysPaise: number;
  pendingOrders: number;
  needsAttention: number;
};

/** Paid orders and revenue (paid, shipped, delivered; not cancelled or refunded), all time and last 30 days. */
export async function orderStats(db: Kysely<DB>, now: Date = new Date()): Promise<OrderStats> {
  const since = nowIso(new Date(now.getTime() - 30 * 24 * 3600_000));
  const row = await db
    .selectFrom("orders")
    .select([
      sql<number>`coalesce(sum(status in ('paid','shipped','delivered')), 0)`.as("paidOrders"),
      sql<number>`coalesce(sum(case when status in ('paid','shipped','delivered') then amount_paise else 0 end), 0)`.as(
        "revenuePaise",
      ),
      sql<number>`coalesce(sum(status in ('paid','shipped','delivered') and paid_at >= ${since}), 0)`.as(
        "paidOrdersLast30Days",
      ),
      sql<number>`coalesce(sum(case when status in ('paid','shipped','delivered') and paid_at >= ${since} then amount_paise else 0 end), 0)`.as(
        "revenueLast30DaysPaise",
      ),
      sql<number>`coalesce(sum(status = 'pending_payment'), 0)`.as("pendingOrders"),
      sql<number>`coalesce(sum(attention is not null), 0)`.as("needsAttention"),
    ])
    .executeTakeFirstOrThrow();
  return {
    paidOrders: Number(row.paidOrders),
    revenuePaise: Number(row.revenuePaise),
    paidOrdersLast30Days: Number(row.paidOrdersLast30Days),
    revenueLast30DaysPaise: Number(row.revenueLast30DaysPaise),
    pendingOrders: Number(row.pendingOrders),
    needsAttention: Number(row.needsAttention),
  };
}

// ---------------------------------------------------------------------------------------------
// The JSON API's shapes (SPEC section 3)

/** Buyer (and admin) view of an order, in the spec's field names. */
export function toApiOrder(order: OrderView & { email?: string }) {
  return {
    id: order.id,
    status: order.status,
    createdAt: order.createdAt,
    totalAmount: order.amountPaise,
    razorpayOrderId: order.razorpayOrderId,
    userId: { name: order.address.fullName, phone: order.address.phone },
    ...(order.email ? { user: { email: order.email } } : {}),
    billingAddress: order.address,
    items: order.items.map((i) => ({
      id: i.id,
      quantity: i.quantity,
      price: i.unitPricePaise,
      wheelSize: i.sizeLabel || null,
      size: i.sizeLabel
        ? { id: i.sizeId, label: i.sizeLabel, boltPattern: i.boltPattern, offset: i.offsetMm, partNumber: i.partNumber }
        : null,
      color: i.colorName || null,
      colorId: i.colorId,
      product: {
        id: i.productId,
        slug: i.slug,
        image: imageUrl(i.image, 320),
        title: i.title,
        brand: i.brand,
        price: i.unitPricePaise,
      },
    })),
    payments: order.payments.map((p) => ({
      id: p.id,
      status: p.status,
      razorpayPaymentId: p.razorpayPaymentId,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Payment confirmations: the callback, verify-payment and webhooks

const GATEWAY_ID = /^[A-Za-z0-9_]{1,64}$/;

export type VerifyResult =
  | { ok: true; orderId: number; userId: number; status: OrderStatus; changed: boolean }
  | { ok: false; status: 400 | 404; message: string; orderId?: number };

/**
 * The shopper's proof of payment (Razorpay's callback or handler, or the sandbox page):
 * HMAC_SHA256(order_id|payment_id) checked in constant time against OUR stored provider order id,
 * then the order is marked paid once. With `userId` (the API door) only that user's order is found.
 */
export async function verifyPayment(
  db: Kysely<DB>,
  gateway: PaymentGateway,
  input: {
    razorpayOrderId: unknown;
    razorpayPaymentId: unknown;
    razorpaySignature: unknown;
    source: string;
    userId?: number;
  },
): Promise<VerifyResult> {
  const { razorpayOrderId, razorpayPaymentId, razorpaySignature } = input;
  if (typeof razorpayOrderId !== "string" || !GATEWAY_ID.test(razorpayOrderId)) {
    return { ok: false, status: 400, message: "Payment verification failed." };
  }
  if (typeof razorpayPaymentId !== "string" || !GATEWAY_ID.test(razorpayPaymentId)) {
    return { ok: false, status: 400, message: "Payment verification failed." };
  }
  let query = db
    .selectFrom("orders")
    .select(["id", "razorpay_order_id"])
    .where("razorpay_order_id", "=", razorpayOrderId);
  if (input.userId !== undefined) query = query.where("user_id", "=", input.userId);
  const order = await query.executeTakeFirst();
  if (!order || !order.razorpay_order_id) {
    return input.userId !== undefined
      ? { ok: false, status: 404, message: "Order not found" }
      : { ok: false, status: 400, message: "Payment verification failed." };
  }
  const check = checkPaymentSignature(gateway.signingSecret, {
    razorpayOrderId: order.razorpay_order_id,
    razorpayPaymentId,
    signature: razorpaySignature,
  });
  if (check !== "ok") {
    return {
      ok: false,
      status: 400,
      message:
        check === "malformed" ? "Invalid payment signature." : "Payment verification failed.",
      orderId: order.id,
    };
  }
  const outcome = await recordSuccessfulPayment(db, {
    razorpayOrderId: order.razorpay_order_id,
    razorpayPaymentId,
    source: input.source,
  });
  if (!outcome.ok) return { ok: false, status: 400, message: "Payment verification failed." };
  return outcome;
}

export type WebhookResult = { applied: boolean; outcome: string };

type RazorpayEntity = Record<string, unknown> | undefined;

function entity(payload: unknown, name: string): RazorpayEntity {
  const p = (payload as { payload?: Record<string, { entity?: Record<string, unknown> }> })
    ?.payload;
  return p?.[name]?.entity;
}

const text = (v: unknown) => (typeof v === "string" ? v : null);
const amount = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : null);

/**
 * A Razorpay webhook whose signature was already checked on the raw body. Each event id is
 * applied once, in one transaction with its effect; events may arrive in any order. Events for
 * orders we do not know are not recorded, so Razorpay's retry can apply them later.
 */
export async function applyRazorpayWebhook(
  db: Kysely<DB>,
  input: { eventId: string; body: unknown; now?: Date },
): Promise<WebhookResult> {
  const body = input.body as { event?: unknown };
  const event = text(body?.event) ?? "unknown";
  const payment = entity(body, "payment");
  const order = entity(body, "order");
  const razorpayOrderId = text(payment?.order_id) ?? text(order?.id);
  return db.transaction().execute(async (trx): Promise<WebhookResult> => {
    const seen = await trx
      .selectFrom("webhook_events")
      .select("event_id")
      .where("event_id", "=", input.eventId)
      .executeTakeFirst();
    if (seen) return { applied: false, outcome: "duplicate" };
    if (!razorpayOrderId || !["order.paid", "payment.captured", "payment.failed"].includes(event)) {
      return { applied: false, outcome: "ignored" };
    }
    const paymentId = text(payment?.id);
    let result: PaymentOutcome;
    if (event === "payment.failed") {
      result = await recordFailedPaymentIn(trx, {
        razorpayOrderId,
        razorpayPaymentId: paymentId,
        code: text(payment?.error_code),
        description: text(payment?.error_description),
        source: `webhook:${event}`,
        failOrder: false,
      });
    } else {
      if (!paymentId) return { applied: false, outcome: "ignored" };
      const currency = text(payment?.currency) ?? text(order?.currency) ?? "INR";
      const paid =
        event === "order.paid"
          ? (amount(order?.amount_paid) ?? amount(payment?.amount))
          : amount(payment?.amount);
      result = await recordSuccessfulPaymentIn(trx, {
        razorpayOrderId,
        razorpayPaymentId: paymentId,
        // A payment in another currency never matches a rupee total.
        amountPaise: currency === "INR" ? (paid ?? -1) : -1,
        source: `webhook:${event}`,
        receipt: text(order?.receipt),
        now: input.now,
      });
    }
    if (!result.ok && result.reason === "not_found")
      return { applied: false, outcome: "unknown_order" };
    const outcome = result.ok
      ? result.changed
        ? `order ${result.status}`
        : "no change"
      : result.reason;
    await trx
      .insertInto("webhook_events")
      .values({
        event_id: input.eventId,
        event,
        order_id: "orderId" in result ? result.orderId : null,
        outcome,
      })
      .execute();
    return { applied: true, outcome };
  });
}

// ---------------------------------------------------------------------------------------------
// Expiry in the background

let expiryTimer: ReturnType<typeof setInterval> | undefined;

/** Expires unpaid orders now and then every minute (also done before each new order). */
export function startOrderExpiry(db: Kysely<DB>, log: (msg: string) => void, everyMs = 60_000) {
  const run = () =>
    expireStaleOrders(db)
      .then((n) => (n > 0 ? log(`expired ${n} unpaid order(s)`) : undefined))
      .catch((error: unknown) =>
        log(`order expiry failed: ${error instanceof Error ? error.message : String(error)}`),
      );
  if (expiryTimer) clearInterval(expiryTimer);
  expiryTimer = setInterval(run, everyMs);
  expiryTimer.unref();
  return run();
}
