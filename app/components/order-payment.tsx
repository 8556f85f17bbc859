import { HostedCheckoutForm } from "~/components/checkout/hosted-checkout-form";
import type { ResumePayment } from "~/payments/payments.server";
import { formatPaise } from "~/utils/money";

const timeFormat = new Intl.DateTimeFormat("en-IN", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/**
 * An order still waiting for its payment: until when its items are kept, and the way to pay it
 * (the same order, so nothing is reserved or charged twice).
 */
export function OrderPayment({
  payment,
  reservedUntil,
}: {
  payment: ResumePayment;
  reservedUntil: string;
}) {
  return (
    <section
      aria-labelledby="pay-heading"
      className="mt-6 rounded-lg border border-brand-500 bg-brand-500/5 p-5"
    >
      <h2 id="pay-heading" className="text-lg font-bold">
        Complete payment
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Your items are kept for you until {timeFormat.format(new Date(reservedUntil))} (IST). Pay by
        then to place the order; after that they go back on sale.
      </p>
      <div className="mt-4">
        {payment.kind === "razorpay" ? (
          <HostedCheckoutForm hosted={payment.hosted} />
        ) : (
          <a
            href={payment.href}
            className="block w-full rounded-md bg-brand-600 px-5 py-3 text-center text-lg font-bold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            Pay {formatPaise(payment.amountPaise)}
          </a>
        )}
      </div>
    </section>
  );
}
