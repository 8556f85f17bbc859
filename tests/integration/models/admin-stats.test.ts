import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dashboardStats, istPeriodStarts } from "~/models/admin-stats.server";
import { createTestDb, type TestDb } from "../../support/db";

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(async () => {
  await t.cleanup();
});

/** The customer whose orders the tests count. */
async function customer(): Promise<number> {
  const row = await t.db
    .insertInto("users")
    .values({ email: "c@example.com", password_hash: "x", role: "customer" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function order(
  userId: number,
  status: string,
  amount: number,
  paidAt: string | null,
  paymentMethod: "razorpay" | "cod" = "razorpay",
) {
  await sql`insert into orders (user_id, status, checkout_type, amount_paise, ship_full_name, ship_phone, ship_address1,
    ship_city, ship_state, ship_postal_code, ship_country, idempotency_key, gateway, reserved_until, paid_at,
    payment_method, cash_collected_at)
    values (${userId}, ${status}, 'cart', ${amount}, 'A', '9876543210', 'x', 'Pune', 'MH', '411001', 'India',
      ${`k-${Math.random()}`}, 'sandbox', '2030-01-01T00:00:00.000Z', ${paidAt}, ${paymentMethod},
      ${paymentMethod === "cod" ? paidAt : null})`.execute(t.db);
}

describe("dashboard stats", () => {
  it("starts today and this month at midnight in India", () => {
    expect(istPeriodStarts(new Date("2026-03-15T10:00:00Z"))).toEqual({
      dayStart: "2026-03-14T18:30:00.000Z",
      monthStart: "2026-02-28T18:30:00.000Z",
    });
    // 20:00 UTC on the 31st is already the 1st of the next month in India.
    expect(istPeriodStarts(new Date("2026-03-31T20:00:00Z")).monthStart).toBe(
      "2026-03-31T18:30:00.000Z",
    );
  });

  it("counts paid orders and revenue today and this month, orders to ship, products sold out, users", async () => {
    await t.db.insertInto("categories").values({ slug: "wheels", name: "Wheels" }).execute();
    await t.db.insertInto("brands").values({ slug: "warn", name: "Warn" }).execute();
    const product = (slug: string, stock: number, hidden: string | null = null) =>
      t.db
        .insertInto("products")
        .values({
          slug,
          title: slug,
          brand_id: 1,
          category_id: 1,
          price_paise: 100,
          stock,
          hidden_at: hidden,
        })
        .execute();
    await product("a", 3);
    await product("b", 0);
    await product("c", 0, "2026-01-01T00:00:00.000Z"); // hidden: not counted
    const user = await customer();
    await t.db
      .insertInto("users")
      .values({ email: "a@example.com", password_hash: "x", role: "admin" })
      .execute();

    await order(user, "paid", 1000, "2026-03-15T00:00:00.000Z"); // today (05:30 IST)
    await order(user, "shipped", 2000, "2026-03-14T19:00:00.000Z"); // today (00:30 IST)
    await order(user, "delivered", 4000, "2026-03-14T18:00:00.000Z"); // yesterday 23:30 IST, this month
    await order(user, "paid", 8000, "2026-02-28T19:00:00.000Z"); // 1 March 00:30 IST
    await order(user, "delivered", 16000, "2026-02-28T18:00:00.000Z"); // February in India
    await order(user, "refunded", 32000, "2026-03-15T01:00:00.000Z"); // money went back
    await order(user, "pending_payment", 64000, null);

    const stats = await dashboardStats(t.db, new Date("2026-03-15T10:00:00Z"));
    expect(stats).toMatchObject({
      totalProducts: 2,
      totalUsers: 2,
      outOfStock: 1,
      ordersToday: 2,
      revenueTodayPaise: 3000,
      ordersThisMonth: 4,
      revenueThisMonthPaise: 15000,
      awaitingShipment: 2,
      awaitingPayment: 1,
      paidOrders: 5,
      revenuePaise: 31000,
    });
  });

  it("counts cash on delivery as waiting to ship until it ships, and as paid, in every figure, only once its cash is collected", async () => {
    const user = await customer();
    await order(user, "placed", 100, null, "cod");
    await order(user, "confirmed", 200, null, "cod");
    await order(user, "shipped", 400, null, "cod"); // the courier has it, no cash yet
    await order(user, "delivered", 800, null, "cod"); // delivered, cash not recorded
    await order(user, "delivered", 1600, "2026-03-15T01:00:00.000Z", "cod"); // cash collected today
    await order(user, "delivered", 3200, "2026-02-10T01:00:00.000Z", "cod"); // collected in February
    await order(user, "paid", 6400, "2026-03-15T02:00:00.000Z"); // paid online, to ship

    const stats = await dashboardStats(t.db, new Date("2026-03-15T10:00:00Z"));
    expect(stats).toMatchObject({
      awaitingShipment: 3,
      ordersToday: 2,
      revenueTodayPaise: 8000,
      ordersThisMonth: 2,
      revenueThisMonthPaise: 8000,
      paidOrders: 3,
      revenuePaise: 11200,
    });
  });

  it("takes what was refunded off the revenue: a partial refund or a returned line is not money kept", async () => {
    const user = await customer();
    await order(user, "delivered", 10_000, "2026-03-15T01:00:00.000Z");
    await order(user, "paid", 6_000, "2026-03-15T02:00:00.000Z");
    const [first] = await t.db.selectFrom("orders").select("id").orderBy("id").execute();
    const refund = (status: "pending" | "processed" | "failed", amount: number) =>
      t.db
        .insertInto("refunds")
        .values({
          order_id: first.id,
          amount_paise: amount,
          status,
          by: "admin:1",
          created_at: "2026-03-15T03:00:00.000Z",
          updated_at: "2026-03-15T03:00:00.000Z",
        })
        .execute();
    await refund("processed", 2_500);
    await refund("pending", 1_000); // sent to Razorpay: on its way back
    await refund("failed", 4_000); // did not go through: the money is still here

    const stats = await dashboardStats(t.db, new Date("2026-03-15T10:00:00Z"));
    expect(stats).toMatchObject({
      ordersToday: 2,
      revenueTodayPaise: 12_500,
      revenueThisMonthPaise: 12_500,
      paidOrders: 2,
      revenuePaise: 12_500,
    });
  });
});
