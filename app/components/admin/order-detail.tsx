import { Price } from "~/components/price";
import { Thumbnail } from "~/components/thumbnail";
import type { OrderStatus } from "~/db/schema";
import type { AdminOrderView } from "~/models/order/index.server";
import { sizeText } from "~/utils/variant";
import { orderDate } from "./order-status";

export type StatusLabels = Record<OrderStatus, string>;

/** What the admin reads of the shopper's WhatsApp updates for the order (null: not asked for). */
const WHATSAPP_LABELS = { on: "On (agreed at checkout)", stopped: "Stopped by the shopper" };

/**
 * Who ordered, when, the total, the payment, where it ships, the tracking number and whether the
 * shopper gets WhatsApp updates.
 */
export function OrderFacts({
  order,
  whatsapp = null,
}: {
  order: AdminOrderView;
  whatsapp?: keyof typeof WHATSAPP_LABELS | null;
}) {
  const a = order.address;
  return (
    <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <dt className="text-gray-500">Customer</dt>
        <dd className="font-semibold">{order.email}</dd>
      </div>
      <div>
        <dt className="text-gray-500">Placed</dt>
        <dd>
          <time dateTime={order.createdAt}>{orderDate(order.createdAt)}</time>
        </dd>
      </div>
      <div>
        <dt className="text-gray-500">Total</dt>
        <dd className="font-semibold">
          <Price paise={order.amountPaise} />
        </dd>
      </div>
      <div>
        <dt className="text-gray-500">Payment</dt>
        <dd>{order.razorpayPaymentId ?? "N/A"}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-gray-500">Ship to</dt>
        <dd>
          <address className="not-italic">
            {a.fullName}
            <br />
            {a.address1}
            {a.address2 ? (
              <>
                <br />
                {a.address2}
              </>
            ) : null}
            <br />
            {a.city}, {a.state} {a.postalCode}, {a.country}
            <br />
            Phone {a.phone}
          </address>
        </dd>
      </div>
      {order.trackingNumber ? (
        <div>
          <dt className="text-gray-500">Tracking number</dt>
          <dd className="font-semibold">{order.trackingNumber}</dd>
        </div>
      ) : null}
      {whatsapp ? (
        <div>
          <dt className="text-gray-500">WhatsApp updates</dt>
          <dd>{WHATSAPP_LABELS[whatsapp]}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The order's lines: size and colour, units times unit price, and the line's total. */
export function AdminOrderItems({ items }: { items: AdminOrderView["items"] }) {
  return (
    <>
      <h2 className="mt-6 font-bold">Items</h2>
      <ul className="mt-2 divide-y divide-gray-100 text-sm">
        {items.map((i) => (
          <li key={i.id} className="flex items-center gap-3 py-2">
            <Thumbnail
              image={i.image}
              size={48}
              alt=""
              className="h-12 w-12 rounded border object-contain"
            />
            <span className="flex-1">
              {i.title}
              {i.sizeLabel ? `, size ${sizeText(i)}` : ""}
              {i.colorName ? `, ${i.colorName}` : ""}
              <span className="block text-gray-500">
                {i.quantity} × <Price paise={i.unitPricePaise} />
              </span>
            </span>
            <Price paise={i.unitPricePaise * i.quantity} className="font-semibold" />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The payment attempts recorded for the order, if any. */
export function OrderPayments({ payments }: { payments: AdminOrderView["payments"] }) {
  if (payments.length === 0) return null;
  return (
    <>
      <h2 className="mt-6 font-bold">Payments</h2>
      <ul className="mt-2 text-sm">
        {payments.map((p) => (
          <li key={p.id}>
            {p.razorpayPaymentId}: {p.status}
            {p.amountPaise !== null ? (
              <>
                , <Price paise={p.amountPaise} />
              </>
            ) : null}{" "}
            (<time dateTime={p.createdAt}>{orderDate(p.createdAt)}</time>)
          </li>
        ))}
      </ul>
    </>
  );
}

/** Every change of status: when, from what to what, by whom, and its note. */
export function OrderHistory({
  history,
  labels,
}: {
  history: AdminOrderView["history"];
  labels: StatusLabels;
}) {
  return (
    <>
      <h2 className="mt-6 font-bold">History</h2>
      <ol className="mt-2 text-sm text-gray-700">
        {history.map((h, n) => (
          <li key={n}>
            <time dateTime={h.at}>{orderDate(h.at)}</time>:{" "}
            {h.fromStatus ? `${labels[h.fromStatus]} → ` : ""}
            {labels[h.toStatus]} ({h.by}
            {h.note ? `, ${h.note}` : ""})
          </li>
        ))}
      </ol>
    </>
  );
}
