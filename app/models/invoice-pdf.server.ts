import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { formatRate, IST_OFFSET_MS } from "~/utils/gst";
import { formatPaise } from "~/utils/money";
import type { Invoice } from "./invoice.server";

/**
 * The GST tax invoice as a PDF (pdfkit), with every field Rule 46 of the CGST Rules asks for.
 * Text is set in DejaVu Sans (the npm package dejavu-fonts-ttf, else Debian's fonts-dejavu-core),
 * which has the rupee sign.
 */

const FONT_FILES = {
  regular: "DejaVuSansCondensed.ttf",
  bold: "DejaVuSansCondensed-Bold.ttf",
};

let fonts: { regular: Buffer; bold: Buffer } | undefined;

function fontDirs(): string[] {
  const dirs: string[] = [];
  try {
    const require = createRequire(import.meta.url);
    dirs.push(path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf"));
  } catch {
    // Not installed beside the app (a bundled release): try the system's fonts.
  }
  dirs.push("/usr/share/fonts/truetype/dejavu");
  return dirs;
}

function loadFonts() {
  if (fonts) return fonts;
  for (const dir of fontDirs()) {
    const regular = path.join(dir, FONT_FILES.regular);
    const bold = path.join(dir, FONT_FILES.bold);
    if (fs.existsSync(regular) && fs.existsSync(bold)) {
      fonts = { regular: fs.readFileSync(regular), bold: fs.readFileSync(bold) };
      return fonts;
    }
  }
  throw new Error(
    "DejaVu fonts not found: install the dejavu-fonts-ttf package or Debian's fonts-dejavu-core",
  );
}

/** "23-11-2026" in India time. */
function indiaDateText(iso: string): string {
  const d = new Date(new Date(iso).getTime() + IST_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
}

export async function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  // Loaded with the first invoice: pdfkit and its fonts are 20 MB a server process needs only then.
  const { default: PDFDocument } = await import("pdfkit");
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: 40,
    font: regular as unknown as string,
    info: { Title: `Tax invoice ${invoice.number}`, Author: invoice.seller.legalName },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = 40;
  const width = doc.page.width - 80;
  const s = invoice.seller;

  doc.font("bold").fontSize(16).text("TAX INVOICE", left, 40, { width, align: "center" });
  if (s.demo) {
    doc.font("bold").fontSize(9).fillColor("#b91c1c");
    doc.text("DEMO: issued with a demo GSTIN, not valid for tax purposes", {
      width,
      align: "center",
    });
    doc.fillColor("black");
  }
  doc.moveDown(0.8);

  const top = doc.y;
  doc
    .font("bold")
    .fontSize(10)
    .text(s.legalName, left, top, { width: width / 2 - 10 });
  doc.font("regular").fontSize(9);
  doc.text(s.address, { width: width / 2 - 10 });
  doc.text(`GSTIN: ${s.gstin}`);
  doc.text(`State: ${s.stateName} (code ${s.stateCode})`);
  const sellerBottom = doc.y;

  const col2 = left + width / 2 + 10;
  doc.font("regular").fontSize(9);
  doc.text(`Invoice number: ${invoice.number}`, col2, top, { width: width / 2 - 10 });
  doc.text(`Invoice date: ${indiaDateText(invoice.date)}`);
  doc.text(`Order: #${invoice.orderId}`);
  doc.text(`Place of supply: ${invoice.placeOfSupply.name} (code ${invoice.placeOfSupply.code})`);
  doc.text("Reverse charge: No");
  doc.text(`Payment: ${invoice.paymentMethod === "cod" ? "Cash on delivery" : "Paid online"}`);
  doc.y = Math.max(sellerBottom, doc.y) + 12;

  const b = invoice.buyer;
  doc.font("bold").fontSize(10).text("Bill to / Ship to", left, doc.y, { width });
  doc.font("regular").fontSize(9);
  if (b.businessName) doc.text(b.businessName);
  doc.text(b.name);
  doc.text(b.address, { width });
  doc.text(`Phone: ${b.phone}`);
  doc.text(b.gstin ? `GSTIN: ${b.gstin}` : "GSTIN: unregistered (B2C)");
  doc.moveDown(0.8);

  // The lines.
  const intra = invoice.intraState;
  const columns: { title: string; width: number; align: "left" | "right" }[] = [
    { title: "#", width: 14, align: "left" },
    { title: "Description", width: intra ? 118 : 146, align: "left" },
    { title: "HSN", width: 46, align: "left" },
    { title: "Qty", width: 22, align: "right" },
    { title: "Unit price", width: 58, align: "right" },
    { title: "Taxable value", width: 62, align: "right" },
    { title: "Rate", width: 28, align: "right" },
    ...(intra
      ? [
          { title: "CGST", width: 52, align: "right" as const },
          { title: "SGST", width: 52, align: "right" as const },
        ]
      : [{ title: "IGST", width: 76, align: "right" as const }]),
    { title: "Total", width: 63, align: "right" },
  ];
  const row = (cells: string[], font: "regular" | "bold") => {
    doc.font(font).fontSize(8);
    const y = doc.y;
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      const c = columns[i];
      doc.text(cell, x + 2, y, { width: c.width - 4, align: c.align });
      bottom = Math.max(bottom, doc.y);
      x += c.width;
    });
    doc.y = bottom + 3;
    doc
      .moveTo(left, doc.y - 1)
      .lineTo(left + width, doc.y - 1)
      .lineWidth(0.3)
      .stroke("#999999");
  };
  row(
    columns.map((c) => c.title),
    "bold",
  );
  invoice.lines.forEach((line, i) => {
    const halfRate = formatRate(line.rateBp / 2);
    row(
      [
        String(i + 1),
        line.description,
        line.hsnCode,
        String(line.quantity),
        formatPaise(line.unitPricePaise),
        formatPaise(line.taxablePaise),
        formatRate(line.rateBp),
        ...(intra
          ? [
              `${formatPaise(line.cgstPaise)} (${halfRate})`,
              `${formatPaise(line.sgstPaise)} (${halfRate})`,
            ]
          : [formatPaise(line.igstPaise)]),
        formatPaise(line.grossPaise),
      ],
      "regular",
    );
  });
  const t = invoice.totals;
  row(
    [
      "",
      "Total",
      "",
      "",
      "",
      formatPaise(t.taxablePaise),
      "",
      ...(intra
        ? [formatPaise(t.cgstPaise), formatPaise(t.sgstPaise)]
        : [formatPaise(t.igstPaise)]),
      formatPaise(t.totalPaise),
    ],
    "bold",
  );

  doc.moveDown(0.8);
  doc.font("regular").fontSize(9);
  doc.text(`Total taxable value: ${formatPaise(t.taxablePaise)}`, left, doc.y, { width });
  if (intra) {
    doc.text(`CGST: ${formatPaise(t.cgstPaise)}`);
    doc.text(`SGST: ${formatPaise(t.sgstPaise)}`);
  } else {
    doc.text(`IGST: ${formatPaise(t.igstPaise)}`);
  }
  doc.font("bold").text(`Invoice total (GST included): ${formatPaise(t.totalPaise)}`);
  doc.font("regular").text(`Amount in words: ${invoice.amountInWords}`, { width });
  doc.moveDown(0.5);
  doc
    .fontSize(8)
    .fillColor("#444444")
    .text(
      "Prices include GST. Shipping and any cash on delivery fee are taxed at the rate of the goods they deliver (composite supply, principal supply: the line of highest value).",
      { width },
    );
  // Its credit notes (a refund of some lines or an amount, or the whole invoice), each with its
  // taxable value and tax split like the lines it credits.
  const credited = invoice.creditNotes.reduce((n, c) => n + c.amountPaise, 0);
  for (const note of invoice.creditNotes) {
    const c = note.totals;
    const tax = intra
      ? `CGST ${formatPaise(c.cgstPaise)}, SGST ${formatPaise(c.sgstPaise)}`
      : `IGST ${formatPaise(c.igstPaise)}`;
    doc.moveDown(0.5);
    doc
      .font("bold")
      .fontSize(8)
      .fillColor("#b91c1c")
      .text(
        `Credit note ${note.number} of ${indiaDateText(note.date)}: ${formatPaise(note.amountPaise)} credited (taxable value ${formatPaise(c.taxablePaise)}, ${tax}).`,
        left,
        doc.y,
        { width },
      );
    doc.font("regular");
    for (const l of note.lines) {
      doc.text(
        `${l.description} (HSN ${l.hsnCode}, ${formatRate(l.rateBp)}): ${formatPaise(l.grossPaise)}, taxable value ${formatPaise(l.taxablePaise)}`,
        left + 10,
        doc.y,
        { width: width - 10 },
      );
    }
  }
  if (invoice.creditNotes.length > 0) {
    doc
      .font("bold")
      .text(
        credited >= t.totalPaise
          ? invoice.creditNotes.length === 1
            ? "This credit note cancels this invoice in full."
            : "These credit notes cancel this invoice in full."
          : `Credited in all: ${formatPaise(credited)} of ${formatPaise(t.totalPaise)}.`,
        left,
        doc.y,
        { width },
      );
    doc.font("regular");
  }
  doc.fillColor("black").moveDown(2);
  doc.font("regular").fontSize(9).text(`For ${s.legalName}`, { width, align: "right" });
  doc.moveDown(1.5);
  doc.text("Authorised signatory", { width, align: "right" });
  doc.end();
  return done;
}
