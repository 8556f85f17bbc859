import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { placeOrder, type OrderSource, type PlaceOrderFailure } from "~/models/order/index.server";
import { getPaymentGateway } from "~/payments/payments.server";
import { clientAddress, jsonNoStore, readFields } from "~/utils/http.server";
import { fieldErrors, idSchema, quantitySchema, says } from "~/utils/validation";
import { businessNameField, gstinField } from "~/utils/gstin-field";
import { apiInvalid, apiMethodNotAllowed } from "~/utils/responses.server";
import {
  variantChoice,
  variantChoiceFields,
  variantErrorField,
  type ChoiceInput,
} from "~/forms/variant-choice";

export async function loader() {
  return apiMethodNotAllowed("POST");
}

const KEY_LENGTH = "Use 8 to 100 characters";

/** The spec's checkout item (id = the product, title, image, price, quantity, size); price is ignored. */
const cartItem = z.object(
  { id: idSchema, quantity: quantitySchema.optional(), ...variantChoiceFields },
  says("Send the item as {id, quantity, size}"),
);
const schema = z.object({
  billingAddressId: idSchema.optional(),
  checkoutType: z.enum(["cart", "single"], says('Use "cart" or "single"')).default("cart"),
  productId: idSchema.optional(),
  quantity: quantitySchema.optional(),
  ...variantChoiceFields,
  /** The spec's Buy Now sends its one item here (only the first is used); `cartTotal` is ignored. */
  cartItems: z.array(z.unknown(), says("Send cartItems as a list")).optional(),
  idempotencyKey: z
    .string(says(KEY_LENGTH))
    .trim()
    .min(8, KEY_LENGTH)
    .max(100, KEY_LENGTH)
    .optional(),
  /** Opt-in to WhatsApp order updates (true, or "1"/"on" from a form); off unless sent. */
  whatsappOptIn: z
    .union([z.boolean(), z.enum(["1", "on", "true", "0", "false"])], says("Use true or false"))
    .optional()
    .transform((v) => v === true || v === "1" || v === "on" || v === "true"),
  paymentMethod: z
    .enum(["razorpay", "cod"], { message: 'Use "razorpay" or "cod"' })
    .nullish()
    .transform((v) => v ?? "razorpay"),
  gstin: gstinField,
  businessName: businessNameField,
});

/**
 * POST /api/v1/checkout/create-order: the amount is computed from the server's cart (or the one
 * product of a Buy Now, `checkoutType: "single"` with productId, quantity and size / sizeId, or the
 * spec's `cartItems[0]` with id, quantity and size); any amount, price or total sent is ignored. An `Idempotency-Key` header (or `idempotencyKey` field) makes retries answer the same order.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const user = await requireApiUser(request);
  const parsed = schema.safeParse(await readFields(request));
  if (!parsed.success) {
    return apiInvalid("Error during checkout", parsed.error);
  }
  const input = parsed.data;
  let source: OrderSource = { type: "cart" };
  /** Where a Buy Now named its product and variant: top level, or the spec's `cartItems[0]`. */
  let sent: SentItem | null = null;
  if (input.productId) {
    sent = { prefix: "", productField: "productId", choice: input };
    source = {
      type: "single",
      productId: input.productId,
      quantity: input.quantity ?? 1,
      ...variantChoice(input),
    };
  } else if (input.checkoutType === "single") {
    const item = cartItem.safeParse(input.cartItems?.[0]);
    if (!item.success) {
      const errors = input.cartItems?.length
        ? Object.fromEntries(
            Object.entries(fieldErrors(item.error)).map(([k, v]) => [`cartItems.0.${k}`, v]),
          )
        : { productId: "Choose a product" };
      return jsonNoStore({ message: "Error during checkout", errors }, { status: 400 });
    }
    sent = { prefix: "cartItems.0.", productField: "id", choice: item.data };
    source = {
      type: "single",
      productId: item.data.id,
      quantity: item.data.quantity ?? 1,
      ...variantChoice(item.data),
    };
  }
  const key =
    request.headers.get("Idempotency-Key")?.trim() || input.idempotencyKey || crypto.randomUUID();
  if (key.length < 8 || key.length > 100) {
    return jsonNoStore(
      { message: "Error during checkout", errors: { idempotencyKey: KEY_LENGTH } },
      { status: 400 },
    );
  }
  const gateway = getPaymentGateway();
  const result = await placeOrder(db, gateway, {
    userId: user.id,
    addressId: input.billingAddressId ?? null,
    idempotencyKey: key,
    source,
    clientAddress: clientAddress(request),
    whatsappOptIn: parsed.data.whatsappOptIn,
    paymentMethod: input.paymentMethod,
    buyerGstin: input.gstin,
    buyerBusinessName: input.businessName,
  });
  if (!result.ok) {
    const field = refusedField(result, sent);
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

type SentItem = { prefix: string; productField: string; choice: ChoiceInput };

/**
 * The body field a refusal of the order is about, named as this request sent it (`cart` for the
 * server's cart); null for a refusal about no one field (stock, throttling, the gateway).
 */
function refusedField(refusal: PlaceOrderFailure, sent: SentItem | null): string | null {
  switch (refusal.code) {
    case "address":
    case "delivery":
      return "billingAddressId";
    case "cod":
      return "paymentMethod";
    case "gstin":
      return "gstin";
    case "idempotency":
      return "idempotencyKey";
    case "empty":
      return "cart";
    case "product":
      if (!sent) return "cart";
      return (
        sent.prefix +
        (refusal.variant ? variantErrorField(refusal.variant, sent.choice) : sent.productField)
      );
    default:
      return null;
  }
}
