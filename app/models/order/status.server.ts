import { sql } from "kysely";
import type { DB, OrderStatus } from "~/db/schema";
import type { Kysely } from "kysely";
import { issueCreditNote, issueInvoice } from "../invoice.server";
import { enqueueOrderEvent, enqueueRefundNotice } from "../outbox.server";
import { refundedUnits, restockUnits } from "../refund.server";
import { moveStatus, type OrderRow, type Trx } from "./shared.server";

/**
 * The status machine of an order:
 *
 *   pending_payment -> paid -> shipped -> delivered
 *   pending_payment -> failed | expired
 *   paid -> cancelled | refunded, shipped -> refunded, delivered -> refunded, cancelled -> refunded (admin)
 *   failed | expired -> paid only when a payment arrives late and the stock can be taken again
 *
 * Cash on delivery orders hold their stock without expiry and never wait for an online payment:
 *   placed -> confirmed -> shipped -> delivered (invoiced), then cash collected (paid_at set);
 *   placed | confirmed -> cancelled (stock returns)
 * An invoiced order that is cancelled or refunded gets a credit note for what is not credited yet.
 *
 * Every change is guarded by the status it starts from and written to order_status_history.
 */

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

/**
 * Orders that went through checkout: paid for online (or, cash on delivery, ordered), including
 * those cancelled or refunded since. Everything but an unpaid attempt (pending, failed, expired).
 * These are the shopper's orders in "Your orders".
 */
export const ORDERED_STATUSES: OrderStatus[] = [
  "paid",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "placed",
  "confirmed",
];

/** The order went through checkout (see ORDERED_STATUSES). */
export const isOrdered = (status: OrderStatus): boolean => ORDERED_STATUSES.includes(status);

/** It went through and still stands: not cancelled or refunded since (the order page thanks the shopper). */
export const isStandingOrder = (status: OrderStatus): boolean =>
  isOrdered(status) && status !== "cancelled" && status !== "refunded";

/**
 * THE rule for "counts as paid": money came in and stays in (paid, shipped, delivered; not a
 * cancelled or refunded order, and not cash on delivery before it is collected: its `paid_at` is
 * set when the cash is). Paid orders and revenue in the stats, and the payment confirmations'
 * "Payment successful!", all use it.
 */
export const COUNTS_AS_PAID: readonly OrderStatus[] = ["paid", "shipped", "delivered"];

/** For an online payment's outcome (paid online means paid at once). */
export const countsAsPaid = (status: OrderStatus): boolean => COUNTS_AS_PAID.includes(status);

/**
 * countsAsPaid as an SQL condition on `orders`, for every order: a shipped or delivered cash on
 * delivery order counts once its cash is collected (`paid_at`), all time as this month.
 */
export const countsAsPaidSql = sql<boolean>`(status in (${sql.join(COUNTS_AS_PAID.map((s) => sql.lit(s)))}) and paid_at is not null)`;

/** Orders still to ship: paid online, or cash on delivery placed or confirmed (paid on delivery). */
export const TO_SHIP: readonly OrderStatus[] = ["paid", "placed", "confirmed"];

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

/**
 * The moves an admin may make on this order. A cash on delivery order whose cash was never
 * collected has nothing to refund: back from the courier unpaid it is cancelled instead.
 */
export function adminMoves(order: {
  status: OrderStatus;
  payment_method: "razorpay" | "cod";
  cash_collected_at: string | null;
}): OrderStatus[] {
  const moves = ADMIN_TRANSITIONS[order.status];
  if (order.payment_method !== "cod" || order.cash_collected_at) return moves;
  return moves.flatMap((to): OrderStatus[] =>
    to !== "refunded" ? [to] : order.status === "shipped" ? ["cancelled"] : [],
  );
}

/**
 * Moving there gives the order's units back to the stock (nothing has left the warehouse): those
 * a refund of lines has not already put back.
 */
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

/**
 * The status as people read it. An order still on its way or kept (paid, shipped, delivered) that
 * has had part of its money back says so: "Delivered, partly refunded", not a bare "Delivered"
 * beside a refund. (The JSON API's `status` stays the spec's word.)
 */
export function statusLabel(status: OrderStatus, refundedPaise = 0): string {
  const label = STATUS_LABELS[status];
  return refundedPaise > 0 && status !== "refunded" && status !== "cancelled"
    ? `${label}, partly refunded`
    : label;
}

export type TransitionResult =
  { ok: true; status: OrderStatus } | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * An admin's move (ship, deliver, cancel, refund). Only the moves of ADMIN_TRANSITIONS; cancelling
 * or refunding a paid order that has not shipped puts its units back in stock. Money does not move
 * here: cancelling a paid online order is cancelOrder (return.server.ts), which refunds it.
 */
export async function transitionOrder(
  db: Kysely<DB>,
  orderId: number,
  to: OrderStatus,
  options: {
    trackingNumber?: string | null;
    by: string;
    now?: Date;
    /** Only from these statuses (the shopper's cancel), checked with the move itself. */
    onlyFrom?: readonly string[];
  },
): Promise<TransitionResult> {
  return db.transaction().execute(async (trx): Promise<TransitionResult> => {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) return { ok: false, status: 404, message: "Order not found" };
    if (
      !adminMoves(order).includes(to) ||
      (options.onlyFrom && !options.onlyFrom.includes(order.status))
    ) {
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
    if (RESTOCK_ON[order.status]?.includes(to)) await restockUnits(trx, order.id);
    if (to === "shipped" || to === "delivered" || to === "cancelled") {
      // The shipped message lists what is in the parcel: not the units refunded before it left.
      const refunded = to === "shipped" ? await refundedUnits(trx, order.id) : undefined;
      await enqueueOrderEvent(trx, order.id, to, options.now, refunded);
    }
    if (to === "delivered" && order.payment_method === "cod")
      await issueInvoice(trx, order.id, options.now);
    if (to === "cancelled" || to === "refunded") await issueCreditNote(trx, order.id, options.now);
    if (to === "refunded" && order.payment_method === "cod") await refundCash(trx, order, options);
    return { ok: true, status: to };
  });
}

/**
 * The admin has dealt with what an order's `attention` says (a second payment refunded at
 * Razorpay, a mismatch checked): the note leaves the dashboard's count and stays in the history.
 * Answers false when the order has no such note (already handled, or none).
 */
export async function resolveAttention(
  db: Kysely<DB>,
  orderId: number,
  options: { by: string; now?: Date },
): Promise<boolean> {
  const at = (options.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .select(["status", "attention"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order?.attention) return false;
    await trx
      .updateTable("orders")
      .set({ attention: null, updated_at: at })
      .where("id", "=", orderId)
      .execute();
    await trx
      .insertInto("order_status_history")
      .values({
        order_id: orderId,
        from_status: order.status,
        to_status: order.status,
        by: options.by,
        note: `handled: ${order.attention}`,
        at,
      })
      .execute();
    return true;
  });
}

/**
 * A cash on delivery order refunded: the shop gave the cash back itself (no provider moves it).
 * Recorded as a processed refund of what is left, and the shopper is told, as for a refund online.
 */
async function refundCash(trx: Trx, order: OrderRow, options: { by: string; now?: Date }) {
  const now = (options.now ?? new Date()).toISOString();
  const done = await trx
    .selectFrom("refunds")
    .select(sql<number>`coalesce(sum(amount_paise), 0)`.as("paise"))
    .where("order_id", "=", order.id)
    .where("status", "in", ["pending", "processed"])
    .executeTakeFirstOrThrow();
  const amountPaise = order.amount_paise - Number(done.paise);
  if (amountPaise <= 0) return;
  const refund = await trx
    .insertInto("refunds")
    .values({
      order_id: order.id,
      amount_paise: amountPaise,
      status: "processed",
      reason: "cash returned by the shop",
      by: options.by,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await enqueueRefundNotice(
    trx,
    order.id,
    { id: Number(refund.id), amountPaise, status: "processed" },
    options.now,
  );
}
