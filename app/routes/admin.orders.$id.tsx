import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { sizeText } from "~/utils/variant";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { orderDate, StatusBadge } from "~/components/admin/order-status";
import { Price } from "~/components/price";
import { db } from "~/db/db.server";
import type { OrderStatus } from "~/db/schema";
import { getOrderForAdmin, ORDER_STATUSES, STATUS_LABELS, transitionOrder } from "~/models/order/index.server";
import { listRefunds, refundBalance, refundOrder } from "~/models/refund.server";
import { decideReturn, listReturns, receiveReturn } from "~/models/return.server";
import { getPaymentGateway } from "~/payments/payments.server";
import { imageUrl } from "~/utils/images";
import { rupeesToPaise } from "~/utils/money";
import { OrderCharges } from "~/components/order-charges";
import { getOrderExtras, recordCashCollected } from "~/models/order-extras.server";
import { redirectWithToast } from "~/utils/toast.server";
import { securityEvent } from "~/utils/log.server";
import { invariantResponse, notFound, requireIdParam } from "~/utils/responses.server";

export const meta: MetaFunction = ({ params }) => [{ title: `Order #${params.id} | Admin` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const order = await getOrderForAdmin(db, requireIdParam(params.id));
  invariantResponse(order);
  const balance = await refundBalance(db, order.id);
  return {
    order,
    labels: STATUS_LABELS,
    refunds: await listRefunds(db, order.id),
    returns: await listReturns(db, order.id),
    refundablePaise:
      order.razorpayPaymentId && order.status !== "refunded" ? (balance?.refundablePaise ?? 0) : 0,
    charges: await getOrderExtras(db, order.id),
  };
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
  const id = requireIdParam(params.id);
  const form = await request.formData();
  const to = String(form.get("to") ?? "") as OrderStatus;
  const back = `/admin/orders/${id}${new URL(request.url).search.replace(/[?&]index(=[^&]*)?/, "")}`;
  if (form.get("intent") === "refund") return refundAction(request, form, id, admin.id, back);
  if (form.get("intent") === "return") return returnAction(request, form, admin.id, back);
  // Cash on delivery: the courier's cash is recorded once the order is delivered.
  if (form.get("intent") === "cash-collected") {
    const cash = await recordCashCollected(db, id, { by: `admin:${admin.id}` });
    if (!cash.ok && cash.status === 404) notFound();
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
  if (to === "refunded" && ((await refundBalance(db, id))?.capturedPaise ?? 0) > 0) {
    // A paid online order is refunded through the payment provider, with the refund form.
    return data(
      { errors: { form: "Use the refund form: it returns the money through Razorpay" } as Record<string, string> },
      { status: 400 },
    );
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
    if (result.status === 404) notFound();
    return redirectWithToast(back, { type: "error", message: result.message }, request);
  }
  securityEvent("admin.order", { adminId: admin.id, orderId: id, to });
  return redirectWithToast(back, { type: "success", message: MOVES[to]!.done }, request);
}

type RefundErrors = { errors: Record<string, string> };
const refundError = (message: string, status = 400) =>
  data<RefundErrors>({ errors: { refund: message } }, { status });

/**
 * A refund through the payment provider: lines (a quantity per line, `qty-<itemId>`) or an amount in
 * rupees, and a reason. Money moves at Razorpay; the sandbox refunds at once.
 */
async function refundAction(request: Request, form: FormData, id: number, adminId: number, back: string) {
  const lines = [...form.entries()]
    .filter(([k, v]) => k.startsWith("qty-") && typeof v === "string" && v.trim() !== "")
    .map(([k, v]) => ({ orderItemId: Number(k.slice(4)), quantity: Number(v) }));
  if (lines.some((l) => !Number.isSafeInteger(l.quantity) || l.quantity < 0)) {
    return refundError("Enter whole numbers of units to refund");
  }
  const chosen = lines.filter((l) => l.quantity > 0);
  const amountText = String(form.get("amount") ?? "").trim();
  const amountPaise = amountText ? rupeesToPaise(amountText) : null;
  if (amountText && amountPaise === null) return refundError("Enter the amount in rupees, e.g. 1499.50");
  if (chosen.length > 0 && amountPaise !== null) return refundError("Choose lines or enter an amount, not both");
  const result = await refundOrder(db, getPaymentGateway(), {
    orderId: id,
    lines: chosen,
    amountPaise: amountPaise ?? undefined,
    reason: String(form.get("reason") ?? ""),
    by: `admin:${adminId}`,
  });
  if (!result.ok) {
    if (result.status === 404) notFound();
    return refundError(result.message, result.status === 502 ? 502 : 400);
  }
  securityEvent("admin.order", { adminId, orderId: id, refund: result.refundId, amountPaise: result.amountPaise });
  const message =
    result.status === "processed" ? "Refund processed" : "Refund sent to Razorpay; waiting for its confirmation";
  return redirectWithToast(back, { type: "success", message }, request);
}

/** A return: approve, decline (with a reason) or receive (refunds its lines). */
async function returnAction(request: Request, form: FormData, adminId: number, back: string) {
  const returnId = Number(form.get("returnId"));
  const decision = String(form.get("decision") ?? "");
  if (!Number.isSafeInteger(returnId) || !["approve", "decline", "receive"].includes(decision)) {
    return data<RefundErrors>({ errors: { returns: "Unknown action" } }, { status: 400 });
  }
  const by = `admin:${adminId}`;
  const result =
    decision === "receive"
      ? await receiveReturn(db, getPaymentGateway(), { returnId, by })
      : await decideReturn(db, {
          returnId,
          approve: decision === "approve",
          note: String(form.get("note") ?? ""),
          by,
        });
  if (!result.ok) {
    if (result.status === 404) notFound();
    return data<RefundErrors>({ errors: { returns: result.message } }, { status: 400 });
  }
  securityEvent("admin.order", { adminId, returnId, decision });
  return redirectWithToast(back, { type: "success", message: `Return ${result.status}` }, request);
}

export default function AdminOrder() {
  const { order, labels, refunds, refundablePaise, returns, charges } = useLoaderData<typeof loader>();
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
          {order.allowedTransitions.filter((to) => to !== "refunded" || !order.razorpayPaymentId).map((to) =>
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

      <h2 className="mt-6 font-bold">Returns</h2>
      {errors.returns ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errors.returns}
        </p>
      ) : null}
      {returns.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">No returns asked for.</p>
      ) : (
        <ul className="mt-2 space-y-3 text-sm">
          {returns.map((r) => (
            <li key={r.id} className="rounded-md border border-gray-200 p-3">
              <p>
                Return #{r.id} ({r.status}): {r.lines.map((l) => `${l.quantity} × ${l.title}`).join(", ")}
              </p>
              <p className="text-gray-700">Reason: {r.reason}</p>
              {r.decisionNote ? <p className="text-gray-700">Note: {r.decisionNote}</p> : null}
              {r.photos.length > 0 ? (
                <p className="mt-1 flex gap-2">
                  {r.photos.map((key, n) => (
                    <a key={key} href={imageUrl(key, 1024)}>
                      <img src={imageUrl(key, 320)} alt={`Return ${r.id}, shopper's view ${n + 1}`} width={64} height={64} className="h-16 w-16 rounded border object-contain" />
                    </a>
                  ))}
                </p>
              ) : null}
              {r.status === "requested" ? (
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="return" />
                    <input type="hidden" name="returnId" value={r.id} />
                    <input type="hidden" name="decision" value="approve" />
                    <button type="submit" disabled={busy} className="rounded-md bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700">
                      Approve return #{r.id}
                    </button>
                  </Form>
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="intent" value="return" />
                    <input type="hidden" name="returnId" value={r.id} />
                    <input type="hidden" name="decision" value="decline" />
                    <div>
                      <label htmlFor={`note-${r.id}`} className="block font-semibold">
                        Reason to decline
                      </label>
                      <input id={`note-${r.id}`} name="note" maxLength={1000} className="mt-1 rounded-md border border-gray-300 px-2 py-1" />
                    </div>
                    <button type="submit" disabled={busy} className="rounded-md border border-gray-300 bg-white px-3 py-1.5 font-semibold hover:bg-gray-100">
                      Decline return #{r.id}
                    </button>
                  </Form>
                </div>
              ) : r.status === "approved" ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="return" />
                  <input type="hidden" name="returnId" value={r.id} />
                  <input type="hidden" name="decision" value="receive" />
                  <button type="submit" disabled={busy} className="rounded-md bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800">
                    Items received: refund return #{r.id}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-6 font-bold">Refunds</h2>
      {refunds.length > 0 ? (
        <ul className="mt-2 text-sm">
          {refunds.map((r) => (
            <li key={r.id}>
              <Price paise={r.amountPaise} />: {r.status}
              {r.razorpayRefundId ? ` (${r.razorpayRefundId})` : ""}
              {r.reason ? `, ${r.reason}` : ""}
              {r.error ? `: ${r.error}` : ""} (<time dateTime={r.createdAt}>{orderDate(r.createdAt)}</time>)
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-gray-600">No refunds.</p>
      )}
      {refundablePaise > 0 ? (
        <Form method="post" noValidate className="mt-3 space-y-3 rounded-md border border-gray-200 p-3 text-sm">
          <input type="hidden" name="intent" value="refund" />
          <p>
            Up to <Price paise={refundablePaise} /> can be refunded. Choose units of lines (they go back in
            stock) or an amount.
          </p>
          {order.items.map((i) => (
            <div key={i.id} className="flex items-center gap-2">
              <label htmlFor={`qty-${i.id}`} className="flex-1">
                Units of {i.title} to refund (of {i.quantity})
              </label>
              <input
                id={`qty-${i.id}`}
                name={`qty-${i.id}`}
                type="number"
                min={0}
                max={i.quantity}
                inputMode="numeric"
                className="w-20 rounded-md border border-gray-300 px-2 py-1"
              />
            </div>
          ))}
          <div className="flex flex-wrap gap-3">
            <div>
              <label htmlFor="amount" className="block font-semibold">
                Or an amount (₹)
              </label>
              <input id="amount" name="amount" inputMode="decimal" className="mt-1 w-36 rounded-md border border-gray-300 px-2 py-1" />
            </div>
            <div className="flex-1">
              <label htmlFor="reason" className="block font-semibold">
                Reason
              </label>
              <input id="reason" name="reason" maxLength={500} className="mt-1 w-full rounded-md border border-gray-300 px-2 py-1" />
            </div>
          </div>
          {errors.refund ? (
            <p role="alert" className="text-red-700">
              {errors.refund}
            </p>
          ) : null}
          <button type="submit" disabled={busy} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
            Refund
          </button>
        </Form>
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
