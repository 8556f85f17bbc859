import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { isFetcherSubmission } from "~/components/fetcher-flag";
import type { CallbackData } from "~/components/payment";
import { db } from "~/db/db.server";
import { recordFailedPayment, verifyPayment } from "~/models/order.server";
import { getPaymentGateway } from "~/payments/payments.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: "Payment | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

/** Nothing to show on a GET: the checkout is elsewhere. */
export function loader() {
  return redirect("/checkout");
}

function failureOrderId(form: FormData): { orderId: string | null; paymentId: string | null } {
  try {
    const meta = JSON.parse(String(form.get("error[metadata]") ?? "{}")) as {
      order_id?: unknown;
      payment_id?: unknown;
    };
    return {
      orderId: typeof meta.order_id === "string" ? meta.order_id : null,
      paymentId: typeof meta.payment_id === "string" ? meta.payment_id : null,
    };
  } catch {
    return { orderId: null, paymentId: null };
  }
}

/**
 * POST /checkout/callback: where Razorpay (its callback_url), the sandbox page and the checkout's
 * JavaScript handler send a payment's result. Razorpay's post is cross-site and carries no session
 * cookie, so the order is found from the signed fields, never from the session.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const viaFetcher = isFetcherSubmission(form);

  if (form.has("error[code]") || form.has("error[description]")) {
    const { orderId, paymentId } = failureOrderId(form);
    if (orderId && /^[A-Za-z0-9_]{1,64}$/.test(orderId)) {
      await recordFailedPayment(db, {
        razorpayOrderId: orderId,
        razorpayPaymentId: paymentId && /^[A-Za-z0-9_]{1,64}$/.test(paymentId) ? paymentId : null,
        code: String(form.get("error[code]") ?? "").slice(0, 100) || null,
        description: String(form.get("error[description]") ?? "").slice(0, 300) || null,
        source: "callback",
        failOrder: true,
      });
    }
    const toast = {
      type: "error",
      message: "Payment failed. Your cart is unchanged; you can try again.",
    } as const;
    if (viaFetcher)
      return dataWithToast<CallbackData>({ ok: false, message: "Payment failed." }, toast, request);
    return redirectWithToast("/cart", toast, request);
  }

  const result = await verifyPayment(db, getPaymentGateway(), {
    razorpayOrderId: form.get("razorpay_order_id"),
    razorpayPaymentId: form.get("razorpay_payment_id"),
    razorpaySignature: form.get("razorpay_signature"),
    source: "callback",
  });
  if (!result.ok) {
    return data<CallbackData>({ ok: false, message: result.message }, { status: result.status });
  }
  if (viaFetcher) return data<CallbackData>({ ok: true, orderId: result.orderId });
  if (result.status !== "paid" && result.status !== "shipped" && result.status !== "delivered") {
    return redirectWithToast(
      `/order/${result.orderId}`,
      { type: "error", message: "Payment verification failed." },
      request,
    );
  }
  return redirectWithToast(
    `/order/${result.orderId}`,
    { type: "success", message: "Payment successful!" },
    request,
  );
}

export default function PaymentCallback() {
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Payment verification failed.</h1>
      <p className="mt-3 text-gray-600" role="alert">
        {result && !result.ok ? result.message : "We could not confirm this payment."} No order was
        marked paid. If money left your account, it will be matched or refunded automatically.
      </p>
      <div className="mt-6 flex justify-center gap-4">
        <Link to="/userOrders" className="underline">
          Your orders
        </Link>
        <Link to="/cart" className="underline">
          Back to cart
        </Link>
      </div>
    </div>
  );
}
