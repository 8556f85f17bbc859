import type { Kysely } from "kysely";
import { prepared } from "~/db/prepared.server";
import type { DB, RefundStatus, ReturnStatus } from "~/db/schema";
import type { PaymentGateway } from "~/payments/gateway";
import { formatPaise } from "~/utils/money";
import { CONTROL_CHARACTERS_MESSAGE, isPlainText } from "~/utils/validation";
import { transitionOrder } from "./order/index.server";
import { enqueueMessage, orderSnapshot } from "./outbox.server";
import { indiaDay } from "./tax.server";
import { flagAttention, refundBalance, refundOrder, type RefundLineInput } from "./refund.server";

/**
 * After delivery: a shopper may ask, within RETURN_DAYS of delivery, to return lines with a reason
 * and photos; the admin approves (the goods come back and are refunded on receipt) or declines with
 * a reason. The return is 'refunded' once its refund is processed; until then (a refund waiting
 * for Razorpay, or one that failed and is to be made again) it stays 'approved' with its refund.
 * Before shipping, a shopper (or the admin) may cancel: an online order is refunded what was
 * paid, cash on delivery is simply cancelled. Each step is on the order page and in a message.
 */

export const RETURN_DAYS = 7;
export const MAX_RETURN_PHOTOS = 4;

type Trx = Kysely<DB>;
const iso = (d: Date) => d.toISOString();

export type ReturnView = {
  id: number;
  status: ReturnStatus;
  /** Its refund's status once the goods arrived (pending, or failed: to be refunded again). */
  refundStatus: RefundStatus | null;
  reason: string;
  decisionNote: string | null;
  createdAt: string;
  lines: { orderItemId: number; title: string; quantity: number }[];
  photos: string[];
};

/** When the order was delivered (its latest move to 'delivered'), or null. */
export async function deliveredAt(db: Trx, orderId: number): Promise<string | null> {
  const row = await db
    .selectFrom("order_status_history")
    .select("at")
    .where("order_id", "=", orderId)
    .where("to_status", "=", "delivered")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.at ?? null;
}

/** The last moment a return can be asked for, or null when the order was not delivered. */
export async function returnDeadline(db: Trx, orderId: number): Promise<Date | null> {
  const at = await deliveredAt(db, orderId);
  return at ? new Date(Date.parse(at) + RETURN_DAYS * 24 * 3600_000) : null;
}

/**
 * The shopper's message about the return's step ('received': the goods arrived, refund on its way).
 * Once the goods arrived it names the sum of their refund: for a refund made, it is the only
 * e-mail about that money (settleRefundIn sends no second one).
 */
async function notify(trx: Trx, returnId: number, now: Date, step?: "received") {
  const r = await trx
    .selectFrom("return_requests")
    .selectAll()
    .where("id", "=", returnId)
    .executeTakeFirstOrThrow();
  const refund =
    r.refund_id === null
      ? undefined
      : await trx
          .selectFrom("refunds")
          .select("amount_paise")
          .where("id", "=", r.refund_id)
          .executeTakeFirst();
  const status = step ?? r.status;
  const lines = await trx
    .selectFrom("return_items as ri")
    .innerJoin("order_items as oi", "oi.id", "ri.order_item_id")
    .select([
      "oi.title",
      "ri.quantity",
      "oi.size_label as sizeLabel",
      "oi.color_name as colorName",
      "oi.bolt_pattern as boltPattern",
      "oi.offset_mm as offsetMm",
      "oi.part_number as partNumber",
    ])
    .where("ri.return_id", "=", returnId)
    .orderBy("oi.id")
    .execute();
  const { snapshot } = await orderSnapshot(trx, r.order_id);
  await enqueueMessage(trx, {
    channel: "email",
    recipient: snapshot.customerEmail,
    payload: {
      kind: "return_update",
      order: snapshot,
      return: {
        id: r.id,
        status,
        note: r.decision_note,
        lines,
        ...(refund && { refundPaise: refund.amount_paise }),
      },
    },
    dedupeKey: `return:${r.id}:${status}:email`,
    orderId: r.order_id,
    userId: r.user_id,
    now,
  });
}

export type ReturnRequestResult =
  | { ok: true; returnId: number }
  | { ok: false; status: 400 | 404 | 409; message: string; field?: "lines" | "reason" | "photos" };

/** Units of each line not already in a return that is asked for, approved or refunded. */
async function returnableUnits(db: Trx, orderId: number) {
  const items = await db
    .selectFrom("order_items")
    .select(["id", "title", "quantity"])
    .where("order_id", "=", orderId)
    .execute();
  const taken = await db
    .selectFrom("return_items as ri")
    .innerJoin("return_requests as r", "r.id", "ri.return_id")
    .select(["ri.order_item_id", (eb) => eb.fn.sum<number>("ri.quantity").as("n")])
    .where("r.order_id", "=", orderId)
    .where("r.status", "!=", "declined")
    .groupBy("ri.order_item_id")
    .execute();
  const used = new Map(taken.map((t) => [t.order_item_id, Number(t.n)]));
  return items.map((i) => ({ ...i, left: i.quantity - (used.get(i.id) ?? 0) }));
}

/** Why this order cannot be returned now (not delivered, or past its window), or null. */
export async function returnClosed(
  db: Trx,
  order: { id: number; status: string },
  now: Date = new Date(),
): Promise<string | null> {
  const deadline = await returnDeadline(db, order.id);
  if (order.status !== "delivered" || !deadline) return "Only a delivered order can be returned.";
  if (now.getTime() > deadline.getTime())
    return `Returns are possible within ${RETURN_DAYS} days of delivery; for this order that was until ${indiaDay(deadline)}.`;
  return null;
}

/** The shopper asks to return lines of a delivered order (owner check inside). */
export async function requestReturn(
  db: Kysely<DB>,
  input: {
    userId: number;
    orderId: number;
    lines: RefundLineInput[];
    reason: string;
    photos?: string[];
    now?: Date;
  },
): Promise<ReturnRequestResult> {
  const now = input.now ?? new Date();
  const reason = input.reason.trim();
  return db.transaction().execute(async (trx): Promise<ReturnRequestResult> => {
    const order = await shopperOrder(trx, input.userId, input.orderId);
    if (!order) return { ok: false, status: 404, message: "Order not found" };
    const closed = await returnClosed(trx, order, now);
    if (closed) return { ok: false, status: 409, message: closed };
    const lines = input.lines.filter((l) => l.quantity > 0);
    if (lines.length === 0) {
      return {
        ok: false,
        status: 400,
        field: "lines",
        message: "Choose at least one item to return.",
      };
    }
    const units = await returnableUnits(trx, order.id);
    for (const line of lines) {
      const item = units.find((u) => u.id === line.orderItemId);
      if (!item || !Number.isSafeInteger(line.quantity) || line.quantity > item.left) {
        return {
          ok: false,
          status: 400,
          field: "lines",
          message: item
            ? `You can return at most ${item.left} of ${item.title}.`
            : "That item is not part of this order.",
        };
      }
    }
    if (reason.length < 5 || reason.length > 1000) {
      return {
        ok: false,
        status: 400,
        field: "reason",
        message: "Tell us why, in 5 to 1000 characters.",
      };
    }
    if (!isPlainText(reason, { multiline: true })) {
      return { ok: false, status: 400, field: "reason", message: CONTROL_CHARACTERS_MESSAGE };
    }
    const photos = input.photos ?? [];
    if (photos.length > MAX_RETURN_PHOTOS) {
      return {
        ok: false,
        status: 400,
        field: "photos",
        message: `At most ${MAX_RETURN_PHOTOS} photos.`,
      };
    }
    const created = await trx
      .insertInto("return_requests")
      .values({
        order_id: order.id,
        user_id: input.userId,
        status: "requested",
        reason,
        created_at: iso(now),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("return_items")
      .values(
        lines.map((l) => ({
          return_id: created.id,
          order_item_id: l.orderItemId,
          quantity: l.quantity,
        })),
      )
      .execute();
    if (photos.length > 0) {
      await trx
        .insertInto("return_photos")
        .values(photos.map((image) => ({ return_id: created.id, image })))
        .execute();
    }
    await notify(trx, created.id, now);
    return { ok: true, returnId: created.id };
  });
}

export type ReturnDecisionResult =
  | { ok: true; status: ReturnStatus }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string };

/**
 * Which return an admin acts on: `orderId` is the order whose page the decision came from, and a
 * return of another order is not found there.
 */
type ReturnTarget = { returnId: number; orderId?: number };

/** The admin approves or declines (a decline needs a reason). */
export async function decideReturn(
  db: Kysely<DB>,
  input: ReturnTarget & { approve: boolean; note?: string; by: string; now?: Date },
): Promise<ReturnDecisionResult> {
  const now = input.now ?? new Date();
  const note = (input.note ?? "").trim().slice(0, 1000) || null;
  if (!input.approve && !note)
    return { ok: false, status: 400, message: "Give the shopper a reason for declining." };
  if (note && !isPlainText(note, { multiline: true }))
    return { ok: false, status: 400, message: CONTROL_CHARACTERS_MESSAGE };
  const to: ReturnStatus = input.approve ? "approved" : "declined";
  return db.transaction().execute(async (trx): Promise<ReturnDecisionResult> => {
    const moved = await trx
      .updateTable("return_requests")
      .set({ status: to, decision_note: note, decided_at: iso(now) })
      .where("id", "=", input.returnId)
      .$if(input.orderId !== undefined, (q) => q.where("order_id", "=", input.orderId!))
      .where("status", "=", "requested")
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) {
      const exists = await trx
        .selectFrom("return_requests")
        .select("status")
        .where("id", "=", input.returnId)
        .$if(input.orderId !== undefined, (q) => q.where("order_id", "=", input.orderId!))
        .executeTakeFirst();
      return exists
        ? { ok: false, status: 409, message: `This return is already ${exists.status}.` }
        : { ok: false, status: 404, message: "Return not found" };
    }
    await notify(trx, input.returnId, now);
    return { ok: true, status: to };
  });
}

/**
 * The approved goods arrived: refund their lines (they go back in stock once it is processed). Paid
 * online, through the provider; cash on delivery, the shop pays it back itself (bank transfer, UPI)
 * and this records it. A refund that failed is made again the same way. Answers the return's
 * status: 'refunded', or 'approved' while the refund waits for Razorpay.
 */
export async function receiveReturn(
  db: Kysely<DB>,
  gateway: PaymentGateway,
  input: ReturnTarget & { by: string; now?: Date },
): Promise<ReturnDecisionResult> {
  const now = input.now ?? new Date();
  const r = await db
    .selectFrom("return_requests as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .leftJoin("refunds as f", "f.id", "r.refund_id")
    .select([
      "r.id",
      "r.order_id",
      "r.status",
      "r.refund_id",
      "o.payment_method",
      "f.status as refundStatus",
    ])
    .where("r.id", "=", input.returnId)
    .$if(input.orderId !== undefined, (q) => q.where("r.order_id", "=", input.orderId!))
    .executeTakeFirst();
  if (!r) return { ok: false, status: 404, message: "Return not found" };
  const refused = (status: ReturnStatus, refundStatus: RefundStatus | null) =>
    status !== "approved"
      ? `This return is ${status}, not approved.`
      : refundStatus === "pending"
        ? "This return's refund is on its way already."
        : null;
  const notNow = refused(r.status, r.refundStatus);
  if (notNow) return { ok: false, status: 409, message: notNow };
  const lines = await db
    .selectFrom("return_items")
    .select(["order_item_id as orderItemId", "quantity"])
    .where("return_id", "=", r.id)
    .execute();
  const refund = await refundOrder(db, gateway, {
    orderId: r.order_id,
    lines,
    reason:
      r.payment_method === "cod"
        ? `return #${r.id}, paid back by the shop (cash on delivery)`
        : `return #${r.id}`,
    by: input.by,
    now,
    // Received twice at once (two admins, a double click): only the first refunds its lines.
    claim: async (trx, refundId) => {
      const claimed = await trx
        .updateTable("return_requests")
        .set({ refund_id: refundId })
        .where("id", "=", r.id)
        .where("status", "=", "approved")
        .where("refund_id", r.refund_id === null ? "is" : "=", r.refund_id)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) return null;
      const current = await trx
        .selectFrom("return_requests as r")
        .leftJoin("refunds as f", "f.id", "r.refund_id")
        .select(["r.status", "f.status as refundStatus"])
        .where("r.id", "=", r.id)
        .executeTakeFirstOrThrow();
      return refused(current.status, current.refundStatus) ?? "This return was received meanwhile.";
    },
  });
  if (!refund.ok) return { ok: false, status: refund.status, message: refund.message };
  const status = await db
    .transaction()
    .execute((trx) => settleReturnRefund(trx, refund.refundId, now));
  return { ok: true, status: status ?? "approved" };
}

/**
 * A return's refund moved (or was just made): processed closes the return as 'refunded' and tells
 * the shopper; pending tells them the goods arrived and the refund is on its way; failed leaves
 * it approved, for the admin to refund again (the order is flagged). Call in the transaction that
 * settles the refund; answers the return's status, or null when no return waits on this refund.
 */
export async function settleReturnRefund(
  trx: Trx,
  refundId: number,
  now: Date = new Date(),
): Promise<ReturnStatus | null> {
  const r = await trx
    .selectFrom("return_requests as r")
    .innerJoin("refunds as f", "f.id", "r.refund_id")
    .select(["r.id", "f.status as refundStatus"])
    .where("r.refund_id", "=", refundId)
    .where("r.status", "=", "approved")
    .executeTakeFirst();
  if (!r) return null;
  if (r.refundStatus === "pending") await notify(trx, r.id, now, "received");
  if (r.refundStatus !== "processed") return "approved";
  await trx
    .updateTable("return_requests")
    .set({ status: "refunded" })
    .where("id", "=", r.id)
    .where("status", "=", "approved")
    .execute();
  await notify(trx, r.id, now);
  return "refunded";
}

const returnsOf = prepared((db, orderId: number) =>
  db.selectFrom("return_requests").selectAll().where("order_id", "=", orderId).orderBy("id"),
);

/** An order's returns, oldest first (for the order page and the admin). */
export async function listReturns(db: Trx, orderId: number): Promise<ReturnView[]> {
  const rows = await returnsOf(db, orderId);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await db
    .selectFrom("return_items as ri")
    .innerJoin("order_items as oi", "oi.id", "ri.order_item_id")
    .select(["ri.return_id", "ri.order_item_id", "oi.title", "ri.quantity"])
    .where("ri.return_id", "in", ids)
    .execute();
  const refundIds = rows.flatMap((r) => (r.refund_id === null ? [] : [r.refund_id]));
  const refunds = refundIds.length
    ? await db.selectFrom("refunds").select(["id", "status"]).where("id", "in", refundIds).execute()
    : [];
  const photos = await db
    .selectFrom("return_photos")
    .selectAll()
    .where("return_id", "in", ids)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    refundStatus: refunds.find((f) => f.id === r.refund_id)?.status ?? null,
    reason: r.reason,
    decisionNote: r.decision_note,
    createdAt: r.created_at,
    lines: items
      .filter((i) => i.return_id === r.id)
      .map((i) => ({ orderItemId: i.order_item_id, title: i.title, quantity: i.quantity })),
    photos: photos.filter((p) => p.return_id === r.id).map((p) => p.image),
  }));
}

export type CancelResult =
  | {
      ok: true;
      /**
       * The refund of what was paid (null: nothing to refund, e.g. cash on delivery): processed,
       * pending at Razorpay, or failed (`error`; the order is flagged, the admin refunds it again).
       */
      refund: { amountPaise: number; status: RefundStatus; error?: string } | null;
    }
  | { ok: false; status: 404 | 409; message: string };

/** One of the shopper's own orders (id and status), or undefined: someone else's is not found. */
function shopperOrder(db: Kysely<DB>, userId: number, orderId: number) {
  return db
    .selectFrom("orders")
    .select(["id", "status"])
    .where("id", "=", orderId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Orders a shopper may cancel: paid online, or cash on delivery placed or confirmed, not shipped. */
export const SHOPPER_CANCELLABLE: readonly string[] = ["paid", "placed", "confirmed"];

/**
 * Cancels an order (the admin's or the shopper's move): it becomes cancelled (stock back, message,
 * credit note), and what was paid online and not refunded yet is refunded through the provider.
 * When that refund cannot be made, the order stays cancelled and is flagged for the admin, who
 * refunds it again from the refund form.
 */
export async function cancelOrder(
  db: Kysely<DB>,
  gateway: PaymentGateway,
  input: { orderId: number; by: string; now?: Date; onlyFrom?: readonly string[] },
): Promise<CancelResult> {
  const moved = await transitionOrder(db, input.orderId, "cancelled", {
    by: input.by,
    now: input.now,
    onlyFrom: input.onlyFrom,
  });
  if (!moved.ok)
    return { ok: false, status: moved.status === 404 ? 404 : 409, message: moved.message };
  const balance = await refundBalance(db, input.orderId);
  if (!balance || balance.refundablePaise === 0) return { ok: true, refund: null };
  const amountPaise = balance.refundablePaise;
  const refund = await refundOrder(db, gateway, {
    orderId: input.orderId,
    amountPaise,
    reason: input.by.startsWith("user:") ? "cancelled by the shopper" : "order cancelled",
    by: input.by,
    now: input.now,
  });
  if (refund.ok) return { ok: true, refund: { amountPaise, status: refund.status } };
  // A refusal by the provider flagged the order already (the refund failed); anything else does here.
  if (refund.status !== 502) {
    await flagAttention(
      db,
      input.orderId,
      `Cancelled, but the refund of ${formatPaise(amountPaise)} was not made (${refund.message}): refund it`,
      input.now,
    );
  }
  return { ok: true, refund: { amountPaise, status: "failed", error: refund.message } };
}

/** The shopper cancels their own order that has not shipped (see cancelOrder). */
export async function cancelOrderByShopper(
  db: Kysely<DB>,
  gateway: PaymentGateway,
  input: { userId: number; orderId: number; now?: Date },
): Promise<CancelResult> {
  const order = await shopperOrder(db, input.userId, input.orderId);
  if (!order) return { ok: false, status: 404, message: "Order not found" };
  const refused = (status: string): CancelResult => ({
    ok: false,
    status: 409,
    message:
      status === "shipped" || status === "delivered"
        ? "This order has shipped; ask for a return once it is delivered."
        : "This order cannot be cancelled.",
  });
  if (!SHOPPER_CANCELLABLE.includes(order.status)) return refused(order.status);
  const result = await cancelOrder(db, gateway, {
    orderId: order.id,
    by: `user:${input.userId}`,
    now: input.now,
    // It may have shipped since it was read: the move checks again.
    onlyFrom: SHOPPER_CANCELLABLE,
  });
  if (result.ok || result.status !== 409) return result;
  const current = await shopperOrder(db, input.userId, input.orderId);
  return refused(current?.status ?? order.status);
}

export const RETURN_PHOTO_LIMITS = {
  maxFileSize: 5 * 1024 * 1024,
  maxFiles: MAX_RETURN_PHOTOS,
  maxTotalSize: 5 * MAX_RETURN_PHOTOS * 1024 * 1024 + 100 * 1024,
  maxFieldSize: 10 * 1024,
  // A line's quantity per order item, the reason and the photos: a few dozen at most.
  maxParts: 500,
};
