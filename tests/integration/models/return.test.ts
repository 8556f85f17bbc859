// Cancel and return: a shopper cancels before shipping (refunded in full through the payment
// provider), asks to return delivered lines within 7 days; the admin approves or declines; the
// goods' arrival refunds them. On a real database with the sandbox gateway; messages in the outbox.
import { afterAll, beforeEach, afterEach, describe, expect, it } from "vitest";
import { renderMail, type MessagePayload } from "~/messages/templates";
import { reserveOrder, transitionOrder } from "~/models/order/index.server";
import { recordCashCollected } from "~/models/order-extras.server";
import { listRefunds, refundOrder } from "~/models/refund.server";
import {
  cancelOrderByShopper,
  decideReturn,
  listReturns,
  receiveReturn,
  requestReturn,
  RETURN_DAYS,
} from "~/models/return.server";
import { createSandboxGateway } from "~/payments/sandbox.server";
import { resetEnvCache } from "~/utils/env.server";
import { formatPaise } from "~/utils/money";
import { CONTROL_CHARACTERS_MESSAGE } from "~/utils/validation";
import { insertCheckoutFixture, paidCartOrder, stockOf } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";

const WINCH = 15_000_000;
const gateway = createSandboxGateway("sandbox-secret-for-return-tests-0123");
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
const saved = { ...process.env };

afterAll(() => {
  process.env = saved;
  resetEnvCache();
});
beforeEach(async () => {
  t = await withAppDb({
    PUBLIC_URL: "http://127.0.0.1:3994",
  });
  f = await insertCheckoutFixture(t.db);
  delete process.env.ADMIN_EMAIL;
  resetEnvCache();
});
afterEach(async () => {
  await t.cleanup();
});

const paidOrder = () => paidCartOrder(t.db, f, gateway);

/** A cash-on-delivery order of one set of lights, placed by Alice. */
async function codOrder(idempotencyKey: string) {
  const placed = await reserveOrder(t.db, {
    userId: f.alice,
    addressId: f.aliceAddress,
    idempotencyKey,
    source: {
      type: "single",
      productId: f.products.lights,
      quantity: 1,
      sizeLabel: "",
      colorName: "",
    },
    gateway: "sandbox",
    paymentMethod: "cod",
  });
  if (!placed.ok) throw new Error(placed.message);
  return placed.order.id;
}

async function delivered(deliveredAt = new Date()) {
  const o = await paidOrder();
  await transitionOrder(t.db, o.orderId, "shipped", { trackingNumber: "TRACK1234", by: "admin" });
  await transitionOrder(t.db, o.orderId, "delivered", { by: "admin", now: deliveredAt });
  return o;
}

const status = async (orderId: number) =>
  (
    await t.db
      .selectFrom("orders")
      .select("status")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow()
  ).status;
const mails = (kind: string) =>
  t.db.selectFrom("outbox").select(["kind", "payload"]).where("kind", "=", kind).execute();

describe("cancel", () => {
  it("a paid order that has not shipped is cancelled by its shopper and refunded in full", async () => {
    const { orderId } = await paidOrder();
    const stock = await stockOf(t.db, f.products.winch);
    expect(await cancelOrderByShopper(t.db, gateway, { userId: f.bob, orderId })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await cancelOrderByShopper(t.db, gateway, { userId: f.alice, orderId })).toEqual({
      ok: true,
      refund: { amountPaise: 2 * WINCH, status: "processed" },
    });
    expect(await stockOf(t.db, f.products.winch)).toBe(stock + 2);
    expect((await listRefunds(t.db, orderId)).map((r) => [r.amountPaise, r.status])).toEqual([
      [2 * WINCH, "processed"],
    ]);
    expect(await status(orderId)).toBe("refunded");
    expect(await mails("order_cancelled")).toHaveLength(1);
    expect(await mails("order_refunded")).toHaveLength(1);
  });

  it("a cash-on-delivery order, placed or confirmed, is cancelled by its shopper with nothing to refund", async () => {
    for (const confirm of [false, true]) {
      const stock = await stockOf(t.db, f.products.lights);
      const orderId = await codOrder(`cod-cancel-${confirm}`);
      if (confirm) await transitionOrder(t.db, orderId, "confirmed", { by: "admin" });
      expect(await stockOf(t.db, f.products.lights)).toBe(stock - 1);
      expect(await cancelOrderByShopper(t.db, gateway, { userId: f.alice, orderId })).toEqual({
        ok: true,
        refund: null,
      });
      expect(await status(orderId)).toBe("cancelled");
      expect(await stockOf(t.db, f.products.lights)).toBe(stock);
      expect(await listRefunds(t.db, orderId)).toEqual([]);
    }
  });

  it("a cash-on-delivery order shipped while its shopper cancels is either shipped or cancelled, never cancelled once shipped", async () => {
    const orderId = await codOrder("cod-cancel-race");
    await transitionOrder(t.db, orderId, "confirmed", { by: "admin" });
    const [cancelled, shipped] = await Promise.all([
      cancelOrderByShopper(t.db, gateway, { userId: f.alice, orderId }),
      transitionOrder(t.db, orderId, "shipped", { trackingNumber: "TRACK1234", by: "admin" }),
    ]);
    // One of the two, never both: shipped (the shopper is told), or cancelled before it shipped.
    if (shipped.ok) {
      expect(cancelled).toEqual({
        ok: false,
        status: 409,
        message: "This order has shipped; ask for a return once it is delivered.",
      });
      expect(await status(orderId)).toBe("shipped");
    } else {
      expect(cancelled).toEqual({ ok: true, refund: null });
      expect(await status(orderId)).toBe("cancelled");
    }
  });

  it("a shipped order cannot be cancelled", async () => {
    const { orderId } = await paidOrder();
    await transitionOrder(t.db, orderId, "shipped", { trackingNumber: "TRACK1234", by: "admin" });
    const result = await cancelOrderByShopper(t.db, gateway, { userId: f.alice, orderId });
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(await listRefunds(t.db, orderId)).toEqual([]);
  });
});

describe("returns", () => {
  it("asked, approved, received and refunded; each step tells the shopper", async () => {
    const { orderId, itemId } = await delivered();
    const stock = await stockOf(t.db, f.products.winch);
    const asked = await requestReturn(t.db, {
      userId: f.alice,
      orderId,
      lines: [{ orderItemId: itemId, quantity: 1 }],
      reason: "The drum is scratched",
      photos: ["r/0123456789abcdef01234567"],
    });
    expect(asked.ok).toBe(true);
    if (!asked.ok) throw new Error();
    // The same unit cannot be asked for twice.
    expect(
      await requestReturn(t.db, {
        userId: f.alice,
        orderId,
        lines: [{ orderItemId: itemId, quantity: 2 }],
        reason: "Both now",
      }),
    ).toMatchObject({ ok: false, field: "lines" });

    expect(
      await decideReturn(t.db, { returnId: asked.returnId, approve: true, by: "admin:1" }),
    ).toEqual({ ok: true, status: "approved" });
    expect(
      await decideReturn(t.db, {
        returnId: asked.returnId,
        approve: false,
        note: "late",
        by: "admin:1",
      }),
    ).toMatchObject({ ok: false, status: 409 });
    expect(await receiveReturn(t.db, gateway, { returnId: asked.returnId, by: "admin:1" })).toEqual(
      { ok: true, status: "refunded" },
    );

    const [r] = await listReturns(t.db, orderId);
    expect(r).toMatchObject({
      status: "refunded",
      reason: "The drum is scratched",
      photos: ["r/0123456789abcdef01234567"],
    });
    expect(r.lines).toEqual([{ orderItemId: itemId, title: "Warn Zeon 10-S Winch", quantity: 1 }]);
    expect((await listRefunds(t.db, orderId)).map((x) => [x.amountPaise, x.status])).toEqual([
      [WINCH, "processed"],
    ]);
    expect(await stockOf(t.db, f.products.winch)).toBe(stock + 1);
    expect(await status(orderId)).toBe("delivered");
    const updates = (await mails("return_update")).map(
      (m) => (JSON.parse(m.payload) as { return: { status: string } }).return.status,
    );
    expect(updates).toEqual(["requested", "approved", "refunded"]);
  });

  it("received twice at once (two admins, a double click): its lines are refunded once", async () => {
    const { orderId, itemId } = await delivered();
    const asked = await requestReturn(t.db, {
      userId: f.alice,
      orderId,
      lines: [{ orderItemId: itemId, quantity: 1 }],
      reason: "The drum is scratched",
    });
    if (!asked.ok) throw new Error(asked.message);
    await decideReturn(t.db, { returnId: asked.returnId, approve: true, by: "admin:1" });
    const stock = await stockOf(t.db, f.products.winch);
    const results = await Promise.all(
      [1, 2].map((n) =>
        receiveReturn(t.db, gateway, { returnId: asked.returnId, by: `admin:${n}` }),
      ),
    );
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, status: "refunded" }]);
    expect(results.filter((r) => !r.ok)).toEqual([
      {
        ok: false,
        status: 409,
        message: expect.stringMatching(
          /^This return('s refund is on its way already| is refunded, not approved| was received meanwhile)\.$/,
        ),
      },
    ]);
    expect((await listRefunds(t.db, orderId)).map((x) => [x.amountPaise, x.status])).toEqual([
      [WINCH, "processed"],
    ]);
    expect(await stockOf(t.db, f.products.winch)).toBe(stock + 1);
    expect(await status(orderId)).toBe("delivered");
  });

  it("is acted on only from its own order's page: another order's id finds no such return", async () => {
    const { orderId, itemId } = await delivered();
    const other = await paidOrder();
    const asked = await requestReturn(t.db, {
      userId: f.alice,
      orderId,
      lines: [{ orderItemId: itemId, quantity: 1 }],
      reason: "The drum is scratched",
    });
    if (!asked.ok) throw new Error(asked.message);
    const notFound = { ok: false, status: 404, message: "Return not found" };
    const elsewhere = { returnId: asked.returnId, orderId: other.orderId, by: "admin:1" };
    expect(await decideReturn(t.db, { ...elsewhere, approve: true })).toEqual(notFound);
    expect((await listReturns(t.db, orderId)).map((r) => r.status)).toEqual(["requested"]);
    await decideReturn(t.db, { returnId: asked.returnId, orderId, approve: true, by: "admin:1" });
    expect(await receiveReturn(t.db, gateway, elsewhere)).toEqual(notFound);
    expect(await listRefunds(t.db, orderId)).toEqual([]);
    expect(
      await receiveReturn(t.db, gateway, { returnId: asked.returnId, orderId, by: "admin:1" }),
    ).toEqual({ ok: true, status: "refunded" });
  });

  it("declined with a reason, which the shopper is told", async () => {
    const { orderId, itemId } = await delivered();
    const asked = await requestReturn(t.db, {
      userId: f.alice,
      orderId,
      lines: [{ orderItemId: itemId, quantity: 1 }],
      reason: "Changed my mind",
    });
    if (!asked.ok) throw new Error(asked.message);
    expect(
      await decideReturn(t.db, { returnId: asked.returnId, approve: false, by: "admin:1" }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await decideReturn(t.db, {
        returnId: asked.returnId,
        approve: false,
        note: "Used\u0000 off-road",
        by: "admin:1",
      }),
    ).toMatchObject({ ok: false, status: 400, message: CONTROL_CHARACTERS_MESSAGE });
    expect(
      await decideReturn(t.db, {
        returnId: asked.returnId,
        approve: false,
        note: "Used off-road",
        by: "admin:1",
      }),
    ).toEqual({ ok: true, status: "declined" });
    expect(
      await receiveReturn(t.db, gateway, { returnId: asked.returnId, by: "admin:1" }),
    ).toMatchObject({ ok: false, status: 409 });
    const last = (await mails("return_update")).at(-1)!;
    expect(JSON.parse(last.payload)).toMatchObject({
      return: { status: "declined", note: "Used off-road" },
    });
  });

  it("a reason with control characters is refused with the field's message; line breaks are fine", async () => {
    const { orderId, itemId } = await delivered();
    const ask = (reason: string) =>
      requestReturn(t.db, {
        userId: f.alice,
        orderId,
        lines: [{ orderItemId: itemId, quantity: 1 }],
        reason,
      });
    expect(await ask("Scratched\u0007 drum")).toMatchObject({
      ok: false,
      status: 400,
      field: "reason",
      message: CONTROL_CHARACTERS_MESSAGE,
    });
    expect(await listReturns(t.db, orderId)).toEqual([]);
    expect(await ask("Scratched drum.\r\nThe hook is bent.")).toMatchObject({ ok: true });
  });

  it(`is refused after ${RETURN_DAYS} days, with a message, and before delivery`, async () => {
    // Delivered at 01:30 on 11 January in India (still the 10th in UTC): the deadline is a day
    // in India too.
    const { orderId, itemId } = await delivered(new Date("2026-01-10T20:00:00.000Z"));
    const late = await requestReturn(t.db, {
      userId: f.alice,
      orderId,
      lines: [{ orderItemId: itemId, quantity: 1 }],
      reason: "Too late now",
    });
    expect(late).toMatchObject({ ok: false, status: 409 });
    if (late.ok) throw new Error();
    expect(late.message).toBe(
      `Returns are possible within ${RETURN_DAYS} days of delivery; for this order that was until 2026-01-18.`,
    );
    expect(await listReturns(t.db, orderId)).toEqual([]);

    const notYet = await paidOrder();
    expect(
      await requestReturn(t.db, {
        userId: f.alice,
        orderId: notYet.orderId,
        lines: [{ orderItemId: notYet.itemId, quantity: 1 }],
        reason: "Not delivered",
      }),
    ).toMatchObject({ ok: false, status: 409, message: "Only a delivered order can be returned." });
  });
});

describe("return mails", () => {
  it("name the size and colour of each line, as the order's mails do", async () => {
    const { orderId, itemId } = await delivered();
    // Two sizes or colours of one wheel are two lines with one title: the variant tells them apart.
    await t.db
      .updateTable("order_items")
      .set({ size_label: "18x9", bolt_pattern: "6x139.7", offset_mm: 0, color_name: "Bronze" })
      .where("id", "=", itemId)
      .execute();
    const asked = await requestReturn(t.db, {
      userId: f.alice,
      orderId,
      lines: [{ orderItemId: itemId, quantity: 1 }],
      reason: "Wrong size for my truck",
    });
    if (!asked.ok) throw new Error(asked.message);
    const [row] = await mails("return_update");
    const mail = renderMail(JSON.parse(row.payload) as MessagePayload, "http://127.0.0.1:3994");
    const line = "1 × Warn Zeon 10-S Winch (18x9, bolt pattern 6x139.7, offset 0 mm, Bronze)";
    expect(mail.text).toContain(`return ${line} from order #${orderId}`);
    expect(mail.html).toContain(line);
  });
});

describe("returns of cash on delivery", () => {
  /** Alice's delivered COD order of one set of lights; the cash collected unless told otherwise. */
  async function deliveredCod(collect = true) {
    const orderId = await codOrder(`cod-return-${Math.random()}`);
    for (const to of ["confirmed", "shipped", "delivered"] as const)
      await transitionOrder(t.db, orderId, to, { trackingNumber: "TRACK1234", by: "admin" });
    if (collect) await recordCashCollected(t.db, orderId, { by: "admin:1" });
    const order = await t.db
      .selectFrom("orders")
      .innerJoin("order_items", "order_items.order_id", "orders.id")
      .select(["orders.amount_paise", "order_items.id as itemId"])
      .where("orders.id", "=", orderId)
      .executeTakeFirstOrThrow();
    return { orderId, itemId: order.itemId, collectedPaise: order.amount_paise };
  }

  async function approvedReturn(orderId: number, itemId: number) {
    const asked = await requestReturn(t.db, {
      userId: f.alice,
      orderId,
      lines: [{ orderItemId: itemId, quantity: 1 }],
      reason: "The beam pattern is wrong",
    });
    if (!asked.ok) throw new Error(asked.message);
    await decideReturn(t.db, { returnId: asked.returnId, approve: true, by: "admin:1" });
    return asked.returnId;
  }

  // No provider holds cash on delivery: a call to it would be a bug.
  const noProvider = {
    ...gateway,
    refundPayment: () => Promise.reject(new Error("cash on delivery never goes to the provider")),
  };

  it("once the cash is collected, the return is received: back in stock, refunded as paid back by the shop, never more than was collected", async () => {
    const { orderId, itemId, collectedPaise } = await deliveredCod();
    const stock = await stockOf(t.db, f.products.lights);
    const returnId = await approvedReturn(orderId, itemId);
    expect(await receiveReturn(t.db, noProvider, { returnId, by: "admin:1" })).toEqual({
      ok: true,
      status: "refunded",
    });
    expect(await stockOf(t.db, f.products.lights)).toBe(stock + 1);
    expect(
      (await listRefunds(t.db, orderId)).map((r) => [r.amountPaise, r.status, r.reason]),
    ).toEqual([
      [
        collectedPaise,
        "processed",
        `return #${returnId}, paid back by the shop (cash on delivery)`,
      ],
    ]);
    expect((await listReturns(t.db, orderId))[0].status).toBe("refunded");
    expect(await status(orderId)).toBe("refunded");
    // Nothing is left to pay back.
    expect(
      await refundOrder(t.db, noProvider, { orderId, amountPaise: 100, by: "admin:1" }),
    ).toMatchObject({ ok: false, status: 409 });
    const updates = (await mails("return_update")).map(
      (m) => (JSON.parse(m.payload) as { return: { status: string } }).return.status,
    );
    expect(updates).toEqual(["requested", "approved", "refunded"]);
  });

  it("the shopper's mails speak of cash on delivery: a cancel promises no refund, a refund was paid back by the shop", async () => {
    const text = async (kind: string) =>
      (await mails(kind)).map(
        (m) => renderMail(JSON.parse(m.payload) as MessagePayload, "http://127.0.0.1:3994").text,
      );
    const cancelled = await codOrder("cod-cancel-mail");
    expect(
      await cancelOrderByShopper(t.db, gateway, { userId: f.alice, orderId: cancelled }),
    ).toEqual({ ok: true, refund: null });
    const [cancel] = await text("order_cancelled");
    expect(cancel).not.toMatch(/refund/i);
    expect(cancel).toMatch(/nothing to pay/i);

    const { orderId, itemId, collectedPaise } = await deliveredCod();
    const returnId = await approvedReturn(orderId, itemId);
    expect(await receiveReturn(t.db, noProvider, { returnId, by: "admin:1" })).toMatchObject({
      ok: true,
    });
    // One e-mail tells of the refund: the return's, with the sum (no second "refund" e-mail).
    expect(await text("order_refunded")).toEqual([]);
    const refund = (await text("return_update")).at(-1)!;
    expect(refund).toContain(
      `The items you returned from order #${orderId} arrived and are refunded: we have paid back ${formatPaise(collectedPaise)}.`,
    );
    // No card or bank refund is on its way: the shop paid it back itself before recording it.
    expect(refund).not.toMatch(/Banks usually take/);
  });

  it("before the cash is collected, receiving is refused with the reason and nothing goes back in stock", async () => {
    const { orderId, itemId } = await deliveredCod(false);
    const stock = await stockOf(t.db, f.products.lights);
    const returnId = await approvedReturn(orderId, itemId);
    const result = await receiveReturn(t.db, noProvider, { returnId, by: "admin:1" });
    expect(result).toMatchObject({ ok: false, status: 409 });
    if (result.ok) throw new Error();
    expect(result.message).toMatch(/cash is collected/);
    expect(await stockOf(t.db, f.products.lights)).toBe(stock);
    expect((await listReturns(t.db, orderId))[0].status).toBe("approved");
  });
});
