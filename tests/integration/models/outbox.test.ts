// The outbox and e-mail: messages written with the change that causes them, sent by the worker to a
// real SMTP server (in-process), retried with backoff under one Message-ID, taken over from a dead
// process, written as .eml files without SMTP_URL.
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createUserSession } from "~/auth/session.server";
import { createDeliverer, type DeliverConfig } from "~/messages/deliver.server";
import { CASH_ON_DELIVERY, renderMail, type MessagePayload } from "~/messages/templates";
import {
  BACKOFF_BASE_MS,
  enqueueMessage,
  listOutbox,
  MAX_ATTEMPTS,
  resendMessage,
  type OutboxRow,
} from "~/models/outbox.server";
import { claimDue, runOutboxOnce } from "~/models/outbox-worker.server";
import { refundOrder } from "~/models/refund.server";
import { createSandboxGateway } from "~/payments/sandbox.server";
import { DEFAULT_SETTINGS, saveSettings } from "~/models/settings.server";
import {
  recordSuccessfulPayment,
  reserveOrder,
  transitionOrder,
} from "~/models/order/index.server";
import { loader as orderPage } from "~/routes/order.$orderId";
import { getEnv, resetEnvCache } from "~/utils/env.server";
import { formatPaise } from "~/utils/money";
import { addCartLine, insertCheckoutFixture } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";
import { startSmtp, type TestSmtp } from "../../support/smtp";

const BASE = "http://127.0.0.1:3998";
let smtp: TestSmtp;
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
const saved = { ...process.env };

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  process.env = saved;
  resetEnvCache();
});
beforeEach(async () => {
  t = await withAppDb({
    PUBLIC_URL: BASE,
    SESSION_SECRET: "test-session-secret-0123456789abcdef",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Overland Shop <orders@overland.test>",
    ADMIN_EMAIL: "owner@overland.test",
  });
  f = await insertCheckoutFixture(t.db);
  smtp.mails.length = 0;
  delete process.env.WHATSAPP_TOKEN;
  delete process.env.WHATSAPP_PHONE_NUMBER_ID;
  resetEnvCache();
});
afterEach(async () => {
  await t.cleanup();
});

const deliverer = (config: Partial<DeliverConfig> = {}) =>
  createDeliverer({ ...getEnv(), ...config }).deliver;

async function paidOrder(now = new Date()) {
  await addCartLine(t.db, f.alice, f.products.winch, 2);
  const placed = await reserveOrder(t.db, {
    userId: f.alice,
    addressId: f.aliceAddress,
    idempotencyKey: `key-${Math.random()}`,
    source: { type: "cart" },
    gateway: "sandbox",
    now,
  });
  if (!placed.ok) throw new Error(placed.message);
  await t.db
    .updateTable("orders")
    .set({ razorpay_order_id: `order_test${placed.order.id}` })
    .where("id", "=", placed.order.id)
    .execute();
  const paid = await recordSuccessfulPayment(t.db, {
    razorpayOrderId: `order_test${placed.order.id}`,
    razorpayPaymentId: `pay_test${placed.order.id}`,
    source: "test",
    now,
  });
  expect(paid.ok).toBe(true);
  return placed.order.id;
}

const rows = () => t.db.selectFrom("outbox").selectAll().orderBy("id").execute();

/** A message about a cash-on-delivery order of Alice's, without a link that expires. */
const orderMessage = (kind: "order_delivered" | "order_cancelled", id: number): MessagePayload =>
  ({
    kind,
    order: {
      id,
      items: [],
      totalPaise: 150,
      paymentMethod: "Cash on delivery",
      address: {
        fullName: "Alice Rao",
        phone: "9876543210",
        address1: "12 MG Road",
        address2: "",
        city: "Bengaluru",
        state: "Karnataka",
        postalCode: "560001",
        country: "India",
      },
      trackingNumber: null,
      customerEmail: "alice@example.com",
    },
  }) as MessagePayload;

describe("order messages", () => {
  it("a paid order writes the confirmation and the admin notice in its transaction, sent once over SMTP", async () => {
    const orderId = await paidOrder();
    const written = await rows();
    expect(written.map((r) => [r.kind, r.recipient, r.status])).toEqual([
      ["order_confirmation", "alice@example.com", "waiting"],
      ["order_admin_notice", "owner@overland.test", "waiting"],
    ]);
    // Paying again (a replayed callback) writes nothing new.
    await recordSuccessfulPayment(t.db, {
      razorpayOrderId: `order_test${orderId}`,
      razorpayPaymentId: `pay_test${orderId}`,
      source: "test",
    });
    expect(await rows()).toHaveLength(2);

    expect(await runOutboxOnce(t.db, deliverer())).toEqual({ sent: 2, failed: 0 });
    const mails = await smtp.waitFor(2);
    const confirmation = mails.find((m) => m.envelopeTo.includes("alice@example.com"))!;
    expect(confirmation.subject).toBe(`Order #${orderId} confirmed`);
    expect(confirmation.messageId).toBe(written[0].message_id);
    expect(confirmation.from?.text).toContain("orders@overland.test");
    // Both parts, with the items, the total through the money formatter, the address and the method.
    expect(confirmation.text).toContain("2 × Warn Zeon 10-S Winch");
    expect(confirmation.text).toContain(`Shipping: Free\nTotal: ${formatPaise(30_000_000)}`);
    expect(confirmation.text).toContain("12 MG Road");
    expect(confirmation.text).toContain("Paid online (test payment)");
    expect(confirmation.html).toContain(formatPaise(30_000_000));
    expect(confirmation.html).toContain(`href="${BASE}/order/${orderId}"`);
    const notice = mails.find((m) => m.envelopeTo.includes("owner@overland.test"))!;
    expect(notice.subject).toBe(`New order #${orderId}: ${formatPaise(30_000_000)}`);
    expect(notice.text).toContain("alice@example.com");

    expect((await rows()).map((r) => r.status)).toEqual(["sent", "sent"]);
    // Nothing is sent twice.
    expect(await runOutboxOnce(t.db, deliverer())).toEqual({ sent: 0, failed: 0 });
    expect(smtp.mails).toHaveLength(2);
  });

  it("a cash-on-delivery order is confirmed at once, saying so, and the admin is told", async () => {
    const placed = await reserveOrder(t.db, {
      userId: f.alice,
      addressId: f.aliceAddress,
      idempotencyKey: "cod-order-key",
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
    expect((await rows()).map((r) => [r.kind, r.recipient])).toEqual([
      ["order_confirmation", "alice@example.com"],
      ["order_admin_notice", "owner@overland.test"],
    ]);
    expect(await runOutboxOnce(t.db, deliverer())).toEqual({ sent: 2, failed: 0 });
    const mails = await smtp.waitFor(2);
    const confirmation = mails.find((m) => m.envelopeTo.includes("alice@example.com"))!;
    expect(confirmation.subject).toBe(`Order #${placed.order.id} confirmed`);
    expect(confirmation.text).toContain("Cash on delivery");
  });

  it("the order mails list shipping and the cash on delivery fee, adding up to the total as the order page does", async () => {
    await saveSettings(t.db, { ...DEFAULT_SETTINGS, freeShippingFromPaise: 0, codFeePaise: 4_900 });
    const placed = await reserveOrder(t.db, {
      userId: f.alice,
      addressId: f.aliceAddress,
      idempotencyKey: "cod-charges-key",
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
    const order = await t.db
      .selectFrom("orders")
      .select(["amount_paise", "shipping_paise", "cod_fee_paise"])
      .where("id", "=", placed.order.id)
      .executeTakeFirstOrThrow();
    const goods = await t.db
      .selectFrom("order_items")
      .select((eb) => eb.fn.sum<number>(eb("unit_price_paise", "*", eb.ref("quantity"))).as("sum"))
      .where("order_id", "=", placed.order.id)
      .executeTakeFirstOrThrow();
    // The order pays for shipping and the COD fee, and nothing else is in its total.
    expect(order.shipping_paise).toBeGreaterThan(0);
    expect(order.cod_fee_paise).toBe(4_900);
    expect(Number(goods.sum) + order.shipping_paise + order.cod_fee_paise).toBe(order.amount_paise);
    expect(await runOutboxOnce(t.db, deliverer())).toEqual({ sent: 2, failed: 0 });
    const mails = await smtp.waitFor(2);
    for (const mail of mails) {
      const text = mail.text ?? "";
      const shipping = `Shipping: ${formatPaise(order.shipping_paise)}`;
      const fee = `Cash on delivery fee: ${formatPaise(order.cod_fee_paise)}`;
      const total = `Total: ${formatPaise(order.amount_paise)}`;
      expect(text).toContain(shipping);
      expect(text).toContain(fee);
      // Between the items and the total.
      expect(text.indexOf(shipping)).toBeGreaterThan(text.indexOf("1 × "));
      expect(text.indexOf(fee)).toBeLessThan(text.indexOf(total));
      const html = String(mail.html);
      expect(html).toMatch(/<td>Shipping<\/td><td[^>]*>[^<]+<\/td>/);
      expect(html).toContain(`<td>Cash on delivery fee</td>`);
      expect(html).toContain(formatPaise(order.shipping_paise));
      expect(html).toContain(formatPaise(order.cod_fee_paise));
    }
  });

  it("without ADMIN_EMAIL every admin hears of the order", async () => {
    delete process.env.ADMIN_EMAIL;
    resetEnvCache();
    await t.db
      .insertInto("users")
      .values({ email: "a1@overland.test", password_hash: "x", role: "admin" })
      .execute();
    await t.db
      .insertInto("users")
      .values({ email: "a2@overland.test", password_hash: "x", role: "admin" })
      .execute();
    await paidOrder();
    const notices = (await rows()).filter((r) => r.kind === "order_admin_notice");
    expect(notices.map((r) => r.recipient).sort()).toEqual([
      "a1@overland.test",
      "a2@overland.test",
    ]);
  });

  it("shipping sends the tracking number and a link to the order page; delivered and cancelled are told too", async () => {
    const orderId = await paidOrder();
    await runOutboxOnce(t.db, deliverer());
    expect(
      (
        await transitionOrder(t.db, orderId, "shipped", {
          trackingNumber: "DL123456789IN",
          by: "admin",
        })
      ).ok,
    ).toBe(true);
    expect((await transitionOrder(t.db, orderId, "delivered", { by: "admin" })).ok).toBe(true);
    await runOutboxOnce(t.db, deliverer());
    const mails = await smtp.waitFor(4);
    const shipped = mails.find((m) => m.subject === `Order #${orderId} has shipped`)!;
    expect(shipped.text).toContain("Tracking number: DL123456789IN");
    expect(shipped.html).toContain(`<a href="${BASE}/order/${orderId}">Track your parcel</a>`);
    // The link works: the shopper's order page shows the status and the tracking number.
    const href = /href="([^"]+)">Track your parcel/.exec(String(shipped.html))![1];
    const cookie = (await createUserSession(new Request(`${BASE}/login`), f.alice)).split(";")[0];
    const page = (await orderPage({
      request: new Request(href, { headers: { Cookie: cookie } }),
      params: { orderId: new URL(href).pathname.split("/").pop()! },
      context: {},
    } as unknown as LoaderFunctionArgs)) as { order: { trackingNumber: string; status: string } };
    expect(page.order).toMatchObject({ trackingNumber: "DL123456789IN", status: "delivered" });
    expect(mails.some((m) => m.subject === `Order #${orderId} was delivered`)).toBe(true);

    const other = await paidOrder();
    await transitionOrder(t.db, other, "cancelled", { by: "admin" });
    expect(
      (await rows()).filter((r) => r.kind === "order_cancelled").map((r) => r.order_id),
    ).toEqual([other]);
  });

  it("the shipped mail lists what is in the parcel: units refunded before shipping are marked as not in it", async () => {
    await addCartLine(t.db, f.alice, f.products.lights, 1);
    const orderId = await paidOrder();
    const lines = await t.db
      .selectFrom("order_items")
      .select(["id", "product_id", "quantity", "unit_price_paise"])
      .where("order_id", "=", orderId)
      .execute();
    const winch = lines.find((l) => l.product_id === f.products.winch)!;
    const lights = lines.find((l) => l.product_id === f.products.lights)!;
    expect([winch.quantity, lights.quantity]).toEqual([2, 1]);
    // Before it ships, the admin refunds the lights and one of the two winches.
    const refund = await refundOrder(t.db, createSandboxGateway("sandbox-test-secret"), {
      orderId,
      lines: [
        { orderItemId: lights.id, quantity: 1 },
        { orderItemId: winch.id, quantity: 1 },
      ],
      by: "admin:1",
    });
    expect(refund).toMatchObject({ ok: true, status: "processed" });
    expect(
      (await transitionOrder(t.db, orderId, "shipped", { trackingNumber: "DL1", by: "admin" })).ok,
    ).toBe(true);
    await runOutboxOnce(t.db, deliverer());
    const mails = await smtp.waitFor(4);
    const linesOf = (text: string) => text.split("\n").filter((l) => /^\d+ × /.test(l));
    const confirmation = mails.find((m) => m.subject === `Order #${orderId} confirmed`)!;
    expect(linesOf(confirmation.text ?? "")).toEqual([
      `1 × ARB Intensity Lights  ${formatPaise(lights.unit_price_paise)}`,
      `2 × Warn Zeon 10-S Winch  ${formatPaise(2 * winch.unit_price_paise)}`,
    ]);
    const shipped = mails.find((m) => m.subject === `Order #${orderId} has shipped`)!;
    const text = shipped.text ?? "";
    // One winch is in the parcel; the refunded units are said to be out of it, and the mail still
    // adds up to what was paid (shipping is free for this order).
    expect(linesOf(text)).toEqual([
      `1 × Warn Zeon 10-S Winch  ${formatPaise(winch.unit_price_paise)}`,
      `1 × ARB Intensity Lights (refunded, not in this parcel)  ${formatPaise(lights.unit_price_paise)}`,
      `1 × Warn Zeon 10-S Winch (refunded, not in this parcel)  ${formatPaise(winch.unit_price_paise)}`,
    ]);
    expect(text).toContain("Shipping: Free");
    expect(text).toContain(
      `Total: ${formatPaise(2 * winch.unit_price_paise + lights.unit_price_paise)}`,
    );
    const html = String(shipped.html);
    expect(html).toContain(
      `<tr><td>1 ×</td><td>Warn Zeon 10-S Winch</td><td style="text-align:right">${formatPaise(winch.unit_price_paise)}</td></tr>`,
    );
    expect(html).toContain("<td>ARB Intensity Lights (refunded, not in this parcel)</td>");
    expect(html).not.toContain("<td>2 ×</td>");
  });

  it("a change that rolls back leaves no message behind", async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueMessage(trx, {
          channel: "email",
          recipient: "alice@example.com",
          payload: { kind: "password_reset", email: "alice@example.com", token: "x", minutes: 30 },
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rows()).toHaveLength(0);
  });
});

describe("the worker", () => {
  const enqueue = () =>
    enqueueMessage(t.db, {
      channel: "email",
      recipient: "alice@example.com",
      payload: { kind: "password_reset", email: "alice@example.com", token: "tok", minutes: 30 },
    });

  it("retries a refused message with exponential backoff under the same Message-ID", async () => {
    await enqueue();
    const start = new Date(Date.now() + 60_000);
    smtp.failNext(2);
    expect(await runOutboxOnce(t.db, deliverer(), { now: start })).toEqual({ sent: 0, failed: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: "waiting", attempts: 1 });
    expect(row.last_error).toMatch(/451/);
    expect(Date.parse(row.next_attempt_at) - start.getTime()).toBe(BACKOFF_BASE_MS);
    // Not due yet: nothing happens.
    expect(
      await runOutboxOnce(t.db, deliverer(), { now: new Date(start.getTime() + 1000) }),
    ).toEqual({ sent: 0, failed: 0 });
    const second = new Date(start.getTime() + BACKOFF_BASE_MS);
    expect(await runOutboxOnce(t.db, deliverer(), { now: second })).toEqual({ sent: 0, failed: 1 });
    [row] = await rows();
    expect(Date.parse(row.next_attempt_at) - second.getTime()).toBe(2 * BACKOFF_BASE_MS);
    expect(
      await runOutboxOnce(t.db, deliverer(), {
        now: new Date(second.getTime() + 2 * BACKOFF_BASE_MS),
      }),
    ).toEqual({ sent: 1, failed: 0 });
    [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 3, last_error: null });
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].messageId).toBe(row.message_id);
    // The reset link leaves the database once sent.
    expect(row.payload).not.toContain("tok");
  });

  it("a password reset that could not go out while its link works is not sent with a dead link, nor resent", async () => {
    const start = new Date(Date.now() + 60_000);
    await enqueueMessage(t.db, {
      channel: "email",
      recipient: "alice@example.com",
      payload: { kind: "password_reset", email: "alice@example.com", token: "tok", minutes: 30 },
      now: start,
    });
    // The mail server refuses the first six attempts (the sixth is 15.5 minutes in); the seventh
    // comes 31.5 minutes in, after the link stopped working.
    smtp.failNext(6);
    for (let round = 0; round < MAX_ATTEMPTS; round++) {
      const [row] = await rows();
      if (row.status !== "waiting") break;
      await runOutboxOnce(t.db, deliverer(), { now: new Date(row.next_attempt_at) });
    }
    expect(smtp.mails).toHaveLength(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 7 });
    expect(row.last_error).toMatch(/expired/);
    expect(row.payload).not.toContain("tok");
    expect(await resendMessage(t.db, row.id)).toMatchObject({ ok: false, status: 409 });
  });

  /**
   * A message without a link that expires (a password reset's would not be sent hours later),
   * failed until the outbox gives up on it. Answers the failing deliverer and the next try's time.
   */
  async function failUntilGivenUp(orderId: number) {
    await enqueueMessage(t.db, {
      channel: "email",
      recipient: "alice@example.com",
      payload: orderMessage("order_delivered", orderId),
    });
    const failing = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    let now = Date.now() + 60_000;
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await runOutboxOnce(t.db, failing, { now: new Date(now) });
      now += 3600_000;
    }
    return { failing, now };
  }

  it("gives up after MAX_ATTEMPTS, shows the error, and the admin can resend", async () => {
    await failUntilGivenUp(7);
    const listed = await listOutbox(t.db, { status: "failed" });
    expect(listed.counts).toEqual({ waiting: 0, sent: 0, failed: 1 });
    expect(listed.entries[0]).toMatchObject({
      attempts: MAX_ATTEMPTS,
      lastError: "connect ECONNREFUSED",
    });
    expect(await resendMessage(t.db, listed.entries[0].id)).toEqual({ ok: true });
    expect(await runOutboxOnce(t.db, deliverer())).toEqual({ sent: 1, failed: 0 });
    expect(smtp.mails[0].messageId).toBe(listed.entries[0].messageId);
  });

  it("the admin's Attempts count every delivery attempt, those after a resend too", async () => {
    const { failing, now: givenUp } = await failUntilGivenUp(9);
    let now = givenUp;
    const attempts = async () => (await listOutbox(t.db)).entries[0];
    expect(await attempts()).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    // The resend's attempt fails as well: counted, and the message is retried (a new round).
    expect(await resendMessage(t.db, (await attempts()).id, new Date(now))).toEqual({ ok: true });
    expect(await runOutboxOnce(t.db, failing, { now: new Date(now) })).toEqual({
      sent: 0,
      failed: 1,
    });
    expect(await attempts()).toMatchObject({ status: "waiting", attempts: MAX_ATTEMPTS + 1 });
    now += 3600_000;
    expect(await runOutboxOnce(t.db, deliverer(), { now: new Date(now) })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(await attempts()).toMatchObject({ status: "sent", attempts: MAX_ATTEMPTS + 2 });
    // A sent message resent goes out once more: one more attempt.
    expect(await resendMessage(t.db, (await attempts()).id, new Date(now))).toEqual({ ok: true });
    await runOutboxOnce(t.db, deliverer(), { now: new Date(now) });
    expect(await attempts()).toMatchObject({ status: "sent", attempts: MAX_ATTEMPTS + 3 });
    expect(smtp.mails).toHaveLength(2);
  });

  it("a sent message resent by the admin goes out under a new Message-ID", async () => {
    await enqueueMessage(t.db, {
      channel: "email",
      recipient: "alice@example.com",
      payload: orderMessage("order_cancelled", 8),
    });
    expect(await runOutboxOnce(t.db, deliverer())).toEqual({ sent: 1, failed: 0 });
    const [first] = await rows();
    expect(await resendMessage(t.db, first.id)).toEqual({ ok: true });
    const [again] = await rows();
    expect(again).toMatchObject({ status: "waiting", sent_at: null });
    expect(again.message_id).not.toBe(first.message_id);
    expect(again.message_id).toMatch(/^<[0-9a-f-]+@[^>]+>$/);
    expect(await runOutboxOnce(t.db, deliverer())).toEqual({ sent: 1, failed: 0 });
    expect(smtp.mails.map((m) => m.messageId)).toEqual([first.message_id, again.message_id]);
  });

  it("a claim left by a dead process is taken over; a live one's is not", async () => {
    await enqueue();
    const dead = "deadhost-is-not-this:1:x";
    // A claim from this machine by a pid that does not exist any more.
    const goneHere = `${(await import("node:os")).hostname()}:999999999:x`;
    const [claimed] = await claimDue(t.db, { workerId: goneHere });
    expect(claimed.attempts).toBe(1);
    // Another worker of this machine takes it over at once: that process is gone.
    const taken = await claimDue(t.db, { workerId: "other" });
    expect(taken.map((r: OutboxRow) => r.id)).toEqual([claimed.id]);
    // A claim from another machine holds until it lapses.
    await t.db.updateTable("outbox").set({ claimed_by: dead }).execute();
    expect(await claimDue(t.db, { workerId: "third" })).toEqual([]);
    expect(
      await claimDue(t.db, { workerId: "third", now: new Date(Date.now() + 6 * 60_000) }),
    ).toHaveLength(1);
  });

  it("without SMTP_URL each message becomes an .eml file in the data folder, readable by the shop alone", async () => {
    await enqueue();
    expect(await runOutboxOnce(t.db, deliverer({ SMTP_URL: undefined }))).toEqual({
      sent: 1,
      failed: 0,
    });
    const dir = path.join(t.dir, "mail");
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dir, files[0]), "utf8");
    expect(eml).toContain("Subject: Reset your password");
    expect(eml).toMatch(/Message-ID: <[0-9a-f-]+@overland\.test>/);
    expect(eml).toContain("text/html");
    expect(eml).toContain("text/plain");
    expect(smtp.mails).toHaveLength(0);
    // A reset link is a secret: neither the file nor its folder is open to other users.
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, files[0])).mode & 0o777).toBe(0o600);
  });
});

describe("templates", () => {
  it("escape what shoppers typed in the HTML part", () => {
    const mail = renderMail(
      {
        kind: "order_confirmation",
        order: {
          id: 7,
          items: [
            { title: "<b>Bar</b>", quantity: 1, unitPricePaise: 150, sizeLabel: "", colorName: "" },
          ],
          totalPaise: 150,
          paymentMethod: "Cash on delivery",
          address: {
            fullName: "A <script>",
            phone: "1",
            address1: "x",
            address2: "",
            city: "c",
            state: "s",
            postalCode: "1",
            country: "India",
          },
          trackingNumber: null,
          customerEmail: "a@b.c",
        },
      },
      BASE,
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;b&gt;Bar&lt;/b&gt;");
    expect(mail.text).toContain(formatPaise(150));
    // A message queued before the snapshot had shipping: the lines and the total, as before.
    expect(mail.text).not.toContain("Shipping");
  });

  it("say Free for free shipping, and show no COD fee for an order paid online", () => {
    const order = {
      id: 8,
      items: [
        {
          title: "ARB Recovery Damper",
          quantity: 2,
          unitPricePaise: 210_000,
          sizeLabel: "",
          colorName: "",
        },
      ],
      shippingPaise: 0,
      codFeePaise: 0,
      totalPaise: 420_000,
      paymentMethod: "Paid online (Razorpay)",
      address: {
        fullName: "A",
        phone: "1",
        address1: "x",
        address2: "",
        city: "c",
        state: "s",
        postalCode: "1",
        country: "India",
      },
      trackingNumber: null,
      customerEmail: "a@b.c",
    };
    const free = renderMail({ kind: "order_confirmation", order }, BASE);
    expect(free.text).toContain(
      `2 × ARB Recovery Damper  ${formatPaise(420_000)}\nShipping: Free\nTotal: ${formatPaise(420_000)}`,
    );
    expect(free.text).not.toContain("Cash on delivery fee");
    expect(free.html).toContain(`<td>Shipping</td><td style="text-align:right">Free</td>`);
    const paid = renderMail(
      { kind: "order_shipped", order: { ...order, shippingPaise: 6_400, totalPaise: 426_400 } },
      BASE,
    );
    expect(paid.text).toContain(`Shipping: ${formatPaise(6_400)}\nTotal: ${formatPaise(426_400)}`);
  });

  it("give the admin's new-order amount as the order page does: Indian grouping, always with paise", () => {
    const order = (id: number, totalPaise: number) => ({
      id,
      items: [
        { title: "Winch", quantity: 1, unitPricePaise: totalPaise, sizeLabel: "", colorName: "" },
      ],
      totalPaise,
      paymentMethod: CASH_ON_DELIVERY,
      address: {
        fullName: "A",
        phone: "1",
        address1: "x",
        address2: "",
        city: "c",
        state: "s",
        postalCode: "1",
        country: "India",
      },
      trackingNumber: null,
      customerEmail: "a@b.c",
    });
    // Literal amounts: the order page's Price shows "₹1,10,000.00", never "₹1,10,000".
    const whole = renderMail({ kind: "order_admin_notice", order: order(11, 11_000_000) }, BASE);
    expect(whole.subject).toBe("New order #11: ₹1,10,000.00");
    expect(whole.text).toContain("Total: ₹1,10,000.00");
    const paise = renderMail({ kind: "order_admin_notice", order: order(12, 431_950) }, BASE);
    expect(paise.subject).toBe("New order #12: ₹4,319.50");
    expect(paise.text).toContain("Total: ₹4,319.50");
  });

  it("keep the lines of a note typed on several lines in the HTML part, as in the text part", () => {
    const mail = renderMail(
      {
        kind: "return_update",
        order: {
          id: 9,
          items: [],
          totalPaise: 150,
          paymentMethod: "Paid online (Razorpay)",
          address: {
            fullName: "A",
            phone: "1",
            address1: "x",
            address2: "",
            city: "c",
            state: "s",
            postalCode: "1",
            country: "India",
          },
          trackingNumber: null,
          customerEmail: "a@b.c",
        },
        return: {
          id: 3,
          status: "declined",
          note: "Used off-road:\r\n1. the drum is scratched\n2. <no> box",
          lines: [{ title: "Winch", quantity: 1 }],
        },
      },
      BASE,
    );
    expect(mail.text).toContain("Note: Used off-road:\r\n1. the drum is scratched\n2. <no> box");
    expect(mail.html).toContain(
      "<p>Note: Used off-road:<br>1. the drum is scratched<br>2. &lt;no&gt; box</p>",
    );
  });
});
