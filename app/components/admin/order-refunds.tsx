import { Form } from "@remix-run/react";
import { ItemQuantities } from "~/components/item-quantities";
import { Price } from "~/components/price";
import type { AdminOrderView } from "~/models/order/index.server";
import type { RefundView } from "~/models/refund.server";
import { orderDate } from "./order-status";

/**
 * The refunds made, and the form for a new one (units of lines or an amount) while money is left.
 * A refund is made in two posts: the first is checked and answers what it comes to
 * (`toConfirmPaise`), shown with a confirm button that sends that sum back with the fields.
 */
export function OrderRefunds({
  refunds,
  items,
  unitsLeft,
  refundablePaise,
  cashOnDelivery = false,
  error,
  typed = {},
  toConfirmPaise,
  busy,
}: {
  refunds: RefundView[];
  items: AdminOrderView["items"];
  /** Units of each line not refunded yet (by item id): the form offers those, not what was bought. */
  unitsLeft: Record<number, number>;
  refundablePaise: number;
  /** Cash on delivery: no provider moves the money back; the shop pays it and records it here. */
  cashOnDelivery?: boolean;
  error?: string;
  /** What was typed into a refused refund form, put back. */
  typed?: Record<string, string>;
  /** What the refund checked by the last post comes to, waiting for the admin's confirmation. */
  toConfirmPaise?: number;
  busy: boolean;
}) {
  const confirming = toConfirmPaise !== undefined;
  const bought = new Map(items.map((i) => [i.id, i.quantity]));
  const refundable = items
    .map((i) => ({ ...i, quantity: unitsLeft[i.id] ?? i.quantity }))
    .filter((i) => i.quantity > 0);
  return (
    <>
      <h2 className="mt-6 font-bold">Refunds</h2>
      {refunds.length > 0 ? (
        <ul className="mt-2 text-sm">
          {refunds.map((r) => (
            <li key={r.id}>
              <Price paise={r.amountPaise} />: {r.status}
              {r.razorpayRefundId ? ` (${r.razorpayRefundId})` : ""}
              {r.reason ? `, ${r.reason}` : ""}
              {r.error ? `: ${r.error}` : ""} (
              <time dateTime={r.createdAt}>{orderDate(r.createdAt)}</time>)
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-gray-600">No refunds.</p>
      )}
      {refundablePaise > 0 ? (
        <Form
          method="post"
          noValidate
          className="mt-3 space-y-3 rounded-md border border-gray-200 p-3 text-sm"
        >
          <input type="hidden" name="intent" value="refund" />
          <p>
            Up to <Price paise={refundablePaise} /> can be refunded. Choose units of lines (they go
            back in stock) or an amount.
            {cashOnDelivery
              ? " Cash on delivery: pay it back yourself (bank transfer or UPI), then record it here."
              : ""}
          </p>
          <ItemQuantities
            items={refundable}
            label={(i) =>
              i.quantity === bought.get(i.id)
                ? `Units of ${i.title} to refund (of ${i.quantity})`
                : `Units of ${i.title} to refund (${i.quantity} of ${bought.get(i.id)} not refunded yet)`
            }
            typed={typed}
          />
          <div className="flex flex-wrap gap-3">
            <div>
              <label htmlFor="amount" className="block font-semibold">
                Or an amount (₹)
              </label>
              <input
                id="amount"
                name="amount"
                inputMode="decimal"
                defaultValue={typed.amount}
                // Without JavaScript the refused page opens at its top: back to the form, whose
                // message is under this field.
                // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a refused post
                autoFocus={error && !confirming ? true : undefined}
                aria-describedby={error ? "refund-error" : undefined}
                className="mt-1 w-36 rounded-md border border-gray-300 px-2 py-1"
              />
            </div>
            <div className="flex-1">
              <label htmlFor="reason" className="block font-semibold">
                Reason
              </label>
              <input
                id="reason"
                name="reason"
                maxLength={500}
                defaultValue={typed.reason}
                className="mt-1 w-full rounded-md border border-gray-300 px-2 py-1"
              />
            </div>
          </div>
          {error ? (
            <p id="refund-error" role="alert" className="text-red-700">
              {error}
            </p>
          ) : null}
          {confirming ? (
            <div className="rounded-md border border-red-200 bg-red-50 p-3">
              <input type="hidden" name="confirmPaise" value={toConfirmPaise} />
              <p id="refund-confirm">
                {cashOnDelivery ? "Record that you paid back " : "Refund "}
                <Price paise={toConfirmPaise} />
                {cashOnDelivery ? "" : " to the shopper through Razorpay"}? This cannot be undone.
                Change the units or the amount first if that is not the sum; they are checked again.
              </p>
              <button
                type="submit"
                disabled={busy}
                aria-describedby="refund-confirm"
                // Without JavaScript the page opens at its top: this takes it to the question.
                // eslint-disable-next-line jsx-a11y/no-autofocus -- only when a refund awaits it
                autoFocus
                className="mt-2 rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
              >
                Confirm refund of <Price paise={toConfirmPaise} />
              </button>
            </div>
          ) : (
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
            >
              {cashOnDelivery ? "Record refund" : "Refund"}
            </button>
          )}
        </Form>
      ) : null}
    </>
  );
}
