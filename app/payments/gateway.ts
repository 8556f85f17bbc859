/** A payment provider's order, created before the shopper pays. */
export type GatewayOrder = { id: string; amount: number; currency: string; receipt: string };

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null = null,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

/** A refund as the provider answers it. */
export type GatewayRefund = {
  id: string;
  amount: number;
  status: "pending" | "processed" | "failed";
};

/**
 * What checkout needs from a payment provider. Razorpay and the offline sandbox both implement it,
 * and both verify payments with the same signature check (signature.server.ts).
 */
export interface PaymentGateway {
  readonly kind: "razorpay" | "sandbox";
  /** Public key for checkout.js and the hosted checkout form (null in the sandbox). */
  readonly keyId: string | null;
  /** The secret payment signatures are made with. */
  readonly signingSecret: string;
  /** Creates the provider's order for an amount in paise; `receipt` is our order id. */
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<GatewayOrder>;
  /**
   * Refunds part or all of a captured payment (Razorpay's Refunds API; the sandbox refunds at
   * once). `notes.refundId` names our refund row, so a webhook can find it before we stored its id.
   */
  refundPayment(input: {
    paymentId: string;
    amountPaise: number;
    notes: Record<string, string>;
  }): Promise<GatewayRefund>;
}
