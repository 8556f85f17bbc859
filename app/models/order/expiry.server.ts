import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { endUnpaidOrder, nowIso, type Trx } from "./shared.server";

/**
 * Unpaid orders giving their stock back: when the payment fails to start, when a newer order of
 * the same shopper needs the room, and after RESERVATION_MINUTES (checked before each new order and
 * by the timer that boot.server.ts starts).
 */

export const RESERVATION_MINUTES = 30;
/** Unpaid online orders that may hold stock at once per shopper; a newer one releases the oldest. */
export const MAX_PENDING_ORDERS = 2;

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
    return endUnpaidOrder(trx, order, "failed", options.by, { note: options.note });
  });
}

/**
 * Keeps at most MAX_PENDING_ORDERS unpaid orders of a shopper holding stock: older ones expire and
 * give their units back (a payment that still arrives for one is honoured, as for any late payment).
 */
export async function releaseOlderPendingOrders(trx: Trx, userId: number, now: Date) {
  const pending = await trx
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "=", "pending_payment")
    .where("stock_reserved", "=", 1)
    .orderBy("id", "desc")
    .execute();
  for (const order of pending.slice(MAX_PENDING_ORDERS)) {
    await endUnpaidOrder(trx, order, "expired", "system", {
      note: "released by a newer order",
      now,
    });
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
        await endUnpaidOrder(trx, order, "expired", "system", { note: "reservation lapsed", now })
      )
        count++;
    }
    return count;
  });
}

let expiryTimer: ReturnType<typeof setInterval> | undefined;

/**
 * Expires unpaid orders now and then every minute (also done before each new order). Started once
 * by the server's boot (boot.server.ts), never on import.
 */
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
