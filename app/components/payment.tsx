import { useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatPaise } from "~/utils/money";
import { FETCHER_FIELD } from "./fetcher-flag";

/** Where payments are confirmed: Razorpay's callback_url, the sandbox page and the JS handler. */
export const PAYMENT_CALLBACK_PATH = "/checkout/callback";
/** The spec's delay between the success dialog and the order page. */
export const REDIRECT_AFTER_PAYMENT_MS = 2000;
/** The spec's delay between the order's creation and the payment window. */
export const OPEN_PAYMENT_AFTER_MS = 100;

export type CallbackData = { ok: true; orderId: number } | { ok: false; message: string };

export type SandboxPayment = { razorpayPaymentId: string; razorpaySignature: string };

/** The spec's message when the payment's result could not reach the shop (the connection dropped). */
export const VERIFICATION_ERROR = "Payment verification error";
/** What the shopper reads with it. */
export const VERIFICATION_ERROR_TEXT = `${VERIFICATION_ERROR}: we could not confirm your payment. If money left your account, your order shows as paid within a few minutes; paying again continues the same order.`;

/**
 * Posts a payment's result to the callback. An answer that never comes (the phone lost its
 * connection after paying) is VERIFICATION_ERROR: the payment, if one was made, still reaches
 * the order by Razorpay's webhook, and Pay Now reopens the same order.
 */
async function postPaymentResult(fields: Record<string, string>): Promise<CallbackData> {
  try {
    const res = await fetch(PAYMENT_CALLBACK_PATH, {
      method: "POST",
      body: new URLSearchParams({ ...fields, [FETCHER_FIELD]: "1" }),
    });
    return (await res.json()) as CallbackData;
  } catch {
    return { ok: false, message: VERIFICATION_ERROR };
  }
}

/**
 * Sends a payment result to the callback. A success shows 'Payment Successful!' and moves to the
 * order after 2 s; a failure is handed to `onFailure`, and the page's data is read again (the
 * callback may have left a notice and changed the order).
 */
export function usePaymentConfirmation(onFailure?: (message: string) => void) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [data, setData] = useState<CallbackData | undefined>(undefined);
  const paidOrderId = data?.ok ? data.orderId : null;
  const failure = data && !data.ok ? data.message : null;

  useEffect(() => {
    if (paidOrderId == null) return;
    const timer = setTimeout(() => navigate(`/order/${paidOrderId}`), REDIRECT_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [paidOrderId, navigate]);

  return {
    busy,
    paidOrderId,
    failure,
    confirm: async (fields: Record<string, string>) => {
      setBusy(true);
      const answer = await postPaymentResult(fields);
      setData(answer);
      setBusy(false);
      if (answer.ok) return;
      onFailure?.(answer.message);
      revalidator.revalidate();
    },
  };
}

export function PaymentSuccessDialog({ open }: { open: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) ref.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 px-4">
      <div
        ref={ref}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="payment-success-title"
        className="w-full max-w-sm rounded-xl bg-white p-8 text-center shadow-xl focus:outline-none"
      >
        <p
          aria-hidden="true"
          className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-green-100 text-3xl text-green-700"
        >
          ✓
        </p>
        <h2 id="payment-success-title" className="text-2xl font-bold text-green-700">
          Payment Successful!
        </h2>
        <p className="mt-2 text-gray-600" role="status">
          Redirecting to your order...
        </p>
      </div>
    </div>
  );
}

/** The fields Razorpay posts to the callback when a payment fails. */
export function failureFields(
  razorpayOrderId: string,
  razorpayPaymentId: string | null,
  description: string,
) {
  return {
    "error[code]": "BAD_REQUEST_ERROR",
    "error[description]": description,
    "error[source]": "customer",
    "error[reason]": "payment_failed",
    "error[metadata]": JSON.stringify({ order_id: razorpayOrderId, payment_id: razorpayPaymentId }),
  };
}

/**
 * The sandbox's stand-in for Razorpay's payment window: the amount, Pay and Fail. Both are plain
 * form posts to the callback, exactly what Razorpay would send; with JavaScript they go through
 * `confirm` (a fetcher) so the success dialog can show.
 */
export function SandboxPaymentPanel({
  amountPaise,
  razorpayOrderId,
  payment,
  confirm,
  busy,
  onCancel,
}: {
  amountPaise: number;
  razorpayOrderId: string;
  payment: SandboxPayment;
  confirm?: (fields: Record<string, string>) => void;
  busy?: boolean;
  onCancel?: () => void;
}) {
  const [choice, setChoice] = useState<"pay" | "fail" | null>(null);
  const payFields = {
    razorpay_order_id: razorpayOrderId,
    razorpay_payment_id: payment.razorpayPaymentId,
    razorpay_signature: payment.razorpaySignature,
  };
  const failFields = failureFields(
    razorpayOrderId,
    payment.razorpayPaymentId,
    "Payment failed in the sandbox",
  );
  const submit = (kind: "pay" | "fail") => (event: React.FormEvent<HTMLFormElement>) => {
    if (!confirm) return;
    event.preventDefault();
    setChoice(kind);
    confirm(kind === "pay" ? payFields : failFields);
  };
  return (
    <section
      aria-labelledby="sandbox-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-6"
    >
      <h2 id="sandbox-title" className="text-lg font-bold">
        Test payment
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        Sandbox: no money moves. Choose how this payment ends.
      </p>
      <p className="mt-4 text-sm text-gray-700">
        Order <span className="font-mono">{razorpayOrderId}</span>
      </p>
      <p className="mt-1 text-2xl font-extrabold">
        Amount: <span>{formatPaise(amountPaise)}</span>
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <form method="post" action={PAYMENT_CALLBACK_PATH} onSubmit={submit("pay")}>
          {Object.entries(payFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-green-700 px-5 py-2.5 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60"
          >
            {busy && choice === "pay" ? "Processing..." : `Pay ${formatPaise(amountPaise)}`}
          </button>
        </form>
        <form method="post" action={PAYMENT_CALLBACK_PATH} onSubmit={submit("fail")}>
          {Object.entries(failFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            disabled={busy}
            className="rounded-md border border-red-700 px-5 py-2.5 font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60"
          >
            Fail payment
          </button>
        </form>
        {onCancel ? (
          <button type="button" onClick={onCancel} className="px-3 py-2.5 text-sm underline">
            Close
          </button>
        ) : null}
      </div>
    </section>
  );
}

type RazorpayOptions = {
  key: string;
  amount: number;
  currency: "INR";
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; contact: string };
  theme: { color: string };
  handler: (response: {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  }) => void;
  modal: { ondismiss: () => void };
};

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => { open(): void };
  }
}

/** Loads Razorpay's checkout.js once. */
export function useRazorpayScript(src: string | null) {
  useEffect(() => {
    if (!src || window.Razorpay || document.querySelector(`script[src="${src}"]`)) return;
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    document.body.appendChild(script);
  }, [src]);
}

export function openRazorpayCheckout(
  options: Omit<RazorpayOptions, "currency" | "description" | "theme" | "name">,
): boolean {
  if (!window.Razorpay) return false;
  new window.Razorpay({
    ...options,
    currency: "INR",
    name: "Overland 4x4 Gear",
    description: "Cart Payment",
    theme: { color: "#111418" },
  }).open();
  return true;
}
