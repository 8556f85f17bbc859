import type { Kysely } from "kysely";
import type { DB, OrderStatus } from "~/db/schema";
import type { PaymentGateway } from "~/payments/gateway";
import { isRazorpayId } from "~/payments/razorpay-ids";
import { checkPaymentSignature } from "~/payments/signature.server";
import { idSchema } from "~/utils/validation";
import { takeOrderedFromCart } from "../cart.server";
import { issueInvoice } from "../invoice.server";
import { flagAttention } from "../refund.server";
import { enqueueOrderEvent } from "../outbox.server";
import {
  endUnpaidOrder,
  loadOrderItems,
  moveStatus,
  nowIso,
  retakeStock,
  type OrderRow,
  type Trx,
} from "./shared.server";
import { recordWebhookEvent, webhookAlreadyApplied } from "../webhook-events.server";

/**
 * Payment confirmations: the callback, verify-payment and webhooks. Each marks an order paid at
 * most once, in any order with the other events.
 */

/** An order a payment event was applied to: its status after, and whether the event changed it. */
type Settled = { ok: true; orderId: number; userId: number; status: OrderStatus; changed: boolean };

export type PaymentOutcome =
  | (Settled & {
      /** The payment that paid the order, whatever happened to it since (null: unpaid). */
      paidBy: string | null;
    })
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "amount_mismatch"; orderId: number; userId: number };

/** The outcome once the order is settled: its status as it is now. */
async function settled(trx: Trx, order: OrderRow, changed: boolean): Promise<PaymentOutcome> {
  const after = await trx
    .selectFrom("orders")
    .select(["status", "paid_at", "razorpay_payment_id"])
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  return {
    ok: true,
    orderId: order.id,
    userId: order.user_id,
    status: after.status,
    changed,
    paidBy: after.paid_at ? after.razorpay_payment_id : null,
  };
}

async function findByGatewayOrder(trx: Trx, razorpayOrderId: string, receipt?: string | null) {
  const order = await trx
    .selectFrom("orders")
    .selectAll()
    .where("razorpay_order_id", "=", razorpayOrderId)
    .executeTakeFirst();
  // Only one of our ids: a larger number names no order, and PostgreSQL refuses it in a query.
  const receiptId = idSchema.safeParse(receipt).data;
  if (order || receiptId === undefined) return order ?? null;
  // The process stopped between creating the provider's order and storing its id: a signed
  // webhook names our order in `receipt`, so adopt the id.
  const adopted = await trx
    .updateTable("orders")
    .set({ razorpay_order_id: razorpayOrderId })
    .where("id", "=", receiptId)
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
    await flagAttention(
      trx,
      order.id,
      `Payment ${input.razorpayPaymentId} of ${input.amountPaise} paise differs from the total of ${order.amount_paise} paise`,
      input.now,
    );
    return { ok: false, reason: "amount_mismatch", orderId: order.id, userId: order.user_id };
  }
  // A payment a webhook already found short (or in another currency) is never made good by the
  // shopper's callback, which carries no amount.
  const flagged = await trx
    .selectFrom("payments")
    .select("id")
    .where("razorpay_payment_id", "=", input.razorpayPaymentId)
    .where("status", "=", "mismatch")
    .executeTakeFirst();
  if (flagged)
    return { ok: false, reason: "amount_mismatch", orderId: order.id, userId: order.user_id };
  // Recorded as paid while the order stayed unpaid: a late payment refused (the admin was told
  // to refund it). Its replays (the callback again, the webhook) never sell the order after all.
  const refused =
    UNPAID.includes(order.status) &&
    (await trx
      .selectFrom("payments")
      .select("id")
      .where("razorpay_payment_id", "=", input.razorpayPaymentId)
      .where("order_id", "=", order.id)
      .where("status", "=", "paid")
      .executeTakeFirst());
  if (refused) return settled(trx, order, false);

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
    changed = await latePayment(trx, order, input, paidSet, at);
  } else if (order.razorpay_payment_id && order.razorpay_payment_id !== input.razorpayPaymentId) {
    // Paid already (or further on): a second payment for the same order is money taken twice.
    await flagAttention(
      trx,
      order.id,
      `Payment ${input.razorpayPaymentId} is a second payment: the order was already paid by ${order.razorpay_payment_id}. Refund it`,
      input.now,
    );
  }
  // The shopper's confirmation and the admins' notice, in this transaction (outbox.server.ts).
  if (changed) await enqueueOrderEvent(trx, order.id, "placed", input.now);
  if (changed) await issueInvoice(trx, order.id, input.now);
  if (changed && order.checkout_type === "cart") {
    await takeOrderedFromCart(trx, order.user_id, await loadOrderItems(trx, [order.id]));
  }
  return settled(trx, order, changed);
}

/** The order that now stands for this one's checkout: the last of the replacements (or null). */
async function latestReplacement(trx: Trx, order: OrderRow): Promise<OrderRow | null> {
  let latest: OrderRow | null = null;
  const seen = new Set([order.id]);
  for (let next = order.replaced_by_order_id; next !== null && !seen.has(next);) {
    seen.add(next);
    latest =
      (await trx.selectFrom("orders").selectAll().where("id", "=", next).executeTakeFirst()) ??
      null;
    next = latest?.replaced_by_order_id ?? null;
  }
  return latest;
}

const UNPAID: OrderStatus[] = ["pending_payment", "failed", "expired"];

/**
 * A payment for an order that had ended unpaid (failed, expired). It is honoured, with the stock
 * taken again, unless a newer checkout of the same cart or product took the order's place and was
 * paid or placed (the shopper would be charged twice for one cart), or the stock is gone: then the
 * admin is told to refund it. When honoured, a newer checkout still unpaid ends in its favour.
 */
async function latePayment(
  trx: Trx,
  order: OrderRow,
  input: SuccessInput,
  paidSet: Partial<OrderRow>,
  at: string,
): Promise<boolean> {
  const ended = order.status === "failed" ? "failed" : "expired";
  const replacement = await latestReplacement(trx, order);
  const refuse = async (why: string) => {
    await trx
      .updateTable("orders")
      .set({ razorpay_payment_id: input.razorpayPaymentId, updated_at: at })
      .where("id", "=", order.id)
      .execute();
    await flagAttention(
      trx,
      order.id,
      `Payment ${input.razorpayPaymentId} ${why}: refund it`,
      input.now,
    );
    return false;
  };
  if (replacement && !UNPAID.includes(replacement.status))
    return refuse(`arrived after the order ${ended} and order ${replacement.id} took its place`);
  if (!(await retakeStock(trx, order.id)))
    return refuse(`arrived after the order ${ended} and the stock is gone`);
  if (replacement?.status === "pending_payment")
    await endUnpaidOrder(trx, replacement, "expired", input.source, {
      note: `order ${order.id} was paid after all`,
      now: input.now,
    });
  if (replacement)
    await trx
      .updateTable("orders")
      .set({ replaced_by_order_id: order.id })
      .where("id", "=", replacement.id)
      .execute();
  return moveStatus(trx, order, "paid", input.source, {
    set: { ...paidSet, replaced_by_order_id: null },
    note: "late payment",
    now: input.now,
  });
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
    changed = await endUnpaidOrder(trx, order, "failed", input.source, {
      note: input.description ?? input.code ?? "payment failed",
    });
  }
  return settled(trx, order, changed);
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

/**
 * What a Buy Now order bought (its one line) and where to, so a failed payment can go back to
 * that checkout's payment step; null for a cart's order.
 */
export async function buyNowOfOrder(db: Kysely<DB>, orderId: number) {
  return (
    (await db
      .selectFrom("orders")
      .innerJoin("order_items", "order_items.order_id", "orders.id")
      .select([
        "orders.address_id as addressId",
        "order_items.product_id as productId",
        "order_items.quantity",
        "order_items.size_label as size",
        "order_items.color_name as color",
        "order_items.size_id as sizeId",
        "order_items.color_id as colorId",
      ])
      .where("orders.id", "=", orderId)
      .where("orders.checkout_type", "=", "single")
      .executeTakeFirst()) ?? null
  );
}
export type BuyNowOfOrder = NonNullable<Awaited<ReturnType<typeof buyNowOfOrder>>>;

export type VerifyResult =
  | (Settled & {
      /**
       * This payment paid the order: true again for the same verification sent later, even once
       * the order was cancelled or refunded.
       */
      paidByThis: boolean;
    })
  | {
      ok: false;
      status: 400 | 404;
      message: string;
      orderId?: number;
      /** The field at fault, for the API's `errors`. */
      errors?: Record<string, string>;
    };

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
    /** Our order the client says it paid for (the API's `orderId`): it must be the one paid. */
    orderId?: unknown;
  },
): Promise<VerifyResult> {
  const { razorpayOrderId, razorpayPaymentId, razorpaySignature } = input;
  const failed = (field: string, message = "Payment verification failed.") =>
    ({ ok: false, status: 400, message, errors: { [field]: message } }) as const;
  if (!isRazorpayId(razorpayOrderId)) return failed("razorpayOrderId");
  if (!isRazorpayId(razorpayPaymentId)) return failed("razorpayPaymentId");
  let query = db
    .selectFrom("orders")
    .select(["id", "razorpay_order_id"])
    .where("razorpay_order_id", "=", razorpayOrderId);
  if (input.userId !== undefined) query = query.where("user_id", "=", input.userId);
  const order = await query.executeTakeFirst();
  if (!order || !order.razorpay_order_id) {
    return input.userId !== undefined
      ? { ok: false, status: 404, message: "Order not found" }
      : failed("razorpayOrderId");
  }
  // Checked before anything is recorded: a payment is never applied under another order's answer.
  if (input.orderId != null && String(input.orderId) !== String(order.id)) {
    return failed("orderId", "This payment is not for that order.");
  }
  const check = checkPaymentSignature(gateway.signingSecret, {
    razorpayOrderId: order.razorpay_order_id,
    razorpayPaymentId,
    signature: razorpaySignature,
  });
  if (check !== "ok") {
    return {
      ...failed(
        "razorpaySignature",
        check === "malformed" ? "Invalid payment signature." : "Payment verification failed.",
      ),
      orderId: order.id,
    };
  }
  const outcome = await recordSuccessfulPayment(db, {
    razorpayOrderId: order.razorpay_order_id,
    razorpayPaymentId,
    source: input.source,
  });
  if (!outcome.ok) return failed("razorpayPaymentId");
  const { paidBy, ...rest } = outcome;
  return { ...rest, paidByThis: paidBy === razorpayPaymentId };
}

export type WebhookResult = { applied: boolean; outcome: string };

type RazorpayEntity = Record<string, unknown> | undefined;

function entity(payload: unknown, name: string): RazorpayEntity {
  const p = (payload as { payload?: Record<string, { entity?: Record<string, unknown> }> })
    ?.payload;
  return p?.[name]?.entity;
}

const text = (v: unknown) => (typeof v === "string" ? v : null);
/** Paise in a webhook: a whole number a bigint column holds (1e308 is an integer too), else null. */
const amount = (v: unknown) => (typeof v === "number" && Number.isSafeInteger(v) ? v : null);

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
    if (await webhookAlreadyApplied(trx, input.eventId))
      return { applied: false, outcome: "duplicate" };
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
    await recordWebhookEvent(trx, {
      eventId: input.eventId,
      event,
      orderId: "orderId" in result ? result.orderId : null,
      outcome,
    });
    return { applied: true, outcome };
  });
}
