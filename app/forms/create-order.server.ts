import crypto from "node:crypto";
import { z } from "zod";
import type { OrderSource, PlaceOrderFailure } from "~/models/order/index.server";
import { businessNameField, gstinField } from "~/utils/gstin-field";
import { fieldErrors, idSchema, quantitySchema, says } from "~/utils/validation";
import {
  variantChoice,
  variantChoiceFields,
  variantErrorField,
  type ChoiceInput,
} from "./variant-choice";

/**
 * POST /api/v1/checkout/create-order's body read into what `placeOrder` takes: the server's cart,
 * or the one product of a Buy Now (top level, or the spec's `cartItems[0]`); and a refusal of the
 * order mapped back to the field of the body it is about, named as the body sent it.
 */

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

/** Where a Buy Now named its product and variant: top level, or the spec's `cartItems[0]`. */
export type SentItem = { prefix: string; productField: string; choice: ChoiceInput };

export type CreateOrderRequest = z.output<typeof schema> & {
  source: OrderSource;
  sent: SentItem | null;
  /** The `Idempotency-Key` header, else the body's `idempotencyKey`, else a new one. */
  key: string;
};

/** The body and the `Idempotency-Key` header, read; errors by field when they do not make an order. */
export function readCreateOrder(
  fields: unknown,
  keyHeader: string | null,
): { ok: true; order: CreateOrderRequest } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const input = parsed.data;
  let source: OrderSource = { type: "cart" };
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
      return { ok: false, errors };
    }
    sent = { prefix: "cartItems.0.", productField: "id", choice: item.data };
    source = {
      type: "single",
      productId: item.data.id,
      quantity: item.data.quantity ?? 1,
      ...variantChoice(item.data),
    };
  }
  const key = keyHeader?.trim() || input.idempotencyKey || crypto.randomUUID();
  if (key.length < 8 || key.length > 100) {
    return { ok: false, errors: { idempotencyKey: KEY_LENGTH } };
  }
  return { ok: true, order: { ...input, source, sent, key } };
}

/**
 * The body field a refusal of the order is about, named as this request sent it (`cart` for the
 * server's cart); null for a refusal about no one field (stock, throttling, the gateway).
 */
export function refusedField(refusal: PlaceOrderFailure, sent: SentItem | null): string | null {
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
