import crypto from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { CheckoutAddressStep } from "~/components/checkout-address-step";
import { CheckoutSteps } from "~/components/checkout-steps";
import { PaymentStep } from "~/components/checkout/payment-step";
import { SummaryStep } from "~/components/checkout/summary-step";
import { isFetcherSubmission } from "~/components/fetcher-flag";
import { PAYMENT_CALLBACK_PATH } from "~/components/payment";
import { db } from "~/db/db.server";
import {
  buyNowAgainPath,
  checkoutCharges,
  checkoutSummary,
  payNowState,
  payWithRefusal,
  readIdempotencyKey,
  readShownTotal,
  readPayWith,
  readState,
  sourceOf,
  stepUrl,
  stepUrls,
  type PayNowData,
  type PayWithErrors,
} from "~/forms/checkout";
import { getAddress, listAddresses } from "~/models/address.server";
import {
  getOrderForUser,
  isOrdered,
  placeOrder,
  previewCheckout,
  stockMessage,
  unitsLeftFor,
  sameBuyNowOrdered,
  STATUS_LABELS,
  type ItemDraft,
} from "~/models/order/index.server";
import { computeCharges } from "~/models/checkout-charges.server";
import { getPaymentGateway, getSandboxGateway } from "~/payments/payments.server";
import { RAZORPAY_CHECKOUT_JS } from "~/payments/razorpay.server";
import { hostedCheckoutForm } from "~/payments/razorpay-hosted.server";
import { whatsappEnabled } from "~/models/outbox.server";
import { getEnv } from "~/utils/env.server";
import { clientAddress } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: "Checkout | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

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

const loginRequired = { type: "error", message: "Login required!" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await requireUser(request, { toast: loginRequired });
  const state = readState(url.searchParams);
  const source = sourceOf(state);
  const preview = await previewCheckout(db, user.id, source);
  if (!preview.ok) {
    const back = source.type === "single" ? `/product/${source.productId}` : "/cart";
    return redirectWithToast(back, { type: "error", message: preview.message }, request);
  }
  // Buy Now for more than is left is said at once, back on the product with what is left chosen,
  // not only when Pay Now finds it out. (Cart lines are kept within the stock as they change.)
  if (source.type === "single") {
    const [item] = preview.items;
    const left = await unitsLeftFor(db, user.id, item);
    if (item.quantity > left) {
      return redirectWithToast(
        buyNowAgainPath(item, left),
        { type: "error", message: stockMessage(item, left) },
        request,
      );
    }
  }
  const summary = checkoutSummary(preview.items, preview.totalPaise);
  const urls = stepUrls(state);
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
  const charges = checkoutCharges(charged);
  // Back after paying a Buy Now comes to these steps: say that this was ordered already.
  const ordered = single ? await alreadyOrdered(user.id, preview.items[0]) : null;
  if (state.step === "summary")
    return {
      step: "summary" as const,
      single,
      urls,
      summary,
      address,
      charges,
      alreadyOrdered: ordered,
    };
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
      hosted = hostedCheckoutForm({
        keyId: gateway.keyId,
        razorpayOrderId: order.razorpayOrderId,
        amountPaise: order.amountPaise,
        prefill: { name: order.address.fullName, contact: order.address.phone },
        callbackUrl: `${env.PUBLIC_URL}/checkout/callback`,
        cancelUrl: `${env.PUBLIC_URL}${stepUrl(state, "payment", { order: undefined })}`,
      });
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
    state: payNowState(state, address.id),
    whatsapp: whatsappEnabled(),
    alreadyOrdered: ordered,
  };
}

async function alreadyOrdered(userId: number, item: ItemDraft) {
  const order = await sameBuyNowOrdered(db, userId, item);
  return order && { ...order, statusLabel: STATUS_LABELS[order.status] };
}

export async function action({ request }: ActionFunctionArgs) {
  // A session that ended while the page stood open (Pay Now an hour later) says why it asks to log in.
  const user = await requireUser(request, { toast: loginRequired });
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

  const idempotencyKey = readIdempotencyKey(form);
  if (!idempotencyKey) return refuse("Error during checkout", 400, paymentUrl);
  if (!state.address)
    return refuse("Please select a delivery address first.", 400, stepUrl(state, "address"));

  const payWith = readPayWith(form);
  if (!payWith.ok) return data<PayWithErrors>(payWith.reply, { status: 400 });

  const gateway = getPaymentGateway();
  const result = await placeOrder(db, gateway, {
    userId: user.id,
    addressId: state.address,
    idempotencyKey,
    source: sourceOf(state),
    clientAddress: clientAddress(request),
    whatsappOptIn: form.get("whatsappOptIn") === "1",
    paymentMethod: payWith.data.paymentMethod,
    buyerGstin: payWith.data.gstin,
    buyerBusinessName: payWith.data.businessName,
    expectedAmountPaise: readShownTotal(form, payWith.data.paymentMethod),
  });
  if (!result.ok) {
    if (result.code === "gstin")
      return data<PayWithErrors>(payWithRefusal(form, { gstin: result.message }), { status: 400 });
    const to =
      result.code === "address"
        ? stepUrl(state, "address", { address: null })
        : result.code === "empty"
          ? "/cart"
          : paymentUrl; // with its new total, for "price"
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
          <SummaryStep
            summary={page.summary}
            address={page.address}
            charges={page.charges}
            urls={page.urls}
            alreadyOrdered={page.alreadyOrdered}
          />
        ) : (
          <PaymentStep page={page} />
        )}
      </div>
    </div>
  );
}
