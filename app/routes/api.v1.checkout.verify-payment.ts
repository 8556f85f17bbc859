import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { countsAsPaid, verifyPayment } from "~/models/order/index.server";
import { getPaymentGateway } from "~/payments/payments.server";
import { jsonNoStore, readFields } from "~/utils/http.server";
import { apiMethodNotAllowed } from "~/utils/responses.server";

export async function loader() {
  return apiMethodNotAllowed("POST");
}

/**
 * POST /api/v1/checkout/verify-payment with razorpayPaymentId, razorpayOrderId, razorpaySignature
 * (and optionally orderId): a signature that does not match answers 400 and the order stays
 * unpaid; the same good verification again answers success and changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const user = await requireApiUser(request);
  const fields = await readFields(request);
  const result = await verifyPayment(db, getPaymentGateway(), {
    razorpayOrderId: fields.razorpayOrderId ?? fields.razorpay_order_id,
    razorpayPaymentId: fields.razorpayPaymentId ?? fields.razorpay_payment_id,
    razorpaySignature: fields.razorpaySignature ?? fields.razorpay_signature,
    source: "api",
    userId: user.id,
    orderId: fields.orderId,
  });
  if (!result.ok)
    return jsonNoStore(
      { message: result.message, ...(result.errors ? { errors: result.errors } : {}) },
      { status: result.status },
    );
  // A late payment the order could not take answers 409; the same good verification sent again
  // answers success, with the order's status now (refunded, say).
  if (!countsAsPaid(result.status) && !result.paidByThis)
    return jsonNoStore(
      { message: "Payment verification failed.", status: result.status },
      { status: 409 },
    );
  return jsonNoStore({
    success: true,
    message: "Payment successful!",
    orderId: result.orderId,
    status: result.status,
  });
}
