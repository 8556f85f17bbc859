/**
 * Orders, the public face: import from here ("~/models/order/index.server"), not from the files
 * behind it. Every file of this folder is named *.server.ts, so none of it can reach the browser.
 *
 *   status.server.ts   the status machine, its labels, the admin's moves, and what counts as paid
 *   place.server.ts    previewing and placing an order, reserving its stock, the order rate limits
 *   expiry.server.ts   unpaid orders giving their stock back (failed, released, expired; the timer)
 *   payment.server.ts  payments: callback, verify-payment, webhooks, late and failed payments
 *   views.server.ts    reading orders: the shopper's, the admin's, the JSON API's shape
 *   stats.server.ts    order counts and revenue
 *   shared.server.ts   what several of them use (the guarded status move, an order's items and stock)
 */
export {
  ADMIN_TRANSITIONS,
  COUNTS_AS_PAID,
  countsAsPaid,
  countsAsPaidSql,
  isOrdered,
  isStandingOrder,
  ORDER_STATUSES,
  ORDERED_STATUSES,
  resolveAttention,
  STATUS_LABELS,
  statusLabel,
  TO_SHIP,
  transitionOrder,
  type TransitionResult,
} from "./status.server";
export {
  ORDER_RATE_PER_ADDRESS,
  ORDER_RATE_PER_USER,
  placeOrder,
  previewCheckout,
  stockMessage,
  unitsLeftFor,
  reserveOrder,
  type CheckoutPreview,
  type ItemDraft,
  type OrderSource,
  type PlacedOrder,
  type PlaceOrderFailure,
  type PlaceOrderInput,
  type PlaceOrderResult,
} from "./place.server";
export {
  expireStaleOrders,
  failPendingOrder,
  MAX_PENDING_ORDERS,
  RESERVATION_MINUTES,
  startOrderExpiry,
} from "./expiry.server";
export {
  applyRazorpayWebhook,
  buyNowOfOrder,
  getPendingOrderByGatewayId,
  recordFailedPayment,
  recordSuccessfulPayment,
  verifyPayment,
  type BuyNowOfOrder,
  type PaymentOutcome,
  type VerifyResult,
  type WebhookResult,
} from "./payment.server";
export {
  ADMIN_PAGE_SIZE,
  forShopper,
  getOrderForAdmin,
  getOrderForUser,
  getOrderForViewer,
  listAllOrders,
  listPaidOrdersForUser,
  SAME_BUY_NOW_HOURS,
  sameBuyNowOrdered,
  toApiOrder,
  type AdminOrderView,
  type OrderItemView,
  type OrderView,
  type PaymentView,
  type ShippingAddress,
} from "./views.server";
export { keptPaiseSql, orderStats, type OrderStats } from "./stats.server";
export type { OrderLine } from "./shared.server";
