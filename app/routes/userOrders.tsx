import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { PageLoadError } from "~/components/error-panel";
import { requireUser } from "~/auth/guards.server";
import { formatOrderDate, OrderItems } from "~/components/order-items";
import { Price } from "~/components/price";
import { db } from "~/db/db.server";
import { forShopper, listPaidOrdersForUser, statusLabel } from "~/models/order/index.server";
import { refundedPaiseByOrder } from "~/models/refund.server";

export const meta: MetaFunction = () => [
  { title: "Your Orders | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, {
    toast: { type: "error", message: "Please log in to view orders." },
  });
  const orders = await listPaidOrdersForUser(db, user.id);
  const refunded = await refundedPaiseByOrder(
    db,
    orders.map((o) => o.id),
  );
  return {
    orders: orders.map((o) => ({
      ...forShopper(o),
      statusLabel: statusLabel(o.status, refunded.get(o.id)),
    })),
  };
}

export default function UserOrdersPage() {
  const { orders } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/userOrders";
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Your Orders</h1>
      {loading ? (
        <p className="mt-6 text-gray-600">Loading orders...</p>
      ) : orders.length === 0 ? (
        <p className="mt-6 text-gray-600">No orders found.</p>
      ) : (
        <ul aria-label="Orders" className="mt-6 space-y-6">
          {orders.map((order) => (
            <li key={order.id} className="rounded-lg border border-gray-200 p-5">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="font-bold">
                  <Link to={`/order/${order.id}`} className="hover:underline">
                    Order #{order.id}
                  </Link>
                </h2>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${
                    order.status === "cancelled" || order.status === "refunded"
                      ? "bg-gray-100 text-gray-700"
                      : "bg-green-100 text-green-800"
                  }`}
                >
                  {order.statusLabel}
                </span>
              </div>
              <OrderItems items={order.items} showBrand />
              <div className="mt-3 flex flex-wrap justify-between gap-2 border-t border-gray-200 pt-3 text-sm">
                <span>Ordered on {formatOrderDate(order.createdAt)}</span>
                <span className="font-bold">
                  Total: <Price paise={order.amountPaise} />
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <PageLoadError failed="Failed to load orders." />;
}
