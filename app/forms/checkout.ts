import { z } from "zod";
import type { SandboxPayment } from "~/components/payment";
import type { Charges, ChargesResult } from "~/models/checkout-charges.server";
import type { BuyNowOfOrder, ItemDraft, OrderSource } from "~/models/order/index.server";
import { businessNameField, gstinField } from "~/utils/gstin-field";
import { idSchema, quantitySchema } from "~/utils/validation";
import { typedValues } from "./typed-values";

/**
 * The checkout's state as it travels in the URL (`/checkout?step=...`) and in the Pay Now form,
 * read back from either; the step URLs built from it; and the Pay Now form's own fields.
 */

export type Step = "address" | "summary" | "payment";

const optionalText = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .catch(null)
  .transform((v) => v ?? "");

/** Everything the checkout's state is made of, as it travels in the URL (and the Pay Now form). */
export const stateSchema = z.object({
  step: z.enum(["address", "summary", "payment"]).catch("address"),
  address: idSchema.optional().catch(undefined),
  order: idSchema.optional().catch(undefined),
  productId: idSchema.optional().catch(undefined),
  quantity: quantitySchema.optional().catch(undefined),
  size: optionalText,
  color: optionalText,
  sizeId: idSchema.optional().catch(undefined),
  colorId: idSchema.optional().catch(undefined),
});
export type CheckoutState = z.infer<typeof stateSchema>;

const STATE_KEYS = [
  "step",
  "address",
  "order",
  "productId",
  "quantity",
  "size",
  "color",
  "sizeId",
  "colorId",
] as const;

/** The checkout's state from a URL's query or a posted form; anything unreadable is left out. */
export function readState(params: URLSearchParams | FormData): CheckoutState {
  const raw: Record<string, string> = {};
  for (const key of STATE_KEYS) {
    const v = params.get(key);
    if (typeof v === "string" && v !== "") raw[key] = v;
  }
  return stateSchema.parse(raw);
}

/** What is being bought: one product (Buy Now) or the cart. */
export function sourceOf(state: CheckoutState): OrderSource {
  return state.productId
    ? {
        type: "single",
        productId: state.productId,
        quantity: state.quantity ?? 1,
        sizeLabel: state.size,
        colorName: state.color,
        sizeId: state.sizeId ?? null,
        colorId: state.colorId ?? null,
      }
    : { type: "cart" };
}

/** The URL of a step, keeping the single-product fields and the chosen address. */
export function stepUrl(
  state: CheckoutState,
  step: Step,
  extra: { address?: number | null; order?: number } = {},
) {
  const params = new URLSearchParams({ step });
  const address = extra.address === undefined ? state.address : extra.address;
  if (address) params.set("address", String(address));
  if (state.productId) {
    params.set("productId", String(state.productId));
    params.set("quantity", String(state.quantity ?? 1));
    if (state.size) params.set("size", state.size);
    if (state.color) params.set("color", state.color);
    if (state.sizeId) params.set("sizeId", String(state.sizeId));
    if (state.colorId) params.set("colorId", String(state.colorId));
  }
  if (extra.order) params.set("order", String(extra.order));
  return `/checkout?${params}`;
}

/** The payment step of the Buy Now an order came from: where to try paying for it again. */
export function buyNowPaymentUrl(buyNow: BuyNowOfOrder) {
  const state: CheckoutState = {
    step: "payment",
    address: buyNow.addressId ?? undefined,
    productId: buyNow.productId,
    quantity: buyNow.quantity,
    size: buyNow.size,
    color: buyNow.color,
    sizeId: buyNow.sizeId ?? undefined,
    colorId: buyNow.colorId ?? undefined,
  };
  return stepUrl(state, "payment");
}

/** The links between the steps. */
export function stepUrls(state: CheckoutState) {
  return {
    address: stepUrl(state, "address"),
    summary: stepUrl(state, "summary"),
    payment: stepUrl(state, "payment"),
    summaryWithoutAddress: stepUrl(state, "summary", { address: null }),
  };
}
export type StepUrls = ReturnType<typeof stepUrls>;

/** The state the Pay Now form posts back (as hidden fields), once an address is chosen. */
export function payNowState(state: CheckoutState, addressId: number) {
  return {
    address: addressId,
    productId: state.productId ?? null,
    quantity: state.quantity ?? null,
    size: state.size,
    color: state.color,
    sizeId: state.sizeId ?? null,
    colorId: state.colorId ?? null,
  };
}
export type PayNowState = ReturnType<typeof payNowState>;

/** The items being bought, as the summary shows them. */
export function checkoutSummary(items: ItemDraft[], totalPaise: number) {
  return {
    items: items.map((i) => ({
      id: `${i.productId}-${i.sizeId ?? i.sizeLabel}-${i.colorId ?? i.colorName}`,
      title: i.title,
      image: i.image,
      quantity: i.quantity,
      unitPricePaise: i.unitPricePaise,
      sizeLabel: i.sizeLabel,
      colorName: i.colorName,
      boltPattern: i.boltPattern,
      offsetMm: i.offsetMm,
      partNumber: i.partNumber,
    })),
    totalPaise,
  };
}
export type CheckoutSummary = ReturnType<typeof checkoutSummary>;

/** Shipping to the chosen address and what cash on delivery would cost, or why it can't ship. */
export type CheckoutCharges =
  | { ok: true; shippingPaise: number; deliveryLabel: string | null; cod: Charges["cod"] }
  | { ok: false; message: string };

/** What the steps show of the charges for the chosen address. */
export function checkoutCharges(charged: ChargesResult): CheckoutCharges {
  return charged.ok
    ? {
        ok: true,
        shippingPaise: charged.charges.shippingPaise,
        deliveryLabel: charged.charges.delivery.estimatedLabel,
        cod: charged.charges.cod,
      }
    : { ok: false, message: charged.message };
}

const payNowSchema = z.object({ idempotencyKey: z.string().trim().min(8).max(100) });

/** The key that makes a double click or a resent Pay Now form one order, or null. */
export function readIdempotencyKey(form: FormData): string | null {
  const parsed = payNowSchema.safeParse({ idempotencyKey: form.get("idempotencyKey") });
  return parsed.success ? parsed.data.idempotencyKey : null;
}

const payWithSchema = z.object({
  paymentMethod: z.enum(["razorpay", "cod"]).catch("razorpay"),
  gstin: gstinField,
  businessName: businessNameField,
});
export type PayWith = z.infer<typeof payWithSchema>;

/** A refused GSTIN or business name, shown next to its field (with or without JavaScript). */
export type PayWithErrors = {
  ok: false;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  redirectTo?: undefined;
};

/** How to pay and the optional GST details, or the errors by field with what was typed. */
export function readPayWith(
  form: FormData,
): { ok: true; data: PayWith } | { ok: false; reply: PayWithErrors } {
  const payWith = payWithSchema.safeParse({
    paymentMethod: form.get("paymentMethod"),
    gstin: form.get("gstin"),
    businessName: form.get("businessName"),
  });
  if (payWith.success) return { ok: true, data: payWith.data };
  const errors: Record<string, string> = {};
  for (const issue of payWith.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, reply: payWithRefusal(form, errors) };
}

/** The Pay Now form again, with these errors by field beside what was typed. */
export function payWithRefusal(form: FormData, errors: Record<string, string>): PayWithErrors {
  const values = typedValues(form, ["paymentMethod", "gstin", "businessName", "whatsappOptIn"]);
  return { ok: false, message: "Please check the GST details.", errors, values };
}

/**
 * The total the Pay Now form showed for the chosen way to pay (`shownTotal.razorpay`,
 * `shownTotal.cod`), or null when the form carries none.
 */
export function readShownTotal(form: FormData, method: "razorpay" | "cod"): number | null {
  const shown = form.get(`shownTotal.${method}`);
  return typeof shown === "string" && /^\d{1,12}$/.test(shown) ? Number(shown) : null;
}

/** What Pay Now answers a fetcher. */
export type PayNowData =
  | {
      ok: true;
      orderId: number;
      paid: boolean;
      razorpayOrderId: string;
      amountPaise: number;
      keyId: string | null;
      prefill: { name: string; contact: string };
      sandbox: SandboxPayment | null;
    }
  | { ok: false; message: string; redirectTo?: string };

/**
 * The product page as a Buy Now of more than is left came from it: the same colour and size (the
 * product page's own `color` and `size` parameters), the quantity set to what is left.
 */
export function buyNowAgainPath(
  item: { productId: number; sizeId: number | null; colorName: string | null },
  left: number,
): string {
  const params = new URLSearchParams();
  if (item.colorName) params.set("color", item.colorName);
  if (item.sizeId !== null) params.set("size", String(item.sizeId));
  if (left > 0) params.set("quantity", String(left));
  const query = params.toString();
  return `/product/${item.productId}${query ? `?${query}` : ""}`;
}
