// The checkout's doors, called as the server calls them: the payment callback, the webhook and
// the JSON API, on a real database, with the real razorpay SDK talking to a local stand-in.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUserSession } from "~/auth/session.server";
import { issueApiToken } from "~/models/api-token.server";
import { getOrderForUser } from "~/models/order/index.server";
import { cancelOrder } from "~/models/return.server";
import { setVariantStock } from "~/models/variant-stock.server";
import { getPaymentGateway, resetPaymentGateway } from "~/payments/payments.server";
import { action as createOrder } from "~/routes/api.v1.checkout.create-order";
import { action as verifyPaymentApi } from "~/routes/api.v1.checkout.verify-payment";
import { loader as adminOrdersApi } from "~/routes/api.v1.adminOrders";
import { loader as orderApi } from "~/routes/api.v1.orders.$orderId";
import { loader as userOrdersApi } from "~/routes/api.v1.userOrders";
import { action as webhook } from "~/routes/api.v1.webhooks.razorpay";
import { action as checkoutPage, loader as checkoutLoader } from "~/routes/checkout";
import { action as callback } from "~/routes/checkout_.callback";
import { loader as orderPage } from "~/routes/order.$orderId";
import { loader as userOrdersPage } from "~/routes/userOrders";
import { resetEnvCache } from "~/utils/env.server";
import { insertTwinLabelWheel } from "../../support/catalog-fixture";
import { addCartLine, insertCheckoutFixture, stockOf } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";
import {
  signWebhook,
  startRazorpayStandIn,
  webhookBody,
  type RazorpayStandIn,
} from "../../support/razorpay-standin";
import { callRoute, toastsOf } from "../../support/route";

const WEBHOOK_SECRET = "webhook-secret-for-tests";
const BASE = "http://127.0.0.1:3999";
let rzp: RazorpayStandIn;
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
let aliceToken: string;
let bobToken: string;
const saved = { ...process.env };

beforeAll(async () => {
  rzp = await startRazorpayStandIn();
});
afterAll(async () => {
  await rzp.close();
  process.env = saved;
  resetEnvCache();
  resetPaymentGateway();
});
beforeEach(async () => {
  t = await withAppDb();
  f = await insertCheckoutFixture(t.db);
  Object.assign(process.env, {
    NODE_ENV: "test",
    PUBLIC_URL: BASE,
    SESSION_SECRET: "test-session-secret-0123456789abcdef",
    RAZORPAY_KEY_ID: rzp.keyId,
    RAZORPAY_KEY_SECRET: rzp.keySecret,
    RAZORPAY_API_URL: rzp.url,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  resetEnvCache();
  resetPaymentGateway();
  aliceToken = (await issueApiToken(t.db, f.alice)).token;
  bobToken = (await issueApiToken(t.db, f.bob)).token;
});
afterEach(async () => {
  await t.cleanup();
});

const api = (path: string, token: string, body?: unknown, headers: Record<string, string> = {}) =>
  new Request(`${BASE}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const call = callRoute;

/** Creates Alice's cart order through the API door. */
async function aliceOrder(extra: Record<string, unknown> = {}) {
  await addCartLine(t.db, f.alice, f.products.winch, 1);
  const res = await call(
    createOrder,
    api("/api/v1/checkout/create-order", aliceToken, {
      billingAddressId: f.aliceAddress,
      ...extra,
    }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { orderId: number; razorpayOrderId: string; amount: number };
}

function postWebhook(body: string, options: { eventId?: string; signature?: string } = {}) {
  return call(
    webhook,
    new Request(`${BASE}/api/v1/webhooks/razorpay`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Razorpay-Signature": options.signature ?? signWebhook(WEBHOOK_SECRET, body),
        ...(options.eventId ? { "X-Razorpay-Event-Id": options.eventId } : {}),
      },
      body,
    }),
  );
}

const status = async (orderId: number) => (await getOrderForUser(t.db, f.alice, orderId))?.status;

describe("create-order", () => {
  it("ignores a tampered amount and answers the spec's fields", async () => {
    const order = await aliceOrder({ amount: 100 });
    expect(order.amount).toBe(15_000_000);
    expect(order.razorpayOrderId).toMatch(/^order_/);
    expect(rzp.requests.at(-1)?.body).toMatchObject({
      amount: 15_000_000,
      currency: "INR",
      receipt: String(order.orderId),
    });
  });

  it("with the same Idempotency-Key answers the same order", async () => {
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    const req = () =>
      api(
        "/api/v1/checkout/create-order",
        aliceToken,
        { billingAddressId: f.aliceAddress },
        { "Idempotency-Key": "retry-key-123" },
      );
    const first = await call(createOrder, req());
    const second = await call(createOrder, req());
    expect([first.status, second.status]).toEqual([201, 200]);
    expect((await first.json()).orderId).toBe((await second.json()).orderId);
  });

  it("the same Idempotency-Key with another request is refused (422), not answered with the first order", async () => {
    const send = (body: Record<string, unknown>) =>
      call(
        createOrder,
        api(
          "/api/v1/checkout/create-order",
          aliceToken,
          { billingAddressId: f.aliceAddress, ...body },
          { "Idempotency-Key": "buy-now-key-456" },
        ),
      );
    const first = await send({ productId: f.products.lights, quantity: 2 });
    expect(first.status).toBe(201);
    for (const other of [
      { productId: f.products.lights, quantity: 1 },
      { productId: f.products.winch, quantity: 2 },
      { productId: f.products.lights, quantity: 2, paymentMethod: "cod" },
    ]) {
      const res = await send(other);
      expect(res.status, JSON.stringify(other)).toBe(422);
      expect(await res.json()).toMatchObject({ errors: { idempotencyKey: expect.any(String) } });
    }
    expect(await t.db.selectFrom("orders").selectAll().execute()).toHaveLength(1);
    const retry = await send({ productId: f.products.lights, quantity: 2 });
    expect(retry.status).toBe(200);
    expect((await retry.json()).orderId).toBe((await first.json()).orderId);
  });

  it("refuses without a token (401), with someone else's address (400) and for Buy Now without a product (400)", async () => {
    expect((await call(createOrder, api("/api/v1/checkout/create-order", "nope", {}))).status).toBe(
      401,
    );
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    const other = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, { billingAddressId: f.bobAddress }),
    );
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({
      message: "Please select a delivery address first.",
    });
    const single = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, { checkoutType: "single" }),
    );
    expect(single.status).toBe(400);
  });

  it("names the field of each refusal in errors: the cart, the product, its size (as the client sent them)", async () => {
    const refusal = async (body: Record<string, unknown>) => {
      const res = await call(
        createOrder,
        api("/api/v1/checkout/create-order", aliceToken, {
          billingAddressId: f.aliceAddress,
          ...body,
        }),
      );
      expect(res.status).toBe(400);
      return (await res.json()) as { message: string; errors?: Record<string, string> };
    };
    expect(await refusal({})).toEqual({
      message: "Your cart is empty.",
      errors: { cart: "Your cart is empty." },
    });
    expect(await refusal({ productId: 987_654 })).toEqual({
      message: "This product is no longer sold.",
      errors: { productId: "This product is no longer sold." },
    });
    expect(await refusal({ checkoutType: "single", cartItems: [{ id: 987_654 }] })).toMatchObject({
      errors: { "cartItems.0.id": "This product is no longer sold." },
    });
    // A wheel needs a size; a label two of its sizes share needs the size id (as cart/addItem says).
    const wheel = await insertTwinLabelWheel(t.db);
    expect(await refusal({ productId: wheel.productId })).toEqual({
      message: "Choose a size.",
      errors: { wheelSize: "Choose a size." },
    });
    const twin = await refusal({ productId: wheel.productId, wheelSize: "17x8.5" });
    expect(twin.errors).toEqual({ sizeId: twin.message });
    expect(twin.message).toMatch(/send sizeId/);
    expect(
      await refusal({
        checkoutType: "single",
        cartItems: [{ id: wheel.productId, size: "17x8.5" }],
      }),
    ).toMatchObject({ errors: { "cartItems.0.sizeId": expect.stringMatching(/send sizeId/) } });
    expect(await refusal({ productId: wheel.productId, sizeId: 987_654 })).toMatchObject({
      errors: { sizeId: "Choose one of the sizes shown." },
    });
  });

  it("reads ids and quantities as JSON integers or decimal digits, never hex or exponent text", async () => {
    for (const body of [
      { productId: `0x${f.products.winch.toString(16)}` },
      { productId: `${f.products.winch}e0` },
      { checkoutType: "single", cartItems: [{ id: f.products.winch, quantity: "0x2" }] },
      { checkoutType: "single", cartItems: [{ id: f.products.winch, quantity: "2e0" }] },
    ]) {
      const res = await call(
        createOrder,
        api("/api/v1/checkout/create-order", aliceToken, {
          billingAddressId: f.aliceAddress,
          ...body,
        }),
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await res.json()).errors)).toEqual([
        "productId" in body ? "productId" : "cartItems.0.quantity",
      ]);
    }
    expect(await t.db.selectFrom("orders").select("id").execute()).toEqual([]);
    // Digits, as a form sends them, still count.
    const digits = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        billingAddressId: f.aliceAddress,
        checkoutType: "single",
        cartItems: [{ id: String(f.products.lights), quantity: "2" }],
      }),
    );
    expect(digits.status).toBe(201);
    expect((await digits.json()).amount).toBe(2 * 2_499_950);
  });
});

describe("the checkout page", () => {
  it("Pay Now after the session ended goes to the login with 'Login required!' and back here", async () => {
    const res = await callRoute(
      checkoutPage,
      new Request(`${BASE}/checkout?step=payment&address=1`, {
        method: "POST",
        headers: { Origin: BASE },
        body: new URLSearchParams({ idempotencyKey: "abcdefgh123", address: "1" }),
      }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/checkout?step=payment&address=1")}`,
    );
    expect(await toastsOf(res)).toEqual(["Login required!"]);
  });

  it("Buy Now for more than is left goes back to the product with the quantity that is left, and says how many", async () => {
    const key = { productId: f.products.winch, sizeId: null, colorId: null };
    await setVariantStock(t.db, key, 2);
    const alice = (await createUserSession(new Request(`${BASE}/login`), f.alice)).split(";")[0];
    const buyNow = (quantity: number) =>
      callRoute(
        checkoutLoader,
        new Request(`${BASE}/checkout?productId=${f.products.winch}&quantity=${quantity}`, {
          headers: { Cookie: alice },
        }),
      );
    expect((await buyNow(2)).status).toBe(200);
    const tooMany = await buyNow(3);
    expect(tooMany.status).toBe(303);
    expect(tooMany.headers.get("Location")).toBe(`/product/${f.products.winch}?quantity=2`);
    const [message] = await toastsOf(tooMany);
    expect(message).toMatch(/^Sorry, only 2 of .+ are left; you asked for 3\.$/);
    // Pay Now through the API says the same, with the count.
    const placed = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        billingAddressId: f.aliceAddress,
        checkoutType: "single",
        productId: f.products.winch,
        quantity: 3,
      }),
    );
    expect(placed.status).toBe(409);
    expect(((await placed.json()) as { message: string }).message).toBe(message);

    // Units held by the shopper's own unpaid order count as theirs (Back from the payment step).
    const held = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        billingAddressId: f.aliceAddress,
        checkoutType: "single",
        productId: f.products.winch,
        quantity: 2,
      }),
    );
    expect(held.status).toBe(201);
    expect(await stockOf(t.db, f.products.winch)).toBe(0);
    expect((await buyNow(2)).status).toBe(200);
    // Anyone else finds it sold out, and is told so on the product.
    const bob = (await createUserSession(new Request(`${BASE}/login`), f.bob)).split(";")[0];
    const soldOut = await callRoute(
      checkoutLoader,
      new Request(`${BASE}/checkout?productId=${f.products.winch}&quantity=1`, {
        headers: { Cookie: bob },
      }),
    );
    expect([soldOut.status, soldOut.headers.get("Location")]).toEqual([
      303,
      `/product/${f.products.winch}`,
    ]);
    expect(await toastsOf(soldOut)).toEqual([expect.stringMatching(/^Sorry, .+ is sold out\.$/)]);
  });
});

/** The order paid at the stand-in: verify-payment's body, as the checkout's client sends it. */
function paidInStandIn(order: { orderId: number; razorpayOrderId: string }) {
  const paid = rzp.pay(order.razorpayOrderId);
  return {
    razorpayOrderId: paid.razorpay_order_id,
    razorpayPaymentId: paid.razorpay_payment_id,
    razorpaySignature: paid.razorpay_signature,
    orderId: order.orderId,
  };
}

describe("verify-payment and the callback", () => {
  it("verify-payment marks the order paid once; a bad signature is 400; someone else's order is 404", async () => {
    const order = await aliceOrder();
    const body = paidInStandIn(order);
    const bad = await call(
      verifyPaymentApi,
      api("/api/v1/checkout/verify-payment", aliceToken, {
        ...body,
        razorpaySignature: "0".repeat(64),
      }),
    );
    expect(bad.status).toBe(400);
    expect(await status(order.orderId)).toBe("pending_payment");
    const bob = await call(
      verifyPaymentApi,
      api("/api/v1/checkout/verify-payment", bobToken, body),
    );
    expect(bob.status).toBe(404);
    for (let i = 0; i < 2; i++) {
      const ok = await call(
        verifyPaymentApi,
        api("/api/v1/checkout/verify-payment", aliceToken, body),
      );
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ success: true, orderId: order.orderId });
    }
    const payments = await t.db.selectFrom("payments").selectAll().execute();
    expect(payments).toHaveLength(1);
  });

  it("the same good verification sent after the order was cancelled and refunded still answers success", async () => {
    const order = await aliceOrder();
    const body = paidInStandIn(order);
    const verify = () =>
      call(verifyPaymentApi, api("/api/v1/checkout/verify-payment", aliceToken, body));
    expect((await verify()).status).toBe(200);
    const cancelled = await cancelOrder(t.db, getPaymentGateway(), {
      orderId: order.orderId,
      by: "admin:1",
    });
    expect(cancelled).toMatchObject({ ok: true, refund: { status: expect.any(String) } });
    const after = await status(order.orderId);
    expect(["cancelled", "refunded"]).toContain(after);
    const again = await verify();
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      success: true,
      orderId: order.orderId,
      status: after,
    });
    expect(await status(order.orderId)).toBe(after);
    expect(await t.db.selectFrom("payments").select("status").execute()).toEqual([
      { status: "paid" },
    ]);
  });

  it("a payment sent with another order's id is refused before anything is recorded", async () => {
    const first = await aliceOrder();
    const res2 = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        billingAddressId: f.aliceAddress,
        productId: f.products.lights,
      }),
    );
    expect(res2.status).toBe(201);
    const second = (await res2.json()) as { orderId: number };
    const paid = rzp.pay(first.razorpayOrderId);
    const res = await call(
      verifyPaymentApi,
      api("/api/v1/checkout/verify-payment", aliceToken, {
        razorpayOrderId: paid.razorpay_order_id,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
        orderId: second.orderId,
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: { orderId: expect.any(String) } });
    expect(await status(first.orderId)).toBe("pending_payment");
    expect(await status(second.orderId)).toBe("pending_payment");
    expect(await t.db.selectFrom("payments").selectAll().execute()).toHaveLength(0);
    const missing = await call(
      verifyPaymentApi,
      api("/api/v1/checkout/verify-payment", aliceToken, { razorpayOrderId: 123 }),
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errors: { razorpayOrderId: expect.any(String) } });
  });

  it("a second payment for a paid order is kept and flags the order for a refund", async () => {
    const order = await aliceOrder();
    const verify = async (paid = rzp.pay(order.razorpayOrderId)) => {
      const res = await call(
        verifyPaymentApi,
        api("/api/v1/checkout/verify-payment", aliceToken, {
          razorpayOrderId: paid.razorpay_order_id,
          razorpayPaymentId: paid.razorpay_payment_id,
          razorpaySignature: paid.razorpay_signature,
          orderId: order.orderId,
        }),
      );
      expect(res.status).toBe(200);
      return paid;
    };
    const attention = async () =>
      (
        await t.db
          .selectFrom("orders")
          .select("attention")
          .where("id", "=", order.orderId)
          .executeTakeFirstOrThrow()
      ).attention;
    const first = await verify();
    await verify(first); // the same payment again changes nothing
    expect(await attention()).toBeNull();
    const second = await verify();
    expect(await attention()).toContain(second.razorpay_payment_id);
    expect(await attention()).toContain(first.razorpay_payment_id);
    await t.db.updateTable("orders").set({ attention: null }).execute();
    // The same through a webhook: a third payment captured for the order.
    const hook = webhookBody("payment.captured", {
      orderId: order.razorpayOrderId,
      paymentId: "pay_hook00000099",
      amount: order.amount,
    });
    expect((await postWebhook(hook, { eventId: "evt_third" })).status).toBe(200);
    expect(await attention()).toContain("pay_hook00000099");
    expect(await status(order.orderId)).toBe("paid");
    const paidRows = await t.db
      .selectFrom("payments")
      .select("razorpay_payment_id")
      .where("status", "=", "paid")
      .execute();
    expect(paidRows).toHaveLength(3);
  });

  it("the callback needs no session: a signed post marks the order paid and answers 303 to the order", async () => {
    const order = await aliceOrder();
    const paid = rzp.pay(order.razorpayOrderId);
    const res = await call(
      callback,
      new Request(`${BASE}/checkout/callback`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://api.razorpay.com",
        },
        body: new URLSearchParams(paid).toString(),
      }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/order/${order.orderId}`);
    expect(await status(order.orderId)).toBe("paid");
    expect(
      await t.db.selectFrom("cart_items").selectAll().where("user_id", "=", f.alice).execute(),
    ).toHaveLength(0);
  });

  it("a signature of the wrong length or not hex is a 400, not a 500", async () => {
    const order = await aliceOrder();
    const paid = rzp.pay(order.razorpayOrderId);
    for (const signature of ["abc", "zz".repeat(32), `${paid.razorpay_signature}ff`, ""]) {
      const res = await call(
        callback,
        new Request(`${BASE}/checkout/callback`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ ...paid, razorpay_signature: signature }).toString(),
        }),
      );
      expect(res.status).toBe(400);
      const api400 = await call(
        verifyPaymentApi,
        api("/api/v1/checkout/verify-payment", aliceToken, {
          razorpayOrderId: paid.razorpay_order_id,
          razorpayPaymentId: paid.razorpay_payment_id,
          razorpaySignature: signature,
        }),
      );
      expect(api400.status).toBe(400);
    }
    expect(await status(order.orderId)).toBe("pending_payment");
  });

  const postFailure = (razorpayOrderId: string, paymentId: string, cookie?: string) =>
    call(
      callback,
      new Request(`${BASE}/checkout/callback`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams({
          "error[code]": "BAD_REQUEST_ERROR",
          "error[description]": "Payment failed",
          "error[metadata]": JSON.stringify({ order_id: razorpayOrderId, payment_id: paymentId }),
        }).toString(),
      }),
    );
  const sessionCookie = async (userId: number) =>
    (await createUserSession(new Request(`${BASE}/login`), userId)).split(";")[0];

  it("a failure posted back by the order's owner fails the order, frees the stock and keeps the cart", async () => {
    const order = await aliceOrder();
    const res = await postFailure(
      order.razorpayOrderId,
      "pay_failed0000001",
      await sessionCookie(f.alice),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/cart");
    expect(await toastsOf(res)).toEqual([
      "Payment failed. Your cart is unchanged; you can try again.",
    ]);
    expect(await status(order.orderId)).toBe("failed");
    expect(await stockOf(t.db, f.products.winch)).toBe(10);
    expect(
      await t.db.selectFrom("cart_items").selectAll().where("user_id", "=", f.alice).execute(),
    ).toHaveLength(1);
  });

  it("a failed Buy Now takes its owner back to that Buy Now's payment step, not the cart", async () => {
    const order = await aliceOrder({ productId: f.products.winch, quantity: 2 });
    const res = await postFailure(
      order.razorpayOrderId,
      "pay_failed0000002",
      await sessionCookie(f.alice),
    );
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get("Location")!, BASE);
    expect(to.pathname).toBe("/checkout");
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      step: "payment",
      address: String(f.aliceAddress),
      productId: String(f.products.winch),
      quantity: "2",
    });
    expect(await toastsOf(res)).toEqual(["Payment failed. You can try again."]);
    expect(await status(order.orderId)).toBe("failed");
  });

  it("a payment that comes after its order ended and is not taken: the shopper's order page says it will be refunded", async () => {
    const cookie = await sessionCookie(f.alice);
    const first = await aliceOrder();
    await postFailure(first.razorpayOrderId, "pay_failed0000003", cookie);
    // Pay Now again: a new order takes the failed one's place, and is paid.
    const again = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, { billingAddressId: f.aliceAddress }),
    );
    expect(again.status).toBe(201);
    const second = (await again.json()) as { orderId: number; razorpayOrderId: string };
    const verified = await call(
      verifyPaymentApi,
      api("/api/v1/checkout/verify-payment", aliceToken, paidInStandIn(second)),
    );
    expect(verified.status).toBe(200);
    // The first order's window was still open: paid there too, it is refused, for a refund.
    const late = rzp.pay(first.razorpayOrderId);
    const res = await call(
      callback,
      new Request(`${BASE}/checkout/callback`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(late).toString(),
      }),
    );
    expect(res.headers.get("Location")).toBe(`/order/${first.orderId}`);
    expect(await status(first.orderId)).toBe("failed");

    const page = (orderId: number) =>
      call(orderPage, new Request(`${BASE}/order/${orderId}`, { headers: { Cookie: cookie } }), {
        orderId: String(orderId),
      }).then((r) => r.json());
    expect(await page(first.orderId)).toMatchObject({
      refusedPaymentId: late.razorpay_payment_id,
    });
    expect(await page(second.orderId)).toMatchObject({ refusedPaymentId: null });

    // The admin's own note (refund this payment) is not in the shopper's pages, nor their data.
    const note = (id: number) =>
      t.db.selectFrom("orders").where("id", "=", id).select("attention").executeTakeFirstOrThrow();
    const refundNote = (await note(first.orderId)).attention;
    expect(refundNote).toContain(late.razorpay_payment_id);
    await t.db
      .updateTable("orders")
      .set({ attention: "check the courier's weight slip" })
      .where("id", "=", second.orderId)
      .execute();
    const list = await call(
      userOrdersPage,
      new Request(`${BASE}/userOrders`, { headers: { Cookie: cookie } }),
    ).then((r) => r.text());
    expect(list).toContain(`"id":${second.orderId}`);
    for (const data of [
      JSON.stringify(await page(first.orderId)),
      JSON.stringify(await page(second.orderId)),
      list,
    ]) {
      expect(data).not.toContain("attention");
      expect(data).not.toContain(refundNote);
      expect(data).not.toContain("weight slip");
    }
  });

  it("an order still waiting for its payment offers Razorpay's checkout for that same order, until its reservation runs out", async () => {
    const cookie = await sessionCookie(f.alice);
    const order = await aliceOrder();
    const page = () =>
      call(
        orderPage,
        new Request(`${BASE}/order/${order.orderId}`, { headers: { Cookie: cookie } }),
        { orderId: String(order.orderId) },
      ).then((r) => r.json() as Promise<{ payment: unknown }>);
    expect((await page()).payment).toEqual({
      kind: "razorpay",
      hosted: expect.objectContaining({
        action: "https://api.razorpay.com/v1/checkout/embedded",
        amountPaise: order.amount,
        fields: expect.objectContaining({
          key_id: rzp.keyId,
          order_id: order.razorpayOrderId,
          amount: String(order.amount),
          callback_url: `${BASE}/checkout/callback`,
          cancel_url: `${BASE}/order/${order.orderId}`,
        }),
      }),
    });
    // Paid through it, the callback places that order; the page offers nothing more to pay.
    const paid = await call(
      callback,
      new Request(`${BASE}/checkout/callback`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(rzp.pay(order.razorpayOrderId)).toString(),
      }),
    );
    expect(paid.headers.get("Location")).toBe(`/order/${order.orderId}`);
    expect(await status(order.orderId)).toBe("paid");
    expect((await page()).payment).toBeNull();

    // Another one, past its reservation (before the expiry timer came by): nothing to pay.
    const late = await aliceOrder();
    await t.db
      .updateTable("orders")
      .set({ reserved_until: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", late.orderId)
      .execute();
    const latePage = await call(
      orderPage,
      new Request(`${BASE}/order/${late.orderId}`, { headers: { Cookie: cookie } }),
      { orderId: String(late.orderId) },
    ).then((r) => r.json() as Promise<{ payment: unknown }>);
    expect(latePage.payment).toBeNull();
  });

  it("an unsigned failure from anyone else is only recorded: the order keeps waiting for its payment", async () => {
    const order = await aliceOrder();
    for (const cookie of [undefined, await sessionCookie(f.bob)]) {
      const res = await postFailure(
        order.razorpayOrderId,
        `pay_forged${cookie ? "bob" : "anon"}00001`,
        cookie,
      );
      expect(res.status).toBe(303);
    }
    expect(await status(order.orderId)).toBe("pending_payment");
    expect(await stockOf(t.db, f.products.winch)).toBe(9);
    const payments = await t.db
      .selectFrom("payments")
      .select("status")
      .where("order_id", "=", order.orderId)
      .execute();
    expect(payments).toEqual([{ status: "failed" }, { status: "failed" }]);
  });
});

describe("orders API", () => {
  it("lists only paid orders, in the spec's shape; someone else's order is 404", async () => {
    const order = await aliceOrder();
    let list = await (await call(userOrdersApi, api("/api/v1/userOrders", aliceToken))).json();
    expect(list).toEqual([]);
    const paid = rzp.pay(order.razorpayOrderId);
    await call(
      verifyPaymentApi,
      api("/api/v1/checkout/verify-payment", aliceToken, {
        razorpayOrderId: paid.razorpay_order_id,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      }),
    );
    list = await (await call(userOrdersApi, api("/api/v1/userOrders", aliceToken))).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: order.orderId,
      totalAmount: 15_000_000,
      userId: { name: "Alice Rao", phone: "9876543210" },
      items: [
        {
          quantity: 1,
          price: 15_000_000,
          product: { title: "Warn Zeon 10-S Winch", brand: "Warn" },
        },
      ],
      payments: [{ status: "paid", razorpayPaymentId: paid.razorpay_payment_id }],
    });
    const mine = await call(orderApi, api(`/api/v1/orders/${order.orderId}`, aliceToken), {
      orderId: String(order.orderId),
    });
    expect(mine.status).toBe(200);
    const theirs = await call(orderApi, api(`/api/v1/orders/${order.orderId}`, bobToken), {
      orderId: String(order.orderId),
    });
    expect(theirs.status).toBe(404);
    const junk = await call(orderApi, api(`/api/v1/orders/abc`, aliceToken), { orderId: "abc" });
    expect(junk.status).toBe(404);
  });

  it("lets an admin read anyone's order, as the invoice and adminOrders do; a customer still gets 404", async () => {
    const order = await aliceOrder();
    const adminId = await f.user("admin@example.com");
    await t.db.updateTable("users").set({ role: "admin" }).where("id", "=", adminId).execute();
    const adminToken = (await issueApiToken(t.db, adminId)).token;
    const read = (token: string, id = order.orderId) =>
      call(orderApi, api(`/api/v1/orders/${id}`, token), { orderId: String(id) });
    const asAdmin = await read(adminToken);
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.json()).toMatchObject({
      id: order.orderId,
      userId: { name: "Alice Rao" },
    });
    expect((await read(bobToken)).status).toBe(404);
    expect((await read(adminToken, 987_654)).status).toBe(404);
    // The same order in adminOrders; its opt-in paging answers [] past the last page, 400 for junk.
    const list = async (query: string) => {
      const res = await call(adminOrdersApi, api(`/api/v1/adminOrders${query}`, adminToken));
      return {
        status: res.status,
        body: await res.json(),
        total: res.headers.get("X-Total-Count"),
      };
    };
    expect((await list("")).body.map((o: { id: number }) => o.id)).toEqual([order.orderId]);
    expect(await list("?page=2")).toEqual({ status: 200, body: [], total: "1" });
    expect(await list("?page=abc")).toMatchObject({
      status: 400,
      body: { errors: { page: expect.any(String) } },
    });
  });

  it("puts the payment that paid the order first and shows what the total is made of", async () => {
    const order = await aliceOrder();
    const failed = webhookBody("payment.failed", {
      orderId: order.razorpayOrderId,
      paymentId: "pay_hookfailed001",
      amount: order.amount,
    });
    await postWebhook(failed, { eventId: "evt_failed_first" });
    const captured = webhookBody("payment.captured", {
      orderId: order.razorpayOrderId,
      paymentId: "pay_hookpaid00001",
      amount: order.amount,
    });
    await postWebhook(captured, { eventId: "evt_paid_second" });
    const res = await call(orderApi, api(`/api/v1/orders/${order.orderId}`, aliceToken), {
      orderId: String(order.orderId),
    });
    const body = (await res.json()) as {
      totalAmount: number;
      shippingAmount: number;
      codFeeAmount: number;
      paymentMethod: string;
      items: { price: number; quantity: number }[];
      payments: { status: string; razorpayPaymentId: string }[];
    };
    expect(body.payments.map((p) => [p.status, p.razorpayPaymentId])).toEqual([
      ["paid", "pay_hookpaid00001"],
      ["failed", "pay_hookfailed001"],
    ]);
    expect(body.paymentMethod).toBe("razorpay");
    expect(body.codFeeAmount).toBe(0);
    const row = await t.db
      .selectFrom("orders")
      .select("shipping_paise")
      .where("id", "=", order.orderId)
      .executeTakeFirstOrThrow();
    expect(body.shippingAmount).toBe(row.shipping_paise);
    const itemsTotal = body.items.reduce((sum, i) => sum + i.price * i.quantity, 0);
    expect(itemsTotal + body.shippingAmount + body.codFeeAmount).toBe(body.totalAmount);
  });
});

describe("webhooks", () => {
  it("refuses a bad or missing signature", async () => {
    const order = await aliceOrder();
    const body = webhookBody("payment.captured", {
      orderId: order.razorpayOrderId,
      paymentId: "pay_hook00000001",
      amount: order.amount,
    });
    expect(
      (await postWebhook(body, { signature: signWebhook("other-secret", body), eventId: "evt_1" }))
        .status,
    ).toBe(400);
    expect((await postWebhook(body, { signature: "nothex", eventId: "evt_1" })).status).toBe(400);
    expect(
      (
        await postWebhook(`${body} `, {
          signature: signWebhook(WEBHOOK_SECRET, body),
          eventId: "evt_1",
        })
      ).status,
    ).toBe(400);
    expect(await status(order.orderId)).toBe("pending_payment");
  });

  it("marks an order paid once (the shopper closed the tab); a repeated event changes nothing", async () => {
    const order = await aliceOrder();
    const body = webhookBody("order.paid", {
      orderId: order.razorpayOrderId,
      paymentId: "pay_hook00000002",
      amount: order.amount,
      receipt: String(order.orderId),
    });
    const first = await postWebhook(body, { eventId: "evt_paid" });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ applied: true });
    expect(await status(order.orderId)).toBe("paid");
    const again = await postWebhook(body, { eventId: "evt_paid" });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ applied: false, outcome: "duplicate" });
    // Another event for the same payment (payment.captured) is applied but changes nothing.
    const captured = webhookBody("payment.captured", {
      orderId: order.razorpayOrderId,
      paymentId: "pay_hook00000002",
      amount: order.amount,
    });
    expect(await (await postWebhook(captured, { eventId: "evt_captured" })).json()).toMatchObject({
      outcome: "no change",
    });
    const history = await t.db
      .selectFrom("order_status_history")
      .select("to_status")
      .where("order_id", "=", order.orderId)
      .execute();
    expect(history.map((h) => h.to_status)).toEqual(["pending_payment", "paid"]);
    expect(await t.db.selectFrom("payments").selectAll().execute()).toHaveLength(1);
  });

  it("an order.paid event for an order we do not know, whose receipt is too large to be an id, is left for the retry", async () => {
    const order = await aliceOrder();
    for (const receipt of ["99999999999", "12345678901234567890123"]) {
      const body = webhookBody("order.paid", {
        orderId: "order_notours000001",
        paymentId: "pay_hook00000009",
        amount: order.amount,
        receipt,
      });
      const res = await postWebhook(body, { eventId: `evt_big_${receipt.length}` });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ applied: false, outcome: "unknown_order" });
    }
    expect(await status(order.orderId)).toBe("pending_payment");
  });

  it("payment.failed after payment.captured leaves the order paid; out of order, failed then captured, ends paid", async () => {
    const order = await aliceOrder();
    const p = {
      orderId: order.razorpayOrderId,
      paymentId: "pay_hook00000003",
      amount: order.amount,
    };
    await postWebhook(webhookBody("payment.captured", p), { eventId: "evt_a1" });
    await postWebhook(webhookBody("payment.failed", p), { eventId: "evt_a2" });
    expect(await status(order.orderId)).toBe("paid");
    const payment = await t.db
      .selectFrom("payments")
      .select("status")
      .where("razorpay_payment_id", "=", p.paymentId)
      .executeTakeFirst();
    expect(payment?.status).toBe("paid");

    await t.db.deleteFrom("cart_items").execute();
    await addCartLine(t.db, f.alice, f.products.lights, 1);
    const res = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, { billingAddressId: f.aliceAddress }),
    );
    const second = (await res.json()) as {
      orderId: number;
      razorpayOrderId: string;
      amount: number;
    };
    const q = {
      orderId: second.razorpayOrderId,
      paymentId: "pay_hook00000004",
      amount: second.amount,
    };
    await postWebhook(webhookBody("payment.failed", { ...q, paymentId: "pay_hook00000005" }), {
      eventId: "evt_b0",
    });
    await postWebhook(webhookBody("payment.failed", q), { eventId: "evt_b1" });
    expect(await status(second.orderId)).toBe("pending_payment");
    await postWebhook(webhookBody("payment.captured", q), { eventId: "evt_b2" });
    expect(await status(second.orderId)).toBe("paid");
  });

  it("a paid amount that differs from the total is flagged, not accepted", async () => {
    const order = await aliceOrder();
    const body = webhookBody("payment.captured", {
      orderId: order.razorpayOrderId,
      paymentId: "pay_hook00000006",
      amount: 100,
    });
    const res = await postWebhook(body, { eventId: "evt_mismatch" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "amount_mismatch" });
    expect(await status(order.orderId)).toBe("pending_payment");
    const row = await t.db
      .selectFrom("orders")
      .select("attention")
      .where("id", "=", order.orderId)
      .executeTakeFirstOrThrow();
    expect(row.attention).toMatch(/differs/);
    const usd = webhookBody("payment.captured", {
      orderId: order.razorpayOrderId,
      paymentId: "pay_hook00000007",
      amount: order.amount,
      currency: "USD",
    });
    await postWebhook(usd, { eventId: "evt_usd" });
    expect(await status(order.orderId)).toBe("pending_payment");
    // Each flag is kept for the admin, none written over by the next.
    const flags = await t.db
      .selectFrom("orders")
      .select("attention")
      .where("id", "=", order.orderId)
      .executeTakeFirstOrThrow();
    expect(flags.attention).toContain("pay_hook00000006");
    expect(flags.attention).toContain("pay_hook00000007");
  });

  it("a payment a webhook found short stays unpaid when the shopper's callback then brings it", async () => {
    const order = await aliceOrder();
    const paid = rzp.pay(order.razorpayOrderId);
    const short = webhookBody("payment.captured", {
      orderId: order.razorpayOrderId,
      paymentId: paid.razorpay_payment_id,
      amount: 100,
    });
    await postWebhook(short, { eventId: "evt_short" });
    const res = await call(
      callback,
      new Request(`${BASE}/checkout/callback`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://api.razorpay.com",
        },
        body: new URLSearchParams(paid).toString(),
      }),
    );
    expect(res.status).not.toBe(500);
    expect(await status(order.orderId)).toBe("pending_payment");
    const invoice = await t.db
      .selectFrom("orders")
      .select("invoice_number")
      .where("id", "=", order.orderId)
      .executeTakeFirstOrThrow();
    expect(invoice.invoice_number).toBeNull();
  });
});
