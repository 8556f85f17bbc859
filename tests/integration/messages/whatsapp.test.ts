// WhatsApp order updates: the opt-in at checkout (unticked unless sent, stored with its time) and
// template messages to the Cloud API's local stand-in, only when it is configured.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readMove } from "~/forms/admin-order";
import { createDeliverer } from "~/messages/deliver.server";
import { createUserSession } from "~/auth/session.server";
import { issueApiToken } from "~/models/api-token.server";
import { resendMessage } from "~/models/outbox.server";
import { recordSuccessfulPayment, transitionOrder } from "~/models/order/index.server";
import { runOutboxOnce } from "~/models/outbox-worker.server";
import { resetPaymentGateway } from "~/payments/payments.server";
import { action as createOrder } from "~/routes/api.v1.checkout.create-order";
import { createUser } from "~/models/user.server";
import { loader as adminOrderPage } from "~/routes/admin.orders.$id";
import { loader as orderPage } from "~/routes/order.$orderId";
import { action as stopWhatsApp } from "~/routes/order_.$orderId.whatsapp";
import { getEnv, resetEnvCache } from "~/utils/env.server";
import { formatPaise } from "~/utils/money";
import { addressSchema } from "~/utils/validation";
import { addCartLine, insertCheckoutFixture } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";
import { startWhatsAppStandIn, type WhatsAppStandIn } from "../../support/whatsapp-standin";

const BASE = "http://127.0.0.1:3995";
let wa: WhatsAppStandIn;
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
const saved = { ...process.env };

beforeAll(async () => {
  wa = await startWhatsAppStandIn();
});
afterAll(async () => {
  await wa.close();
  process.env = saved;
  resetEnvCache();
  resetPaymentGateway();
});
beforeEach(async () => {
  t = await withAppDb({
    PUBLIC_URL: BASE,
    SESSION_SECRET: "test-session-secret-0123456789abcdef",
    WHATSAPP_TOKEN: wa.token,
    WHATSAPP_PHONE_NUMBER_ID: wa.phoneNumberId,
    WHATSAPP_API_URL: wa.url,
  });
  f = await insertCheckoutFixture(t.db);
  wa.requests.length = 0;
  for (const k of ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "SMTP_URL", "ADMIN_EMAIL"])
    delete process.env[k];
  resetEnvCache();
  resetPaymentGateway();
});
afterEach(async () => {
  await t.cleanup();
});

/** Alice orders through the API (opting in or not) and pays. */
async function order(extra: Record<string, unknown>) {
  await addCartLine(t.db, f.alice, f.products.winch, 1);
  const token = (await issueApiToken(t.db, f.alice)).token;
  const res = (await createOrder({
    request: new Request(`${BASE}/api/v1/checkout/create-order`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ billingAddressId: f.aliceAddress, ...extra }),
    }),
    params: {},
    context: {},
  } as unknown as ActionFunctionArgs)) as Response;
  expect(res.status).toBe(201);
  const body = (await res.json()) as { orderId: number; razorpayOrderId: string };
  await recordSuccessfulPayment(t.db, {
    razorpayOrderId: body.razorpayOrderId,
    razorpayPaymentId: `pay_wa${body.orderId}`,
    source: "test",
  });
  return body.orderId;
}

const validAddress = {
  fullName: "Alice Rao",
  phone: "9876543210",
  address1: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  postalCode: "560001",
};

const whatsappRows = () =>
  t.db.selectFrom("outbox").selectAll().where("channel", "=", "whatsapp").orderBy("id").execute();

describe("WhatsApp order updates", () => {
  it("an opted-in shopper gets template messages; the consent time is stored", async () => {
    const before = Date.now();
    const orderId = await order({ whatsappOptIn: true });
    const consent = await t.db
      .selectFrom("orders")
      .select("whatsapp_opt_in_at")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(Date.parse(consent.whatsapp_opt_in_at!)).toBeGreaterThanOrEqual(before - 1000);
    await transitionOrder(t.db, orderId, "shipped", {
      trackingNumber: "EZ1234567890IN",
      by: "admin",
    });
    const deliver = createDeliverer(getEnv()).deliver;
    await runOutboxOnce(t.db, async (row) =>
      row.channel === "whatsapp" ? deliver(row) : undefined,
    );
    expect(wa.requests).toHaveLength(2);
    const [confirmation, shipped] = wa.requests;
    expect(confirmation.authorization).toBe(`Bearer ${wa.token}`);
    expect(confirmation.body).toMatchObject({
      messaging_product: "whatsapp",
      to: "919876543210",
      type: "template",
      template: { name: "order_confirmation", language: { code: "en" } },
    });
    expect(confirmation.body.template!.components![0].parameters.map((p) => p.text)).toEqual([
      "Alice Rao",
      `#${orderId}`,
      formatPaise(15_000_000),
    ]);
    expect(shipped.body.template!.name).toBe("order_shipped");
    expect(shipped.body.template!.components![0].parameters.map((p) => p.text)).toContain(
      "EZ1234567890IN",
    );
    expect((await whatsappRows()).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("nothing goes to WhatsApp without the opt-in, or when WhatsApp is not configured", async () => {
    const orderId = await order({});
    expect(
      await t.db
        .selectFrom("orders")
        .select("whatsapp_opt_in_at")
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ whatsapp_opt_in_at: null });
    expect(await whatsappRows()).toHaveLength(0);
    delete process.env.WHATSAPP_TOKEN;
    resetEnvCache();
    await order({ whatsappOptIn: true, idempotencyKey: "second-order-key" });
    expect(await whatsappRows()).toHaveLength(0);
  });

  it("what people typed with runs of spaces reaches WhatsApp as Meta accepts it (no run of more than 4 spaces)", async () => {
    // Both are accepted where they are typed: the address form and the admin's Mark shipped.
    const name = "Alice      Rao";
    expect(addressSchema.parse({ ...validAddress, fullName: name }).fullName).toBe(name);
    const form = new FormData();
    form.set("to", "shipped");
    form.set("trackingNumber", "EZ 1234     5678 IN");
    const move = readMove(form, ["shipped"]);
    if (!move.ok) throw new Error(JSON.stringify(move.errors));
    await t.db.updateTable("addresses").set({ full_name: name }).execute();
    const orderId = await order({ whatsappOptIn: true });
    await transitionOrder(t.db, orderId, "shipped", {
      trackingNumber: move.trackingNumber,
      by: "admin",
    });
    const deliver = createDeliverer(getEnv()).deliver;
    await runOutboxOnce(t.db, async (row) =>
      row.channel === "whatsapp" ? deliver(row) : undefined,
    );
    expect((await whatsappRows()).map((r) => [r.kind, r.status, r.last_error])).toEqual([
      ["order_confirmation", "sent", null],
      ["order_shipped", "sent", null],
    ]);
    const [confirmation, shipped] = wa.requests.map((r) =>
      r.body.template!.components![0].parameters.map((p) => p.text),
    );
    expect(confirmation[0]).toBe("Alice Rao");
    expect(shipped[1]).toBe("EZ 1234 5678 IN");
  });

  it("a refused message is retried, with the API's error kept for the admin", async () => {
    await order({ whatsappOptIn: true });
    const deliver = createDeliverer({ ...getEnv(), WHATSAPP_TOKEN: "wrong-token" }).deliver;
    await runOutboxOnce(t.db, async (row) =>
      row.channel === "whatsapp" ? deliver(row) : undefined,
    );
    const [row] = await whatsappRows();
    expect(row.status).toBe("waiting");
    expect(row.last_error).toMatch(/WhatsApp API 401: Invalid OAuth access token/);
  });

  it("Meta's error details reach the admin: what to do, not only the error's title", async () => {
    wa.allowedRecipients = ["911234567890"];
    try {
      await order({ whatsappOptIn: true });
      const deliver = createDeliverer(getEnv()).deliver;
      await runOutboxOnce(t.db, async (row) =>
        row.channel === "whatsapp" ? deliver(row) : undefined,
      );
    } finally {
      wa.allowedRecipients = null;
    }
    const [row] = await whatsappRows();
    expect(row.status).toBe("waiting");
    expect(row.last_error).toBe(
      "WhatsApp API 400: (#131030) Recipient phone number not in allowed list (Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.)",
    );
  });
  it("a shopper stops WhatsApp updates on the order page: nothing more is sent, waiting ones are dropped", async () => {
    const orderId = await order({ whatsappOptIn: true });
    const cookieOf = async (userId: number) =>
      (await createUserSession(new Request(`${BASE}/login`), userId)).split(";")[0];
    // What the order page shows of them.
    const shown = async () => {
      const page = await orderPage({
        request: new Request(`${BASE}/order/${orderId}`, {
          headers: { Cookie: await cookieOf(f.alice) },
        }),
        params: { orderId: String(orderId) },
        context: {},
      } as unknown as LoaderFunctionArgs);
      return page.whatsapp;
    };
    // And what the admin's order page shows.
    const admin = await createUser(
      t.db,
      { email: "boss@example.com", password: "admin-password-123", role: "admin" },
      { N: 2 ** 10, r: 8, p: 1 },
    );
    if (!admin.ok) throw new Error("no admin");
    const shownToAdmin = async () =>
      (
        await adminOrderPage({
          request: new Request(`${BASE}/admin/orders/${orderId}`, {
            headers: { Cookie: await cookieOf(admin.user.id) },
          }),
          params: { id: String(orderId) },
          context: {},
        } as unknown as LoaderFunctionArgs)
      ).whatsapp;
    expect(await shown()).toBe("on");
    expect(await shownToAdmin()).toBe("on");
    const stop = async (userId: number) => {
      const cookie = await cookieOf(userId);
      try {
        return (await stopWhatsApp({
          request: new Request(`${BASE}/order/${orderId}/whatsapp`, {
            method: "POST",
            headers: { Cookie: cookie, Origin: BASE },
          }),
          params: { orderId: String(orderId) },
          context: {},
        } as unknown as ActionFunctionArgs)) as Response;
      } catch (thrown) {
        return thrown as Response;
      }
    };
    // Someone else's order is not found, and changes nothing.
    expect((await stop(f.bob)).status).toBe(404);
    expect((await whatsappRows()).map((r) => r.status)).toEqual(["waiting"]);

    const res = await stop(f.alice);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/order/${orderId}`);
    const consent = await t.db
      .selectFrom("orders")
      .select(["whatsapp_opt_in_at", "whatsapp_opt_out_at"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    // The consent and its withdrawal are both kept, with their times.
    expect(consent.whatsapp_opt_in_at).not.toBeNull();
    expect(consent.whatsapp_opt_out_at).not.toBeNull();
    // The confirmation still waiting is not sent, and says why; the admin cannot send it again.
    const [dropped] = await whatsappRows();
    expect(dropped).toMatchObject({
      status: "failed",
      last_error: "The shopper stopped WhatsApp updates",
    });
    expect(await resendMessage(t.db, dropped.id)).toMatchObject({ ok: false, status: 409 });
    // Later changes of the order go by e-mail only.
    await transitionOrder(t.db, orderId, "shipped", { trackingNumber: "EZ1", by: "admin" });
    expect(await whatsappRows()).toHaveLength(1);
    const shippedMail = await t.db
      .selectFrom("outbox")
      .select("kind")
      .where("channel", "=", "email")
      .where("kind", "=", "order_shipped")
      .execute();
    expect(shippedMail).toHaveLength(1);
    const deliver = createDeliverer(getEnv()).deliver;
    await runOutboxOnce(t.db, async (row) =>
      row.channel === "whatsapp" ? deliver(row) : undefined,
    );
    expect(wa.requests).toHaveLength(0);
    expect(await shown()).toBe("stopped");
    expect(await shownToAdmin()).toBe("stopped");
    // Stopping twice is the same as once.
    expect((await stop(f.alice)).status).toBe(303);
  });
});
