import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { raceProcesses } from "../../support/race";
import { useAppDatabase } from "~/db/db.server";
import { addToCart, listCartLines } from "~/models/cart.server";
import { getProduct } from "~/models/product-detail.server";
import {
  expireStaleOrders,
  getOrderForUser,
  placeOrder,
  transitionOrder,
  type PlaceOrderInput,
} from "~/models/order/index.server";
import { issueApiToken } from "~/models/api-token.server";
import { resolveVariant, variantStock } from "~/models/variant-stock.server";
import { createRazorpayGateway } from "~/payments/razorpay.server";
import * as addItem from "~/routes/api.v1.cart.addItem";
import * as createOrder from "~/routes/api.v1.checkout.create-order";
import { resetEnvCache } from "~/utils/env.server";
import { insertTwinLabelWheel } from "../../support/catalog-fixture";
import { insertCheckoutFixture, stockOf } from "../../support/checkout-fixture";
import { createTestDb, type TestDb } from "../../support/db";
import { startRazorpayStandIn, type RazorpayStandIn } from "../../support/razorpay-standin";
import { callRoute } from "../../support/route";

let rzp: RazorpayStandIn;
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
let wheel: Awaited<ReturnType<typeof insertTwinLabelWheel>>;
const gateway = () =>
  createRazorpayGateway({ keyId: rzp.keyId, keySecret: rzp.keySecret, apiUrl: rzp.url });
let n = 0;
const buyNow = (
  userId: number,
  addressId: number,
  sizeId: number,
  quantity = 1,
): PlaceOrderInput => ({
  userId,
  addressId,
  idempotencyKey: `variant-${++n}`,
  source: {
    type: "single",
    productId: wheel.productId,
    quantity,
    sizeLabel: "",
    colorName: "",
    sizeId,
  },
});
const stockOfSize = (sizeId: number) =>
  variantStock(t.db, { productId: wheel.productId, sizeId, colorId: null });

beforeAll(async () => {
  rzp = await startRazorpayStandIn();
});
afterAll(async () => {
  await rzp.close();
});
beforeEach(async () => {
  t = await createTestDb();
  f = await insertCheckoutFixture(t.db);
  // 17x8.5 6x139.7: 1 left, 17x8.5 5x150: 3 left, 18x9: 2 left.
  wheel = await insertTwinLabelWheel(t.db);
});
afterEach(async () => {
  await t.cleanup();
});

describe("stock per variant", () => {
  it("keeps products.stock the sum of the variants", async () => {
    expect(await stockOf(t.db, wheel.productId)).toBe(6);
    const p = (await getProduct(t.db, wheel.productId))!;
    expect(p.variants.map((v) => v.stock)).toEqual([1, 3, 2]);
  });

  it("reserves from the chosen variant only and gives the units back to it when the order expires", async () => {
    const [a, b, c] = wheel.sizeIds;
    const placed = await placeOrder(t.db, gateway(), buyNow(f.alice, f.aliceAddress, b, 2));
    expect(placed.ok).toBe(true);
    expect([await stockOfSize(a), await stockOfSize(b), await stockOfSize(c)]).toEqual([1, 1, 2]);
    expect(await stockOf(t.db, wheel.productId)).toBe(4);
    const order = await getOrderForUser(t.db, f.alice, placed.ok ? placed.order.id : 0);
    expect(order!.items[0]).toMatchObject({
      sizeId: b,
      sizeLabel: "17x8.5",
      boltPattern: "5x150",
      offsetMm: 25,
      partNumber: "MR70378558525",
    });

    expect(await expireStaleOrders(t.db, new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect([await stockOfSize(a), await stockOfSize(b), await stockOfSize(c)]).toEqual([1, 3, 2]);
  });

  it("gives a cancelled order's units back to its variant", async () => {
    const b = wheel.sizeIds[1];
    const placed = await placeOrder(t.db, gateway(), {
      ...buyNow(f.alice, f.aliceAddress, b, 1),
      paymentMethod: "cod",
    });
    if (!placed.ok) throw new Error(placed.message);
    expect(await stockOfSize(b)).toBe(2);
    expect((await transitionOrder(t.db, placed.order.id, "cancelled", { by: "admin:1" })).ok).toBe(
      true,
    );
    expect(await stockOfSize(b)).toBe(3);
  });

  it("buying the last unit of one variant leaves its sibling on sale", async () => {
    const [a, b] = wheel.sizeIds;
    expect((await placeOrder(t.db, gateway(), buyNow(f.alice, f.aliceAddress, a))).ok).toBe(true);
    expect(await stockOfSize(a)).toBe(0);
    // The sold-out variant refuses; the same label in the other bolt pattern still sells.
    expect(await placeOrder(t.db, gateway(), buyNow(f.bob, f.bobAddress, a))).toMatchObject({
      ok: false,
      code: "stock",
    });
    expect(
      await addToCart(t.db, f.bob, { productId: wheel.productId, quantity: 1, sizeId: a }),
    ).toEqual({ ok: false, reason: "sold_out" });
    expect(
      await addToCart(t.db, f.bob, { productId: wheel.productId, quantity: 1, sizeId: b }),
    ).toMatchObject({ ok: true });
    const p = (await getProduct(t.db, wheel.productId))!;
    expect(p.inStock).toBe(true);
    expect(p.variants.find((v) => v.sizeId === a)!.stock).toBe(0);
  });

  it("keeps two sizes with one label apart in the cart, each with its bolt pattern and part number", async () => {
    const [a, b] = wheel.sizeIds;
    await addToCart(t.db, f.alice, { productId: wheel.productId, quantity: 1, sizeId: a });
    await addToCart(t.db, f.alice, { productId: wheel.productId, quantity: 6, sizeId: b });
    const lines = await listCartLines(t.db, f.alice);
    expect(
      lines.map((l) => [l.sizeLabel, l.boltPattern, l.partNumber, l.quantity, l.maxQuantity]),
    ).toEqual([
      ["17x8.5", "6x139.7", "MR70378586500", 1, 1],
      ["17x8.5", "5x150", "MR70378558525", 3, 3],
    ]);
  });

  it("resolves a label only when one size has it", async () => {
    expect(await resolveVariant(t.db, wheel.productId, { sizeLabel: "17x8.5" })).toMatchObject({
      ok: false,
      ambiguous: true,
    });
    expect(await resolveVariant(t.db, wheel.productId, { sizeLabel: "18x9" })).toMatchObject({
      ok: true,
      variant: { sizeId: wheel.sizeIds[2], boltPattern: "6x139.7", stock: 2 },
    });
  });
});

it("concurrent buyers of the last unit of a variant from 4 processes: exactly one wins", async () => {
  const shoppers: { userId: number; addressId: number }[] = [];
  for (let i = 0; i < 8; i++) {
    const userId = await f.user(`racer${i}@example.com`);
    shoppers.push({ userId, addressId: await f.address(userId, `Racer ${i}`) });
  }
  const [last, sibling] = wheel.sizeIds;
  const results = await raceProcesses<{ ok: boolean; code?: string }>(
    "order-place-worker.ts",
    t.file,
    Array.from({ length: 4 }, (_, p) => [
      rzp.url,
      rzp.keyId,
      rzp.keySecret,
      String(wheel.productId),
      JSON.stringify(shoppers.slice(p * 2, p * 2 + 2)),
      String(last),
    ]),
  );
  expect(results).toHaveLength(8);
  expect(results.filter((r) => r.ok)).toHaveLength(1);
  expect(results.filter((r) => !r.ok).every((r) => r.code === "stock")).toBe(true);
  expect(await stockOfSize(last)).toBe(0);
  expect(await stockOfSize(sibling)).toBe(3);
  expect(await t.db.selectFrom("orders").select("id").execute()).toHaveLength(1);
}, 90_000);

describe("the JSON door", () => {
  let token: string;
  const post = (route: { action: unknown }, url: string, body: unknown) =>
    callRoute(
      route.action as Parameters<typeof callRoute>[0],
      new Request(`http://localhost:3000${url}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  beforeEach(async () => {
    useAppDatabase(t.db, t.raw);
    process.env.SESSION_SECRET = "unit-test-secret-0123456789abcdef";
    delete process.env.PUBLIC_URL;
    delete process.env.RAZORPAY_KEY_ID;
    resetEnvCache();
    token = (await issueApiToken(t.db, f.alice)).token;
  });

  it("addItem: an ambiguous wheelSize is 400 asking for sizeId; sizeId or a unique label works; items carry size objects", async () => {
    const ambiguous = await post(addItem, "/api/v1/cart/addItem", {
      productId: wheel.productId,
      quantity: 1,
      wheelSize: "17x8.5",
    });
    expect(ambiguous.status).toBe(400);
    const body = await ambiguous.json();
    expect(body.message).toMatch(/sizeId/);
    expect(body.errors.sizeId).toMatch(/sizeId/);
    expect(await t.db.selectFrom("cart_items").select("id").execute()).toEqual([]);

    const byId = await post(addItem, "/api/v1/cart/addItem", {
      productId: wheel.productId,
      quantity: 2,
      wheelSize: "17x8.5",
      sizeId: wheel.sizeIds[1],
    });
    expect(byId.status).toBe(200);
    expect((await byId.json()).item).toMatchObject({
      quantity: 2,
      wheelSize: "17x8.5",
      size: {
        id: wheel.sizeIds[1],
        label: "17x8.5",
        boltPattern: "5x150",
        offset: 25,
        partNumber: "MR70378558525",
      },
    });
    const unique = await post(addItem, "/api/v1/cart/addItem", {
      productId: wheel.productId,
      quantity: 1,
      wheelSize: "18x9",
    });
    expect(unique.status).toBe(200);
    expect((await unique.json()).item.size).toMatchObject({
      id: wheel.sizeIds[2],
      boltPattern: "6x139.7",
    });
  });

  it("create-order Buy Now with the spec's fields: cartItems[0] is the product, price and total sent are ignored", async () => {
    const res = await post(createOrder, "/api/v1/checkout/create-order", {
      checkoutType: "single",
      cartItems: [
        {
          id: wheel.productId,
          title: "Method 703",
          image: "x.jpg",
          price: 1,
          quantity: 2,
          size: "18x9",
        },
      ],
      cartTotal: 2,
      amount: 2,
    });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer).toMatchObject({
      orderId: expect.any(Number),
      razorpayOrderId: expect.stringMatching(/^order_/),
    });
    const order = await getOrderForUser(t.db, f.alice, answer.orderId);
    expect(order!.items).toEqual([
      expect.objectContaining({
        quantity: 2,
        unitPricePaise: 2_000_000,
        sizeId: wheel.sizeIds[2],
        boltPattern: "6x139.7",
      }),
    ]);
    expect(answer.amount).toBe(order!.amountPaise);
    expect(answer.amount).toBeGreaterThanOrEqual(4_000_000);
    expect(await stockOfSize(wheel.sizeIds[2])).toBe(0);

    // An ambiguous label is refused with the same request shape; sizeId chooses.
    const ambiguous = await post(createOrder, "/api/v1/checkout/create-order", {
      checkoutType: "single",
      cartItems: [{ id: wheel.productId, quantity: 1, size: "17x8.5" }],
    });
    expect(ambiguous.status).toBe(400);
    expect((await ambiguous.json()).message).toMatch(/sizeId/);
    const chosen = await post(createOrder, "/api/v1/checkout/create-order", {
      checkoutType: "single",
      cartItems: [{ id: wheel.productId, quantity: 1, size: "17x8.5", sizeId: wheel.sizeIds[0] }],
    });
    expect(chosen.status).toBe(201);
    expect(await stockOfSize(wheel.sizeIds[0])).toBe(0);
    expect(await stockOfSize(wheel.sizeIds[1])).toBe(3);

    // No item at all is a 400 naming the field, never a 500.
    const none = await post(createOrder, "/api/v1/checkout/create-order", {
      checkoutType: "single",
      cartItems: [],
    });
    expect(none.status).toBe(400);
  });
});
