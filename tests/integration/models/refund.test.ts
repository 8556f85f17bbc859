// Refunds that move money: the real razorpay SDK against the local stand-in (Refunds API), the
// webhook route signed like Razorpay's, on a real database.
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderMail, type MessagePayload } from "~/messages/templates";
import {
  orderStats,
  placeOrder,
  transitionOrder,
  verifyPayment,
} from "~/models/order/index.server";
import { listRefunds, refundOrder } from "~/models/refund.server";
import {
  cancelOrder,
  cancelOrderByShopper,
  decideReturn,
  listReturns,
  receiveReturn,
  requestReturn,
} from "~/models/return.server";
import { createSandboxGateway } from "~/payments/sandbox.server";
import { getPaymentGateway, resetPaymentGateway } from "~/payments/payments.server";
import { action as webhook } from "~/routes/api.v1.webhooks.razorpay";
import { resetEnvCache } from "~/utils/env.server";
import { addCartLine, insertCheckoutFixture, stockOf } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";
import {
  refundWebhookBody,
  signWebhook,
  startRazorpayStandIn,
  type RazorpayStandIn,
} from "../../support/razorpay-standin";

const WEBHOOK_SECRET = "webhook-secret-for-refund-tests";
const BASE = "http://127.0.0.1:3996";
const WINCH = 15_000_000;
let rzp: RazorpayStandIn;
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
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
  t = await withAppDb({
    PUBLIC_URL: BASE,
    SESSION_SECRET: "test-session-secret-0123456789abcdef",
    RAZORPAY_KEY_ID: rzp.keyId,
    RAZORPAY_KEY_SECRET: rzp.keySecret,
    RAZORPAY_API_URL: rzp.url,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  f = await insertCheckoutFixture(t.db);
  rzp.refundStatus = "processed";
  resetEnvCache();
  resetPaymentGateway();
});
afterEach(async () => {
  await t.cleanup();
});

/** Alice buys two winches and pays through the stand-in. */
async function paidOrder(gateway = getPaymentGateway()) {
  await addCartLine(t.db, f.alice, f.products.winch, 2);
  const placed = await placeOrder(t.db, gateway, {
    userId: f.alice,
    addressId: f.aliceAddress,
    idempotencyKey: `k-${Math.random()}`,
    source: { type: "cart" },
  });
  if (!placed.ok) throw new Error(placed.message);
  const razorpayOrderId = placed.order.razorpayOrderId!;
  const proof =
    gateway.kind === "sandbox"
      ? (() => {
          const p = (gateway as ReturnType<typeof createSandboxGateway>).pay(razorpayOrderId);
          return {
            razorpay_payment_id: p.razorpayPaymentId,
            razorpay_signature: p.razorpaySignature,
          };
        })()
      : rzp.pay(razorpayOrderId);
  const verified = await verifyPayment(t.db, gateway, {
    razorpayOrderId,
    razorpayPaymentId: proof.razorpay_payment_id,
    razorpaySignature: proof.razorpay_signature,
    source: "test",
  });
  expect(verified.ok).toBe(true);
  const item = await t.db
    .selectFrom("order_items")
    .select("id")
    .where("order_id", "=", placed.order.id)
    .executeTakeFirstOrThrow();
  return { orderId: placed.order.id, paymentId: proof.razorpay_payment_id, itemId: item.id };
}

const status = async (orderId: number) =>
  (
    await t.db
      .selectFrom("orders")
      .select("status")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow()
  ).status;
const refundRequests = () => rzp.requests.filter((r) => r.path.endsWith("/refund"));

function postWebhook(body: string, eventId: string) {
  return webhook({
    request: new Request(`${BASE}/api/v1/webhooks/razorpay`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Razorpay-Signature": signWebhook(WEBHOOK_SECRET, body),
        "X-Razorpay-Event-Id": eventId,
      },
      body,
    }),
    params: {},
    context: {},
  } as unknown as ActionFunctionArgs);
}

describe("refunds through Razorpay", () => {
  it("refunds a line, then the rest; money moves at Razorpay, the line goes back in stock, the shopper is told", async () => {
    const { orderId, paymentId, itemId } = await paidOrder();
    const stock = await stockOf(t.db, f.products.winch);
    rzp.requests.length = 0;

    const first = await refundOrder(t.db, getPaymentGateway(), {
      orderId,
      lines: [{ orderItemId: itemId, quantity: 1 }],
      reason: "one winch was not needed",
      by: "admin:1",
    });
    expect(first).toMatchObject({ ok: true, status: "processed", amountPaise: WINCH });
    expect(rzp.payments.get(paymentId)!.amountRefunded).toBe(WINCH);
    expect(refundRequests()[0].body).toMatchObject({
      amount: WINCH,
      notes: { orderId: String(orderId) },
    });
    expect(await stockOf(t.db, f.products.winch)).toBe(stock + 1);
    expect(await status(orderId)).toBe("paid");

    // The same line cannot be refunded twice over.
    const twice = await refundOrder(t.db, getPaymentGateway(), {
      orderId,
      lines: [{ orderItemId: itemId, quantity: 2 }],
      by: "admin:1",
    });
    expect(twice).toMatchObject({ ok: false, status: 400 });

    const rest = await refundOrder(t.db, getPaymentGateway(), {
      orderId,
      amountPaise: WINCH,
      by: "admin:1",
    });
    expect(rest).toMatchObject({ ok: true, status: "processed" });
    expect(rzp.payments.get(paymentId)!.amountRefunded).toBe(2 * WINCH);
    // An amount refund puts nothing back in stock; the order is now refunded in full.
    expect(await stockOf(t.db, f.products.winch)).toBe(stock + 1);
    expect(await status(orderId)).toBe("refunded");

    const refunds = await listRefunds(t.db, orderId);
    expect(
      refunds.map((r) => [r.amountPaise, r.status, r.razorpayRefundId?.startsWith("rfnd_")]),
    ).toEqual([
      [WINCH, "processed", true],
      [WINCH, "processed", true],
    ]);
    const notices = await t.db
      .selectFrom("outbox")
      .select(["kind", "recipient"])
      .where("kind", "=", "order_refunded")
      .execute();
    expect(notices).toEqual([
      { kind: "order_refunded", recipient: "alice@example.com" },
      { kind: "order_refunded", recipient: "alice@example.com" },
    ]);
  });

  it("refuses a refund above what was captured, without asking Razorpay", async () => {
    const { orderId } = await paidOrder();
    rzp.requests.length = 0;
    const result = await refundOrder(t.db, getPaymentGateway(), {
      orderId,
      amountPaise: 2 * WINCH + 1,
      by: "admin:1",
    });
    expect(result).toMatchObject({ ok: false, status: 409, field: "amount" });
    expect(refundRequests()).toHaveLength(0);
    expect(await listRefunds(t.db, orderId)).toEqual([]);
  });

  it("two admins at once, together above the captured amount: one refund succeeds", async () => {
    const { orderId, paymentId } = await paidOrder();
    rzp.requests.length = 0;
    const amount = Math.round(2 * WINCH * 0.6);
    const results = await Promise.all([
      refundOrder(t.db, getPaymentGateway(), { orderId, amountPaise: amount, by: "admin:1" }),
      refundOrder(t.db, getPaymentGateway(), { orderId, amountPaise: amount, by: "admin:2" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)[0]).toMatchObject({ status: 409 });
    expect(refundRequests()).toHaveLength(1);
    expect(rzp.payments.get(paymentId)!.amountRefunded).toBe(amount);
  });

  it("a pending refund is settled by its webhook; replays and late, contrary events change nothing", async () => {
    const { orderId, paymentId } = await paidOrder();
    rzp.refundStatus = "pending";
    const result = await refundOrder(t.db, getPaymentGateway(), {
      orderId,
      amountPaise: 2 * WINCH,
      by: "admin:1",
    });
    expect(result).toMatchObject({ ok: true, status: "pending" });
    if (!result.ok) throw new Error();
    expect(await status(orderId)).toBe("paid");

    const processed = refundWebhookBody("refund.processed", {
      refundId: result.razorpayRefundId!,
      paymentId,
      amount: 2 * WINCH,
    });
    const res = await postWebhook(processed, "evt_refund_1");
    expect(await res.json()).toMatchObject({ applied: true, outcome: "refund processed" });
    expect(await status(orderId)).toBe("refunded");
    // The same event again, and a refund.failed arriving after it: nothing changes.
    expect(await (await postWebhook(processed, "evt_refund_1")).json()).toMatchObject({
      applied: false,
      outcome: "duplicate",
    });
    const failed = refundWebhookBody("refund.failed", {
      refundId: result.razorpayRefundId!,
      paymentId,
      amount: 2 * WINCH,
    });
    expect(await (await postWebhook(failed, "evt_refund_2")).json()).toMatchObject({
      outcome: "no change",
    });
    expect((await listRefunds(t.db, orderId))[0].status).toBe("processed");
    const notices = await t.db
      .selectFrom("outbox")
      .select("payload")
      .where("kind", "=", "order_refunded")
      .execute();
    expect(notices).toHaveLength(1);
  });

  it("a webhook that arrives before the refund's id was stored finds it by our note; a failed refund frees the amount", async () => {
    const { orderId, paymentId } = await paidOrder();
    rzp.refundStatus = "pending";
    const result = await refundOrder(t.db, getPaymentGateway(), {
      orderId,
      amountPaise: WINCH,
      by: "admin:1",
    });
    if (!result.ok) throw new Error(result.message);
    // As if the process stopped after Razorpay answered and before we stored its id.
    await t.db.updateTable("refunds").set({ razorpay_refund_id: null }).execute();
    const failed = refundWebhookBody("refund.failed", {
      refundId: result.razorpayRefundId!,
      paymentId,
      amount: WINCH,
      notes: { refundId: String(result.refundId), orderId: String(orderId) },
    });
    expect(await (await postWebhook(failed, "evt_refund_3")).json()).toMatchObject({
      outcome: "refund failed",
    });
    const [row] = await listRefunds(t.db, orderId);
    expect(row).toMatchObject({ status: "failed", razorpayRefundId: result.razorpayRefundId });
    // The failed amount no longer counts: the whole payment can still be refunded (the stand-in,
    // which never failed it, refuses the part it already refunded, and that is reported).
    rzp.refundStatus = "processed";
    const again = await refundOrder(t.db, getPaymentGateway(), {
      orderId,
      amountPaise: 2 * WINCH,
      by: "admin:1",
    });
    expect(again).toMatchObject({ ok: false, status: 502 });
    if (again.ok) throw new Error();
    expect(again.message).toContain("greater than amount captured");
    expect((await listRefunds(t.db, orderId)).map((r) => r.status)).toEqual(["failed", "failed"]);
    expect(
      await refundOrder(t.db, getPaymentGateway(), { orderId, amountPaise: WINCH, by: "admin:1" }),
    ).toMatchObject({ ok: true, status: "processed" });
  });

  it("a refund webhook for a refund we do not know, whose note is too large to be an id, is left for the retry", async () => {
    const { paymentId } = await paidOrder();
    for (const refundId of ["99999999999", "12345678901234567890123"]) {
      const body = refundWebhookBody("refund.processed", {
        refundId: "rfnd_notours000001",
        paymentId,
        amount: WINCH,
        notes: { refundId },
      });
      const res = await postWebhook(body, `evt_big_${refundId.length}`);
      expect(await res.json()).toMatchObject({ applied: false, outcome: "unknown_refund" });
    }
  });

  it("a sandbox order is refunded locally", async () => {
    const sandbox = createSandboxGateway("sandbox-secret-for-tests-0123456789");
    const { orderId } = await paidOrder(sandbox);
    rzp.requests.length = 0;
    expect(
      await refundOrder(t.db, sandbox, { orderId, amountPaise: 2 * WINCH, by: "admin:1" }),
    ).toMatchObject({ ok: true, status: "processed" });
    expect(rzp.requests).toHaveLength(0);
    expect(await status(orderId)).toBe("refunded");
  });
});

const attention = async (orderId: number) =>
  (
    await t.db
      .selectFrom("orders")
      .select("attention")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow()
  ).attention;

/** The shopper's e-mails of a kind, rendered as sent. */
async function mailTexts(kind: string) {
  const rows = await t.db
    .selectFrom("outbox")
    .select("payload")
    .where("kind", "=", kind)
    .where("channel", "=", "email")
    .orderBy("id")
    .execute();
  return rows.map((r) => renderMail(JSON.parse(r.payload) as MessagePayload, BASE).text);
}

/** Razorpay gives a failed refund's amount back to the payment (the stand-in keeps no such state). */
function refundFailedAtRazorpay(paymentId: string, amount: number) {
  rzp.payments.get(paymentId)!.amountRefunded -= amount;
}

describe("each unit goes back in stock once, whatever the order of cancel and refunds", () => {
  it("cancelled, then its two units refunded by lines: stock back by two, not four", async () => {
    const { orderId, itemId } = await paidOrder();
    const stock = await stockOf(t.db, f.products.winch);
    expect(await transitionOrder(t.db, orderId, "cancelled", { by: "admin:1" })).toMatchObject({
      ok: true,
    });
    expect(await stockOf(t.db, f.products.winch)).toBe(stock + 2);
    const refund = await refundOrder(t.db, getPaymentGateway(), {
      orderId,
      lines: [{ orderItemId: itemId, quantity: 2 }],
      by: "admin:1",
    });
    expect(refund).toMatchObject({ ok: true, status: "processed", amountPaise: 2 * WINCH });
    expect(await stockOf(t.db, f.products.winch)).toBe(stock + 2);
    expect(await status(orderId)).toBe("refunded");
  });

  it("one unit refunded by lines, then the shopper cancels: the other unit goes back, the rest of the money too", async () => {
    const { orderId, itemId } = await paidOrder();
    const stock = await stockOf(t.db, f.products.winch);
    await refundOrder(t.db, getPaymentGateway(), {
      orderId,
      lines: [{ orderItemId: itemId, quantity: 1 }],
      by: "admin:1",
    });
    expect(await stockOf(t.db, f.products.winch)).toBe(stock + 1);
    expect(
      await cancelOrderByShopper(t.db, getPaymentGateway(), { userId: f.alice, orderId }),
    ).toEqual({
      ok: true,
      refund: { amountPaise: WINCH, status: "processed" },
    });
    expect(await stockOf(t.db, f.products.winch)).toBe(stock + 2);
    expect(await status(orderId)).toBe("refunded");
  });

  it("a refund of lines waiting for Razorpay, a cancel, then the refund's webhook: two units back", async () => {
    const { orderId, itemId, paymentId } = await paidOrder();
    const stock = await stockOf(t.db, f.products.winch);
    rzp.refundStatus = "pending";
    const pending = await refundOrder(t.db, getPaymentGateway(), {
      orderId,
      lines: [{ orderItemId: itemId, quantity: 1 }],
      by: "admin:1",
    });
    if (!pending.ok) throw new Error(pending.message);
    expect(await stockOf(t.db, f.products.winch)).toBe(stock);
    await transitionOrder(t.db, orderId, "cancelled", { by: "admin:1" });
    expect(await stockOf(t.db, f.products.winch)).toBe(stock + 2);
    const processed = refundWebhookBody("refund.processed", {
      refundId: pending.razorpayRefundId!,
      paymentId,
      amount: WINCH,
    });
    expect(await (await postWebhook(processed, "evt_restock_1")).json()).toMatchObject({
      outcome: "refund processed",
    });
    expect(await stockOf(t.db, f.products.winch)).toBe(stock + 2);
  });
});

describe("cancelling a paid order refunds it, and a refund that fails is flagged and made again", () => {
  it("the admin's cancel refunds what was paid; the cancel message promises no refund it has not made", async () => {
    const { orderId, paymentId } = await paidOrder();
    expect(await cancelOrder(t.db, getPaymentGateway(), { orderId, by: "admin:1" })).toEqual({
      ok: true,
      refund: { amountPaise: 2 * WINCH, status: "processed" },
    });
    expect(rzp.payments.get(paymentId)!.amountRefunded).toBe(2 * WINCH);
    expect(await status(orderId)).toBe("refunded");
    const [cancelled] = await mailTexts("order_cancelled");
    expect(cancelled).not.toMatch(/amount is refunded/);
    expect(cancelled).toMatch(/separate message once the refund is made/);
    expect(await mailTexts("order_refunded")).toEqual([
      expect.stringContaining("We have refunded ₹3,00,000.00"),
    ]);
  });

  it("Razorpay refuses the refund of an admin's cancel: the order is cancelled and flagged, the dashboard counts it, and the refund is made again", async () => {
    const { orderId, paymentId } = await paidOrder();
    // As if the payment were refunded elsewhere already: Razorpay refuses another refund.
    rzp.payments.get(paymentId)!.amountRefunded = 2 * WINCH;
    const result = await cancelOrder(t.db, getPaymentGateway(), { orderId, by: "admin:1" });
    expect(result).toMatchObject({
      ok: true,
      refund: { amountPaise: 2 * WINCH, status: "failed" },
    });
    expect(await status(orderId)).toBe("cancelled");
    expect(await attention(orderId)).toMatch(
      /^Refund #\d+ of ₹3,00,000\.00 failed .*refund it again$/,
    );
    expect((await orderStats(t.db)).needsAttention).toBe(1);

    rzp.payments.get(paymentId)!.amountRefunded = 0;
    expect(
      await refundOrder(t.db, getPaymentGateway(), {
        orderId,
        amountPaise: 2 * WINCH,
        by: "admin:1",
      }),
    ).toMatchObject({ ok: true, status: "processed" });
    expect(await status(orderId)).toBe("refunded");
  });

  it("a shopper's cancel whose refund Razorpay accepts, then fails: told it is on its way, never that it is refunded; the order is flagged", async () => {
    const { orderId, paymentId } = await paidOrder();
    rzp.refundStatus = "pending";
    const result = await cancelOrderByShopper(t.db, getPaymentGateway(), {
      userId: f.alice,
      orderId,
    });
    expect(result).toEqual({ ok: true, refund: { amountPaise: 2 * WINCH, status: "pending" } });
    expect(await mailTexts("order_refunded")).toEqual([]);
    const [refund] = await listRefunds(t.db, orderId);
    const failed = refundWebhookBody("refund.failed", {
      refundId: refund.razorpayRefundId!,
      paymentId,
      amount: 2 * WINCH,
    });
    expect(await (await postWebhook(failed, "evt_cancel_failed")).json()).toMatchObject({
      outcome: "refund failed",
    });
    expect(await status(orderId)).toBe("cancelled");
    expect(await attention(orderId)).toMatch(/^Refund #\d+ of ₹3,00,000\.00 failed/);
    expect(await mailTexts("order_refunded")).toEqual([
      expect.stringContaining("did not go through"),
    ]);
  });

  it("a return's refund waits for Razorpay, then fails: the return is not shown as refunded, the order is flagged, and receiving again refunds it once", async () => {
    const { orderId, itemId, paymentId } = await paidOrder();
    await transitionOrder(t.db, orderId, "shipped", { trackingNumber: "TRACK1234", by: "admin" });
    await transitionOrder(t.db, orderId, "delivered", { by: "admin" });
    const stock = await stockOf(t.db, f.products.winch);
    const asked = await requestReturn(t.db, {
      userId: f.alice,
      orderId,
      lines: [{ orderItemId: itemId, quantity: 1 }],
      reason: "The drum is scratched",
    });
    if (!asked.ok) throw new Error(asked.message);
    await decideReturn(t.db, { returnId: asked.returnId, approve: true, by: "admin:1" });

    rzp.refundStatus = "pending";
    const receive = () =>
      receiveReturn(t.db, getPaymentGateway(), { returnId: asked.returnId, by: "admin:1" });
    expect(await receive()).toEqual({ ok: true, status: "approved" });
    expect((await listReturns(t.db, orderId))[0]).toMatchObject({
      status: "approved",
      refundStatus: "pending",
    });
    // Received twice while its refund is on its way: refused, nothing sent to Razorpay.
    expect(await receive()).toMatchObject({ ok: false, status: 409 });
    const [refund] = await listRefunds(t.db, orderId);
    const failed = refundWebhookBody("refund.failed", {
      refundId: refund.razorpayRefundId!,
      paymentId,
      amount: WINCH,
    });
    await postWebhook(failed, "evt_return_failed");
    refundFailedAtRazorpay(paymentId, WINCH);
    expect((await listReturns(t.db, orderId))[0]).toMatchObject({
      status: "approved",
      refundStatus: "failed",
    });
    expect(await attention(orderId)).toMatch(/failed/);
    expect(await stockOf(t.db, f.products.winch)).toBe(stock);

    rzp.refundStatus = "processed";
    expect(await receive()).toEqual({ ok: true, status: "refunded" });
    expect((await listReturns(t.db, orderId))[0]).toMatchObject({
      status: "refunded",
      refundStatus: "processed",
    });
    expect(await stockOf(t.db, f.products.winch)).toBe(stock + 1);
    expect(rzp.payments.get(paymentId)!.amountRefunded).toBe(WINCH);
    const updates = await mailTexts("return_update");
    expect(updates.map((m) => /arrived and are refunded/.test(m))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(updates[2]).toMatch(/arrived\. Their refund of ₹1,50,000\.00 is started and on its way/);
    expect(updates[3]).toMatch(
      /arrived and are refunded: ₹1,50,000\.00\. Banks usually take 5–7 working days/,
    );
    // The refund's own e-mails: its failure only; its success is the return's e-mail above.
    expect(await mailTexts("order_refunded")).toEqual([
      expect.stringContaining("did not go through"),
    ]);
  });
});
