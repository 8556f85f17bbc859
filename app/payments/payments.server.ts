import crypto from "node:crypto";
import { getEnv } from "~/utils/env.server";
import type { PaymentGateway } from "./gateway";
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
