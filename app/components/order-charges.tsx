import { Price } from "./price";

/** What an order's page shows of checkout in India: payment method, shipping, COD fee, invoice. */
export type OrderChargesView = {
  paymentMethod: "razorpay" | "cod";
  goodsPaise: number;
  shippingPaise: number;
  codFeePaise: number;
  buyerGstin: string | null;
  buyerBusinessName: string | null;
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
  cashCollectedAt: string | null;
};

export function OrderCharges({
  charges,
  invoiceHref,
  paid,
}: {
  charges: OrderChargesView;
  invoiceHref: string;
  /** The order has been paid (online, or the courier's cash collected). */
  paid: boolean;
}) {
  return (
    <section
      aria-labelledby="charges-heading"
      className="mt-6 rounded-lg border border-gray-200 p-5 text-sm"
    >
      <h2 id="charges-heading" className="sr-only">
        Charges and invoice
      </h2>
      <dl className="grid grid-cols-2 gap-y-2">
        <dt className="text-gray-600">Payment method</dt>
        <dd>
          {charges.paymentMethod === "cod"
            ? `Cash on delivery${charges.cashCollectedAt ? " (cash collected)" : ""}`
            : paid
              ? "Paid online"
              : "Online payment (not paid)"}
        </dd>
        <dt className="text-gray-600">Items</dt>
        <dd>
          <Price paise={charges.goodsPaise} />
        </dd>
        <dt className="text-gray-600">Shipping</dt>
        <dd>{charges.shippingPaise === 0 ? "Free" : <Price paise={charges.shippingPaise} />}</dd>
        {charges.codFeePaise > 0 ? (
          <>
            <dt className="text-gray-600">Cash on delivery fee</dt>
            <dd>
              <Price paise={charges.codFeePaise} />
            </dd>
          </>
        ) : null}
        {charges.buyerGstin ? (
          // Read by the shopper and by the admin alike: the words name whose it is.
          <>
            <dt className="text-gray-600">Invoiced to business</dt>
            <dd>{charges.buyerBusinessName ?? "-"}</dd>
            <dt className="text-gray-600">Buyer&apos;s GSTIN</dt>
            <dd className="font-mono">{charges.buyerGstin}</dd>
          </>
        ) : null}
        {charges.creditNoteNumber ? (
          <>
            <dt className="text-gray-600">Credit note</dt>
            <dd className="font-mono">{charges.creditNoteNumber}</dd>
          </>
        ) : null}
      </dl>
      {charges.invoiceNumber ? (
        <p className="mt-4">
          <a href={invoiceHref} className="font-semibold underline" download>
            Download GST invoice {charges.invoiceNumber} (PDF)
          </a>
        </p>
      ) : null}
    </section>
  );
}
