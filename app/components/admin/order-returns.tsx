import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { errorAria } from "~/components/form-field";
import type { ReturnView } from "~/models/return.server";
import { imageUrl } from "~/utils/images";

/** Each decision's button: its words and its look. */
const DECISIONS = {
  approve: {
    label: (id: number) => `Approve return #${id}`,
    className: "bg-brand-600 text-white hover:bg-brand-700",
  },
  decline: {
    label: (id: number) => `Decline return #${id}`,
    className: "border border-gray-300 bg-white hover:bg-gray-100",
  },
  receive: {
    label: (id: number) => `Items received: refund return #${id}`,
    className: "bg-red-700 text-white hover:bg-red-800",
  },
  // Cash on delivery: the shop pays it back itself; the button records that it did.
  receiveCash: {
    label: (id: number) => `Items received: record the refund of return #${id}, paid back by us`,
    className: "bg-red-700 text-white hover:bg-red-800",
  },
  retry: {
    label: (id: number) => `Refund return #${id} again`,
    className: "bg-red-700 text-white hover:bg-red-800",
  },
};

/** A decision on one return, as a form with one button (and `children` before it). */
function DecisionForm({
  returnId,
  decision,
  busy,
  className,
  children,
}: {
  returnId: number;
  decision: keyof typeof DECISIONS;
  busy: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value="return" />
      <input type="hidden" name="returnId" value={returnId} />
      <input
        type="hidden"
        name="decision"
        value={decision === "receiveCash" || decision === "retry" ? "receive" : decision}
      />
      {children}
      <button
        type="submit"
        disabled={busy}
        className={`rounded-md px-3 py-1.5 font-semibold ${DECISIONS[decision].className}`}
      >
        {DECISIONS[decision].label(returnId)}
      </button>
    </Form>
  );
}

/**
 * The returns asked for: lines, reason, photos; approve or decline one asked for, receive one
 * approved (its refund: on its way, or failed and to be made again).
 */
export function OrderReturns({
  returns,
  error,
  errorReturnId,
  typedNote,
  busy,
  cashOnDelivery = false,
}: {
  returns: ReturnView[];
  error?: string;
  /** The return `error` is about: shown with it, beside its reason to decline (focused). */
  errorReturnId?: number;
  /** The reason typed into a refused decline, put back (its field is the one at fault). */
  typedNote?: string;
  busy: boolean;
  cashOnDelivery?: boolean;
}) {
  const errorOf = (id: number) => (error && errorReturnId === id ? error : undefined);
  const declineError = (id: number) => (typedNote !== undefined ? errorOf(id) : undefined);
  const placed = errorReturnId !== undefined && returns.some((r) => r.id === errorReturnId);
  return (
    <>
      <h2 className="mt-6 font-bold">Returns</h2>
      {error && !placed ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {returns.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">No returns asked for.</p>
      ) : (
        <ul className="mt-2 space-y-3 text-sm">
          {returns.map((r) => (
            <li key={r.id} className="rounded-md border border-gray-200 p-3">
              <p>
                Return #{r.id} ({r.status}):{" "}
                {r.lines.map((l) => `${l.quantity} × ${l.title}`).join(", ")}
              </p>
              <p className="text-gray-700">Reason: {r.reason}</p>
              {r.decisionNote ? <p className="text-gray-700">Note: {r.decisionNote}</p> : null}
              {r.photos.length > 0 ? (
                <p className="mt-1 flex gap-2">
                  {r.photos.map((key, n) => (
                    <a key={key} href={imageUrl(key, 1024)}>
                      <img
                        src={imageUrl(key, 320)}
                        alt={`Return ${r.id}, shopper's view ${n + 1}`}
                        width={64}
                        height={64}
                        className="h-16 w-16 rounded border object-contain"
                      />
                    </a>
                  ))}
                </p>
              ) : null}
              {r.status === "requested" ? (
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  <DecisionForm returnId={r.id} decision="approve" busy={busy} />
                  <DecisionForm
                    returnId={r.id}
                    decision="decline"
                    busy={busy}
                    className="flex items-end gap-2"
                  >
                    <div>
                      <label htmlFor={`note-${r.id}`} className="block font-semibold">
                        Reason to decline
                      </label>
                      <input
                        id={`note-${r.id}`}
                        name="note"
                        maxLength={1000}
                        defaultValue={declineError(r.id) ? typedNote : undefined}
                        // Without JavaScript the refused page opens at its top: this brings the
                        // admin back to the field and its message.
                        // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a refused post
                        autoFocus={declineError(r.id) ? true : undefined}
                        {...errorAria(`note-${r.id}`, declineError(r.id))}
                        className="mt-1 rounded-md border border-gray-300 px-2 py-1 aria-[invalid=true]:border-red-600"
                      />
                    </div>
                  </DecisionForm>
                </div>
              ) : r.status === "approved" && r.refundStatus === "pending" ? (
                <p className="mt-2 font-semibold">
                  Received: the refund is on its way (waiting for Razorpay).
                </p>
              ) : r.status === "approved" ? (
                <>
                  {r.refundStatus === "failed" ? (
                    <p role="alert" className="mt-2 font-semibold text-red-700">
                      Received, but its refund failed.
                    </p>
                  ) : null}
                  <DecisionForm
                    returnId={r.id}
                    decision={
                      r.refundStatus === "failed"
                        ? "retry"
                        : cashOnDelivery
                          ? "receiveCash"
                          : "receive"
                    }
                    busy={busy}
                    className="mt-2"
                  />
                </>
              ) : null}
              {errorOf(r.id) ? (
                <p id={`note-${r.id}-error`} role="alert" className="mt-2 text-red-700">
                  {errorOf(r.id)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
