/**
 * The shapes of Razorpay's ids, in one place: what the shop accepts from a browser or a client
 * before it looks anything up.
 */

/** Any id Razorpay sends back (order_…, pay_…): letters, digits and underscores, at most 64. */
export const RAZORPAY_ID = /^[A-Za-z0-9_]{1,64}$/;

/** A Razorpay order id (order_ then letters and digits), as the sandbox page is addressed by. */
export const RAZORPAY_ORDER_ID = /^order_[A-Za-z0-9]{1,40}$/;

export const isRazorpayId = (v: unknown): v is string =>
  typeof v === "string" && RAZORPAY_ID.test(v);

export const isRazorpayOrderId = (v: unknown): v is string =>
  typeof v === "string" && RAZORPAY_ORDER_ID.test(v);
