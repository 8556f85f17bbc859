import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  expireStaleOrders,
  getOrderForUser,
  listAllOrders,
  listPaidOrdersForUser,
  orderStats,
  placeOrder,
  recordFailedPayment,
  recordSuccessfulPayment,
  SAME_BUY_NOW_HOURS,
  sameBuyNowOrdered,
  transitionOrder,
  verifyPayment,
  type PlaceOrderInput,
} from "~/models/order/index.server";
import { createRazorpayGateway } from "~/payments/razorpay.server";
import { createSandboxGateway } from "~/payments/sandbox.server";
import { resetEnvCache } from "~/utils/env.server";
import { addCartLine, insertCheckoutFixture, stockOf } from "../../support/checkout-fixture";
import { settledCatalogVersion, type TestDb, withAppDb } from "../../support/db";
import { startRazorpayStandIn, type RazorpayStandIn } from "../../support/razorpay-standin";

let rzp: RazorpayStandIn;
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
const gateway = () =>
  createRazorpayGateway({ keyId: rzp.keyId, keySecret: rzp.keySecret, apiUrl: rzp.url });
let keyCounter = 0;
const cartInput = (userId: number, addressId: number): PlaceOrderInput => ({
  userId,
  addressId,
  idempotencyKey: `key-${++keyCounter}-${Date.now()}`,
  source: { type: "cart" },
});

beforeAll(async () => {
  rzp = await startRazorpayStandIn();
});
afterAll(async () => {
  await rzp.close();
});
beforeEach(async () => {
  t = await withAppDb();
  f = await insertCheckoutFixture(t.db);
  rzp.requests.length = 0;
});
afterEach(async () => {
  await t.cleanup();
});
/** The shop sends WhatsApp updates (an account is set; nothing is sent in these tests). */
const whatsappOn = () => {
  process.env.WHATSAPP_TOKEN = "test-token";
  process.env.WHATSAPP_PHONE_NUMBER_ID = "1000000001";
  resetEnvCache();
};
const orderRow = (id: number) =>
  t.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("placing an order", () => {
  it("changes the catalogue version when it takes or gives back stock, so cached pages show it", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    const before = await settledCatalogVersion(t.db);
    const result = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    expect(result.ok).toBe(true);
    const afterReserve = await settledCatalogVersion(t.db);
    expect(afterReserve).toBeGreaterThan(before);
    // Past its reservation the order gives its unit back: the version moves again.
    expect(await expireStaleOrders(t.db, new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(await settledCatalogVersion(t.db)).toBeGreaterThan(afterReserve);
  });

  it("computes the amount on the server, copies items and address, reserves stock, creates the Razorpay order", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 2);
    await addCartLine(t.db, f.alice, f.products.lights, 1);
    const result = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const amount = 2 * 15_000_000 + 2_499_950;
    expect(result.order.amountPaise).toBe(amount);
    expect(result.order.razorpayOrderId).toMatch(/^order_/);

    // The payload the SDK sent to Razorpay's API.
    const create = rzp.requests.filter((r) => r.method === "POST" && r.path === "/v1/orders");
    expect(create).toHaveLength(1);
    expect(create[0].authorization).toBe(
      `Basic ${Buffer.from(`${rzp.keyId}:${rzp.keySecret}`).toString("base64")}`,
    );
    expect(create[0].body).toMatchObject({
      amount,
      currency: "INR",
      receipt: String(result.order.id),
    });

    expect(await stockOf(t.db, f.products.winch)).toBe(8);
    expect(await stockOf(t.db, f.products.lights)).toBe(2);
    const order = await getOrderForUser(t.db, f.alice, result.order.id);
    expect(order?.status).toBe("pending_payment");
    expect(order?.address).toMatchObject({
      fullName: "Alice Rao",
      city: "Bengaluru",
      postalCode: "560001",
    });
    expect(order?.items.map((i) => [i.title, i.unitPricePaise, i.quantity])).toEqual([
      ["Warn Zeon 10-S Winch", 15_000_000, 2],
      ["ARB Intensity Lights", 2_499_950, 1],
    ]);
    // A later price change does not touch the order.
    await t.db.updateTable("products").set({ price_paise: 1 }).execute();
    expect((await getOrderForUser(t.db, f.alice, result.order.id))?.amountPaise).toBe(amount);
  });

  it("Buy Now orders one product at its server price", async () => {
    const result = await placeOrder(t.db, gateway(), {
      ...cartInput(f.alice, f.aliceAddress),
      source: {
        type: "single",
        productId: f.products.lights,
        quantity: 2,
        sizeLabel: "",
        colorName: "",
      },
    });
    expect(result.ok && result.order.amountPaise).toBe(2 * 2_499_950);
    expect(await stockOf(t.db, f.products.lights)).toBe(1);
  });

  it("keeps a WhatsApp consent only while the shop sends WhatsApp updates, whoever sends one", async () => {
    await addCartLine(t.db, f.alice, f.products.lights, 1);
    const off = await placeOrder(t.db, gateway(), {
      ...cartInput(f.alice, f.aliceAddress),
      whatsappOptIn: true,
    });
    if (!off.ok) throw new Error(off.message);
    expect((await orderRow(off.order.id)).whatsapp_opt_in_at).toBeNull();
    whatsappOn();
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    const on = await placeOrder(t.db, gateway(), {
      ...cartInput(f.alice, f.aliceAddress),
      whatsappOptIn: true,
    });
    if (!on.ok) throw new Error(on.message);
    expect((await orderRow(on.order.id)).whatsapp_opt_in_at).not.toBeNull();
  });

  it("finds the same Buy Now ordered in the last day, once it went through checkout, for its shopper only", async () => {
    const lights = { productId: f.products.lights, sizeId: null, colorId: null };
    expect(await sameBuyNowOrdered(t.db, f.alice, lights)).toBeNull();
    const result = await placeOrder(t.db, gateway(), {
      ...cartInput(f.alice, f.aliceAddress),
      source: {
        type: "single",
        productId: f.products.lights,
        quantity: 1,
        sizeLabel: "",
        colorName: "",
      },
    });
    if (!result.ok) throw new Error(result.message);
    // Waiting for its payment: not ordered yet.
    expect(await sameBuyNowOrdered(t.db, f.alice, lights)).toBeNull();
    await t.db
      .updateTable("orders")
      .set({ status: "paid" })
      .where("id", "=", result.order.id)
      .execute();
    expect(await sameBuyNowOrdered(t.db, f.alice, lights)).toMatchObject({
      id: result.order.id,
      status: "paid",
    });
    // Another product, another colour, another shopper, or a day later: nothing.
    expect(
      await sameBuyNowOrdered(t.db, f.alice, { ...lights, productId: f.products.winch }),
    ).toBeNull();
    expect(await sameBuyNowOrdered(t.db, f.alice, { ...lights, colorId: 1 })).toBeNull();
    expect(await sameBuyNowOrdered(t.db, f.alice + 1000, lights)).toBeNull();
    const dayLater = new Date(Date.now() + (SAME_BUY_NOW_HOURS * 60 + 1) * 60_000);
    expect(await sameBuyNowOrdered(t.db, f.alice, lights, dayLater)).toBeNull();
  });

  it("refuses a total other than the one the shopper was shown, writing nothing, and takes the one shown", async () => {
    const buy = (expectedAmountPaise: number) =>
      placeOrder(t.db, gateway(), {
        ...cartInput(f.alice, f.aliceAddress),
        source: {
          type: "single",
          productId: f.products.lights,
          quantity: 1,
          sizeLabel: "",
          colorName: "",
        },
        expectedAmountPaise,
      });
    const stale = await buy(2_499_950 - 100);
    expect(stale).toMatchObject({ ok: false, code: "price", status: 409 });
    expect(!stale.ok && stale.message).toMatch(/^The total is now ₹24,999\.50/);
    expect(await t.db.selectFrom("orders").selectAll().execute()).toHaveLength(0);
    expect(await stockOf(t.db, f.products.lights)).toBe(3);
    expect(rzp.requests).toHaveLength(0);
    const shown = await buy(2_499_950);
    expect(shown.ok && shown.order.amountPaise).toBe(2_499_950);
  });

  it("refuses someone else's address, an empty cart and too few units, writing nothing", async () => {
    await addCartLine(t.db, f.alice, f.products.lights, 4);
    const other = await placeOrder(t.db, gateway(), cartInput(f.alice, f.bobAddress));
    expect(other).toMatchObject({
      ok: false,
      code: "address",
      message: "Please select a delivery address first.",
    });
    const empty = await placeOrder(t.db, gateway(), cartInput(f.bob, f.bobAddress));
    expect(empty).toMatchObject({ ok: false, code: "empty" });
    const tooMany = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    expect(tooMany).toMatchObject({ ok: false, code: "stock", status: 409 });
    expect(await stockOf(t.db, f.products.lights)).toBe(3);
    expect(await t.db.selectFrom("orders").selectAll().execute()).toHaveLength(0);
    expect(rzp.requests).toHaveLength(0);
  });

  it("limits a shopper to 10 orders in 10 minutes, counting only requests that would make one", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    // Refused input (someone else's address) is answered, and does not use up the limit.
    for (let i = 0; i < 12; i++) {
      const refused = await placeOrder(t.db, gateway(), cartInput(f.alice, f.bobAddress));
      expect(refused).toMatchObject({ ok: false, code: "address" });
    }
    for (let i = 0; i < 10; i++) {
      const placed = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
      if (!placed.ok) throw new Error(placed.message);
      // Its payment fails, so the next Pay Now makes a new order rather than reusing this one.
      await recordFailedPayment(t.db, {
        razorpayOrderId: placed.order.razorpayOrderId!,
        source: "callback",
        failOrder: true,
      });
    }
    const eleventh = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    expect(eleventh).toMatchObject({ ok: false, code: "throttled", status: 429 });
    expect(await t.db.selectFrom("orders").selectAll().execute()).toHaveLength(10);
  });

  it("a double Pay Now (same idempotency key, at once and again later) makes one order", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    const input = cartInput(f.alice, f.aliceAddress);
    const [a, b] = await Promise.all([
      placeOrder(t.db, gateway(), input),
      placeOrder(t.db, gateway(), input),
    ]);
    const c = await placeOrder(t.db, gateway(), input);
    expect(a.ok && b.ok && c.ok).toBe(true);
    if (!a.ok || !b.ok || !c.ok) return;
    expect(new Set([a.order.id, b.order.id, c.order.id]).size).toBe(1);
    expect(
      new Set([a.order.razorpayOrderId, b.order.razorpayOrderId, c.order.razorpayOrderId]).size,
    ).toBe(1);
    expect(await t.db.selectFrom("orders").selectAll().execute()).toHaveLength(1);
    expect(await stockOf(t.db, f.products.winch)).toBe(9);

    // The same key sent with WhatsApp updates unticked, or with a GSTIN, is not that order:
    // its WhatsApp consent and its invoice's buyer would not be what the shopper chose.
    whatsappOn();
    for (const other of [
      { ...input, whatsappOptIn: true },
      { ...input, buyerGstin: "29AAPFU0939F1ZR", buyerBusinessName: "Trail Co" },
    ]) {
      expect(await placeOrder(t.db, gateway(), other)).toMatchObject({
        ok: false,
        code: "idempotency",
      });
    }
    const consented = { ...cartInput(f.alice, f.aliceAddress), whatsappOptIn: true };
    expect((await placeOrder(t.db, gateway(), consented)).ok).toBe(true);
    expect(await placeOrder(t.db, gateway(), { ...consented, whatsappOptIn: false })).toMatchObject(
      {
        ok: false,
        code: "idempotency",
      },
    );
  });

  it("a second Pay Now for the same cart (Back, or another tab) pays the open order instead of making another", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 2);
    const first = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    const again = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again.order.id).toBe(first.order.id);
    expect(again.order.razorpayOrderId).toBe(first.order.razorpayOrderId);
    expect(await stockOf(t.db, f.products.winch)).toBe(8);
    expect(rzp.requests.filter((r) => r.path === "/v1/orders")).toHaveLength(1);

    // Another cart is another order (and a cash-on-delivery choice never reuses an online one).
    await t.db
      .updateTable("cart_items")
      .set({ quantity: 3 })
      .where("user_id", "=", f.alice)
      .execute();
    const changed = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    expect(changed.order.id).not.toBe(first.order.id);

    // Once the open order has failed, Pay Now makes a new one.
    await recordFailedPayment(t.db, {
      razorpayOrderId: changed.order.razorpayOrderId!,
      razorpayPaymentId: null,
      code: "BAD_REQUEST_ERROR",
      description: "declined",
      source: "callback",
      failOrder: true,
    });
    const retry = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    expect(retry.ok).toBe(true);
    if (!retry.ok) return;
    expect(retry.order.id).not.toBe(changed.order.id);
  });

  it("a Pay Now after the address or the buyer's details changed makes a new order in place of the open one", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 2);
    const first = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    if (!first.ok) throw new Error(first.message);
    await t.db
      .updateTable("addresses")
      .set({ full_name: "New Name", address1: "99 Brigade Road" })
      .where("id", "=", f.aliceAddress)
      .execute();
    const moved = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    if (!moved.ok) throw new Error(moved.message);
    expect(moved.order.id).not.toBe(first.order.id);
    expect(moved.order.shipFullName).toBe("New Name");
    const old = await orderRow(first.order.id);
    expect(old).toMatchObject({ status: "expired", replaced_by_order_id: moved.order.id });
    // One hold on the stock, the new order's.
    expect(await stockOf(t.db, f.products.winch)).toBe(8);

    // WhatsApp consent or a business name given now is another order too.
    whatsappOn();
    const optIn = await placeOrder(t.db, gateway(), {
      ...cartInput(f.alice, f.aliceAddress),
      whatsappOptIn: true,
    });
    if (!optIn.ok) throw new Error(optIn.message);
    expect(optIn.order.id).not.toBe(moved.order.id);
    expect((await orderRow(optIn.order.id)).whatsapp_opt_in_at).not.toBeNull();
    expect(await stockOf(t.db, f.products.winch)).toBe(8);
  });

  it("without a chosen address (the API's simple checkout) a second Pay Now reuses the open order", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    const first = await placeOrder(t.db, gateway(), cartInput(f.alice, null as unknown as number));
    const again = await placeOrder(t.db, gateway(), cartInput(f.alice, null as unknown as number));
    if (!first.ok || !again.ok) throw new Error("order failed");
    expect(again.order.id).toBe(first.order.id);
    expect(rzp.requests.filter((r) => r.path === "/v1/orders")).toHaveLength(1);
  });

  it("two Pay Now at once, while the gateway is slow, end on one payable order", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    const real = gateway();
    const slow = {
      ...real,
      createOrder: async (order: Parameters<typeof real.createOrder>[0]) => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return real.createOrder(order);
      },
    };
    const [a, b] = await Promise.all([
      placeOrder(t.db, slow, cartInput(f.alice, f.aliceAddress)),
      placeOrder(t.db, slow, cartInput(f.alice, f.aliceAddress)),
    ]);
    if (!a.ok || !b.ok) throw new Error("order failed");
    expect(b.order.id).toBe(a.order.id);
    expect(b.order.razorpayOrderId).toBe(a.order.razorpayOrderId);
    expect(await t.db.selectFrom("orders").selectAll().execute()).toHaveLength(1);
  });

  it("switching to cash on delivery releases the shopper's own unpaid attempt, whose payment is then refunded", async () => {
    await addCartLine(t.db, f.alice, f.products.lastFive, 3);
    const online = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    if (!online.ok) throw new Error(online.message);
    expect(await stockOf(t.db, f.products.lastFive)).toBe(2);
    // Two units are left on the shelf: the shopper's own attempt holds the other three.
    const cod = await placeOrder(t.db, gateway(), {
      ...cartInput(f.alice, f.aliceAddress),
      paymentMethod: "cod",
    });
    if (!cod.ok) throw new Error(cod.message);
    expect(cod.order.status).toBe("placed");
    expect(await orderRow(online.order.id)).toMatchObject({
      status: "expired",
      replaced_by_order_id: cod.order.id,
    });
    expect(await stockOf(t.db, f.products.lastFive)).toBe(2);

    // The abandoned attempt is paid after all (a UPI request approved late): not a second sale.
    const late = rzp.pay(online.order.razorpayOrderId!);
    const verified = await verifyPayment(t.db, gateway(), {
      razorpayOrderId: late.razorpay_order_id,
      razorpayPaymentId: late.razorpay_payment_id,
      razorpaySignature: late.razorpay_signature,
      source: "callback",
    });
    expect(verified).toMatchObject({ ok: true, status: "expired", changed: false });
    // The same payment told again (its webhook after the callback) flags it once.
    await recordSuccessfulPayment(t.db, {
      razorpayOrderId: late.razorpay_order_id,
      razorpayPaymentId: late.razorpay_payment_id,
      source: "webhook:payment.captured",
    });
    const row = await orderRow(online.order.id);
    expect(row.attention).toBe(
      `Payment ${late.razorpay_payment_id} arrived after the order expired and order ${cod.order.id} took its place: refund it`,
    );
    expect(row.razorpay_payment_id).toBe(late.razorpay_payment_id);
    expect(await stockOf(t.db, f.products.lastFive)).toBe(2);
  });

  it("a late payment of a replaced attempt is honoured while its replacement is unpaid, which then ends", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    const first = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    if (!first.ok) throw new Error(first.message);
    await recordFailedPayment(t.db, {
      razorpayOrderId: first.order.razorpayOrderId!,
      code: "BAD_REQUEST_ERROR",
      source: "callback",
      failOrder: true,
    });
    const second = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    if (!second.ok) throw new Error(second.message);
    expect((await orderRow(first.order.id)).replaced_by_order_id).toBe(second.order.id);

    const pay = (razorpayOrderId: string) => {
      const p = rzp.pay(razorpayOrderId);
      return verifyPayment(t.db, gateway(), {
        razorpayOrderId: p.razorpay_order_id,
        razorpayPaymentId: p.razorpay_payment_id,
        razorpaySignature: p.razorpay_signature,
        source: "callback",
      });
    };
    expect(await pay(first.order.razorpayOrderId!)).toMatchObject({ status: "paid" });
    expect(await orderRow(second.order.id)).toMatchObject({
      status: "expired",
      replaced_by_order_id: first.order.id,
    });
    expect(await stockOf(t.db, f.products.winch)).toBe(9);
    // The replacement paid as well: refunded, one unit sold.
    expect(await pay(second.order.razorpayOrderId!)).toMatchObject({ status: "expired" });
    expect((await orderRow(second.order.id)).attention).toMatch(/refund it/);
    expect(await stockOf(t.db, f.products.winch)).toBe(9);
  });

  it("refuses a buyer's GSTIN registered in another state than the delivery address", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    const refused = await placeOrder(t.db, gateway(), {
      ...cartInput(f.alice, f.aliceAddress),
      buyerGstin: "27AAPFU0939F1ZV",
    });
    expect(refused).toMatchObject({
      ok: false,
      code: "gstin",
      status: 400,
      message: expect.stringMatching(/registered in Maharashtra, but the order goes to Karnataka/),
    });
    expect(await t.db.selectFrom("orders").selectAll().execute()).toHaveLength(0);
    const accepted = await placeOrder(t.db, gateway(), {
      ...cartInput(f.alice, f.aliceAddress),
      buyerGstin: "29AAPFU0939F1ZR",
    });
    expect(accepted.ok).toBe(true);
  });

  it("a Razorpay failure fails the order and gives the stock back", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 3);
    rzp.failNext(500);
    const result = await placeOrder(t.db, gateway(), cartInput(f.alice, f.aliceAddress));
    expect(result).toMatchObject({
      ok: false,
      code: "gateway",
      message: "Payment initiation failed.",
    });
    expect(await stockOf(t.db, f.products.winch)).toBe(10);
    const [order] = await t.db.selectFrom("orders").selectAll().execute();
    expect(order.status).toBe("failed");
    // Wrong keys are a failure too, never a crash.
    const badKeys = createRazorpayGateway({
      keyId: "rzp_test_x",
      keySecret: "wrong",
      apiUrl: rzp.url,
    });
    expect(await placeOrder(t.db, badKeys, cartInput(f.alice, f.aliceAddress))).toMatchObject({
      ok: false,
      code: "gateway",
    });
    expect(await stockOf(t.db, f.products.winch)).toBe(10);
  });
});

describe("reservation expiry", () => {
  it("an unpaid order gives its stock back after 30 minutes, not before", async () => {
    await addCartLine(t.db, f.alice, f.products.lastFive, 5);
    const t0 = new Date("2026-03-01T10:00:00.000Z");
    const result = await placeOrder(t.db, gateway(), {
      ...cartInput(f.alice, f.aliceAddress),
      now: t0,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await stockOf(t.db, f.products.lastFive)).toBe(0);
    expect(await expireStaleOrders(t.db, new Date(t0.getTime() + 29 * 60_000))).toBe(0);
    expect(await stockOf(t.db, f.products.lastFive)).toBe(0);
    expect(await expireStaleOrders(t.db, new Date(t0.getTime() + 30 * 60_000 + 1))).toBe(1);
    expect(await stockOf(t.db, f.products.lastFive)).toBe(5);
    expect((await getOrderForUser(t.db, f.alice, result.order.id))?.status).toBe("expired");
    // Running it again changes nothing.
    expect(await expireStaleOrders(t.db, new Date(t0.getTime() + 60 * 60_000))).toBe(0);
    expect(await stockOf(t.db, f.products.lastFive)).toBe(5);

    // Bob can now buy the units; Alice's late payment then finds no stock and is flagged, not oversold.
    await addCartLine(t.db, f.bob, f.products.lastFive, 5);
    expect((await placeOrder(t.db, gateway(), cartInput(f.bob, f.bobAddress))).ok).toBe(true);
    const late = rzp.pay(result.order.razorpayOrderId!);
    const verified = await verifyPayment(t.db, gateway(), {
      razorpayOrderId: late.razorpay_order_id,
      razorpayPaymentId: late.razorpay_payment_id,
      razorpaySignature: late.razorpay_signature,
      source: "callback",
    });
    expect(verified).toMatchObject({ ok: true, status: "expired", changed: false });
    expect(await stockOf(t.db, f.products.lastFive)).toBe(0);
    const row = await t.db
      .selectFrom("orders")
      .select("attention")
      .where("id", "=", result.order.id)
      .executeTakeFirstOrThrow();
    expect(row.attention).toMatch(/refund/);
  });

  it("a late payment refused for want of stock stays refused when its webhook comes after the stock is back", async () => {
    await addCartLine(t.db, f.alice, f.products.lastFive, 5);
    const t0 = new Date(Date.now() - 40 * 60_000);
    const alice = await placeOrder(t.db, gateway(), {
      ...cartInput(f.alice, f.aliceAddress),
      now: t0,
    });
    if (!alice.ok) throw new Error(alice.message);
    await expireStaleOrders(t.db);
    await addCartLine(t.db, f.bob, f.products.lastFive, 5);
    const bob = await placeOrder(t.db, gateway(), cartInput(f.bob, f.bobAddress));
    if (!bob.ok) throw new Error(bob.message);

    const late = rzp.pay(alice.order.razorpayOrderId!);
    const input = {
      razorpayOrderId: late.razorpay_order_id,
      razorpayPaymentId: late.razorpay_payment_id,
      razorpaySignature: late.razorpay_signature,
      source: "callback",
    };
    expect(await verifyPayment(t.db, gateway(), input)).toMatchObject({ status: "expired" });
    expect((await orderRow(alice.order.id)).attention).toMatch(/stock is gone: refund it/);

    // Bob never pays: his units come back. The admin is refunding Alice's payment meanwhile, so
    // neither the replayed callback nor Razorpay's webhook for it may now sell her the units.
    expect(await expireStaleOrders(t.db, new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(await stockOf(t.db, f.products.lastFive)).toBe(5);
    expect(await verifyPayment(t.db, gateway(), input)).toMatchObject({
      status: "expired",
      changed: false,
    });
    expect(
      await recordSuccessfulPayment(t.db, {
        razorpayOrderId: late.razorpay_order_id,
        razorpayPaymentId: late.razorpay_payment_id,
        amountPaise: alice.order.amountPaise,
        source: "webhook:payment.captured",
      }),
    ).toMatchObject({ ok: true, status: "expired", changed: false });
    expect(await orderRow(alice.order.id)).toMatchObject({ status: "expired", paid_at: null });
    expect(await stockOf(t.db, f.products.lastFive)).toBe(5);
  });

  it("a late payment while stock remains takes the units again and marks the order paid", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 2);
    const t0 = new Date(Date.now() - 40 * 60_000);
    const result = await placeOrder(t.db, gateway(), {
      ...cartInput(f.alice, f.aliceAddress),
      now: t0,
    });
    if (!result.ok) throw new Error("order failed");
    await expireStaleOrders(t.db);
    expect(await stockOf(t.db, f.products.winch)).toBe(10);
    const late = rzp.pay(result.order.razorpayOrderId!);
    const verified = await verifyPayment(t.db, gateway(), {
      razorpayOrderId: late.razorpay_order_id,
      razorpayPaymentId: late.razorpay_payment_id,
      razorpaySignature: late.razorpay_signature,
      source: "callback",
    });
    expect(verified).toMatchObject({ ok: true, status: "paid", changed: true });
    expect(await stockOf(t.db, f.products.winch)).toBe(8);
  });
});

describe("payment verification", () => {
  async function pendingOrder(userId = f.alice, addressId = f.aliceAddress) {
    await addCartLine(t.db, userId, f.products.winch, 1);
    const result = await placeOrder(t.db, gateway(), cartInput(userId, addressId));
    if (!result.ok) throw new Error(result.message);
    return result.order;
  }

  it("a good signature marks the order paid once and takes the ordered units out of the cart", async () => {
    const order = await pendingOrder();
    await addCartLine(t.db, f.alice, f.products.lights, 1); // added after ordering: stays in the cart
    // Two more units of the ordered winch after ordering: they stay too, the ordered one goes.
    await t.db
      .updateTable("cart_items")
      .set({ quantity: 3 })
      .where("user_id", "=", f.alice)
      .where("product_id", "=", f.products.winch)
      .execute();
    const paid = rzp.pay(order.razorpayOrderId!);
    const input = {
      razorpayOrderId: paid.razorpay_order_id,
      razorpayPaymentId: paid.razorpay_payment_id,
      razorpaySignature: paid.razorpay_signature,
      source: "callback",
    };
    expect(await verifyPayment(t.db, gateway(), input)).toMatchObject({
      ok: true,
      status: "paid",
      changed: true,
    });
    expect(await verifyPayment(t.db, gateway(), input)).toMatchObject({
      ok: true,
      status: "paid",
      changed: false,
    });
    const view = await getOrderForUser(t.db, f.alice, order.id);
    expect(view?.payments).toHaveLength(1);
    expect(view?.razorpayPaymentId).toBe(paid.razorpay_payment_id);
    const cart = await t.db
      .selectFrom("cart_items")
      .select(["product_id", "quantity"])
      .where("user_id", "=", f.alice)
      .orderBy("id")
      .execute();
    expect(cart).toEqual([
      { product_id: f.products.winch, quantity: 2 },
      { product_id: f.products.lights, quantity: 1 },
    ]);
    const history = await t.db
      .selectFrom("order_status_history")
      .select("to_status")
      .where("order_id", "=", order.id)
      .execute();
    expect(history.map((h) => h.to_status)).toEqual(["pending_payment", "paid"]);
    expect((await listPaidOrdersForUser(t.db, f.alice)).map((o) => o.id)).toEqual([order.id]);
  });

  it("a bad signature, another order's signature, a wrong length or non-hex signature leave the order unpaid", async () => {
    const order = await pendingOrder();
    const other = await pendingOrder(f.bob, f.bobAddress);
    const paid = rzp.pay(order.razorpayOrderId!);
    const otherPaid = rzp.pay(other.razorpayOrderId!);
    const base = {
      razorpayOrderId: order.razorpayOrderId,
      razorpayPaymentId: paid.razorpay_payment_id,
      source: "callback",
    };
    const flipped = paid.razorpay_signature.replace(/^./, (c) => (c === "0" ? "1" : "0"));
    expect(
      await verifyPayment(t.db, gateway(), { ...base, razorpaySignature: flipped }),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: "Payment verification failed.",
    });
    // Bob's valid signature presented for Alice's order.
    expect(
      await verifyPayment(t.db, gateway(), {
        ...base,
        razorpayPaymentId: otherPaid.razorpay_payment_id,
        razorpaySignature: otherPaid.razorpay_signature,
      }),
    ).toMatchObject({ ok: false, status: 400 });
    for (const bad of [
      paid.razorpay_signature.slice(2),
      `${paid.razorpay_signature}00`,
      "z".repeat(64),
      "",
      null,
      42,
    ]) {
      expect(
        await verifyPayment(t.db, gateway(), { ...base, razorpaySignature: bad }),
      ).toMatchObject({ ok: false, status: 400 });
    }
    // The sandbox's signature (another secret) is no good for a Razorpay order.
    const sandbox = createSandboxGateway("some-other-secret");
    const forged = sandbox.pay(order.razorpayOrderId!);
    expect(
      await verifyPayment(t.db, gateway(), {
        ...base,
        razorpayPaymentId: forged.razorpayPaymentId,
        razorpaySignature: forged.razorpaySignature,
      }),
    ).toMatchObject({ ok: false });
    expect((await getOrderForUser(t.db, f.alice, order.id))?.status).toBe("pending_payment");
    expect(await t.db.selectFrom("payments").selectAll().execute()).toHaveLength(0);
  });

  it("through the API door only the owner's order is found (404 for anyone else)", async () => {
    const order = await pendingOrder();
    const paid = rzp.pay(order.razorpayOrderId!);
    const result = await verifyPayment(t.db, gateway(), {
      razorpayOrderId: paid.razorpay_order_id,
      razorpayPaymentId: paid.razorpay_payment_id,
      razorpaySignature: paid.razorpay_signature,
      source: "api",
      userId: f.bob,
    });
    expect(result).toMatchObject({ ok: false, status: 404 });
    expect(await getOrderForUser(t.db, f.bob, order.id)).toBeNull();
  });

  it("a failure from the payment page fails the order, frees the stock and keeps the cart", async () => {
    const order = await pendingOrder();
    expect(await stockOf(t.db, f.products.winch)).toBe(9);
    await recordFailedPayment(t.db, {
      razorpayOrderId: order.razorpayOrderId!,
      razorpayPaymentId: "pay_failed000001",
      code: "BAD_REQUEST_ERROR",
      description: "Payment failed",
      source: "callback",
      failOrder: true,
    });
    expect((await getOrderForUser(t.db, f.alice, order.id))?.status).toBe("failed");
    expect(await stockOf(t.db, f.products.winch)).toBe(10);
    expect(
      await t.db.selectFrom("cart_items").selectAll().where("user_id", "=", f.alice).execute(),
    ).toHaveLength(1);
    expect(await listPaidOrdersForUser(t.db, f.alice)).toEqual([]);
  });
});

describe("admin", () => {
  it("lists the orders still to ship: paid online, and cash on delivery placed or confirmed", async () => {
    const sandbox = createSandboxGateway("secret");
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    const online = await placeOrder(t.db, sandbox, cartInput(f.alice, f.aliceAddress));
    await addCartLine(t.db, f.bob, f.products.lastFive, 1);
    const cod = await placeOrder(t.db, sandbox, {
      ...cartInput(f.bob, f.bobAddress),
      paymentMethod: "cod",
    });
    if (!online.ok || !cod.ok) throw new Error("order failed");
    expect((await listAllOrders(t.db, { status: "to-ship" })).orders.map((o) => o.id)).toEqual([
      cod.order.id,
    ]);
    await t.db
      .updateTable("orders")
      .set({ status: "paid", paid_at: new Date().toISOString() })
      .where("id", "=", online.order.id)
      .execute();
    const toShip = await listAllOrders(t.db, { status: "to-ship" });
    expect(toShip.orders.map((o) => o.id).sort()).toEqual([online.order.id, cod.order.id].sort());
    expect(toShip.total).toBe(2);

    // "attention": only the orders with a note for the admin (the dashboard's figure).
    expect((await listAllOrders(t.db, { status: "attention" })).total).toBe(0);
    await t.db
      .updateTable("orders")
      .set({ attention: "A second payment arrived" })
      .where("id", "=", cod.order.id)
      .execute();
    const attention = await listAllOrders(t.db, { status: "attention" });
    expect(attention.orders.map((o) => [o.id, o.attention])).toEqual([
      [cod.order.id, "A second payment arrived"],
    ]);
  });

  it("finds an order by its number, or by the customer's e-mail, name or phone", async () => {
    const sandbox = createSandboxGateway("secret");
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    const alices = await placeOrder(t.db, sandbox, cartInput(f.alice, f.aliceAddress));
    await addCartLine(t.db, f.bob, f.products.lastFive, 1);
    const bobs = await placeOrder(t.db, sandbox, cartInput(f.bob, f.bobAddress));
    if (!alices.ok || !bobs.ok) throw new Error("order failed");
    const found = async (q: string) =>
      (await listAllOrders(t.db, { q })).orders.map((o) => o.id).sort();
    expect(await found(String(bobs.order.id))).toEqual([bobs.order.id]);
    expect(await found(`#${alices.order.id}`)).toEqual([alices.order.id]);
    expect(await found("ALICE@example")).toEqual([alices.order.id]);
    expect(await found("bob singh")).toEqual([bobs.order.id]);
    expect(await found("9876543210")).toEqual([alices.order.id, bobs.order.id].sort());
    expect((await listAllOrders(t.db, { q: "bob", status: "paid" })).total).toBe(0);
    for (const q of ["nobody", "100%", "#99999999999999999999", "99999999999999999999"])
      expect((await listAllOrders(t.db, { q })).total).toBe(0);
  });

  it("moves orders only along the allowed transitions, restocks cancellations and counts revenue", async () => {
    const sandbox = createSandboxGateway("secret");
    await addCartLine(t.db, f.alice, f.products.winch, 2);
    const placed = await placeOrder(t.db, sandbox, cartInput(f.alice, f.aliceAddress));
    if (!placed.ok) throw new Error(placed.message);
    expect(
      await transitionOrder(t.db, placed.order.id, "shipped", { by: "admin:1" }),
    ).toMatchObject({ ok: false, status: 409 });
    const pay = sandbox.pay(placed.order.razorpayOrderId!);
    await verifyPayment(t.db, sandbox, {
      razorpayOrderId: placed.order.razorpayOrderId,
      razorpayPaymentId: pay.razorpayPaymentId,
      razorpaySignature: pay.razorpaySignature,
      source: "callback",
    });
    expect(await orderStats(t.db)).toMatchObject({
      paidOrders: 1,
      revenuePaise: 30_000_000,
      pendingOrders: 0,
    });
    expect(
      await transitionOrder(t.db, placed.order.id, "shipped", {
        by: "admin:1",
        trackingNumber: "DLV123",
      }),
    ).toEqual({
      ok: true,
      status: "shipped",
    });
    expect(
      await transitionOrder(t.db, placed.order.id, "cancelled", { by: "admin:1" }),
    ).toMatchObject({ ok: false });
    expect(await transitionOrder(t.db, 9999, "shipped", { by: "admin:1" })).toMatchObject({
      ok: false,
      status: 404,
    });
    const list = await listAllOrders(t.db, { status: "shipped", page: 1 });
    expect(list.total).toBe(1);
    expect(list.orders[0]).toMatchObject({ email: "alice@example.com", trackingNumber: "DLV123" });

    await addCartLine(t.db, f.bob, f.products.winch, 1);
    const second = await placeOrder(t.db, sandbox, cartInput(f.bob, f.bobAddress));
    if (!second.ok) throw new Error(second.message);
    const pay2 = sandbox.pay(second.order.razorpayOrderId!);
    await verifyPayment(t.db, sandbox, {
      razorpayOrderId: second.order.razorpayOrderId,
      razorpayPaymentId: pay2.razorpayPaymentId,
      razorpaySignature: pay2.razorpaySignature,
      source: "callback",
    });
    expect(await stockOf(t.db, f.products.winch)).toBe(7);
    expect(
      await transitionOrder(t.db, second.order.id, "cancelled", { by: "admin:1" }),
    ).toMatchObject({ ok: true });
    expect(await stockOf(t.db, f.products.winch)).toBe(8);
    expect(await orderStats(t.db)).toMatchObject({ paidOrders: 1, revenuePaise: 30_000_000 });
  });
});
