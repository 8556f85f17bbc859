import type Razorpay from "razorpay";
import {
  GatewayError,
  type GatewayOrder,
  type GatewayRefund,
  type PaymentGateway,
} from "./gateway";

export type RazorpayOptions = { keyId: string; keySecret: string; apiUrl?: string };

/**
 * The SDK, loaded when the first payment needs it (it is 15 MB of memory a server process may
 * never use, on a shop in sandbox mode).
 */
export async function createRazorpayClient({
  keyId,
  keySecret,
  apiUrl,
}: RazorpayOptions): Promise<Razorpay> {
  const { default: Razorpay } = await import("razorpay");
  // The SDK's HTTP client: it takes the API's base URL as `hostUrl`, which the Razorpay
  // constructor fixes to https://api.razorpay.com. A stand-in (tests) gets its own client.
  const { default: RazorpayApi } = await import("razorpay/dist/api.js");
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  if (apiUrl) {
    client.api = new RazorpayApi({
      hostUrl: apiUrl.replace(/\/+$/, ""),
      ua: `razorpay-node@${Razorpay.VERSION}`,
      key_id: keyId,
      key_secret: keySecret,
    });
    // Rebind the resources (orders, payments, ...) to the new client.
    (client as unknown as { addResources(): void }).addResources();
  }
  return client;
}

type SdkError = { statusCode?: number; error?: { description?: string } };

export function createRazorpayGateway(options: RazorpayOptions): PaymentGateway {
  let client: Promise<Razorpay> | undefined;
  const sdk = () => (client ??= createRazorpayClient(options));
  return {
    kind: "razorpay",
    keyId: options.keyId,
    signingSecret: options.keySecret,
    async createOrder({ amountPaise, receipt, notes }): Promise<GatewayOrder> {
      let order;
      try {
        order = await (
          await sdk()
        ).orders.create({
          amount: amountPaise,
          currency: "INR",
          receipt,
          notes,
        });
      } catch (error) {
        const e = (error ?? {}) as SdkError;
        const detail =
          e.error?.description ?? (error instanceof Error ? error.message : "no answer");
        throw new GatewayError(`Razorpay order creation failed: ${detail}`, e.statusCode ?? null);
      }
      if (!order || typeof order.id !== "string" || Number(order.amount) !== amountPaise) {
        throw new GatewayError("Razorpay answered with an unexpected order");
      }
      return {
        id: order.id,
        amount: Number(order.amount),
        currency: order.currency,
        receipt: order.receipt ?? receipt,
      };
    },
    async refundPayment({ paymentId, amountPaise, notes }): Promise<GatewayRefund> {
      let refund;
      try {
        refund = await (
          await sdk()
        ).payments.refund(paymentId, {
          amount: amountPaise,
          speed: "normal",
          notes,
        });
      } catch (error) {
        const e = (error ?? {}) as SdkError;
        const detail =
          e.error?.description ?? (error instanceof Error ? error.message : "no answer");
        throw new GatewayError(`Razorpay refund failed: ${detail}`, e.statusCode ?? null);
      }
      const status = refund?.status;
      if (
        !refund ||
        typeof refund.id !== "string" ||
        (status !== "pending" && status !== "processed" && status !== "failed")
      ) {
        throw new GatewayError("Razorpay answered with an unexpected refund");
      }
      return { id: refund.id, amount: Number(refund.amount), status };
    },
  };
}

/** Where the shopper is sent without JavaScript: Razorpay's hosted checkout, a form POST. */
export const RAZORPAY_HOSTED_CHECKOUT_URL = "https://api.razorpay.com/v1/checkout/embedded";
export const RAZORPAY_CHECKOUT_JS = "https://checkout.razorpay.com/v1/checkout.js";
