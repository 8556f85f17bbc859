import { afterAll, beforeAll, expect, it } from "vitest";
import { raceProcesses } from "../../support/race";
import { insertCheckoutFixture, stockOf } from "../../support/checkout-fixture";
import { createTestDb, type TestDb } from "../../support/db";
import { startRazorpayStandIn, type RazorpayStandIn } from "../../support/razorpay-standin";

let rzp: RazorpayStandIn;
let t: TestDb;

beforeAll(async () => {
  rzp = await startRazorpayStandIn();
  t = await createTestDb();
});
afterAll(async () => {
  await t.cleanup();
  await rzp.close();
});

it("20 shoppers buying the last 5 units at once from 5 processes: exactly 5 orders, never oversold", async () => {
  const f = await insertCheckoutFixture(t.db);
  const shoppers: { userId: number; addressId: number }[] = [];
  for (let i = 0; i < 20; i++) {
    const userId = await f.user(`shopper${i}@example.com`);
    shoppers.push({ userId, addressId: await f.address(userId, `Shopper ${i}`) });
  }
  const productId = f.products.lastFive;
  expect(await stockOf(t.db, productId)).toBe(5);

  const results = await raceProcesses<{ ok: boolean; code?: string }>(
    "order-place-worker.ts",
    t.file,
    Array.from({ length: 5 }, (_, p) => [
      rzp.url,
      rzp.keyId,
      rzp.keySecret,
      String(productId),
      JSON.stringify(shoppers.slice(p * 4, p * 4 + 4)),
    ]),
  );

  expect(results).toHaveLength(20);
  expect(results.filter((r) => r.ok)).toHaveLength(5);
  expect(results.filter((r) => !r.ok).every((r) => r.code === "stock")).toBe(true);
  expect(await stockOf(t.db, productId)).toBe(0);
  const orders = await t.db.selectFrom("orders").select(["status", "razorpay_order_id"]).execute();
  expect(orders).toHaveLength(5);
  expect(orders.every((o) => o.status === "pending_payment" && o.razorpay_order_id)).toBe(true);
  expect(rzp.requests.filter((r) => r.path === "/v1/orders")).toHaveLength(5);
}, 90_000);
