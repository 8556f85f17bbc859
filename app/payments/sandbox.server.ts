import { type GatewayOrder, type GatewayRefund, type PaymentGateway } from "./gateway";
import { razorpayStyleId, signPayment } from "./signature.server";

/**
 * The offline payment sandbox (no Razorpay keys): orders get Razorpay-shaped ids and the shop's own
 * sandbox page plays the provider, signing payments exactly as Razorpay does.
 */
export function createSandboxGateway(secret: string): PaymentGateway & {
  /** A successful payment for an order, as Razorpay would post it to the callback. */
  pay(razorpayOrderId: string): { razorpayPaymentId: string; razorpaySignature: string };
} {
  return {
    kind: "sandbox",
    keyId: null,
    signingSecret: secret,
    async createOrder({ amountPaise, receipt }): Promise<GatewayOrder> {
      return { id: razorpayStyleId("order"), amount: amountPaise, currency: "INR", receipt };
    },
    async refundPayment({ amountPaise }): Promise<GatewayRefund> {
      // No money moved, so none moves back: the refund is processed at once.
      return { id: razorpayStyleId("rfnd"), amount: amountPaise, status: "processed" };
    },
    pay(razorpayOrderId) {
      const razorpayPaymentId = razorpayStyleId("pay");
      return {
        razorpayPaymentId,
        razorpaySignature: signPayment(secret, razorpayOrderId, razorpayPaymentId),
      };
    },
  };
}
