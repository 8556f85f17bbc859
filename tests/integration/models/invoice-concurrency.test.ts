import { afterAll, beforeAll, expect, it } from "vitest";
import { raceProcesses } from "../../support/race";
import { reserveOrder } from "~/models/order/index.server";
import { financialYear } from "~/utils/gst";
import { insertCheckoutFixture } from "../../support/checkout-fixture";
import { createTestDb, type TestDb } from "../../support/db";

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.cleanup();
});

it("20 payments at once from 4 processes (each sent twice): 20 invoices numbered 1 to 20, no gap, none twice", async () => {
  const f = await insertCheckoutFixture(t.db);
  const recoveryKit = await f.product("recovery-kit", "Recovery Kit", 1_500_000, 100);
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    const userId = await f.user(`payer${i}@example.com`);
    const addressId = await f.address(userId, `Payer ${i}`);
    const r = await reserveOrder(t.db, {
      userId,
      addressId,
      idempotencyKey: `key-${i}`,
      source: {
        type: "single",
        productId: recoveryKit,
        quantity: 1,
        sizeLabel: "",
        colorName: "",
      },
      gateway: "sandbox",
    });
    if (!r.ok) throw new Error(r.message);
    const id = `order_inv${String(i).padStart(2, "0")}`;
    await t.db
      .updateTable("orders")
      .set({ razorpay_order_id: id })
      .where("id", "=", r.order.id)
      .execute();
    ids.push(id);
  }

  // Each process pays 10 orders: its own 5 and 5 of the next process's (a callback and a webhook
  // for the same payment racing), so every order is paid twice, from two processes.
  const results = await raceProcesses<{ ok: boolean; changed?: boolean }>(
    "invoice-pay-worker.ts",
    t.file,
    Array.from({ length: 4 }, (_, p) => [
      JSON.stringify([
        ...ids.slice(p * 5, p * 5 + 5),
        ...ids.slice(((p + 1) % 4) * 5, ((p + 1) % 4) * 5 + 5),
      ]),
    ]),
  );
  expect(results).toHaveLength(40);
  expect(results.every((r) => r.ok)).toBe(true);
  expect(results.filter((r) => r.changed)).toHaveLength(20);

  const orders = await t.db.selectFrom("orders").select(["status", "invoice_number"]).execute();
  expect(orders.every((o) => o.status === "paid")).toBe(true);
  const fy = financialYear(new Date());
  const numbers = orders.map((o) => o.invoice_number).sort();
  expect(numbers).toEqual(
    Array.from({ length: 20 }, (_, i) => `OV/${fy}/${String(i + 1).padStart(6, "0")}`),
  );
  expect(await t.db.selectFrom("document_series").selectAll().execute()).toEqual([
    { series: "invoice", financial_year: fy, last_number: 20 },
  ]);
}, 120_000);
