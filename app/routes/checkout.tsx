import crypto from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { CheckoutAddressStep } from "~/components/checkout-address-step";
import { CheckoutSteps } from "~/components/checkout-steps";
import { FetcherFlag, isFetcherSubmission } from "~/components/fetcher-flag";
import {
  OPEN_PAYMENT_AFTER_MS,
  openRazorpayCheckout,
  PAYMENT_CALLBACK_PATH,
  PaymentSuccessDialog,
  SandboxPaymentPanel,
  usePaymentConfirmation,
  useRazorpayScript,
  type SandboxPayment,
} from "~/components/payment";
import { Price } from "~/components/price";
import { db } from "~/db/db.server";
import { getAddress, listAddresses } from "~/models/address.server";
import {
  getOrderForUser,
  isOrdered,
  placeOrder,
  previewCheckout,
  type OrderSource,
  type ShippingAddress,
} from "~/models/order/index.server";
import { computeCharges } from "~/models/checkout-charges.server";
import { getPaymentGateway, getSandboxGateway } from "~/payments/payments.server";
import { businessNameField, gstinField } from "~/utils/gstin-field";
import { RAZORPAY_CHECKOUT_JS, RAZORPAY_HOSTED_CHECKOUT_URL } from "~/payments/razorpay.server";
import { getEnv } from "~/utils/env.server";
import { clientAddress } from "~/utils/http.server";
import { imageUrl } from "~/utils/images";
import { sizeText } from "~/utils/variant";
import { formatPaise } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { idSchema, quantitySchema } from "~/utils/validation";

export const meta: MetaFunction = () => [
  { title: "Checkout | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

type Step = "address" | "summary" | "payment";

const optionalText = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .catch(null)
  .transform((v) => v ?? "");

/** Everything the checkout's state is made of, as it travels in the URL (and the Pay Now form). */
const stateSchema = z.object({
  step: z.enum(["address", "summary", "payment"]).catch("address"),
  address: idSchema.optional().catch(undefined),
  order: idSchema.optional().catch(undefined),
  productId: idSchema.optional().catch(undefined),
  quantity: quantitySchema.optional().catch(undefined),
  size: optionalText,
  color: optionalText,
  sizeId: idSchema.optional().catch(undefined),
  colorId: idSchema.optional().catch(undefined),
});
type CheckoutState = z.infer<typeof stateSchema>;

function readState(params: URLSearchParams | FormData): CheckoutState {
  const raw: Record<string, string> = {};
  for (const key of ["step", "address", "order", "productId", "quantity", "size", "color", "sizeId", "colorId"]) {
    const v = params.get(key);
    if (typeof v === "string" && v !== "") raw[key] = v;
  }
  return stateSchema.parse(raw);
}

function sourceOf(state: CheckoutState): OrderSource {
  return state.productId
    ? {
        type: "single",
        productId: state.productId,
        quantity: state.quantity ?? 1,
        sizeLabel: state.size,
        colorName: state.color,
        sizeId: state.sizeId ?? null,
        colorId: state.colorId ?? null,
      }
    : { type: "cart" };
}

/** The URL of a step, keeping the single-product fields and the chosen address. */
function stepUrl(
  state: CheckoutState,
  step: Step,
  extra: { address?: number | null; order?: number } = {},
) {
  const params = new URLSearchParams({ step });
  const address = extra.address === undefined ? state.address : extra.address;
  if (address) params.set("address", String(address));
  if (state.productId) {
    params.set("productId", String(state.productId));
    params.set("quantity", String(state.quantity ?? 1));
    if (state.size) params.set("size", state.size);
    if (state.color) params.set("color", state.color);
    if (state.sizeId) params.set("sizeId", String(state.sizeId));
    if (state.colorId) params.set("colorId", String(state.colorId));
  }
  if (extra.order) params.set("order", String(extra.order));
  return `/checkout?${params}`;
}

/**
 * A paid order empties the cart, and this loader would then send the shopper to the empty cart:
 * after a successful payment the page stays as it is while the success dialog shows.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formAction,
  actionResult,
  defaultShouldRevalidate,
}) => {
  const paid = (actionResult as { ok?: boolean } | undefined)?.ok === true;
  if (formAction === PAYMENT_CALLBACK_PATH && paid) return false;
  // A cash on delivery order is placed at once (and empties the cart): the page goes to the order.
  const placed = actionResult as { ok?: boolean; paid?: boolean } | undefined;
  if (placed?.ok === true && placed.paid === true) return false;
  return defaultShouldRevalidate;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await requireUser(request, { toast: { type: "error", message: "Login required!" } });
  const state = readState(url.searchParams);
  const source = sourceOf(state);
  const preview = await previewCheckout(db, user.id, source);
  if (!preview.ok) {
    const back = source.type === "single" ? `/product/${source.productId}` : "/cart";
    return redirectWithToast(back, { type: "error", message: preview.message }, request);
  }
  const summary = {
    items: preview.items.map((i) => ({
      key: `${i.productId}-${i.sizeId ?? i.sizeLabel}-${i.colorId ?? i.colorName}`,
      title: i.title,
      image: i.image,
      quantity: i.quantity,
      unitPricePaise: i.unitPricePaise,
      sizeLabel: i.sizeLabel,
      colorName: i.colorName,
      sizeText: sizeText(i),
    })),
    totalPaise: preview.totalPaise,
  };
  const urls = {
    address: stepUrl(state, "address"),
    summary: stepUrl(state, "summary"),
    payment: stepUrl(state, "payment"),
    summaryWithoutAddress: stepUrl(state, "summary", { address: null }),
  };
  const single = source.type === "single";

  if (state.step === "address") {
    return {
      step: "address" as const,
      single,
      urls,
      summary,
      addresses: await listAddresses(db, user.id),
      selectedId: state.address ?? null,
    };
  }

  const address = state.address ? await getAddress(db, user.id, state.address) : null;
  if (!address) {
    return redirectWithToast(
      stepUrl(state, "address", { address: null }),
      { type: "error", message: "Please select a delivery address first." },
      request,
    );
  }
  // Shipping (and what cash on delivery would cost) for this address, computed here.
  const charged = await computeCharges(db, {
    lines: preview.items,
    postalCode: address.postalCode,
  });
  const charges = charged.ok
    ? {
        ok: true as const,
        shippingPaise: charged.charges.shippingPaise,
        deliveryLabel: charged.charges.delivery.estimatedLabel,
        cod: charged.charges.cod,
      }
    : { ok: false as const, message: charged.message };
  if (state.step === "summary")
    return { step: "summary" as const, single, urls, summary, address, charges };
  if (!charges.ok) {
    return redirectWithToast(
      stepUrl(state, "summary"),
      { type: "error", message: charges.message },
      request,
    );
  }

  // Step 3. Without JavaScript and with real Razorpay, an order made by Pay Now comes back here
  // to be paid through Razorpay's hosted checkout.
  const env = getEnv();
  const gateway = getPaymentGateway();
  let hosted = null;
  if (state.order && gateway.kind === "razorpay") {
    const order = await getOrderForUser(db, user.id, state.order);
    if (order?.status === "pending_payment" && order.razorpayOrderId) {
      hosted = {
        action: RAZORPAY_HOSTED_CHECKOUT_URL,
        fields: {
          key_id: gateway.keyId ?? "",
          order_id: order.razorpayOrderId,
          amount: String(order.amountPaise),
          currency: "INR",
          name: "Overland 4x4 Gear",
          description: "Cart Payment",
          "prefill[name]": order.address.fullName,
          "prefill[contact]": order.address.phone,
          callback_url: `${env.PUBLIC_URL}/checkout/callback`,
          cancel_url: `${env.PUBLIC_URL}${stepUrl(state, "payment", { order: undefined })}`,
        },
        amountPaise: order.amountPaise,
      };
    } else if (order && isOrdered(order.status)) {
      throw redirect(`/order/${order.id}`);
    }
  }
  return {
    step: "payment" as const,
    single,
    urls,
    summary,
    address,
    charges,
    hosted,
    // A fresh key for each rendering of Pay Now: a double click or a resubmitted form carries the
    // same key and makes one order; a new attempt after a failure gets a new one.
    idempotencyKey: crypto.randomUUID(),
    gateway: gateway.kind,
    checkoutJs: gateway.kind === "razorpay" ? RAZORPAY_CHECKOUT_JS : null,
    state: {
      address: address.id,
      productId: state.productId ?? null,
      quantity: state.quantity ?? null,
      size: state.size,
      color: state.color,
      sizeId: state.sizeId ?? null,
      colorId: state.colorId ?? null,
    },
  };
}

/** What Pay Now answers a fetcher. */
export type PayNowData =
  | {
      ok: true;
      orderId: number;
      paid: boolean;
      razorpayOrderId: string;
      amountPaise: number;
      keyId: string | null;
      prefill: { name: string; contact: string };
      sandbox: SandboxPayment | null;
    }
  | { ok: false; message: string; redirectTo?: string };

const payNowSchema = z.object({ idempotencyKey: z.string().trim().min(8).max(100) });
const payWithSchema = z.object({
  paymentMethod: z.enum(["razorpay", "cod"]).catch("razorpay"),
  gstin: gstinField,
  businessName: businessNameField,
});

/** A refused GSTIN or business name, shown next to its field (with or without JavaScript). */
export type PayWithErrors = {
  ok: false;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  redirectTo?: undefined;
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const viaFetcher = isFetcherSubmission(form);
  const state = readState(form);
  const paymentUrl = stepUrl(state, "payment");

  const refuse = async (message: string, status: number, to: string) =>
    viaFetcher
      ? data<PayNowData>(
          { ok: false, message, redirectTo: to === paymentUrl ? undefined : to },
          { status },
        )
      : redirectWithToast(to, { type: "error", message }, request);

  const parsed = payNowSchema.safeParse({ idempotencyKey: form.get("idempotencyKey") });
  if (!parsed.success) return refuse("Error during checkout", 400, paymentUrl);
  if (!state.address)
    return refuse("Please select a delivery address first.", 400, stepUrl(state, "address"));

  const payWith = payWithSchema.safeParse({
    paymentMethod: form.get("paymentMethod"),
    gstin: form.get("gstin"),
    businessName: form.get("businessName"),
  });
  if (!payWith.success) {
    const errors: Record<string, string> = {};
    for (const issue of payWith.error.issues) errors[String(issue.path[0])] ??= issue.message;
    const values: Record<string, string> = {};
    for (const key of ["paymentMethod", "gstin", "businessName"]) {
      const v = form.get(key);
      if (typeof v === "string") values[key] = v;
    }
    return data<PayWithErrors>(
      { ok: false, message: "Please check the GST details.", errors, values },
      { status: 400 },
    );
  }

  const gateway = getPaymentGateway();
  const result = await placeOrder(db, gateway, {
    userId: user.id,
    addressId: state.address,
    idempotencyKey: parsed.data.idempotencyKey,
    source: sourceOf(state),
    clientAddress: clientAddress(request),
    whatsappOptIn: form.get("whatsappOptIn") === "1",
    paymentMethod: payWith.data.paymentMethod,
    buyerGstin: payWith.data.gstin,
    buyerBusinessName: payWith.data.businessName,
  });
  if (!result.ok) {
    const to =
      result.code === "address"
        ? stepUrl(state, "address", { address: null })
        : result.code === "empty"
          ? "/cart"
          : paymentUrl;
    return refuse(result.message, result.status, to);
  }
  const order = result.order;
  if (order.status === "failed" || order.status === "expired") {
    return refuse("This payment attempt has ended. Please try again.", 409, paymentUrl);
  }
  const paid = isOrdered(order.status);
  if (!viaFetcher) {
    if (paid) return redirect(`/order/${order.id}`, 303);
    return gateway.kind === "sandbox"
      ? redirect(`/checkout/sandbox/${order.razorpayOrderId}`, 303)
      : redirect(stepUrl(state, "payment", { order: order.id }), 303);
  }
  return data<PayNowData>({
    ok: true,
    orderId: order.id,
    paid,
    razorpayOrderId: order.razorpayOrderId ?? "",
    amountPaise: order.amountPaise,
    keyId: gateway.keyId,
    prefill: { name: order.shipFullName, contact: order.shipPhone },
    sandbox:
      !paid && order.razorpayOrderId
        ? (getSandboxGateway()?.pay(order.razorpayOrderId) ?? null)
        : null,
  });
}

export default function CheckoutPage() {
  const page = useLoaderData<typeof loader>();
  const current = page.step === "address" ? 1 : page.step === "summary" ? 2 : 3;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Checkout</h1>
      <div className="mt-6">
        <CheckoutSteps current={current} />
      </div>
      <div className="mt-8">
        {page.step === "address" ? (
          <CheckoutAddressStep
            addresses={page.addresses}
            selectedId={page.selectedId}
            nextUrl={page.urls.summaryWithoutAddress}
            returnTo={page.urls.address}
          />
        ) : page.step === "summary" ? (
          <section aria-labelledby="summary-heading" className="space-y-6">
            <OrderSummary
              summary={page.summary}
              shippingPaise={page.charges.ok ? page.charges.shippingPaise : null}
            />
            <DeliverTo address={page.address} changeHref={page.urls.address} />
            {page.charges.ok ? (
              page.charges.deliveryLabel ? (
                <p className="text-sm text-gray-700">
                  Estimated delivery by {page.charges.deliveryLabel}
                </p>
              ) : null
            ) : (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 font-medium text-red-800">
                {page.charges.message}
              </p>
            )}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Link to={page.urls.address} className="rounded-md px-3 py-2 font-semibold underline">
                Back
              </Link>
              {page.charges.ok ? (
                <Link
                  to={page.urls.payment}
                  className="rounded-md bg-ink-900 px-5 py-3 font-semibold text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2"
                >
                  Proceed to Payment
                </Link>
              ) : null}
            </div>
          </section>
        ) : (
          <PaymentStep page={page} />
        )}
      </div>
    </div>
  );
}

type Summary = {
  items: {
    key: string;
    title: string;
    image: string | null;
    quantity: number;
    unitPricePaise: number;
    sizeLabel: string;
    colorName: string;
    /** Label, bolt pattern, offset and part number. */
    sizeText: string;
  }[];
  totalPaise: number;
};

function OrderSummary({
  summary,
  shippingPaise = null,
  codFeePaise = 0,
}: {
  summary: Summary;
  /** Shipping for the chosen address (null before one is chosen). */
  shippingPaise?: number | null;
  codFeePaise?: number;
}) {
  return (
    <div>
      <h2 id="summary-heading" className="text-xl font-bold">
        Order Summary
      </h2>
      <ul
        aria-label="Items"
        className="mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200"
      >
        {summary.items.map((item) => (
          <li key={item.key} className="flex items-center gap-4 p-4">
            <img
              src={imageUrl(item.image, 320)}
              alt={item.title}
              width={64}
              height={64}
              className="size-16 rounded bg-gray-50 object-contain"
            />
            <div className="flex-1">
              <p className="font-semibold">{item.title}</p>
              <p className="text-sm text-gray-600">
                Quantity: {item.quantity}
                {item.sizeLabel ? <> · Size: {item.sizeText}</> : null}
                {item.colorName ? <> · Colour: {item.colorName}</> : null}
              </p>
            </div>
            <Price paise={item.unitPricePaise * item.quantity} className="font-semibold" />
          </li>
        ))}
      </ul>
      {shippingPaise !== null ? (
        <p className="mt-4 flex justify-between">
          <span>Shipping</span>
          {shippingPaise === 0 ? <span>Free</span> : <Price paise={shippingPaise} />}
        </p>
      ) : null}
      {codFeePaise > 0 ? (
        <p className="mt-2 flex justify-between">
          <span>Cash on delivery fee</span>
          <Price paise={codFeePaise} />
        </p>
      ) : null}
      <p className="mt-4 flex justify-between text-lg font-bold">
        <span>Total</span>
        <Price paise={summary.totalPaise + (shippingPaise ?? 0) + codFeePaise} />
      </p>
    </div>
  );
}

function DeliverTo({ address, changeHref }: { address: ShippingAddress; changeHref: string }) {
  return (
    <div className="rounded-lg bg-gray-50 p-4 text-sm">
      <p className="font-semibold">Deliver to</p>
      <p>
        {address.fullName}, {address.address1}
        {address.address2 ? `, ${address.address2}` : ""}, {address.city}, {address.state}{" "}
        {address.postalCode}
      </p>
      <p>Phone: {address.phone}</p>
      <Link to={changeHref} className="mt-1 inline-block underline">
        Change address
      </Link>
    </div>
  );
}

type PaymentPage = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { step: "payment" }>;

function PaymentStep({ page }: { page: PaymentPage }) {
  const fetcher = useFetcher<PayNowData | PayWithErrors>({ key: "pay-now" });
  const refused = useActionData<PayWithErrors>();
  const [method, setMethod] = useState<"razorpay" | "cod">(
    refused?.values.paymentMethod === "cod" ? "cod" : "razorpay",
  );
  const [error, setError] = useState<string | null>(null);
  /** The order whose payment window is open (or may be reopened). */
  const [open, setOpen] = useState<Extract<PayNowData, { ok: true }> | null>(null);
  const [windowShown, setWindowShown] = useState(false);
  const onFailure = useCallback((message: string) => {
    setError(
      message === "Payment failed."
        ? "Payment failed. Your cart is unchanged; you can try again."
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
  const fieldErrors: Record<string, string> = ((result && !result.ok && "errors" in result
    ? result.errors
    : null) ??
    refused?.errors ??
    {}) as Record<string, string>;
  const typed: Record<string, string> = ((result && !result.ok && "values" in result
    ? result.values
    : null) ??
    refused?.values ??
    {}) as Record<string, string>;
  const label = busy
    ? "Processing..."
    : codChosen
      ? `Place Order ${formatPaise(codTotal)}`
      : `Pay Now ${formatPaise(onlineTotal)}`;

  return (
    <section aria-labelledby="summary-heading" className="space-y-6">
      <OrderSummary
        summary={page.summary}
        shippingPaise={shippingPaise}
        codFeePaise={codChosen ? (cod?.feePaise ?? 0) : 0}
      />
      <DeliverTo address={page.address} changeHref={page.urls.address} />
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {page.hosted ? (
        <form method="post" action={page.hosted.action} className="space-y-3">
          {Object.entries(page.hosted.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <p className="text-sm text-gray-700">
            Your order is reserved. Continue to Razorpay to pay.
          </p>
          <button
            type="submit"
            className="w-full rounded-md bg-brand-600 px-5 py-3 text-lg font-bold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            Pay {formatPaise(page.hosted.amountPaise)} with Razorpay
          </button>
        </form>
      ) : (
        <fetcher.Form
          method="post"
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
          <fieldset className="mb-4 space-y-2 rounded-lg border border-gray-200 p-4">
            <legend className="px-1 font-semibold">Payment method</legend>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name="paymentMethod"
                value="razorpay"
                checked={!codChosen}
                onChange={() => setMethod("razorpay")}
                className="mt-1"
              />
              <span>
                Pay online (UPI, cards, netbanking) · <Price paise={onlineTotal} />
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="radio"
                name="paymentMethod"
                value="cod"
                checked={codChosen}
                disabled={!cod?.available}
                onChange={() => setMethod("cod")}
                aria-describedby="cod-note"
                className="mt-1"
              />
              <span>
                Cash on delivery · <Price paise={codTotal} />
                <span id="cod-note" className="block text-sm text-gray-600">
                  {cod?.available ? (
                    cod.feePaise > 0 ? (
                      <>
                        Includes a cash on delivery fee of <Price paise={cod.feePaise} />
                      </>
                    ) : (
                      "No cash on delivery fee"
                    )
                  ) : (
                    (cod?.reason ?? "Cash on delivery is not available")
                  )}
                </span>
              </span>
            </label>
          </fieldset>
          <details
            className="mb-4 rounded-lg border border-gray-200 p-4"
            open={Boolean(typed.gstin || fieldErrors.gstin)}
          >
            <summary className="cursor-pointer font-semibold">
              Add a GSTIN for business purchase (optional)
            </summary>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              <div>
                <label htmlFor="gstin" className="block text-sm font-medium">
                  GSTIN
                </label>
                <input
                  id="gstin"
                  name="gstin"
                  type="text"
                  maxLength={20}
                  defaultValue={typed.gstin ?? ""}
                  aria-invalid={Boolean(fieldErrors.gstin)}
                  aria-describedby={fieldErrors.gstin ? "gstin-error" : undefined}
                  className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm uppercase aria-[invalid=true]:border-red-600"
                />
                {fieldErrors.gstin ? (
                  <p id="gstin-error" className="mt-1 text-sm text-red-700">
                    {fieldErrors.gstin}
                  </p>
                ) : null}
              </div>
              <div>
                <label htmlFor="businessName" className="block text-sm font-medium">
                  Business name
                </label>
                <input
                  id="businessName"
                  name="businessName"
                  type="text"
                  maxLength={120}
                  defaultValue={typed.businessName ?? ""}
                  className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
                />
              </div>
            </div>
          </details>
          <input type="hidden" name="idempotencyKey" value={page.idempotencyKey} />
          <input type="hidden" name="address" value={page.state.address} />
          {page.state.productId ? (
            <>
              <input type="hidden" name="productId" value={page.state.productId} />
              <input type="hidden" name="quantity" value={page.state.quantity ?? 1} />
              <input type="hidden" name="size" value={page.state.size} />
              <input type="hidden" name="color" value={page.state.color} />
              {page.state.sizeId ? <input type="hidden" name="sizeId" value={page.state.sizeId} /> : null}
              {page.state.colorId ? <input type="hidden" name="colorId" value={page.state.colorId} /> : null}
            </>
          ) : null}
          <label className="mb-3 flex items-start gap-2 text-sm text-gray-800">
            <input type="checkbox" name="whatsappOptIn" value="1" className="mt-1" />
            <span>
              Send me order updates on WhatsApp (to the phone number of the delivery address)
            </span>
          </label>
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-brand-600 px-5 py-3 text-lg font-bold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-70"
          >
            {label}
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
        <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 px-4">
          <div
            role="dialog"
            aria-modal="true"
            aria-labelledby="sandbox-title"
            className="w-full max-w-md rounded-xl bg-white"
          >
            <SandboxPaymentPanel
              amountPaise={open.amountPaise}
              razorpayOrderId={open.razorpayOrderId}
              payment={open.sandbox}
              confirm={confirmation.confirm}
              busy={confirmation.busy}
              onCancel={() => setWindowShown(false)}
            />
          </div>
        </div>
      ) : null}
      <PaymentSuccessDialog open={confirmation.paidOrderId != null} />
    </section>
  );
}
