import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { getInvoice } from "./invoice.server";
import { renderInvoicePdf } from "./invoice-pdf.server";

/**
 * The invoice PDF of an order for one of the two doors: its owner, or an admin (any order).
 * Null for anyone else's order and for an order without an invoice yet (both answer 404).
 */
export async function invoicePdfFor(
  db: Kysely<DB>,
  orderId: number,
  viewer: { id: number; role: string },
): Promise<{ number: string; pdf: Buffer } | null> {
  const invoice = await getInvoice(
    db,
    orderId,
    viewer.role === "admin" ? {} : { userId: viewer.id },
  );
  if (!invoice) return null;
  return { number: invoice.number, pdf: await renderInvoicePdf(invoice) };
}

/** The PDF as an HTTP answer body and headers. */
export function pdfHeaders(number: string): HeadersInit {
  return {
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="invoice-${number.replace(/\//g, "-")}.pdf"`,
    "Cache-Control": "private, no-store",
  };
}
