import { Link } from "@remix-run/react";
import type { CheckoutCharges, CheckoutSummary, StepUrls } from "~/forms/checkout";
import type { ShippingAddress } from "~/models/order/index.server";
import { AlreadyOrdered, DeliverTo, OrderSummary, type OrderedBefore } from "./order-summary";

/** Step 2: what is bought, where it goes, shipping and the estimated delivery (or why not). */
export function SummaryStep({
  summary,
  address,
  charges,
  urls,
  alreadyOrdered,
}: {
  summary: CheckoutSummary;
  address: ShippingAddress;
  charges: CheckoutCharges;
  urls: StepUrls;
  alreadyOrdered: OrderedBefore | null;
}) {
  return (
    <section aria-labelledby="summary-heading" className="space-y-6">
      <OrderSummary summary={summary} shippingPaise={charges.ok ? charges.shippingPaise : null} />
      <DeliverTo address={address} changeHref={urls.address} />
      {alreadyOrdered ? <AlreadyOrdered order={alreadyOrdered} /> : null}
      {charges.ok ? (
        charges.deliveryLabel ? (
          <p className="text-sm text-gray-700">Estimated delivery by {charges.deliveryLabel}</p>
        ) : null
      ) : (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 font-medium text-red-800">
          {charges.message}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={urls.address} className="rounded-md px-3 py-2 font-semibold underline">
          Back
        </Link>
        {charges.ok ? (
          <Link
            to={urls.payment}
            className="rounded-md bg-ink-900 px-5 py-3 font-semibold text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            Proceed to Payment
          </Link>
        ) : null}
      </div>
    </section>
  );
}
