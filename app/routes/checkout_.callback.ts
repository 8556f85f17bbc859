import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isFetcherSubmission } from "~/components/fetcher-flag";
import type { CallbackData } from "~/components/payment";
import { db } from "~/db/db.server";
import { getUser } from "~/auth/session.server";
import { buyNowPaymentUrl } from "~/forms/checkout";
import {
  buyNowOfOrder,
  countsAsPaid,
  getPendingOrderByGatewayId,
  recordFailedPayment,
  verifyPayment,
  type BuyNowOfOrder,
} from "~/models/order/index.server";
import { getPaymentGateway } from "~/payments/payments.server";
import { isRazorpayId } from "~/payments/razorpay-ids";
import { securityEvent } from "~/utils/log.server";
import { redirectWithToast, toastCookieHeader } from "~/utils/toast.server";

/** Nothing to show on a GET: the checkout is elsewhere. */
export function loader() {
  return redirect("/checkout");
}

function failureIds(form: FormData): { orderId: string | null; paymentId: string | null } {
  try {
    const meta = JSON.parse(String(form.get("error[metadata]") ?? "{}")) as {
      order_id?: unknown;
      payment_id?: unknown;
    };
    const id = (v: unknown) => (isRazorpayId(v) ? v : null);
    return { orderId: id(meta.order_id), paymentId: id(meta.payment_id) };
  } catch {
    return { orderId: null, paymentId: null };
  }
}

const FAILURE_STYLE =
  "body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;text-align:center}";
/** The page allows exactly its own stylesheet, by hash: nothing else may load or run. */
const FAILURE_POLICY = `default-src 'none'; style-src 'sha256-${crypto.createHash("sha256").update(FAILURE_STYLE).digest("base64")}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/** A small page for a browser whose payment could not be confirmed (no layout: see below). */
function failurePage(message: string, status: number) {
  const html = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Payment verification failed | Overland 4x4 Gear</title><style>${FAILURE_STYLE}</style></head>
<body>
<h1>Payment verification failed.</h1><p role="alert">${message} No order was marked paid. If money left your account, it will be matched to your order or refunded.</p>
<p><a href="/userOrders">Your orders</a> · <a href="/cart">Back to cart</a></p></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": FAILURE_POLICY,
    },
  });
}

/**
 * POST /checkout/callback: where Razorpay (its callback_url), the sandbox page and the checkout's
 * JavaScript handler send a payment's result. Razorpay's post is cross-site and carries no session
 * cookie, so the order is found from the signed fields, never from the session. It is a resource
 * route on purpose: Remix refuses cross-origin form posts to page routes, and this one must accept
 * Razorpay's.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const viaFetcher = isFetcherSubmission(form);

  if (form.has("error[code]") || form.has("error[description]")) {
    const { orderId, paymentId } = failureIds(form);
    let buyNow: BuyNowOfOrder | null = null;
    if (orderId) {
      // A failure is not signed: anyone can post one naming any order. It is always recorded, but
      // it ends the order only when its owner's own browser reports it; otherwise the order waits
      // for a signed webhook or its reservation to lapse.
      const [user, order] = await Promise.all([
        getUser(request),
        getPendingOrderByGatewayId(db, orderId),
      ]);
      const byOwner = Boolean(user && order && order.userId === user.id);
      if (!byOwner)
        securityEvent("payment.callback_unsigned", {
          razorpayOrderId: orderId,
          userId: user?.id ?? null,
        });
      await recordFailedPayment(db, {
        razorpayOrderId: orderId,
        razorpayPaymentId: paymentId,
        code: String(form.get("error[code]") ?? "").slice(0, 100) || null,
        description: String(form.get("error[description]") ?? "").slice(0, 300) || null,
        source: "callback",
        failOrder: byOwner,
      });
      // Its owner goes back to where the payment started: a Buy Now's payment step, or the cart.
      if (byOwner && order) buyNow = await buyNowOfOrder(db, order.id);
    }
    const toast = {
      type: "error",
      message: buyNow
        ? "Payment failed. You can try again."
        : "Payment failed. Your cart is unchanged; you can try again.",
    } as const;
    if (!viaFetcher) {
      return redirectWithToast(buyNow ? buyNowPaymentUrl(buyNow) : "/cart", toast, request);
    }
    const headers = new Headers({ "Set-Cookie": await toastCookieHeader(request, toast) });
    return Response.json({ ok: false, message: "Payment failed." } satisfies CallbackData, {
      headers,
    });
  }

  const result = await verifyPayment(db, getPaymentGateway(), {
    razorpayOrderId: form.get("razorpay_order_id"),
    razorpayPaymentId: form.get("razorpay_payment_id"),
    razorpaySignature: form.get("razorpay_signature"),
    source: "callback",
  });
  if (!result.ok) {
    return viaFetcher
      ? Response.json({ ok: false, message: result.message } satisfies CallbackData, {
          status: result.status,
        })
      : failurePage(result.message, result.status);
  }
  const toast = countsAsPaid(result.status)
    ? ({ type: "success", message: "Payment successful!" } as const)
    : ({ type: "error", message: "Payment verification failed." } as const);
  if (!viaFetcher) return redirectWithToast(`/order/${result.orderId}`, toast, request);
  // The page shows its success dialog, then the order page shows the toast.
  return Response.json({ ok: true, orderId: result.orderId } satisfies CallbackData, {
    headers: { "Set-Cookie": await toastCookieHeader(request, toast) },
  });
}
