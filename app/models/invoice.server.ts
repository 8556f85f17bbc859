import type { Kysely } from "kysely";
import { sizeText } from "~/utils/variant";
import type { DB } from "~/db/schema";
import {
  amountInWords,
  financialYear,
  resolveState,
  splitInclusive,
  type RateBp,
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
    .set({
      invoice_number: number,
      invoiced_at: at.toISOString(),
      invoice_seller: JSON.stringify(getSeller()),
    })
    .where("id", "=", orderId)
    .where("invoice_number", "is", null)
    .execute();
  return number;
}

/**
 * A credit note against an invoiced order: for a refund, its amount; for an order cancelled or
 * refunded as a whole (no `amountPaise`), all that is not credited yet. Never more than the invoice
 * leaves uncredited, so a cancel and the refunds around it credit the sale once, whatever their
 * order. Call inside the transaction that cancels or settles the refund. Answers the number, or
 * null when the order has no invoice or nothing is left to credit.
 */
export async function issueCreditNote(
  trx: Kysely<DB>,
  orderId: number,
  at: Date = new Date(),
  options: { refundId?: number; amountPaise?: number } = {},
): Promise<string | null> {
  const order = await trx
    .selectFrom("orders")
    .select(["invoice_number", "credit_note_number", "amount_paise"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  if (!order.invoice_number) return null;
  if (options.refundId !== undefined) {
    const done = await trx
      .selectFrom("credit_notes")
      .select("number")
      .where("refund_id", "=", options.refundId)
      .executeTakeFirst();
    if (done) return done.number;
  }
  const credited = await trx
    .selectFrom("credit_notes")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_paise"), eb.lit(0)).as("paise"))
    .where("order_id", "=", orderId)
    .executeTakeFirstOrThrow();
  // The invoice's total is the order's amount (its lines add up to it to the paisa).
  const left = order.amount_paise - Number(credited.paise);
  const amount = Math.min(options.amountPaise ?? left, left);
  if (amount <= 0) return null;
  const number = await nextNumber(trx, "credit_note", at);
  await trx
    .insertInto("credit_notes")
    .values({
      order_id: orderId,
      refund_id: options.refundId ?? null,
      number,
      amount_paise: amount,
      issued_at: at.toISOString(),
    })
    .execute();
  // The order names its first credit note (its page shows it); the invoice lists them all.
  if (!order.credit_note_number) {
    await trx
      .updateTable("orders")
      .set({ credit_note_number: number, credit_noted_at: at.toISOString() })
      .where("id", "=", orderId)
      .where("credit_note_number", "is", null)
      .execute();
  }
  return number;
}

// ---------------------------------------------------------------------------------------------
// The invoice's content

export type InvoiceLine = TaxSplit & {
  /** The order line it bills; null for shipping and the COD fee. */
  orderItemId: number | null;
  description: string;
  hsnCode: string;
  quantity: number;
  unitPricePaise: number;
};

type Totals = {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

/** A credit note as it reads against its invoice: its share of each invoice line, split like it. */
export type CreditNote = {
  number: string;
  date: string;
  amountPaise: number;
  lines: (TaxSplit & { description: string; hsnCode: string })[];
  totals: Totals;
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
  totals: Totals;
  amountInWords: string;
  /** Its credit notes, oldest first (in full: one for the whole total). */
  creditNotes: CreditNote[];
};

const sumOf = (lines: TaxSplit[]): Totals => {
  const sum = (key: "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise" | "grossPaise") =>
    lines.reduce((s, l) => s + l[key], 0);
  return {
    taxablePaise: sum("taxablePaise"),
    cgstPaise: sum("cgstPaise"),
    sgstPaise: sum("sgstPaise"),
    igstPaise: sum("igstPaise"),
    totalPaise: sum("grossPaise"),
  };
};

/**
 * Splits `amount` paise over parts in proportion to `weights` (largest remainder first), never a
 * part above its weight; `amount` is at most the weights' sum. BigInt: paise times paise can pass
 * 2^53 on a large order.
 */
function prorate(amount: number, weights: number[]): number[] {
  const total = BigInt(weights.reduce((s, w) => s + w, 0));
  if (total === 0n || amount <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => {
    const exact = BigInt(amount) * BigInt(w);
    return { part: Number(exact / total), rest: exact % total };
  });
  let left = amount - shares.reduce((s, x) => s + x.part, 0);
  const byRest = shares.map((x, i) => i).sort((a, b) => Number(shares[b].rest - shares[a].rest));
  for (const i of byRest) {
    if (left <= 0) break;
    if (shares[i].rest > 0n) {
      shares[i].part += 1;
      left -= 1;
    }
  }
  return shares.map((x) => x.part);
}

/**
 * The tax of `part` paise credited on an invoice line of which `before` paise were credited by
 * earlier notes: what the credited total's split adds to the earlier total's. Split one note at a
 * time, each rounded on its own, the notes of a line refunded in several parts could add up to a
 * paisa more or less tax than the invoice charged on it; this way the notes that credit a whole line
 * carry exactly its tax, so an invoice cancelled in parts nets to zero in the GST report. (A 1-paisa
 * part whose share of tax would round to more than itself is split on its own.)
 */
function creditSplit(before: number, part: number, rateBp: RateBp, intraState: boolean): TaxSplit {
  const was = splitInclusive(before, rateBp, intraState);
  const now = splitInclusive(before + part, rateBp, intraState);
  const split = {
    grossPaise: part,
    rateBp,
    taxablePaise: now.taxablePaise - was.taxablePaise,
    cgstPaise: now.cgstPaise - was.cgstPaise,
    sgstPaise: now.sgstPaise - was.sgstPaise,
    igstPaise: now.igstPaise - was.igstPaise,
  };
  return split.taxablePaise < 0 ? splitInclusive(part, rateBp, intraState) : split;
}

/**
 * Each credit note's share of the invoice lines, oldest first, out of what earlier notes left: a
 * refund of lines credits those lines first (the rest of its amount, such as shipping refunded with
 * the last units, goes over what is left in proportion); an amount, or a cancel, is spread over
 * what is left in proportion. A note for the whole invoice is the invoice line for line.
 */
function creditNoteLines(
  lines: InvoiceLine[],
  notes: { number: string; issued_at: string; amount_paise: number; refund_id: number | null }[],
  refunded: { refund_id: number; order_item_id: number; quantity: number }[],
  intraState: boolean,
): CreditNote[] {
  const left = lines.map((l) => l.grossPaise);
  return notes.map((note) => {
    const amount = Math.min(
      note.amount_paise,
      left.reduce((s, x) => s + x, 0),
    );
    const first = lines.map((l, i) => {
      const units = refunded
        .filter((r) => r.refund_id === note.refund_id && r.order_item_id === l.orderItemId)
        .reduce((n, r) => n + r.quantity, 0);
      return Math.min(left[i], units * l.unitPricePaise);
    });
    const firstSum = first.reduce((s, x) => s + x, 0);
    const parts =
      firstSum >= amount
        ? prorate(amount, first)
        : prorate(
            amount - firstSum,
            left.map((x, i) => x - first[i]),
          ).map((x, i) => x + first[i]);
    const noteLines = parts.flatMap((part, i) => {
      if (part === 0) return [];
      const { description, hsnCode, rateBp, grossPaise } = lines[i];
      const before = grossPaise - left[i];
      left[i] -= part;
      return [{ description, hsnCode, ...creditSplit(before, part, rateBp, intraState) }];
    });
    return {
      number: note.number,
      date: note.issued_at,
      amountPaise: amount,
      lines: noteLines,
      totals: sumOf(noteLines),
    };
  });
}

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
  // The seller as on the day of issue (invoices issued before it was kept: as now).
  const seller: Seller = order.invoice_seller
    ? (JSON.parse(order.invoice_seller) as Seller)
    : getSeller();
  const place = resolveState(order.ship_state) ?? { name: order.ship_state, code: "97" };
  const intraState = place.code === seller.stateCode;
  const lines: InvoiceLine[] = items.map((i) => ({
    orderItemId: i.id,
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
      orderItemId: null,
      description:
        order.cod_fee_paise > 0 ? "Shipping and cash on delivery charges" : "Shipping charges",
      hsnCode: principal.hsnCode,
      quantity: 1,
      unitPricePaise: extra,
      ...splitInclusive(extra, principal.rateBp, intraState),
    });
  }
  const totals = sumOf(lines);
  const notes = await db
    .selectFrom("credit_notes")
    .select(["number", "issued_at", "amount_paise", "refund_id"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  const refundIds = notes.flatMap((n) => (n.refund_id === null ? [] : [n.refund_id]));
  const refunded = refundIds.length
    ? await db
        .selectFrom("refund_items")
        .select(["refund_id", "order_item_id", "quantity"])
        .where("refund_id", "in", refundIds)
        .execute()
    : [];
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
    totals,
    amountInWords: amountInWords(totals.totalPaise),
    creditNotes: creditNoteLines(lines, notes, refunded, intraState),
  };
}
