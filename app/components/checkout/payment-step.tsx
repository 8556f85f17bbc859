import { Link, useActionData, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { FetcherFlag } from "~/components/fetcher-flag";
import {
  OPEN_PAYMENT_AFTER_MS,
  openRazorpayCheckout,
  PaymentSuccessDialog,
  SandboxPaymentPanel,
  usePaymentConfirmation,
  VERIFICATION_ERROR,
  VERIFICATION_ERROR_TEXT,
  useRazorpayScript,
} from "~/components/payment";
import type {
  CheckoutCharges,
  CheckoutSummary,
  PayNowData,
  PayNowState,
  PayWithErrors,
  StepUrls,
} from "~/forms/checkout";
import type { ShippingAddress } from "~/models/order/index.server";
import type { HostedCheckoutForm as HostedForm } from "~/payments/razorpay-hosted.server";
import { formatPaise } from "~/utils/money";
import { HostedCheckoutForm } from "./hosted-checkout-form";
import { AlreadyOrdered, DeliverTo, OrderSummary, type OrderedBefore } from "./order-summary";
import { GstDetails, PaymentMethodFieldset, PayNowStateFields } from "./payment-options";

export type PaymentStepProps = {
  summary: CheckoutSummary;
  address: ShippingAddress;
  charges: CheckoutCharges;
  urls: StepUrls;
  /** Without JavaScript, the reserved order's form to Razorpay's hosted checkout. */
  hosted: HostedForm | null;
  idempotencyKey: string;
  gateway: "razorpay" | "sandbox";
  checkoutJs: string | null;
  state: PayNowState;
  /** Whether the shop sends WhatsApp updates: the opt-in is offered only then. */
  whatsapp: boolean;
  /** Buy Now: the same item ordered by this shopper lately (see sameBuyNowOrdered). */
  alreadyOrdered: OrderedBefore | null;
};

/**
 * Step 3. Pay Now posts through a fetcher (or, without JavaScript, as a plain form); the order it
 * makes opens Razorpay's window (or the sandbox's) 100 ms later, and a paid order shows the success
 * dialog. A closed window is reopened for the same order.
 */
export function PaymentStep({ page }: { page: PaymentStepProps }) {
  const fetcher = useFetcher<PayNowData | PayWithErrors>({ key: "pay-now" });
  const refused = useActionData<PayWithErrors>();
  const [method, setMethod] = useState<"razorpay" | "cod">(
    refused?.values.paymentMethod === "cod" ? "cod" : "razorpay",
  );
  const [error, setError] = useState<string | null>(null);
  /** The order whose payment window is open (or may be reopened). */
  const [open, setOpen] = useState<Extract<PayNowData, { ok: true }> | null>(null);
  const [windowShown, setWindowShown] = useState(false);
  const payButton = useRef<HTMLButtonElement>(null);
  /**
   * Bumped when a choice changes after an order was made (its window closed): the next Pay Now
   * is a new request, with a key of its own, rather than that order's window again.
   */
  const [round, setRound] = useState(0);
  const idempotencyKey = round ? `${page.idempotencyKey}.${round}` : page.idempotencyKey;
  const onFailure = useCallback((message: string) => {
    // A failed payment's notice comes as the callback's toast ("Payment failed. Your cart is
    // unchanged..."): said once, not again in the page.
    setError(
      message === "Payment failed."
        ? null
        : message === VERIFICATION_ERROR
          ? VERIFICATION_ERROR_TEXT
          : message,
    );
    setOpen(null);
    setWindowShown(false);
  }, []);
  const confirmation = usePaymentConfirmation(onFailure);
  useRazorpayScript(page.checkoutJs);

  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      setError(result.message);
      if (result.redirectTo) window.location.assign(result.redirectTo);
      return;
    }
    if (result.paid) {
      window.location.assign(`/order/${result.orderId}`);
      return;
    }
    setError(null);
    setOpen(result);
    // The payment window opens 100 ms after the order exists.
    const timer = setTimeout(() => setWindowShown(true), OPEN_PAYMENT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const { confirm } = confirmation;
  useEffect(() => {
    if (!open || !windowShown || page.gateway !== "razorpay") return;
    const opened = openRazorpayCheckout({
      key: open.keyId ?? "",
      amount: open.amountPaise,
      order_id: open.razorpayOrderId,
      prefill: open.prefill,
      handler: (response) => confirm(response),
      modal: { ondismiss: () => setWindowShown(false) },
    });
    if (!opened) {
      setError("Razorpay SDK not loaded.");
      setWindowShown(false);
    }
  }, [open, windowShown, page.gateway, confirm]);

  const busy =
    fetcher.state !== "idle" ||
    windowShown ||
    confirmation.busy ||
    confirmation.paidOrderId != null;
  const shippingPaise = page.charges.ok ? page.charges.shippingPaise : 0;
  const cod = page.charges.ok ? page.charges.cod : null;
  const codChosen = method === "cod" && cod?.available === true;
  const onlineTotal = page.summary.totalPaise + shippingPaise;
  const codTotal = onlineTotal + (cod?.feePaise ?? 0);
  // GST details refused: by the fetcher's answer, or by a plain post's.
  const refusal = result && !result.ok && "errors" in result ? (result as PayWithErrors) : refused;
  const payLabel = `Pay Now ${formatPaise(onlineTotal)}`;
  const codLabel = `Place Order ${formatPaise(codTotal)}`;

  return (
    <section aria-labelledby="summary-heading" className="space-y-6">
      <OrderSummary
        summary={page.summary}
        shippingPaise={shippingPaise}
        codFeePaise={codChosen ? (cod?.feePaise ?? 0) : 0}
      />
      <DeliverTo address={page.address} changeHref={page.urls.address} />
      {page.alreadyOrdered ? <AlreadyOrdered order={page.alreadyOrdered} /> : null}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {page.hosted ? (
        <HostedCheckoutForm hosted={page.hosted} />
      ) : (
        <fetcher.Form
          method="post"
          className="group/pay"
          onChange={() => {
            // Another payment method, GST details or WhatsApp choice: not the order made before.
            if (!open) return;
            setOpen(null);
            setRound((n) => n + 1);
          }}
          onSubmit={(event) => {
            // An order whose window was closed is paid in the same window, not ordered again.
            if (open) {
              event.preventDefault();
              setError(null);
              setWindowShown(true);
            }
          }}
        >
          <FetcherFlag />
          <PaymentMethodFieldset
            codChosen={codChosen}
            cod={cod}
            onlineTotal={onlineTotal}
            codTotal={codTotal}
            onChange={setMethod}
          />
          <GstDetails typed={refusal?.values ?? {}} errors={refusal?.errors} />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          {/* The totals on the button: the order is refused if the server's differs. */}
          <input type="hidden" name="shownTotal.razorpay" value={onlineTotal} />
          {cod?.available ? <input type="hidden" name="shownTotal.cod" value={codTotal} /> : null}
          <PayNowStateFields state={page.state} />
          {page.whatsapp ? (
            <label className="mb-3 flex items-start gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                name="whatsappOptIn"
                value="1"
                defaultChecked={refusal?.values.whatsappOptIn === "1"}
                className="mt-1"
              />
              <span>
                Send me order updates on WhatsApp (to the phone number of the delivery address)
              </span>
            </label>
          ) : null}
          <button
            ref={payButton}
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-brand-600 px-5 py-3 text-lg font-bold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-70"
          >
            {busy ? (
              "Processing..."
            ) : cod?.available ? (
              // The label follows the chosen payment method through CSS, so without JavaScript too.
              <>
                <span className="group-has-[#pay-cod:checked]/pay:hidden">{payLabel}</span>
                <span className="hidden group-has-[#pay-cod:checked]/pay:inline">{codLabel}</span>
              </>
            ) : (
              payLabel
            )}
          </button>
        </fetcher.Form>
      )}
      <Link
        to={page.urls.summary}
        className="inline-block rounded-md px-3 py-2 font-semibold underline"
      >
        Back
      </Link>
      {open &&
      windowShown &&
      open.sandbox &&
      page.gateway === "sandbox" &&
      confirmation.paidOrderId == null ? (
        <SandboxWindow onClose={() => setWindowShown(false)} returnFocus={payButton}>
          <SandboxPaymentPanel
            amountPaise={open.amountPaise}
            razorpayOrderId={open.razorpayOrderId}
            payment={open.sandbox}
            confirm={confirmation.confirm}
            busy={confirmation.busy}
            onCancel={() => setWindowShown(false)}
          />
        </SandboxWindow>
      ) : null}
      <PaymentSuccessDialog open={confirmation.paidOrderId != null} />
    </section>
  );
}

/**
 * The sandbox's payment window with JavaScript: a modal <dialog> that takes focus (its first
 * button), closes on Esc as on its Close button, and gives focus back to `returnFocus` (Pay Now,
 * which lost it while it was busy creating the order).
 */
function SandboxWindow({
  onClose,
  returnFocus,
  children,
}: {
  onClose: () => void;
  returnFocus: RefObject<HTMLElement>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const back = returnFocus.current;
    if (!ref.current?.open) ref.current?.showModal();
    return () => back?.focus();
  }, [returnFocus]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="sandbox-title"
      onClose={() => close.current()}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 backdrop:bg-black/50"
    >
      {children}
    </dialog>
  );
}
