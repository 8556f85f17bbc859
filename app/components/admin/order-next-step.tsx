import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { TextField } from "~/components/form-field";
import { MOVES } from "~/forms/admin-order";
import type { AdminOrderView } from "~/models/order/index.server";
import type { StatusLabels } from "./order-detail";

/** The moves the order may make next, a form each; "shipped" asks for the tracking number. */
export function OrderNextStep({
  order,
  labels,
  errors,
  typed = {},
  busy,
}: {
  order: AdminOrderView;
  labels: StatusLabels;
  errors: Record<string, string>;
  /** What was typed into a refused form (the tracking number), put back. */
  typed?: Record<string, string>;
  busy: boolean;
}) {
  // A paid online order is refunded with the refund form, through Razorpay.
  const moves = order.allowedTransitions.filter(
    (to) => to !== "refunded" || !order.razorpayPaymentId,
  );
  return (
    <>
      <h2 className="mt-6 font-bold">Next step</h2>
      {errors.form ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      {moves.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">
          Nothing to do: this order is {labels[order.status].toLowerCase()}.
        </p>
      ) : (
        <div className="mt-2 flex flex-wrap items-start gap-4">
          {moves.map((to) =>
            to === "shipped" ? (
              <Form key={to} method="post" className="flex flex-wrap items-end gap-2" noValidate>
                <input type="hidden" name="to" value="shipped" />
                <TextField
                  name="trackingNumber"
                  label="Tracking number"
                  required
                  maxLength={40}
                  defaultValue={typed.trackingNumber}
                  error={errors.trackingNumber}
                  // Without JavaScript the refused page opens at its top: back to the field.
                  // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a refused post
                  autoFocus={errors.trackingNumber ? true : undefined}
                  className="mt-1 rounded-md border border-gray-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-600"
                />
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                >
                  {MOVES.shipped!.button}
                </button>
              </Form>
            ) : to === "cancelled" || to === "refunded" ? (
              // Neither can be undone (a cancel refunds what was paid online): the button first
              // opens its confirmation (no script needed).
              <details key={to}>
                <summary className="inline-block cursor-pointer list-none rounded-md border border-red-700 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
                  {MOVES[to]!.button}
                </summary>
                <Form
                  method="post"
                  className="mt-2 max-w-md rounded-md border border-red-200 bg-red-50 p-3"
                >
                  <input type="hidden" name="to" value={to} />
                  <p className="text-sm">
                    {to === "cancelled"
                      ? `Cancel order #${order.id}? ${order.paymentMethod === "razorpay" && order.paidAt ? "What was paid online is refunded to the shopper. " : ""}`
                      : `Mark order #${order.id} as refunded? Do this once the shopper has the money back. `}
                    This cannot be undone.
                  </p>
                  <button
                    type="submit"
                    disabled={busy}
                    className="mt-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
                  >
                    {to === "cancelled" ? "Yes, cancel the order" : "Yes, mark refunded"}
                  </button>
                </Form>
              </details>
            ) : (
              <Form key={to} method="post">
                <input type="hidden" name="to" value={to} />
                <button
                  type="submit"
                  disabled={busy}
                  className={`rounded-md px-4 py-2 text-sm font-semibold ${to === "delivered" ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-gray-300 bg-white hover:bg-gray-100"}`}
                >
                  {MOVES[to]?.button ?? labels[to]}
                </button>
              </Form>
            ),
          )}
        </div>
      )}
    </>
  );
}

/** Cash on delivery: the courier's cash is recorded once the order is delivered. */
/** The note of what needs the admin's attention, and the button that marks it handled. */
export function AttentionNote({ note, busy }: { note: string; busy: boolean }) {
  return (
    <div
      role="note"
      className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
    >
      <p>Needs attention: {note}</p>
      <IntentButton
        intent="attention-handled"
        busy={busy}
        className="rounded-md border border-amber-900 px-3 py-1 text-sm font-semibold hover:bg-amber-100"
      >
        Mark as handled
      </IntentButton>
    </div>
  );
}

export function CashCollectedForm({ busy }: { busy: boolean }) {
  return (
    <IntentButton
      intent="cash-collected"
      busy={busy}
      formClassName="mt-3"
      className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
    >
      Record cash collected
    </IntentButton>
  );
}

/** A form of one button that posts its `intent` to the page's action. */
function IntentButton({
  intent,
  busy,
  className,
  formClassName,
  children,
}: {
  intent: string;
  busy: boolean;
  className: string;
  formClassName?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={formClassName}>
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" disabled={busy} className={className}>
        {children}
      </button>
    </Form>
  );
}
