import type { Kysely } from "kysely";
import { prepared } from "~/db/prepared.server";
import type { DB } from "~/db/schema";

/**
 * What checkout in India adds to an order, read beside the order itself: how it is paid, its
 * shipping and COD fee, the buyer's GSTIN, and its invoice and credit note.
 */
export type OrderExtras = {
  paymentMethod: "razorpay" | "cod";
  shippingPaise: number;
  codFeePaise: number;
  goodsPaise: number;
  buyerGstin: string | null;
  buyerBusinessName: string | null;
  invoiceNumber: string | null;
  invoicedAt: string | null;
  creditNoteNumber: string | null;
  cashCollectedAt: string | null;
};

const extrasOf = prepared((db, orderId: number) =>
  db
    .selectFrom("orders")
    .where("id", "=", orderId)
    .select([
      "payment_method as paymentMethod",
      "shipping_paise as shippingPaise",
      "cod_fee_paise as codFeePaise",
      "amount_paise as amountPaise",
      "buyer_gstin as buyerGstin",
      "buyer_business_name as buyerBusinessName",
      "invoice_number as invoiceNumber",
      "invoiced_at as invoicedAt",
      "credit_note_number as creditNoteNumber",
      "cash_collected_at as cashCollectedAt",
    ]),
);

export async function getOrderExtras(db: Kysely<DB>, orderId: number): Promise<OrderExtras | null> {
  const [row] = await extrasOf(db, orderId);
  if (!row) return null;
  const { amountPaise, ...rest } = row;
  return { ...rest, goodsPaise: amountPaise - row.shippingPaise - row.codFeePaise };
}

export type CashResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/**
 * The admin records the cash a courier collected for a delivered cash on delivery order: the
 * order becomes paid (paid_at) and the payment is listed. Recording it twice changes nothing.
 */
export async function recordCashCollected(
  db: Kysely<DB>,
  orderId: number,
  options: { by: string; now?: Date },
): Promise<CashResult> {
  const at = (options.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx): Promise<CashResult> => {
    const order = await trx
      .selectFrom("orders")
      .select(["id", "status", "payment_method", "amount_paise", "cash_collected_at"])
      .where("id", "=", orderId)
      .executeTakeFirst();
    if (!order) return { ok: false, status: 404, message: "Order not found" };
    if (order.payment_method !== "cod") {
      return { ok: false, status: 409, message: "Only a cash on delivery order is paid in cash" };
    }
    if (order.cash_collected_at) return { ok: true };
    if (order.status !== "delivered") {
      return { ok: false, status: 409, message: "Record the cash once the order is delivered" };
    }
    await trx
      .updateTable("orders")
      .set({ cash_collected_at: at, paid_at: at, updated_at: at })
      .where("id", "=", orderId)
      .where("cash_collected_at", "is", null)
      .execute();
    await trx
      .insertInto("payments")
      .values({
        order_id: orderId,
        razorpay_payment_id: `cod_${orderId}`,
        status: "paid",
        amount_paise: order.amount_paise,
        source: options.by,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column("razorpay_payment_id").doNothing())
      .execute();
    await trx
      .insertInto("order_status_history")
      .values({
        order_id: orderId,
        from_status: "delivered",
        to_status: "delivered",
        by: options.by,
        note: "cash collected",
        at,
      })
      .execute();
    return { ok: true };
  });
}
