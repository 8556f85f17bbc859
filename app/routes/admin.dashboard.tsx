import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageLoadError } from "~/components/error-panel";
import { requireAdmin } from "~/auth/guards.server";
import { Price } from "~/components/price";
import { db } from "~/db/db.server";
import { dashboardStats } from "~/models/admin-stats.server";

export const meta: MetaFunction = () => [{ title: "Overview | Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { stats: await dashboardStats(db) };
}

function Stat({ label, children, to }: { label: string; children: React.ReactNode; to?: string }) {
  const body = (
    <>
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="mt-1 break-words text-xl font-extrabold sm:text-2xl">{children}</dd>
    </>
  );
  return (
    <div className="min-w-0 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      {to ? (
        <Link to={to} className="block hover:text-brand-700">
          {body}
        </Link>
      ) : (
        body
      )}
    </div>
  );
}

export default function Dashboard() {
  const { stats } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-extrabold tracking-tight">Overview</h1>
      <section aria-labelledby="sales" className="mt-6">
        <h2 id="sales" className="text-lg font-bold">
          Sales
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Stat label="Paid orders today">{stats.ordersToday}</Stat>
          <Stat label="Revenue today">
            <Price paise={stats.revenueTodayPaise} />
          </Stat>
          <Stat label="Paid orders this month">{stats.ordersThisMonth}</Stat>
          <Stat label="Revenue this month">
            <Price paise={stats.revenueThisMonthPaise} />
          </Stat>
        </dl>
      </section>
      <section aria-labelledby="todo" className="mt-8">
        <h2 id="todo" className="text-lg font-bold">
          To do
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Stat label="Orders waiting to ship" to="/admin/orders?status=to-ship">
            {stats.awaitingShipment}
          </Stat>
          <Stat label="Orders needing attention" to="/admin/orders?status=attention">
            {stats.needsAttention}
          </Stat>
          <Stat label="Orders awaiting payment" to="/admin/orders?status=pending_payment">
            {stats.awaitingPayment}
          </Stat>
          <Stat label="Products out of stock" to="/admin/products?stock=out">
            {stats.outOfStock}
          </Stat>
        </dl>
      </section>
      <section aria-labelledby="totals" className="mt-8">
        <h2 id="totals" className="text-lg font-bold">
          Totals
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Stat label="Total products" to="/admin/products">
            {stats.totalProducts}
          </Stat>
          <Stat label="Total users">{stats.totalUsers}</Stat>
          <Stat label="Paid orders, all time">{stats.paidOrders}</Stat>
          <Stat label="Revenue, all time">
            <Price paise={stats.revenuePaise} />
          </Stat>
        </dl>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageLoadError failed="Failed to fetch stats." />;
}
