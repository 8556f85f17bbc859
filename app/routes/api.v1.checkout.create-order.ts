import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { readCreateOrder, refusedField } from "~/forms/create-order.server";
import { placeOrder } from "~/models/order/index.server";
import { getPaymentGateway } from "~/payments/payments.server";
import { clientAddress, jsonNoStore, readFields } from "~/utils/http.server";
import { apiMethodNotAllowed } from "~/utils/responses.server";

export async function loader() {
  return apiMethodNotAllowed("POST");
}

/**
 * POST /api/v1/checkout/create-order: the amount is computed from the server's cart (or the one
 * product of a Buy Now, `checkoutType: "single"` with productId, quantity and size / sizeId, or the
 * spec's `cartItems[0]` with id, quantity and size); any amount, price or total sent is ignored.
 * An `Idempotency-Key` header (or `idempotencyKey` field) makes retries answer the same order.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const user = await requireApiUser(request);
  const read = readCreateOrder(await readFields(request), request.headers.get("Idempotency-Key"));
  if (!read.ok) {
    return jsonNoStore({ message: "Error during checkout", errors: read.errors }, { status: 400 });
  }
  const input = read.order;
  const gateway = getPaymentGateway();
  const result = await placeOrder(db, gateway, {
    userId: user.id,
    addressId: input.billingAddressId ?? null,
    idempotencyKey: input.key,
    source: input.source,
    clientAddress: clientAddress(request),
    whatsappOptIn: input.whatsappOptIn,
    paymentMethod: input.paymentMethod,
    buyerGstin: input.gstin,
    buyerBusinessName: input.businessName,
  });
  if (!result.ok) {
    const field = refusedField(result, input.sent);
    return jsonNoStore(
      { message: result.message, ...(field ? { errors: { [field]: result.message } } : {}) },
      {
        status: result.status,
        headers: result.retryAfterMs
          ? { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) }
          : undefined,
      },
    );
  }
  const order = result.order;
  return jsonNoStore(
    {
      orderId: order.id,
      // A cash on delivery order has no Razorpay order.
      ...(order.razorpayOrderId ? { razorpayOrderId: order.razorpayOrderId } : {}),
      paymentMethod: input.paymentMethod,
      amount: order.amountPaise,
      currency: "INR",
      status: order.status,
      keyId: gateway.keyId,
      sandbox: gateway.kind === "sandbox",
    },
    { status: result.created ? 201 : 200 },
  );
}
