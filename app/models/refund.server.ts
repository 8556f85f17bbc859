import { sql, type Kysely } from "kysely";
import { prepared } from "~/db/prepared.server";
import type { DB, OrderStatus, RefundStatus } from "~/db/schema";
import { GatewayError, type PaymentGateway } from "~/payments/gateway";
import { formatPaise } from "~/utils/money";
import { issueCreditNote } from "./invoice.server";
import { releaseVariant } from "./variant-stock.server";
import { enqueueRefundNotice } from "./outbox.server";

/**
 * Refunds that move money: the admin refunds a paid online order in full or in part (lines or an
 * amount) through the provider's Refunds API (the sandbox refunds at once). The amount is reserved
 * first, in an IMMEDIATE transaction that counts every refund not failed, so two admins clicking at
 * once can never refund more than was captured; the provider is called after that commit, and its
 * answer (or the refund.processed / refund.failed webhook, in any order, any number of times)
 * settles the row. A processed refund puts its lines back in stock, issues its GST credit note and
 * tells the shopper; once the whole amount is refunded the order becomes 'refunded'. A failed one
 * frees its amount and puts a note on the order for the admin, who refunds it again.
 *
 * Cash on delivery has no provider to move the money back: once the cash is collected, the shop
 * pays a refund back itself (bank transfer, UPI) and the admin's refund records it as processed.
 */

type Trx = Kysely<DB>;

/** Orders whose payment can be refunded. */
const REFUNDABLE_STATUSES: OrderStatus[] = ["paid", "shipped", "delivered", "cancelled"];

export type RefundLineInput = { orderItemId: number; quantity: number };

export type RefundInput = {
  orderId: number;
  /** Lines to refund (their price); or */
  lines?: RefundLineInput[];
  /** an amount in paise (without lines). */
  amountPaise?: number;
  reason?: string;
  by: string;
  now?: Date;
  /**
   * Ties the refund to what asked for it (a return), in the transaction that reserves it: answers
   * null when done, or why it cannot be (someone else refunded it meanwhile); nothing is reserved then.
   */
  claim?: (trx: Trx, refundId: number) => Promise<string | null>;
  /** The amount the admin confirmed (previewRefund): a refund that now comes to another is refused. */
  expectedPaise?: number;
};

export type RefundResult =
  | {
      ok: true;
      refundId: number;
      status: RefundStatus;
      amountPaise: number;
      razorpayRefundId: string | null;
    }
  | {
      ok: false;
      status: 400 | 404 | 409 | 502;
      message: string;
      field?: "amount" | "lines" | "confirm";
      /** With field "confirm": what the refund comes to now. */
      amountPaise?: number;
    };

export type RefundView = {
  id: number;
  amountPaise: number;
  status: RefundStatus;
  razorpayRefundId: string | null;
  reason: string;
  error: string | null;
  by: string;
  createdAt: string;
  lines: { orderItemId: number; quantity: number }[];
};

const iso = (d: Date = new Date()) => d.toISOString();

/**
 * Paise captured for the order (paid online, or the cash collected on delivery) and paise already
 * refunded or being refunded.
 */
export async function refundBalance(db: Trx, orderId: number) {
  const order = await db
    .selectFrom("orders")
    .select([
      "amount_paise",
      "razorpay_payment_id",
      "status",
      "paid_at",
      "payment_method",
      "cash_collected_at",
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) return null;
  const payment = order.razorpay_payment_id
    ? await db
        .selectFrom("payments")
        .select("amount_paise")
        .where("razorpay_payment_id", "=", order.razorpay_payment_id)
        .where("status", "=", "paid")
        .executeTakeFirst()
    : undefined;
  const captured =
    order.payment_method === "cod"
      ? order.cash_collected_at
        ? order.amount_paise
        : 0
      : order.paid_at && order.razorpay_payment_id
        ? (payment?.amount_paise ?? order.amount_paise)
        : 0;
  const taken = await db
    .selectFrom("refunds")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_paise"), eb.lit(0)).as("n"))
    .where("order_id", "=", orderId)
    .where("status", "in", ["pending", "processed"])
    .executeTakeFirstOrThrow();
  const refunded = Number(taken.n);
  return {
    order,
    capturedPaise: captured,
    refundedPaise: refunded,
    refundablePaise: Math.max(0, captured - refunded),
  };
}

/** Units of each order line refunded or being refunded (pending and processed refunds), by line id. */
export async function refundedUnits(db: Trx, orderId: number): Promise<Map<number, number>> {
  const refunded = await db
    .selectFrom("refund_items as ri")
    .innerJoin("refunds as r", "r.id", "ri.refund_id")
    .select(["ri.order_item_id", (eb) => eb.fn.sum<number>("ri.quantity").as("n")])
    .where("r.order_id", "=", orderId)
    .where("r.status", "in", ["pending", "processed"])
    .groupBy("ri.order_item_id")
    .execute();
  return new Map(refunded.map((r) => [r.order_item_id, Number(r.n)]));
}

/** Units of each order line not yet refunded (pending and processed refunds count). */
export async function refundableUnits(db: Trx, orderId: number) {
  const items = await db
    .selectFrom("order_items")
    .select(["id", "quantity", "unit_price_paise", "title"])
    .where("order_id", "=", orderId)
    .execute();
  const done = await refundedUnits(db, orderId);
  return items.map((i) => ({ ...i, left: i.quantity - (done.get(i.id) ?? 0) }));
}

/**
 * Puts units of an order's lines back in stock, each unit at most once whatever brings it back (a
 * cancel, a refund of lines, a return, in any order): `restocked_quantity` counts what went back.
 * `lines` names the units; without it, every unit not back yet.
 */
export async function restockUnits(trx: Trx, orderId: number, lines?: RefundLineInput[]) {
  const items = await trx
    .selectFrom("order_items")
    .select(["id", "product_id", "size_id", "color_id", "quantity", "restocked_quantity"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  for (const item of items) {
    const out = item.quantity - item.restocked_quantity;
    const asked = lines
      ? lines.filter((l) => l.orderItemId === item.id).reduce((n, l) => n + l.quantity, 0)
      : out;
    const units = Math.min(asked, out);
    if (units <= 0) continue;
    await trx
      .updateTable("order_items")
      .set({ restocked_quantity: item.restocked_quantity + units })
      .where("id", "=", item.id)
      .execute();
    const variant = { productId: item.product_id, sizeId: item.size_id, colorId: item.color_id };
    await releaseVariant(trx, variant, units);
  }
}

/**
 * Adds a note to the order's `attention` (the admin's dashboard counts it, the order page shows it),
 * once: the same event told twice (a callback and a webhook for one payment) adds nothing.
 */
export async function flagAttention(trx: Trx, orderId: number, note: string, now = new Date()) {
  const current = await trx
    .selectFrom("orders")
    .select("attention")
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (current?.attention?.split("; ").includes(note)) return;
  await trx
    .updateTable("orders")
    .set({
      attention: sql<string>`case when attention is null then ${note} else attention || '; ' || ${note} end`,
      updated_at: iso(now),
    })
    .where("id", "=", orderId)
    .execute();
}

/**
 * What a refund would come to, without making it: for the admin to confirm before money moves.
 * The same checks as refundOrder; `refundOrder` with `expectedPaise` then refuses a different sum.
 */
export async function previewRefund(
  db: Kysely<DB>,
  input: RefundInput,
): Promise<{ ok: true; amountPaise: number } | { ok: false; status: number; message: string }> {
  const plan = await db.transaction().execute((trx) => planRefundIn(trx, input));
  return plan.ok
    ? { ok: true, amountPaise: plan.amount }
    : { ok: false, status: plan.status, message: plan.message };
}

/** The refund's claim was lost (see RefundInput.claim): the reservation is rolled back. */
class ClaimLost extends Error {}

/** Reserves the refund: a 'pending' row, or why it cannot be. One IMMEDIATE transaction. */
async function reserveRefund(db: Kysely<DB>, input: RefundInput) {
  try {
    return await reserveRefundIn(db, input);
  } catch (error) {
    if (!(error instanceof ClaimLost)) throw error;
    return { ok: false, status: 409, message: error.message } as const;
  }
}

/**
 * What a refund asks for comes to: the amount (the units' prices, or all that is left when every
 * unit goes) and its lines, or why it cannot be made. Reads only.
 */
async function planRefundIn(trx: Trx, input: RefundInput) {
  const balance = await refundBalance(trx, input.orderId);
  if (!balance) return { ok: false, status: 404, message: "Order not found" } as const;
  if (!REFUNDABLE_STATUSES.includes(balance.order.status) || balance.capturedPaise === 0) {
    return {
      ok: false,
      status: 409,
      message:
        balance.order.payment_method === "cod"
          ? "Nothing was paid for this order yet: cash on delivery is refunded once its cash is collected."
          : "Only a paid online order can be refunded.",
    } as const;
  }
  let amount: number;
  // A line named twice counts once, with its units added up.
  const merged = new Map<number, number>();
  for (const l of input.lines ?? [])
    if (l.quantity > 0) merged.set(l.orderItemId, (merged.get(l.orderItemId) ?? 0) + l.quantity);
  const lines = [...merged].map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
  if (lines.length > 0) {
    const units = await refundableUnits(trx, input.orderId);
    amount = 0;
    for (const line of lines) {
      const item = units.find((u) => u.id === line.orderItemId);
      if (!item)
        return {
          ok: false,
          status: 400,
          field: "lines",
          message: "That line is not part of this order.",
        } as const;
      if (!Number.isInteger(line.quantity) || line.quantity > item.left) {
        return {
          ok: false,
          status: 400,
          field: "lines",
          message: `Only ${item.left} of ${item.title} can still be refunded.`,
        } as const;
      }
      amount += item.unit_price_paise * line.quantity;
    }
    // Every unit of every line refunded: the rest of what was captured (shipping, a COD fee) goes too.
    const asked = new Map(lines.map((l) => [l.orderItemId, l.quantity]));
    if (units.every((u) => u.left - (asked.get(u.id) ?? 0) === 0)) amount = balance.refundablePaise;
  } else {
    amount = input.amountPaise ?? 0;
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      return {
        ok: false,
        status: 400,
        field: "amount",
        message: "Enter an amount above zero, or choose lines.",
      } as const;
    }
  }
  if (amount > balance.refundablePaise) {
    return {
      ok: false,
      status: 409,
      field: "amount",
      message:
        balance.refundablePaise === 0
          ? "This order is already refunded in full."
          : `At most ${formatPaise(balance.refundablePaise)} can still be refunded.`,
      refundablePaise: balance.refundablePaise,
    } as const;
  }
  return { ok: true, amount, lines, balance } as const;
}

async function reserveRefundIn(db: Kysely<DB>, input: RefundInput) {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const plan = await planRefundIn(trx, input);
    if (!plan.ok) return plan;
    const { amount, lines, balance } = plan;
    if (input.expectedPaise !== undefined && input.expectedPaise !== amount) {
      return {
        ok: false,
        status: 409,
        field: "confirm",
        message: `The refund now comes to ${formatPaise(amount)}: check it and confirm again.`,
        amountPaise: amount,
      } as const;
    }
    const refund = await trx
      .insertInto("refunds")
      .values({
        order_id: input.orderId,
        amount_paise: amount,
        status: "pending",
        razorpay_payment_id: balance.order.razorpay_payment_id,
        reason: (input.reason ?? "").trim().slice(0, 500),
        by: input.by,
        created_at: iso(now),
        updated_at: iso(now),
      })
      .returning(["id", "amount_paise", "razorpay_payment_id"])
      .executeTakeFirstOrThrow();
    if (lines.length > 0) {
      await trx
        .insertInto("refund_items")
        .values(
          lines.map((l) => ({
            refund_id: refund.id,
            order_item_id: l.orderItemId,
            quantity: l.quantity,
          })),
        )
        .execute();
    }
    const lost = input.claim ? await input.claim(trx, Number(refund.id)) : null;
    if (lost) throw new ClaimLost(lost);
    return { ok: true, refund, paymentMethod: balance.order.payment_method } as const;
  });
}

/**
 * Settles a refund with the provider's word: pending -> processed | failed only (both are final),
 * adopting the provider's id. A processed refund restocks its lines (those not back already),
 * issues its credit note, tells the shopper and, when the order is now refunded in full, moves it
 * to 'refunded'. A failed one tells the shopper and flags the order for the admin to refund again.
 * Answers whether anything changed.
 */
export async function settleRefundIn(
  trx: Trx,
  refundId: number,
  outcome: {
    status: RefundStatus;
    razorpayRefundId?: string | null;
    error?: string | null;
    now?: Date;
  },
): Promise<boolean> {
  const now = outcome.now ?? new Date();
  const refund = await trx
    .selectFrom("refunds")
    .selectAll()
    .where("id", "=", refundId)
    .executeTakeFirst();
  if (!refund) return false;
  if (outcome.razorpayRefundId && !refund.razorpay_refund_id) {
    await trx
      .updateTable("refunds")
      .set({ razorpay_refund_id: outcome.razorpayRefundId, updated_at: iso(now) })
      .where("id", "=", refundId)
      .execute();
  }
  if (refund.status !== "pending" || outcome.status === "pending") return false;
  const moved = await trx
    .updateTable("refunds")
    .set({ status: outcome.status, error: outcome.error ?? null, updated_at: iso(now) })
    .where("id", "=", refundId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  if (outcome.status === "processed") {
    const lines = await trx
      .selectFrom("refund_items")
      .select(["order_item_id as orderItemId", "quantity"])
      .where("refund_id", "=", refundId)
      .execute();
    if (lines.length > 0) await restockUnits(trx, refund.order_id, lines);
    await issueCreditNote(trx, refund.order_id, now, {
      refundId: refund.id,
      amountPaise: refund.amount_paise,
    });
    await fullyRefunded(trx, refund.order_id, refund.by, now);
  }
  if (outcome.status === "failed") {
    const why = outcome.error ? ` (${outcome.error})` : "";
    await flagAttention(
      trx,
      refund.order_id,
      `Refund #${refund.id} of ${formatPaise(refund.amount_paise)} failed${why}: refund it again`,
      now,
    );
  }
  // A return's refund made is told by the return's own message (its items and the sum), which
  // settleReturnRefund sends: one e-mail, not two about the same money.
  const forReturn =
    outcome.status === "processed" &&
    (await trx
      .selectFrom("return_requests")
      .select("id")
      .where("refund_id", "=", refundId)
      .executeTakeFirst()) !== undefined;
  await enqueueRefundNotice(
    trx,
    refund.order_id,
    { id: refund.id, amountPaise: refund.amount_paise, status: outcome.status },
    now,
    { email: !forReturn },
  );
  return true;
}

/** An order whose captured amount is all refunded (processed) becomes 'refunded'. */
async function fullyRefunded(trx: Trx, orderId: number, by: string, now: Date) {
  const balance = await refundBalance(trx, orderId);
  if (!balance || balance.capturedPaise === 0) return;
  const processed = await trx
    .selectFrom("refunds")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_paise"), eb.lit(0)).as("n"))
    .where("order_id", "=", orderId)
    .where("status", "=", "processed")
    .executeTakeFirstOrThrow();
  if (Number(processed.n) < balance.capturedPaise) return;
  const from = balance.order.status;
  if (from === "refunded") return;
  const moved = await trx
    .updateTable("orders")
    .set({ status: "refunded", updated_at: iso(now) })
    .where("id", "=", orderId)
    .where("status", "=", from)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1) {
    await trx
      .insertInto("order_status_history")
      .values({
        order_id: orderId,
        from_status: from,
        to_status: "refunded",
        by,
        note: "refunded in full",
        at: iso(now),
      })
      .execute();
  }
}

/** The admin's refund (see the top of this file). */
export async function refundOrder(
  db: Kysely<DB>,
  gateway: PaymentGateway,
  input: RefundInput,
): Promise<RefundResult> {
  const reserved = await reserveRefund(db, input);
  if (!reserved.ok) {
    return {
      ok: false,
      status: reserved.status,
      message: reserved.message,
      ...("field" in reserved ? { field: reserved.field } : {}),
      ...("amountPaise" in reserved ? { amountPaise: reserved.amountPaise } : {}),
    };
  }
  const { refund } = reserved;
  if (reserved.paymentMethod === "cod") {
    // No provider holds cash on delivery: the shop pays it back itself and this records it.
    await db
      .transaction()
      .execute((trx) => settleRefundIn(trx, refund.id, { status: "processed", now: input.now }));
    return {
      ok: true,
      refundId: refund.id,
      status: "processed",
      amountPaise: refund.amount_paise,
      razorpayRefundId: null,
    };
  }
  let answer;
  try {
    answer = await gateway.refundPayment({
      paymentId: refund.razorpay_payment_id!,
      amountPaise: refund.amount_paise,
      notes: { refundId: String(refund.id), orderId: String(input.orderId) },
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // The provider refused: the amount is free again.
    await db
      .transaction()
      .execute((trx) =>
        settleRefundIn(trx, refund.id, { status: "failed", error: error.message, now: input.now }),
      );
    return { ok: false, status: 502, message: `The refund did not go through: ${error.message}` };
  }
  await db.transaction().execute((trx) =>
    settleRefundIn(trx, refund.id, {
      status: answer.status,
      razorpayRefundId: answer.id,
      now: input.now,
    }),
  );
  const row = await db
    .selectFrom("refunds")
    .selectAll()
    .where("id", "=", refund.id)
    .executeTakeFirstOrThrow();
  return {
    ok: true,
    refundId: row.id,
    status: row.status,
    amountPaise: row.amount_paise,
    razorpayRefundId: row.razorpay_refund_id,
  };
}

const refundsOf = prepared((db, orderId: number) =>
  db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("id"),
);

/** What each of these orders has had back (its processed refunds), in paise; absent: nothing. */
export async function refundedPaiseByOrder(
  db: Trx,
  orderIds: number[],
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("refunds")
    .select(["order_id", (eb) => eb.fn.sum<number | string>("amount_paise").as("paise")])
    .where("order_id", "in", orderIds)
    .where("status", "=", "processed")
    .groupBy("order_id")
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.paise)]));
}

/** An order's refunds, oldest first. */
export async function listRefunds(db: Trx, orderId: number): Promise<RefundView[]> {
  const rows = await refundsOf(db, orderId);
  const items = rows.length
    ? await db
        .selectFrom("refund_items")
        .selectAll()
        .where(
          "refund_id",
          "in",
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    amountPaise: r.amount_paise,
    status: r.status,
    razorpayRefundId: r.razorpay_refund_id,
    reason: r.reason,
    error: r.error,
    by: r.by,
    createdAt: r.created_at,
    lines: items
      .filter((i) => i.refund_id === r.id)
      .map((i) => ({ orderItemId: i.order_item_id, quantity: i.quantity })),
  }));
}
