import { sql, type Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { nowIso } from "./shared.server";
import { countsAsPaidSql as PAID } from "./status.server";

export type OrderStats = {
  paidOrders: number;
  revenuePaise: number;
  paidOrdersLast30Days: number;
  revenueLast30DaysPaise: number;
  pendingOrders: number;
  needsAttention: number;
};

/**
 * What an order brought in and kept: its amount less its refunds (sent or done), so a partial
 * refund or a returned line lowers the revenue as a full refund (no longer counted as paid) does.
 */
export const keptPaiseSql = sql<number>`(amount_paise - coalesce((select sum(r.amount_paise) from refunds r where r.order_id = orders.id and r.status in ('pending', 'processed')), 0))`;

/** Orders that count as paid and their revenue, all time and last 30 days; orders awaiting payment or attention. */
export async function orderStats(db: Kysely<DB>, now: Date = new Date()): Promise<OrderStats> {
  const since = nowIso(new Date(now.getTime() - 30 * 24 * 3600_000));
  const row = await db
    .selectFrom("orders")
    .select([
      sql<number>`coalesce(sum(case when ${PAID} then 1 else 0 end), 0)`.as("paidOrders"),
      sql<number>`coalesce(sum(case when ${PAID} then ${keptPaiseSql} else 0 end), 0)`.as(
        "revenuePaise",
      ),
      sql<number>`coalesce(sum(case when ${PAID} and paid_at >= ${since} then 1 else 0 end), 0)`.as(
        "paidOrdersLast30Days",
      ),
      sql<number>`coalesce(sum(case when ${PAID} and paid_at >= ${since} then ${keptPaiseSql} else 0 end), 0)`.as(
        "revenueLast30DaysPaise",
      ),
      sql<number>`coalesce(sum(case when status = 'pending_payment' then 1 else 0 end), 0)`.as(
        "pendingOrders",
      ),
      sql<number>`coalesce(sum(case when attention is not null then 1 else 0 end), 0)`.as(
        "needsAttention",
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    paidOrders: Number(row.paidOrders),
    revenuePaise: Number(row.revenuePaise),
    paidOrdersLast30Days: Number(row.paidOrdersLast30Days),
    revenueLast30DaysPaise: Number(row.revenueLast30DaysPaise),
    pendingOrders: Number(row.pendingOrders),
    needsAttention: Number(row.needsAttention),
  };
}
