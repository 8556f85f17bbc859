import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { formatPaise } from "~/utils/money";
import { checkDelivery, overCodLimit, shippingCharge, type DeliveryCheck } from "./shipping.server";
import { getSettings } from "./settings.server";
import { productTaxes, type ProductTax } from "./tax.server";

/**
 * What an order costs beyond its goods, computed on the server for the summary, Pay Now and the
 * API alike: shipping by zone and weight (free above the admin's threshold), and for cash on
 * delivery the admin's fee, within the COD limit and only where the PIN allows it.
 */
export type PaymentMethod = "razorpay" | "cod";
export type ChargeLine = { productId: number; unitPricePaise: number; quantity: number };

export type Charges = {
  goodsPaise: number;
  shippingPaise: number;
  /** The COD fee when paying cash on delivery, else 0. */
  codFeePaise: number;
  totalPaise: number;
  delivery: DeliveryCheck;
  /** Whether cash on delivery may be chosen, and why not. */
  cod: { available: boolean; reason: string | null; feePaise: number; limitPaise: number };
  taxes: ProductTax[];
  weightGrams: number;
};

export type ChargesResult =
  { ok: true; charges: Charges } | { ok: false; code: "delivery" | "cod"; message: string };

export async function computeCharges(
  db: Kysely<DB>,
  input: { lines: ChargeLine[]; postalCode: string; paymentMethod?: PaymentMethod; now?: Date },
): Promise<ChargesResult> {
  const settings = await getSettings(db);
  const delivery = await checkDelivery(db, input.postalCode, { now: input.now, settings });
  if (!delivery) {
    return {
      ok: false,
      code: "delivery",
      message: `PIN code ${input.postalCode} does not exist. Please correct the delivery address.`,
    };
  }
  if (!delivery.serviceable) {
    return {
      ok: false,
      code: "delivery",
      message: `We don't deliver to PIN ${input.postalCode} yet.`,
    };
  }
  const taxes = await productTaxes(db, input.lines, input.now);
  const goodsPaise = input.lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  const weightGrams = input.lines.reduce((sum, l, i) => sum + taxes[i].weightGrams * l.quantity, 0);
  const shippingPaise = shippingCharge(settings, delivery.zone, weightGrams, goodsPaise);
  const reason = !delivery.cod
    ? `Cash on delivery is not available for PIN ${delivery.pin}.`
    : overCodLimit(settings, goodsPaise, shippingPaise)
      ? `Cash on delivery is available for orders up to ${formatPaise(settings.codLimitPaise)}.`
      : null;
  const cod = {
    available: reason === null,
    reason,
    feePaise: settings.codFeePaise,
    limitPaise: settings.codLimitPaise,
  };
  if (input.paymentMethod === "cod" && reason) return { ok: false, code: "cod", message: reason };
  const codFeePaise = input.paymentMethod === "cod" ? settings.codFeePaise : 0;
  return {
    ok: true,
    charges: {
      goodsPaise,
      shippingPaise,
      codFeePaise,
      totalPaise: goodsPaise + shippingPaise + codFeePaise,
      delivery,
      cod,
      taxes,
      weightGrams,
    },
  };
}

export type ShippingEstimate =
  { pin: string; ok: true; shippingPaise: number } | { pin: string; ok: false; message: string };

/** The cart's shipping to a PIN (the remembered one, or the newest address's), before checkout. */
export async function estimateShipping(
  db: Kysely<DB>,
  lines: ChargeLine[],
  pin: string,
): Promise<ShippingEstimate> {
  const result = await computeCharges(db, { lines, postalCode: pin });
  return result.ok
    ? { pin, ok: true, shippingPaise: result.charges.shippingPaise }
    : { pin, ok: false, message: result.message };
}
