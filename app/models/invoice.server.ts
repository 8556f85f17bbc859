import type { Kysely } from "kysely";
import { sizeText } from "~/utils/variant";
import type { DB } from "~/db/schema";
import {
  amountInWords,
  financialYear,
  resolveState,
  splitInclusive,
  type TaxSplit,
} from "~/utils/gst";
import { getSeller, type Seller } from "./seller.server";
import { FALLBACK_HSN } from "./tax.server";

/**
 * GST tax invoices and credit notes. Numbers come from gap-free series per financial year
 * (April to March, India time): "OV/26-27/000001" for invoices, "CN/26-27/000001" for credit
 * notes (15 characters, within Rule 46's 16). A number is taken in the same IMMEDIATE transaction
 * that marks the order, so a rolled-back transaction gives it back and two payments never share one.
 */

export const SERIES = { invoice: "OV", credit_note: "CN" } as const;
type Series = keyof typeof SERIES;

async function nextNumber(trx: Kysely<DB>, series: Series, at: Date): Promise<string> {
  const fy = financialYear(at);
  const row = await trx
    .insertInto("document_series")
    .values({ series, financial_year: fy, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(["series", "financial_year"])
        .doUpdateSet((eb) => ({ last_number: eb("document_series.last_number", "+", 1) })),
    )
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return `${SERIES[series]}/${fy}/${String(row.last_number).padStart(6, "0")}`;
}

/**
 * Gives the order its invoice number once (paid online, or delivered for cash on delivery).
 * Call inside the transaction that changes the order. Answers the number (the existing one when
 * it already had one).
 */
export async function issueInvoice(
  trx: Kysely<DB>,
  orderId: number,
  at: Date = new Date(),
): Promise<string> {
  const order = await trx
    .selectFrom("orders")
    .select("invoice_number")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  if (order.invoice_number) return order.invoice_number;
  const number = await nextNumber(trx, "invoice", at);
  await trx
    .updateTable("orders")
    .set({ invoice_number: number, invoiced_at: at.toISOString() })
    .where("id", "=", orderId)
    .where("invoice_number", "is", null)
    .execute();
  return number;
}

/** A credit note for an invoiced order that is cancelled or refunded (once); null when not invoiced. */
export async function issueCreditNote(
  trx: Kysely<DB>,
  orderId: number,
  at: Date = new Date(),
): Promise<string | null> {
  const order = await trx
    .selectFrom("orders")
    .select(["invoice_number", "credit_note_number"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  if (!order.invoice_number) return null;
  if (order.credit_note_number) return order.credit_note_number;
  const number = await nextNumber(trx, "credit_note", at);
  await trx
    .updateTable("orders")
    .set({ credit_note_number: number, credit_noted_at: at.toISOString() })
    .where("id", "=", orderId)
    .where("credit_note_number", "is", null)
    .execute();
  return number;
}

// ---------------------------------------------------------------------------------------------
// The invoice's content

export type InvoiceLine = TaxSplit & {
  description: string;
  hsnCode: string;
  quantity: number;
  unitPricePaise: number;
};

export type Invoice = {
  number: string;
  date: string;
  orderId: number;
  seller: Seller;
  buyer: {
    name: string;
    businessName: string | null;
    gstin: string | null;
    address: string;
    phone: string;
  };
  placeOfSupply: { name: string; code: string };
  intraState: boolean;
  paymentMethod: "razorpay" | "cod";
  lines: InvoiceLine[];
  totals: {
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    totalPaise: number;
  };
  amountInWords: string;
  creditNote: { number: string; date: string } | null;
};

/**
 * The tax invoice of an order, or null when the order does not exist, is not the user's (when
 * `userId` is given) or has no invoice yet. Each line is split on its own (see splitInclusive);
 * shipping and the COD fee are one more line taxed like the goods they carry (a composite supply,
 * section 8(a) CGST Act: the rate and HSN of the principal supply, the line of highest value).
 */
export async function getInvoice(
  db: Kysely<DB>,
  orderId: number,
  options: { userId?: number } = {},
): Promise<Invoice | null> {
  let query = db.selectFrom("orders").selectAll().where("id", "=", orderId);
  if (options.userId !== undefined) query = query.where("user_id", "=", options.userId);
  const order = await query.executeTakeFirst();
  if (!order?.invoice_number || !order.invoiced_at) return null;
  const items = await db
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  const seller = getSeller();
  const place = resolveState(order.ship_state) ?? { name: order.ship_state, code: "97" };
  const intraState = place.code === seller.stateCode;
  const lines: InvoiceLine[] = items.map((i) => ({
    description: [
      i.title,
      i.size_label &&
        `Size ${sizeText({ sizeLabel: i.size_label, boltPattern: i.bolt_pattern, offsetMm: i.offset_mm, partNumber: i.part_number })}`,
      i.color_name && i.color_name,
    ]
      .filter(Boolean)
      .join(", "),
    hsnCode: i.hsn_code ?? FALLBACK_HSN,
    quantity: i.quantity,
    unitPricePaise: i.unit_price_paise,
    ...splitInclusive(i.unit_price_paise * i.quantity, i.gst_rate_bp ?? 1800, intraState),
  }));
  const extra = order.shipping_paise + order.cod_fee_paise;
  if (extra > 0 && lines.length > 0) {
    const principal = [...lines].sort((a, b) => b.grossPaise - a.grossPaise)[0];
    lines.push({
      description:
        order.cod_fee_paise > 0 ? "Shipping and cash on delivery charges" : "Shipping charges",
      hsnCode: principal.hsnCode,
      quantity: 1,
      unitPricePaise: extra,
      ...splitInclusive(extra, principal.rateBp, intraState),
    });
  }
  const sum = (key: "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise" | "grossPaise") =>
    lines.reduce((s, l) => s + l[key], 0);
  const address = [
    order.ship_address1,
    order.ship_address2,
    order.ship_city,
    `${order.ship_state} ${order.ship_postal_code}`,
    order.ship_country,
  ]
    .filter(Boolean)
    .join(", ");
  return {
    number: order.invoice_number,
    date: order.invoiced_at,
    orderId: order.id,
    seller,
    buyer: {
      name: order.ship_full_name,
      businessName: order.buyer_business_name,
      gstin: order.buyer_gstin,
      address,
      phone: order.ship_phone,
    },
    placeOfSupply: place,
    intraState,
    paymentMethod: order.payment_method,
    lines,
    totals: {
      taxablePaise: sum("taxablePaise"),
      cgstPaise: sum("cgstPaise"),
      sgstPaise: sum("sgstPaise"),
      igstPaise: sum("igstPaise"),
      totalPaise: sum("grossPaise"),
    },
    amountInWords: amountInWords(sum("grossPaise")),
    creditNote:
      order.credit_note_number && order.credit_noted_at
        ? { number: order.credit_note_number, date: order.credit_noted_at }
        : null,
  };
}
