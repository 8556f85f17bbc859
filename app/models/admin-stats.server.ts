import { sql, type Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { IST_OFFSET_MS } from "~/utils/gst";
import { countsAsPaidSql, keptPaiseSql, orderStats, TO_SHIP } from "./order/index.server";
import { catalogStats } from "./product-admin-list.server";

/** UTC instants (ISO text, as stored) where today and this month began in India. */
export function istPeriodStarts(now: Date): { dayStart: string; monthStart: string } {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const day = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - IST_OFFSET_MS;
  const month = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), 1) - IST_OFFSET_MS;
  return { dayStart: new Date(day).toISOString(), monthStart: new Date(month).toISOString() };
}

/** Orders that brought money in: the one rule of what counts as paid, as in orderStats. */
const EARNING = countsAsPaidSql;

const TO_SHIP_SQL = sql<boolean>`status in (${sql.join(TO_SHIP.map((s) => sql.lit(s)))})`;

/**
 * What an owner looks at first: the spec's totals (products, users), paid orders and revenue
 * today and this month (by payment time, India), orders still to ship (paid, or cash on delivery),
 * products sold out, and the order model's own counts (awaiting payment, needing attention).
 */
export async function dashboardStats(db: Kysely<DB>, now: Date = new Date()) {
  const { dayStart, monthStart } = istPeriodStarts(now);
  const [catalog, orders, row] = await Promise.all([
    catalogStats(db),
    orderStats(db, now),
    db
      .selectFrom("orders")
      .select([
        sql<number>`coalesce(sum(case when ${EARNING} and paid_at >= ${dayStart} then 1 else 0 end), 0)`.as(
          "ordersToday",
        ),
        sql<number>`coalesce(sum(case when ${EARNING} and paid_at >= ${dayStart} then ${keptPaiseSql} else 0 end), 0)`.as(
          "revenueTodayPaise",
        ),
        sql<number>`coalesce(sum(case when ${EARNING} and paid_at >= ${monthStart} then 1 else 0 end), 0)`.as(
          "ordersThisMonth",
        ),
        sql<number>`coalesce(sum(case when ${EARNING} and paid_at >= ${monthStart} then ${keptPaiseSql} else 0 end), 0)`.as(
          "revenueThisMonthPaise",
        ),
        sql<number>`coalesce(sum(case when ${TO_SHIP_SQL} then 1 else 0 end), 0)`.as(
          "awaitingShipment",
        ),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    totalProducts: catalog.totalProducts,
    totalUsers: catalog.totalUsers,
    outOfStock: catalog.outOfStock,
    ordersToday: Number(row.ordersToday),
    revenueTodayPaise: Number(row.revenueTodayPaise),
    ordersThisMonth: Number(row.ordersThisMonth),
    revenueThisMonthPaise: Number(row.revenueThisMonthPaise),
    awaitingShipment: Number(row.awaitingShipment),
    awaitingPayment: orders.pendingOrders,
    needsAttention: orders.needsAttention,
    paidOrders: orders.paidOrders,
    revenuePaise: orders.revenuePaise,
  };
}
