import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { orderDate, StatusBadge } from "~/components/admin/order-status";
import { Price } from "~/components/price";
import { db } from "~/db/db.server";
import type { OrderStatus } from "~/db/schema";
import { getOrderForAdmin, ORDER_STATUSES, STATUS_LABELS, transitionOrder } from "~/models/order.server";
import { imageUrl } from "~/utils/images";
import { OrderCharges } from "~/components/order-charges";
import { getOrderExtras, recordCashCollected } from "~/models/order-extras.server";
import { redirectWithToast } from "~/utils/toast.server";
import { securityEvent } from "~/utils/log.server";

export const meta: MetaFunction = ({ params }) => [{ title: `Order #${params.id} | Admin` }];

function orderId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const order = await getOrderForAdmin(db, orderId(params.id));
  if (!order) throw new Response("Not Found", { status: 404 });
  return { order, labels: STATUS_LABELS, charges: await getOrderExtras(db, order.id) };
}

/** What each move is called on its button, and the toast after it. */
const MOVES: Partial<Record<OrderStatus, { button: string; done: string }>> = {
  confirmed: { button: "Confirm order", done: "Order confirmed" },
  shipped: { button: "Mark shipped", done: "Order marked as shipped" },
  delivered: { button: "Mark delivered", done: "Order marked as delivered" },
  cancelled: { button: "Cancel order", done: "Order cancelled" },
  refunded: { button: "Mark refunded", done: "Order marked as refunded" },
};

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = orderId(params.id);
  const form = await request.formData();
  const to = String(form.get("to") ?? "") as OrderStatus;
  const back = `/admin/orders/${id}${new URL(request.url).search.replace(/[?&]index(=[^&]*)?/, "")}`;
  // Cash on delivery: the courier's cash is recorded once the order is delivered.
  if (form.get("intent") === "cash-collected") {
    const cash = await recordCashCollected(db, id, { by: `admin:${admin.id}` });
    if (!cash.ok && cash.status === 404) throw new Response("Not Found", { status: 404 });
    if (cash.ok) securityEvent("admin.order", { adminId: admin.id, orderId: id, to: "cash-collected" });
    return redirectWithToast(
      back,
      cash.ok ? { type: "success", message: "Cash collected: the order is paid" } : { type: "error", message: cash.message },
      request,
    );
  }
  if (!ORDER_STATUSES.includes(to) || !MOVES[to]) {
    return data({ errors: { form: "Unknown action" } as Record<string, string> }, { status: 400 });
  }
  const tracking = String(form.get("trackingNumber") ?? "").trim();
  if (to === "shipped" && !/^[A-Za-z0-9 -]{4,40}$/.test(tracking)) {
    return data(
      { errors: { trackingNumber: "Enter the courier's tracking number (4 to 40 letters or digits)" } as Record<string, string> },
      { status: 400 },
    );
  }
  const result = await transitionOrder(db, id, to, {
    trackingNumber: to === "shipped" ? tracking : null,
    by: `admin:${admin.id}`,
  });
  if (!result.ok) {
    if (result.status === 404) throw new Response("Not Found", { status: 404 });
    return redirectWithToast(back, { type: "error", message: result.message }, request);
  }
  securityEvent("admin.order", { adminId: admin.id, orderId: id, to });
  return redirectWithToast(back, { type: "success", message: MOVES[to]!.done }, request);
}

export default function AdminOrder() {
  const { order, labels, charges } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors ?? {};
  const { search } = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const a = order.address;
  return (
    <section aria-labelledby="order-title" className="rounded-lg border-2 border-ink-900 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="order-title" className="text-2xl font-extrabold tracking-tight">
          Order #{order.id} <StatusBadge status={order.status} label={labels[order.status]} />
        </h1>
        <Link to={`/admin/orders${search}`} className="text-sm font-semibold text-brand-700 hover:underline">
          Close
        </Link>
      </div>
      {order.attention ? (
        <p role="note" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          Needs attention: {order.attention}
        </p>
      ) : null}
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
      </dl>

      {charges ? <OrderCharges charges={charges} invoiceHref={`/order/${order.id}/invoice`} /> : null}
      {charges?.paymentMethod === "cod" && order.status === "delivered" && !charges.cashCollectedAt ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="cash-collected" />
          <button type="submit" disabled={busy} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Record cash collected
          </button>
        </Form>
      ) : null}

      <h2 className="mt-6 font-bold">Items</h2>
      <ul className="mt-2 divide-y divide-gray-100 text-sm">
        {order.items.map((i) => (
          <li key={i.id} className="flex items-center gap-3 py-2">
            <img src={imageUrl(i.image, 320)} alt="" width={48} height={48} className="h-12 w-12 rounded border object-contain" />
            <span className="flex-1">
              {i.title}
              {i.sizeLabel ? `, size ${i.sizeLabel}` : ""}
              {i.colorName ? `, ${i.colorName}` : ""}
              <span className="block text-gray-500">
                {i.quantity} × <Price paise={i.unitPricePaise} />
              </span>
            </span>
            <Price paise={i.unitPricePaise * i.quantity} className="font-semibold" />
          </li>
        ))}
      </ul>

      <h2 className="mt-6 font-bold">Next step</h2>
      {errors.form ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      {order.allowedTransitions.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">Nothing to do: this order is {labels[order.status].toLowerCase()}.</p>
      ) : (
        <div className="mt-2 flex flex-wrap items-start gap-4">
          {order.allowedTransitions.map((to) =>
            to === "shipped" ? (
              <Form key={to} method="post" className="flex flex-wrap items-end gap-2" noValidate>
                <input type="hidden" name="to" value="shipped" />
                <div>
                  <label htmlFor="trackingNumber" className="block text-sm font-semibold">
                    Tracking number
                  </label>
                  <input
                    id="trackingNumber"
                    name="trackingNumber"
                    required
                    maxLength={40}
                    aria-invalid={errors.trackingNumber ? true : undefined}
                    aria-describedby={errors.trackingNumber ? "trackingNumber-error" : undefined}
                    className="mt-1 rounded-md border border-gray-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-600"
                  />
                  {errors.trackingNumber ? (
                    <p id="trackingNumber-error" className="mt-1 text-sm text-red-700">
                      {errors.trackingNumber}
                    </p>
                  ) : null}
                </div>
                <button type="submit" disabled={busy} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
                  {MOVES.shipped!.button}
                </button>
              </Form>
            ) : (
              <Form key={to} method="post">
                <input type="hidden" name="to" value={to} />
                <button
                  type="submit"
                  disabled={busy}
                  className={`rounded-md px-4 py-2 text-sm font-semibold ${to === "delivered" ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-gray-300 bg-white hover:bg-gray-100"}`}
                >
                  {MOVES[to]?.button ?? labels[to]}
                </button>
              </Form>
            ),
          )}
        </div>
      )}

      {order.payments.length > 0 ? (
        <>
          <h2 className="mt-6 font-bold">Payments</h2>
          <ul className="mt-2 text-sm">
            {order.payments.map((p) => (
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
      ) : null}

      <h2 className="mt-6 font-bold">History</h2>
      <ol className="mt-2 text-sm text-gray-700">
        {order.history.map((h, n) => (
          <li key={n}>
            <time dateTime={h.at}>{orderDate(h.at)}</time>: {h.fromStatus ? `${labels[h.fromStatus]} → ` : ""}
            {labels[h.toStatus]} ({h.by}
            {h.note ? `, ${h.note}` : ""})
          </li>
        ))}
      </ol>
    </section>
  );
}
