import { Link } from "@remix-run/react";
import { formatOrderDate, OrderItems } from "~/components/order-items";
import { Price } from "~/components/price";
import type { CheckoutSummary } from "~/forms/checkout";
import type { ShippingAddress } from "~/models/order/index.server";

/** The items, shipping (once an address is chosen), a cash on delivery fee and the total. */
export function OrderSummary({
  summary,
  shippingPaise = null,
  codFeePaise = 0,
}: {
  summary: CheckoutSummary;
  /** Shipping for the chosen address (null before one is chosen). */
  shippingPaise?: number | null;
  codFeePaise?: number;
}) {
  return (
    <div>
      <h2 id="summary-heading" className="text-xl font-bold">
        Order Summary
      </h2>
      <OrderItems items={summary.items} framed />
      {shippingPaise !== null ? (
        <p className="mt-4 flex justify-between">
          <span>Shipping</span>
          {shippingPaise === 0 ? <span>Free</span> : <Price paise={shippingPaise} />}
        </p>
      ) : null}
      {codFeePaise > 0 ? (
        <p className="mt-2 flex justify-between">
          <span>Cash on delivery fee</span>
          <Price paise={codFeePaise} />
        </p>
      ) : null}
      <p className="mt-4 flex justify-between text-lg font-bold">
        <span>Total</span>
        <Price paise={summary.totalPaise + (shippingPaise ?? 0) + codFeePaise} />
      </p>
      <p className="mt-1 text-xs text-gray-600">Prices include GST.</p>
    </div>
  );
}

/** The chosen delivery address, with a link back to the address step. */
export function DeliverTo({
  address,
  changeHref,
}: {
  address: ShippingAddress;
  changeHref: string;
}) {
  return (
    <div className="rounded-lg bg-gray-50 p-4 text-sm">
      <p className="font-semibold">Deliver to</p>
      <p className="wrap-anywhere">
        {address.fullName}, {address.address1}
        {address.address2 ? `, ${address.address2}` : ""}, {address.city}, {address.state}{" "}
        {address.postalCode}
      </p>
      <p>Phone: {address.phone}</p>
      <Link to={changeHref} className="mt-1 inline-block underline">
        Change address
      </Link>
    </div>
  );
}

/** Buy Now: the same item this shopper ordered lately (see sameBuyNowOrdered). */
export type OrderedBefore = { id: number; statusLabel: string; createdAt: string };

/** The same Buy Now was ordered lately: Back after paying lands on the steps that would buy it again. */
export function AlreadyOrdered({ order }: { order: OrderedBefore }) {
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
      <p className="font-semibold">
        You ordered this on {formatOrderDate(order.createdAt)}: order #{order.id} (
        {order.statusLabel}).
      </p>
      <p>
        Pay again only to buy it a second time.{" "}
        <Link to={`/order/${order.id}`} className="font-semibold underline">
          See order #{order.id}
        </Link>
      </p>
    </div>
  );
}
