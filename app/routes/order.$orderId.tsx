import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { formatOrderDate, OrderItems } from "~/components/order-items";
import { Price } from "~/components/price";
import { db } from "~/db/db.server";
import { OrderAfterSale, type AfterSaleView } from "~/components/order-after-sale";
import {
  forShopper,
  getOrderForUser,
  isStandingOrder,
  statusLabel,
} from "~/models/order/index.server";
import { listRefunds } from "~/models/refund.server";
import { listReturns, returnDeadline, SHOPPER_CANCELLABLE } from "~/models/return.server";
import { OrderCharges } from "~/components/order-charges";
import { OrderPayment } from "~/components/order-payment";
import { OrderWhatsApp } from "~/components/order-whatsapp";
import { whatsappEnabled, whatsappUpdates } from "~/models/outbox.server";
import { getOrderExtras } from "~/models/order-extras.server";
import { resumePayment } from "~/payments/payments.server";
import { idParam } from "~/utils/responses.server";

export const meta: MetaFunction = () => [
  { title: "Your order | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.orderId);
  // Someone else's order is "not found", exactly like one that does not exist.
  const order = id === null ? null : await getOrderForUser(db, user.id, id);
  if (!order) throw data({ message: "Order not found" }, { status: 404 });
  const deadline = order.status === "delivered" ? await returnDeadline(db, order.id) : null;
  const afterSale: AfterSaleView = {
    orderId: order.id,
    canCancel: SHOPPER_CANCELLABLE.includes(order.status),
    paidOnline: Boolean(order.razorpayPaymentId),
    returnUntil: deadline && Date.now() <= deadline.getTime() ? deadline.toISOString() : null,
    refunds: await listRefunds(db, order.id),
    returns: await listReturns(db, order.id),
  };
  const charges = await getOrderExtras(db, order.id);
  const refundedPaise = afterSale.refunds
    .filter((r) => r.status === "processed")
    .reduce((sum, r) => sum + r.amountPaise, 0);
  return {
    // Shown while the shop sends WhatsApp updates at all.
    whatsapp: whatsappEnabled() ? await whatsappUpdates(db, order.id) : null,
    order: { ...forShopper(order), statusLabel: statusLabel(order.status, refundedPaise) },
    refundedPaise,
    afterSale,
    charges,
    standing: isStandingOrder(order.status),
    payment: resumePayment(order),
    // A payment that came after the order had ended (failed, expired) and was not taken for it:
    // the admin is told to refund it, and the shopper is told so here.
    refusedPaymentId:
      order.status === "failed" || order.status === "expired" ? order.razorpayPaymentId : null,
  };
}

export default function OrderPage() {
  const {
    order,
    afterSale,
    charges,
    standing,
    payment,
    refusedPaymentId,
    whatsapp,
    refundedPaise,
  } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  if (navigation.state === "loading" && navigation.location.pathname.startsWith("/order/")) {
    return (
      <p className="mx-auto max-w-3xl px-4 py-16 text-center text-gray-600">
        Loading your order...
      </p>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">
        {standing
          ? "Thank you for your purchase!"
          : order.status === "pending_payment"
            ? "Waiting for your payment"
            : "Your order"}
      </h1>
      {refusedPaymentId ? (
        <p role="alert" className="mt-6 rounded-md bg-yellow-50 p-4 text-sm text-yellow-900">
          Your payment {refusedPaymentId} reached us after this order had ended, so it did not place
          the order. It will be refunded to you.
        </p>
      ) : null}
      {payment ? <OrderPayment payment={payment} reservedUntil={order.reservedUntil} /> : null}
      <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-gray-200 p-5 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-gray-600">Order ID</dt>
          <dd className="font-semibold">{order.id}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Payment ID</dt>
          <dd className="font-mono">{order.razorpayPaymentId ?? "N/A"}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Date</dt>
          <dd>{formatOrderDate(order.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Status</dt>
          <dd>
            <span
              className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${
                standing ? "bg-green-100 text-green-800" : "bg-yellow-100 text-yellow-900"
              }`}
            >
              {order.statusLabel}
            </span>
            {order.trackingNumber ? (
              <span className="ml-2">Tracking: {order.trackingNumber}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">
            {!standing
              ? "Total"
              : charges?.paymentMethod === "cod" && !charges.cashCollectedAt
                ? "To pay on delivery"
                : "Total Paid"}
          </dt>
          <dd className="text-lg font-bold">
            <Price paise={order.amountPaise} />
          </dd>
        </div>
        {refundedPaise > 0 && order.status !== "refunded" ? (
          <div>
            <dt className="text-gray-600">Refunded to you</dt>
            <dd className="font-semibold">
              <Price paise={refundedPaise} />
            </dd>
          </div>
        ) : null}
      </dl>
      {charges ? (
        <OrderCharges
          charges={charges}
          invoiceHref={`/order/${order.id}/invoice`}
          paid={order.paidAt !== null}
        />
      ) : null}

      <section aria-labelledby="items-heading" className="mt-8">
        <h2 id="items-heading" className="text-xl font-bold">
          Items
        </h2>
        <OrderItems items={order.items} />
      </section>

      <section aria-labelledby="shipping-heading" className="mt-8">
        <h2 id="shipping-heading" className="text-xl font-bold">
          Shipping Details
        </h2>
        <address className="mt-2 text-sm not-italic leading-6">
          <span className="block font-semibold">{order.address.fullName || "User"}</span>
          <span className="block">Phone: {order.address.phone || "N/A"}</span>
          <span className="block">
            {order.address.address1}
            {order.address.address2 ? `, ${order.address.address2}` : ""}
          </span>
          <span className="block">
            {order.address.city}, {order.address.state} {order.address.postalCode},{" "}
            {order.address.country}
          </span>
        </address>
        <OrderWhatsApp orderId={order.id} updates={whatsapp} />
      </section>

      <OrderAfterSale view={afterSale} />

      <p className="mt-10">
        <Link to="/userOrders" className="font-semibold underline">
          See all your orders
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">
        {notFound ? "Order not found" : "Failed to fetch order"}
      </h1>
      <p className="mt-6">
        <Link to="/userOrders" className="underline">
          Your orders
        </Link>
      </p>
    </div>
  );
}
