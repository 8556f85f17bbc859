import { RAZORPAY_HOSTED_CHECKOUT_URL } from "./razorpay.server";

/**
 * Razorpay's hosted checkout, for a shopper without JavaScript: a plain form posted to Razorpay
 * with these field names; Razorpay posts the result to `callback_url`.
 */

const SHOP_NAME = "Overland 4x4 Gear";
const DESCRIPTION = "Cart Payment";

export type HostedCheckoutForm = {
  action: string;
  fields: Record<string, string>;
  amountPaise: number;
};

/** The form (action and hidden fields) that pays a pending Razorpay order on Razorpay's page. */
export function hostedCheckoutForm(input: {
  keyId: string | null;
  razorpayOrderId: string;
  amountPaise: number;
  prefill: { name: string; contact: string };
  callbackUrl: string;
  cancelUrl: string;
}): HostedCheckoutForm {
  return {
    action: RAZORPAY_HOSTED_CHECKOUT_URL,
    fields: {
      key_id: input.keyId ?? "",
      order_id: input.razorpayOrderId,
      amount: String(input.amountPaise),
      currency: "INR",
      name: SHOP_NAME,
      description: DESCRIPTION,
      "prefill[name]": input.prefill.name,
      "prefill[contact]": input.prefill.contact,
      callback_url: input.callbackUrl,
      cancel_url: input.cancelUrl,
    },
    amountPaise: input.amountPaise,
  };
}
