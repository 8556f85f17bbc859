import { Form, Link } from "@remix-run/react";
import { formatOrderDate } from "./order-items";
import { Price } from "./price";

export type AfterSaleView = {
  orderId: number;
  canCancel: boolean;
  paidOnline: boolean;
  returnUntil: string | null;
  refunds: { id: number; amountPaise: number; status: string; createdAt: string }[];
  returns: {
    id: number;
    status: string;
    reason: string;
    decisionNote: string | null;
    /** The return's refund, once the goods arrived: pending, failed (made again) or processed. */
    refundStatus?: string | null;
    lines: { title: string; quantity: number }[];
  }[];
};

const RETURN_LABELS: Record<string, string> = {
  requested: "Asked for, waiting for our answer",
  approved: "Approved: send the items back; we refund them on arrival",
  declined: "Declined",
  refunded: "Received and refunded",
};

/** A return as the shopper reads it: once the goods arrived, its refund is on its way. */
export function returnLabel(r: AfterSaleView["returns"][number]): string {
  if (r.status === "approved" && (r.refundStatus === "pending" || r.refundStatus === "failed"))
    return "Received: your refund is on its way";
  return RETURN_LABELS[r.status] ?? r.status;
}

/** Cancel, return and refunds on the shopper's order page (forms work without JavaScript). */
export function OrderAfterSale({ view }: { view: AfterSaleView }) {
  const { canCancel, returnUntil, refunds, returns } = view;
  if (!canCancel && !returnUntil && refunds.length === 0 && returns.length === 0) return null;
  return (
    <section aria-labelledby="after-sale-heading" className="mt-8">
      <h2 id="after-sale-heading" className="text-xl font-bold">
        Cancel, return and refunds
      </h2>
      {canCancel ? (
        // A cancel cannot be undone: the button first opens its confirmation (no script needed).
        <div className="mt-3">
          <p className="text-sm text-gray-700">
            This order has not shipped yet.{" "}
            {view.paidOnline ? "Cancelling it refunds the full amount." : ""}
          </p>
          <details className="mt-2">
            <summary className="inline-block cursor-pointer list-none rounded-md border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
              Cancel this order
            </summary>
            <Form
              method="post"
              action={`/order/${view.orderId}/cancel`}
              className="mt-2 max-w-md rounded-md border border-red-200 bg-red-50 p-3"
            >
              <p className="text-sm">Cancel order #{view.orderId}? This cannot be undone.</p>
              <button
                type="submit"
                className="mt-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
              >
                Yes, cancel the order
              </button>
            </Form>
          </details>
        </div>
      ) : null}
      {returnUntil ? (
        <p className="mt-3 text-sm">
          <Link
            to={`/order/${view.orderId}/return`}
            className="font-semibold text-brand-700 underline"
          >
            Return items
          </Link>{" "}
          (until {formatOrderDate(returnUntil)})
        </p>
      ) : null}
      {returns.length > 0 ? (
        <ul className="mt-3 space-y-2 text-sm">
          {returns.map((r) => (
            <li key={r.id}>
              Return of {r.lines.map((l) => `${l.quantity} × ${l.title}`).join(", ")}:{" "}
              <strong>{returnLabel(r)}</strong>
              {r.decisionNote ? ` (${r.decisionNote})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {refunds.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm">
          {refunds.map((r) => (
            <li key={r.id}>
              Refund of <Price paise={r.amountPaise} />: {r.status}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
