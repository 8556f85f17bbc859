import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { sizeText } from "~/utils/variant";
import { Form, Link, useLoaderData, useLocation, useOutlet } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { orderDate, StatusBadge } from "~/components/admin/order-status";
import { Pagination } from "~/components/pagination";
import { Price } from "~/components/price";
import { db } from "~/db/db.server";
import type { OrderStatus } from "~/db/schema";
import {
  listAllOrders,
  ORDER_STATUSES,
  STATUS_LABELS,
  statusLabel,
} from "~/models/order/index.server";
import { refundedPaiseByOrder } from "~/models/refund.server";

export const meta: MetaFunction = () => [{ title: "Orders | Admin" }];

/** The filter of every order still to ship (the dashboard's "waiting to ship" links to it). */
const TO_SHIP_FILTER = "to-ship";
/** The filter of every order with a note for the admin (the dashboard's "needing attention"). */
const ATTENTION_FILTER = "attention";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const wanted = params.get("status");
  const status =
    wanted === TO_SHIP_FILTER ||
    wanted === ATTENTION_FILTER ||
    ORDER_STATUSES.includes(wanted as OrderStatus)
      ? (wanted as OrderStatus | typeof TO_SHIP_FILTER | typeof ATTENTION_FILTER)
      : null;
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const list = await listAllOrders(db, { status, q, page });
  const refunded = await refundedPaiseByOrder(
    db,
    list.orders.map((o) => o.id),
  );
  return {
    ...list,
    orders: list.orders.map((o) => ({
      ...o,
      statusLabel: statusLabel(o.status, refunded.get(o.id)),
    })),
    status,
    q,
    statuses: [
      { value: TO_SHIP_FILTER, label: "To ship (paid, or cash on delivery)" },
      { value: ATTENTION_FILTER, label: "Needing attention" },
      ...ORDER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
    ],
  };
}

/** All orders, newest first, filtered by status; an order opened for its moves shows above the list. */
export default function AdminOrders() {
  const { orders, total, page, pageCount, status, q, statuses } = useLoaderData<typeof loader>();
  const outlet = useOutlet();
  const { search } = useLocation();
  const label: Record<string, string> = Object.fromEntries(statuses.map((s) => [s.value, s.label]));
  return (
    <div>
      {outlet ? <div className="mb-10">{outlet}</div> : null}
      <h1 className="text-2xl font-extrabold tracking-tight">
        {outlet ? "All orders" : "Admin Orders"}
      </h1>
      <Form method="get" action="/admin/orders" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="order-q" className="block text-sm font-semibold">
            Find an order
          </label>
          <input
            id="order-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            placeholder="Order number, e-mail, name or phone"
            className="mt-1 w-72 max-w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
          />
        </div>
        <div>
          <label htmlFor="order-status" className="block text-sm font-semibold">
            Status
          </label>
          <select
            id="order-status"
            name="status"
            defaultValue={status ?? ""}
            className="mt-1 rounded-md border border-gray-300 px-3 py-2 text-sm"
          >
            <option value="">All statuses</option>
            {statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-md bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-black"
        >
          Filter
        </button>
      </Form>
      <p className="mt-4 text-sm text-gray-600">
        {total} {total === 1 ? "order" : "orders"}
        {status ? ` ${label[status].toLowerCase()}` : ""}
        {q ? ` matching “${q}”` : ""}
      </p>
      {orders.length === 0 ? (
        <p className="mt-6 text-gray-600">No orders found.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {orders.map((o) => (
            <li key={o.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
              <article aria-labelledby={`order-${o.id}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`order-${o.id}`} className="font-bold">
                    Order #{o.id} <StatusBadge status={o.status} label={o.statusLabel} />
                  </h2>
                  <Link
                    to={`/admin/orders/${o.id}${search}`}
                    aria-label={`Manage order #${o.id}`}
                    className="rounded-md px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-gray-100"
                  >
                    Manage
                  </Link>
                </div>
                {o.attention ? (
                  <p className="mt-2 rounded-md bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900">
                    Needs attention: {o.attention}
                  </p>
                ) : null}
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
                  <div>
                    <dt className="text-gray-500">Customer</dt>
                    <dd>{o.email}</dd>
                  </div>
                  <div>
                    <dt className="text-gray-500">Total</dt>
                    <dd className="font-semibold">
                      <Price paise={o.amountPaise} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-gray-500">Date</dt>
                    <dd>
                      <time dateTime={o.createdAt}>{orderDate(o.createdAt)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-gray-500">Deliver to</dt>
                    <dd className="wrap-anywhere">
                      {o.address.fullName},{" "}
                      {[
                        o.address.address1,
                        o.address.address2,
                        o.address.city,
                        o.address.state,
                        o.address.postalCode,
                        o.address.country,
                      ]
                        .filter(Boolean)
                        .join(", ")}{" "}
                      · {o.address.phone}
                    </dd>
                  </div>
                </dl>
                <ul className="mt-2 text-sm text-gray-700">
                  {o.items.map((i) => (
                    <li key={i.id}>
                      {i.quantity} × {i.title}
                      {i.sizeLabel ? `, size ${sizeText(i)}` : ""}
                      {i.colorName ? `, ${i.colorName}` : ""} (
                      <Price paise={i.unitPricePaise * i.quantity} />)
                    </li>
                  ))}
                  {/* What the order charged on top of its items, as on the order page: the
                      lines add up to the total. */}
                  <li>
                    Shipping: {o.shippingPaise === 0 ? "Free" : <Price paise={o.shippingPaise} />}
                  </li>
                  {o.codFeePaise > 0 ? (
                    <li>
                      Cash on delivery fee: <Price paise={o.codFeePaise} />
                    </li>
                  ) : null}
                </ul>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} search={search} />
    </div>
  );
}
