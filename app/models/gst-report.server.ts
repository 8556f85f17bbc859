import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { IST_OFFSET_MS, indiaDate } from "~/utils/gst";
import { getInvoice, type CreditNote, type Invoice } from "./invoice.server";
import { indiaDay } from "./tax.server";

/**
 * The month's GST report as CSV, in the shape a GSTR-1 filing needs: B2B lines by the buyer's
 * GSTIN and B2CL lines (one row per invoice and rate), B2CS sums by place of supply and rate (net
 * of their credit notes), and the credit notes of B2B (CDNR) and B2CL (CDNUR) invoices. A credit
 * note, in full or in part, counts in the month it was issued.
 * Amounts in rupees with two decimals; the month is a calendar month in India time.
 */
const rupees = (paise: number) => (paise / 100).toFixed(2);
const csvCell = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The month before `now`'s month in India ("2026-10" in November): the one GSTR-1 is filed for. */
export function previousMonth(now: Date = new Date()): string {
  const { year, month } = indiaDate(now);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/** The UTC bounds of a month ("2026-11") in India time. */
export function monthBounds(month: string): { from: string; to: string } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const mon = Number(m[2]);
  const ist = (y: number, mo: number) =>
    new Date(Date.UTC(y, mo - 1, 1) - IST_OFFSET_MS).toISOString();
  return { from: ist(year, mon), to: mon === 12 ? ist(year + 1, 1) : ist(year, mon + 1) };
}

/** What the admin is told when the report's month is not a real month given as YYYY-MM. */
export const REPORT_MONTH_FORMAT = "Give the month as YYYY-MM, such as 2026-10";

/** The one rule for the report's month: YYYY-MM, a real month (any year, past or future). */
export const isReportMonth = (month: string) => monthBounds(month) !== null;

type Totals = { taxable: number; cgst: number; sgst: number; igst: number };

function byRate(document: Pick<Invoice | CreditNote, "lines">) {
  const rates = new Map<number, Totals>();
  for (const l of document.lines) {
    const t = rates.get(l.rateBp) ?? { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    t.taxable += l.taxablePaise;
    t.cgst += l.cgstPaise;
    t.sgst += l.sgstPaise;
    t.igst += l.igstPaise;
    rates.set(l.rateBp, t);
  }
  return rates;
}

/**
 * Above this invoice value (₹1,00,000 since August 2024, Rule 59(4) of the CGST Rules) a supply to
 * an unregistered buyer in another state is reported invoice by invoice (B2CL), not in the sums.
 */
export const B2CL_ABOVE_PAISE = 1_00_000_00;

/** Where GSTR-1 puts an invoice: B2B (the buyer's GSTIN), B2CL or B2CS. */
function sectionOf(invoice: Invoice): "B2B" | "B2CL" | "B2CS" {
  if (invoice.buyer.gstin) return "B2B";
  return !invoice.intraState && invoice.totals.totalPaise > B2CL_ABOVE_PAISE ? "B2CL" : "B2CS";
}

const placeOf = (invoice: Invoice) => `${invoice.placeOfSupply.code}-${invoice.placeOfSupply.name}`;

export async function gstReportCsv(db: Kysely<DB>, month: string): Promise<string | null> {
  const bounds = monthBounds(month);
  if (!bounds) return null;
  // Invoices and credit notes dated in the month, in number order.
  const invoiced = await db
    .selectFrom("orders")
    .select("id")
    .where("invoiced_at", ">=", bounds.from)
    .where("invoiced_at", "<", bounds.to)
    .orderBy("invoice_number")
    .execute();
  const credited = await db
    .selectFrom("credit_notes")
    .select(["order_id", "number"])
    .where("issued_at", ">=", bounds.from)
    .where("issued_at", "<", bounds.to)
    .orderBy("number")
    .execute();
  const invoices = new Map<number, Invoice | null>();
  const invoiceOf = async (orderId: number) => {
    if (!invoices.has(orderId)) invoices.set(orderId, await getInvoice(db, orderId));
    return invoices.get(orderId)!;
  };
  const rows: (string | number)[][] = [
    [
      "section",
      "document",
      "date",
      "buyer_gstin",
      "place_of_supply",
      "rate_percent",
      "taxable_value",
      "cgst",
      "sgst",
      "igst",
    ],
  ];
  // B2CS: supplies to unregistered buyers within the state, or to another state up to the B2CL
  // limit, summed by place of supply and rate; their credit notes are taken off the same sums.
  const b2cs = new Map<string, Totals & { place: string; rate: number }>();
  const addB2cs = (place: string, rate: number, t: Totals, sign: 1 | -1) => {
    const key = `${place}|${rate}`;
    const sum = b2cs.get(key) ?? { place, rate, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    sum.taxable += sign * t.taxable;
    sum.cgst += sign * t.cgst;
    sum.sgst += sign * t.sgst;
    sum.igst += sign * t.igst;
    b2cs.set(key, sum);
  };
  const line =
    (section: string, document: string, date: string, gstin: string) =>
    (place: string, rate: number, t: Totals) =>
      rows.push([
        section,
        document,
        // The document's day in India, as on its PDF (the stored time is UTC).
        indiaDay(new Date(date)),
        gstin,
        place,
        rate / 100,
        rupees(t.taxable),
        rupees(t.cgst),
        rupees(t.sgst),
        rupees(t.igst),
      ]);
  for (const { id } of invoiced) {
    const invoice = await invoiceOf(id);
    if (!invoice) continue;
    const place = placeOf(invoice);
    const kind = sectionOf(invoice);
    const row = line(kind, invoice.number, invoice.date, invoice.buyer.gstin ?? "");
    for (const [rate, t] of byRate(invoice)) {
      if (kind === "B2CS") addB2cs(place, rate, t, 1);
      else row(place, rate, t);
    }
  }
  const credits: (() => void)[] = [];
  for (const { order_id, number } of credited) {
    const invoice = await invoiceOf(order_id);
    const note = invoice?.creditNotes.find((n) => n.number === number);
    if (!invoice || !note) continue;
    const place = placeOf(invoice);
    const kind = sectionOf(invoice);
    const row = line(
      kind === "B2B" ? "CDNR" : "CDNUR",
      `${number} (against ${invoice.number})`,
      note.date,
      invoice.buyer.gstin ?? "",
    );
    for (const [rate, t] of byRate(note)) {
      if (kind === "B2CS") addB2cs(place, rate, t, -1);
      else credits.push(() => row(place, rate, t));
    }
  }
  // A sum its credit notes cancelled to the paisa (an order refunded in full within the month)
  // has nothing to report: no row of zeros.
  const reported = [...b2cs.values()].filter((s) => s.taxable || s.cgst || s.sgst || s.igst);
  for (const s of reported.sort((a, b) => a.place.localeCompare(b.place) || a.rate - b.rate)) {
    rows.push([
      "B2CS",
      "",
      "",
      "",
      s.place,
      s.rate / 100,
      rupees(s.taxable),
      rupees(s.cgst),
      rupees(s.sgst),
      rupees(s.igst),
    ]);
  }
  for (const credit of credits) credit();
  return rows.map((r) => r.map(csvCell).join(",")).join("\n") + "\n";
}
