// GST credit notes for refunds in part and in full: numbered in the credit-note series, split like
// the invoice, on the invoice PDF (read back with poppler's pdftotext) and taken off the GST report
// in the month they were issued. On a real database with the sandbox gateway.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { gstReportCsv } from "~/models/gst-report.server";
import { invoicePdfFor } from "~/models/invoice-document.server";
import { getInvoice } from "~/models/invoice.server";
import { getOrderExtras } from "~/models/order-extras.server";
import { refundOrder } from "~/models/refund.server";
import { cancelOrder } from "~/models/return.server";
import { createSandboxGateway } from "~/payments/sandbox.server";
import { resetEnvCache } from "~/utils/env.server";
import { splitInclusive } from "~/utils/gst";
import { insertCheckoutFixture, paidCartOrder } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";
import { ensureDebianCommand } from "../../support/debian";

const WINCH = 15_000_000;
const gateway = createSandboxGateway("sandbox-secret-for-credit-notes-0123");
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
const saved = { ...process.env };

afterAll(() => {
  process.env = saved;
  resetEnvCache();
});
beforeEach(async () => {
  t = await withAppDb({ PUBLIC_URL: "http://127.0.0.1:3992" });
  f = await insertCheckoutFixture(t.db);
});
afterEach(async () => {
  await t.cleanup();
});

const IST = (5 * 60 + 30) * 60_000;
/** "2026-11" for a moment, in India time. */
const monthOf = (at: Date) => new Date(at.getTime() + IST).toISOString().slice(0, 7);
/** Noon (India) on the 2nd of the month after this one. */
function nextMonth(): Date {
  const ist = new Date(Date.now() + IST);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() + 1, 2, 12) - IST);
}

const rupees = (paise: number) => (paise / 100).toFixed(2);
const hasPdftotext = ensureDebianCommand("pdftotext", "poppler-utils");

async function pdfText(orderId: number) {
  const invoice = await invoicePdfFor(t.db, orderId, { id: 0, role: "admin" });
  const file = path.join(t.dir, `invoice-${orderId}.pdf`);
  fs.writeFileSync(file, invoice!.pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

describe("credit notes", () => {
  it("a refund of one line issues a credit note for it, split like the invoice, counted in the month it was issued", async () => {
    const { orderId, itemId } = await paidCartOrder(t.db, f, gateway);
    const invoiceMonth = monthOf(new Date());
    const later = nextMonth();
    expect(
      await refundOrder(t.db, gateway, {
        orderId,
        lines: [{ orderItemId: itemId, quantity: 1 }],
        by: "admin:1",
        now: later,
      }),
    ).toMatchObject({ ok: true, status: "processed", amountPaise: WINCH });

    const invoice = (await getInvoice(t.db, orderId))!;
    expect(invoice.totals.totalPaise).toBe(2 * WINCH);
    const [line] = invoice.lines;
    const split = splitInclusive(WINCH, line.rateBp, true);
    expect(invoice.creditNotes).toEqual([
      {
        number: expect.stringMatching(/^CN\/\d{2}-\d{2}\/000001$/),
        date: later.toISOString(),
        amountPaise: WINCH,
        lines: [{ description: line.description, hsnCode: line.hsnCode, ...split }],
        totals: {
          taxablePaise: split.taxablePaise,
          cgstPaise: split.cgstPaise,
          sgstPaise: split.sgstPaise,
          igstPaise: 0,
          totalPaise: WINCH,
        },
      },
    ]);
    expect((await getOrderExtras(t.db, orderId))?.creditNoteNumber).toBe(
      invoice.creditNotes[0].number,
    );

    // The sale stays in its own month; the credit note comes off the month it was issued in.
    const sale = (await gstReportCsv(t.db, invoiceMonth))!;
    expect(sale).toContain(
      `B2CS,,,,29-Karnataka,${line.rateBp / 100},${rupees(invoice.totals.taxablePaise)},`,
    );
    const credit = (await gstReportCsv(t.db, monthOf(later)))!;
    expect(credit).toContain(
      `B2CS,,,,29-Karnataka,${line.rateBp / 100},-${rupees(split.taxablePaise)},-${rupees(split.cgstPaise)},-${rupees(split.sgstPaise)},0.00`,
    );
  });

  it("a refund of an amount, then a cancel: each credits its part once, and together they cancel the invoice on its PDF", async () => {
    const { orderId } = await paidCartOrder(t.db, f, gateway);
    // ₹1,000.03: split on its own, its tax and the rest's would add up to a paisa less than the
    // invoice's.
    await refundOrder(t.db, gateway, { orderId, amountPaise: 100_003, by: "admin:1" });
    expect(await cancelOrder(t.db, gateway, { orderId, by: "admin:1" })).toMatchObject({
      ok: true,
      refund: { amountPaise: 2 * WINCH - 100_003, status: "processed" },
    });
    const invoice = (await getInvoice(t.db, orderId))!;
    expect(invoice.creditNotes.map((n) => [n.number.slice(-6), n.amountPaise])).toEqual([
      ["000001", 100_003],
      ["000002", 2 * WINCH - 100_003],
    ]);
    // The two notes add up to the invoice, tax and all, to the paisa: it nets to nothing.
    for (const key of [
      "taxablePaise",
      "cgstPaise",
      "sgstPaise",
      "igstPaise",
      "totalPaise",
    ] as const)
      expect(invoice.creditNotes.reduce((s, n) => s + n.totals[key], 0)).toBe(invoice.totals[key]);
    for (const n of invoice.creditNotes) expect(n.totals.cgstPaise).toBe(n.totals.sgstPaise);
    // Invoiced and credited in full within the month: the month's B2CS sums have no row for it.
    const report = (await gstReportCsv(t.db, monthOf(new Date())))!;
    expect(report.split("\n").filter((l) => l.startsWith("B2CS"))).toEqual([]);

    if (!hasPdftotext) return;
    const text = await pdfText(orderId);
    expect(text).toMatch(/Credit note CN\/\d{2}-\d{2}\/000001 of [\d-]+: ₹1,000\.03 credited/);
    expect(text).toMatch(/Credit note CN\/\d{2}-\d{2}\/000002 of [\d-]+: ₹2,98,999\.97 credited/);
    expect(text).toContain("These credit notes cancel this invoice in full.");
  });

  it.skipIf(!hasPdftotext)(
    "the invoice PDF names a partial credit note, its taxable value and tax",
    async () => {
      const { orderId, itemId } = await paidCartOrder(t.db, f, gateway);
      await refundOrder(t.db, gateway, {
        orderId,
        lines: [{ orderItemId: itemId, quantity: 1 }],
        by: "admin:1",
      });
      const [note] = (await getInvoice(t.db, orderId))!.creditNotes;
      const text = await pdfText(orderId);
      expect(text).toContain(`Credit note ${note.number}`);
      expect(text).toContain("₹1,50,000.00 credited");
      // The line may wrap anywhere between words.
      expect(text).toMatch(
        /taxable\s+value\s+₹1,27,118\.\d\d,\s+CGST\s+₹11,440\.\d\d,\s+SGST\s+₹11,440\.\d\d/,
      );
      expect(text).toContain("Credited in all: ₹1,50,000.00 of ₹3,00,000.00.");
      expect(text).not.toContain("cancel this invoice in full");
    },
  );
  it("the GST report dates an invoice and its credit note by their day in India, as their PDF does", async () => {
    const { orderId } = await paidCartOrder(t.db, f, gateway);
    // A business buyer, so the report lists the invoice by its number and date (B2B, CDNR).
    await t.db
      .updateTable("orders")
      .set({ buyer_gstin: "29AAPFU0939F1ZR", invoiced_at: "2026-11-30T19:00:00.000Z" })
      .where("id", "=", orderId)
      .execute();
    // 00:30 on 1 December and 01:00 on 1 January, India time.
    await cancelOrder(t.db, gateway, {
      orderId,
      by: "admin:1",
      now: new Date("2026-12-31T19:30:00.000Z"),
    });
    const invoice = (await getInvoice(t.db, orderId))!;
    expect(invoice.creditNotes).toHaveLength(1);

    const december = (await gstReportCsv(t.db, "2026-12"))!;
    expect(december).toContain(`B2B,${invoice.number},2026-12-01,29AAPFU0939F1ZR,`);
    expect(december).not.toContain("2026-11-30");
    const january = (await gstReportCsv(t.db, "2027-01"))!;
    expect(january).toContain(
      `CDNR,${invoice.creditNotes[0].number} (against ${invoice.number}),2027-01-01,`,
    );
    if (!hasPdftotext) return;
    const text = await pdfText(orderId);
    expect(text).toContain("01-12-2026");
    expect(text).toMatch(/of 01-01-2027/);
  });
});
