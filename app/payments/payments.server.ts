import crypto from "node:crypto";
import { getEnv } from "~/utils/env.server";
import type { PaymentGateway } from "./gateway";
import { hostedCheckoutForm, type HostedCheckoutForm } from "./razorpay-hosted.server";
import { createRazorpayGateway } from "./razorpay.server";
import { createSandboxGateway } from "./sandbox.server";

type Sandbox = ReturnType<typeof createSandboxGateway>;
let cached: PaymentGateway | undefined;

/**
 * The gateway of this process: Razorpay when RAZORPAY_KEY_ID is set, else the sandbox, keyed with
 * RAZORPAY_KEY_SECRET when set or a secret derived from SESSION_SECRET (the same in every server
 * process, SHOP_WORKERS, so a payment signed by one is verified by another).
 */
export function getPaymentGateway(): PaymentGateway {
  if (cached) return cached;
  const env = getEnv();
  cached =
    env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET
      ? createRazorpayGateway({
          keyId: env.RAZORPAY_KEY_ID,
          keySecret: env.RAZORPAY_KEY_SECRET,
          apiUrl: env.RAZORPAY_API_URL,
        })
      : createSandboxGateway(
          env.RAZORPAY_KEY_SECRET ??
            crypto.createHmac("sha256", env.SESSION_SECRET).update("payment sandbox").digest("hex"),
        );
  return cached;
}

/** The sandbox gateway, or null when real payments are on. */
export function getSandboxGateway(): Sandbox | null {
  const gateway = getPaymentGateway();
  return gateway.kind === "sandbox" ? (gateway as Sandbox) : null;
}

export function getWebhookSecret(): string | null {
  return getEnv().RAZORPAY_WEBHOOK_SECRET ?? null;
}

/** For tests that change the environment between cases. */
export function resetPaymentGateway() {
  cached = undefined;
}

/** How the order page's "Complete payment" pays an order that still waits for its payment. */
export type ResumePayment =
  | { kind: "sandbox"; href: string; amountPaise: number }
  | { kind: "razorpay"; hosted: HostedCheckoutForm };

/**
 * "Complete payment" for an order still waiting for its payment (the shopper closed Razorpay's
 * window, or came back later): the same Razorpay order, paid on Razorpay's hosted checkout (a
 * plain form, with or without JavaScript) that comes back through the callback like any payment,
 * or the sandbox's payment page. Null once the reservation has run out: the expiry gives the stock
 * back, and a payment then would only be refunded.
 */
export function resumePayment(
  order: {
    id: number;
    status: string;
    razorpayOrderId: string | null;
    amountPaise: number;
    reservedUntil: string;
    address: { fullName: string; phone: string };
  },
  now = new Date(),
): ResumePayment | null {
  if (order.status !== "pending_payment" || !order.razorpayOrderId) return null;
  if (Date.parse(order.reservedUntil) <= now.getTime()) return null;
  const gateway = getPaymentGateway();
  if (gateway.kind === "sandbox") {
    return {
      kind: "sandbox",
      href: `/checkout/sandbox/${order.razorpayOrderId}`,
      amountPaise: order.amountPaise,
    };
  }
  const publicUrl = getEnv().PUBLIC_URL;
  return {
    kind: "razorpay",
    hosted: hostedCheckoutForm({
      keyId: gateway.keyId,
      razorpayOrderId: order.razorpayOrderId,
      amountPaise: order.amountPaise,
      prefill: { name: order.address.fullName, contact: order.address.phone },
      callbackUrl: `${publicUrl}/checkout/callback`,
      cancelUrl: `${publicUrl}/order/${order.id}`,
    }),
  };
}
