import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { getInvoice, type Invoice } from "./invoice.server";

/**
 * The month's GST report as CSV, in the shape a GSTR-1 filing needs: B2C totals by place of
 * supply and rate, B2B lines by the buyer's GSTIN (one row per invoice and rate), and credit notes.
 * Amounts in rupees with two decimals; the month is a calendar month in India time.
 */
const rupees = (paise: number) => (paise / 100).toFixed(2);
const csvCell = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The UTC bounds of a month ("2026-11") in India time. */
export function monthBounds(month: string): { from: string; to: string } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const mon = Number(m[2]);
  const ist = (y: number, mo: number) =>
    new Date(Date.UTC(y, mo - 1, 1) - (5 * 60 + 30) * 60_000).toISOString();
  return { from: ist(year, mon), to: mon === 12 ? ist(year + 1, 1) : ist(year, mon + 1) };
}

type Totals = { taxable: number; cgst: number; sgst: number; igst: number };

function byRate(invoice: Invoice) {
  const rates = new Map<number, Totals>();
  for (const l of invoice.lines) {
    const t = rates.get(l.rateBp) ?? { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    t.taxable += l.taxablePaise;
    t.cgst += l.cgstPaise;
    t.sgst += l.sgstPaise;
    t.igst += l.igstPaise;
    rates.set(l.rateBp, t);
  }
  return rates;
}

export async function gstReportCsv(db: Kysely<DB>, month: string): Promise<string | null> {
  const bounds = monthBounds(month);
  if (!bounds) return null;
  // Orders whose invoice (or credit note) is dated in the month, in number order.
  const documentedIn = (
    at: "invoiced_at" | "credit_noted_at",
    number: "invoice_number" | "credit_note_number",
  ) =>
    db
      .selectFrom("orders")
      .select("id")
      .where(at, ">=", bounds.from)
      .where(at, "<", bounds.to)
      .orderBy(number)
      .execute();
  const invoiced = await documentedIn("invoiced_at", "invoice_number");
  const credited = await documentedIn("credit_noted_at", "credit_note_number");
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
  const b2c = new Map<string, Totals & { place: string; rate: number }>();
  for (const { id } of invoiced) {
    const invoice = await getInvoice(db, id);
    if (!invoice) continue;
    const place = `${invoice.placeOfSupply.code}-${invoice.placeOfSupply.name}`;
    for (const [rate, t] of byRate(invoice)) {
      if (invoice.buyer.gstin) {
        rows.push([
          "B2B",
          invoice.number,
          invoice.date.slice(0, 10),
          invoice.buyer.gstin,
          place,
          rate / 100,
          rupees(t.taxable),
          rupees(t.cgst),
          rupees(t.sgst),
          rupees(t.igst),
        ]);
      } else {
        const key = `${place}|${rate}`;
        const sum = b2c.get(key) ?? { place, rate, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
        sum.taxable += t.taxable;
        sum.cgst += t.cgst;
        sum.sgst += t.sgst;
        sum.igst += t.igst;
        b2c.set(key, sum);
      }
    }
  }
  for (const s of [...b2c.values()].sort(
    (a, b) => a.place.localeCompare(b.place) || a.rate - b.rate,
  )) {
    rows.push([
      "B2C",
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
  for (const { id } of credited) {
    const invoice = await getInvoice(db, id);
    if (!invoice?.creditNote) continue;
    const place = `${invoice.placeOfSupply.code}-${invoice.placeOfSupply.name}`;
    for (const [rate, t] of byRate(invoice)) {
      rows.push([
        "CDNR",
        `${invoice.creditNote.number} (against ${invoice.number})`,
        invoice.creditNote.date.slice(0, 10),
        invoice.buyer.gstin ?? "",
        place,
        rate / 100,
        rupees(t.taxable),
        rupees(t.cgst),
        rupees(t.sgst),
        rupees(t.igst),
      ]);
    }
  }
  return rows.map((r) => r.map(csvCell).join(",")).join("\n") + "\n";
}
