// The after-sale doors as the server calls them: the shopper's cancel and return (multipart with a
// real image and a disguised one), the admin's refund form and the Messages page with resend.
import { createElement } from "react";
import sharp from "sharp";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUserSession } from "~/auth/session.server";
import { OrderRefunds } from "~/components/admin/order-refunds";
import { enqueueMessage } from "~/models/outbox.server";
import { reserveOrder, transitionOrder, type AdminOrderView } from "~/models/order/index.server";
import { recordCashCollected } from "~/models/order-extras.server";
import { listRefunds } from "~/models/refund.server";
import { decideReturn, listReturns, requestReturn } from "~/models/return.server";
import { getSandboxGateway, resetPaymentGateway } from "~/payments/payments.server";
import { action as adminOrderAction, loader as adminOrderLoader } from "~/routes/admin.orders.$id";
import { loader as ordersLoader } from "~/routes/admin.orders";
import { loader as orderPageLoader } from "~/routes/order.$orderId";
import { loader as userOrdersLoader } from "~/routes/userOrders";
import { action as outboxAction, loader as outboxLoader } from "~/routes/admin.outbox";
import { action as cancelAction } from "~/routes/order_.$orderId.cancel";
import { action as returnAction } from "~/routes/order_.$orderId.return";
import { resetEnvCache } from "~/utils/env.server";
import { insertCheckoutFixture, paidCartOrder } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";
import { renderInRouter } from "../../support/render-in-router";
import { callRoute, toastsOf } from "../../support/route";

const BASE = "http://127.0.0.1:3993";
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
let alice: string;
let admin: string;
const saved = { ...process.env };

afterAll(() => {
  process.env = saved;
  resetEnvCache();
  resetPaymentGateway();
});
beforeEach(async () => {
  t = await withAppDb({
    PUBLIC_URL: BASE,
    SESSION_SECRET: "test-session-secret-0123456789abcdef",
  });
  f = await insertCheckoutFixture(t.db);
  for (const k of ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "ADMIN_EMAIL", "SMTP_URL"])
    delete process.env[k];
  resetEnvCache();
  resetPaymentGateway();
  const adminId = Number(
    (
      await t.db
        .insertInto("users")
        .values({ email: "boss@example.com", password_hash: "x", role: "admin" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  const cookie = async (id: number) =>
    (await createUserSession(new Request(`${BASE}/login`), id)).split(";")[0];
  alice = await cookie(f.alice);
  admin = await cookie(adminId);
});
afterEach(async () => {
  await t.cleanup();
});

const call = callRoute;

const post = (path: string, cookie: string, body: URLSearchParams | FormData) =>
  new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: BASE },
    body,
  });

const paidOrder = () => paidCartOrder(t.db, f, getSandboxGateway()!);

/** The admin's refund form posted for an order: `intent=refund` and these fields. */
const refundForm = (orderId: number, fields: Record<string, string>) =>
  call(
    adminOrderAction,
    post(`/admin/orders/${orderId}`, admin, new URLSearchParams({ intent: "refund", ...fields })),
    { id: String(orderId) },
  );

const status = async (id: number) =>
  (await t.db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow())
    .status;

describe("shopper doors", () => {
  it("cancel answers 303 back to the order; someone else's order is 404", async () => {
    const { orderId } = await paidOrder();
    const bob = (await createUserSession(new Request(`${BASE}/login`), f.bob)).split(";")[0];
    expect(
      (
        await call(cancelAction, post(`/order/${orderId}/cancel`, bob, new URLSearchParams()), {
          orderId: String(orderId),
        })
      ).status,
    ).toBe(404);
    const res = await call(
      cancelAction,
      post(`/order/${orderId}/cancel`, alice, new URLSearchParams()),
      { orderId: String(orderId) },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/order/${orderId}`);
    expect(await toastsOf(res)).toEqual([
      "Your order is cancelled and the full amount is refunded.",
    ]);
    expect(await status(orderId)).toBe("refunded");
  });

  it("a return is refused before its body is read when the order is not delivered; a broken or bloated body is a 400", async () => {
    const { orderId } = await paidOrder();
    const multipart = (body: string) =>
      new Request(`${BASE}/order/${orderId}/return`, {
        method: "POST",
        headers: {
          Cookie: alice,
          Origin: BASE,
          "Content-Type": "multipart/form-data; boundary=XyZ",
        },
        body,
      });
    const broken = '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nval';
    // Not delivered yet: refused with the reason, whatever the body holds (here: unreadable).
    const early = await call(returnAction, multipart(broken), { orderId: String(orderId) });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { errors: Record<string, string> }).errors.form).toBe(
      "Only a delivered order can be returned.",
    );

    await transitionOrder(t.db, orderId, "shipped", { trackingNumber: "TRACK1234", by: "admin" });
    await transitionOrder(t.db, orderId, "delivered", { by: "admin" });
    const unreadable = await call(returnAction, multipart(broken), { orderId: String(orderId) });
    expect(unreadable.status).toBe(400);
    expect(((await unreadable.json()) as { errors: Record<string, string> }).errors.form).toBe(
      "The form could not be read.",
    );
    const part = '--XyZ\r\nContent-Disposition: form-data; name="x"\r\n\r\n\r\n';
    const bloated = await call(returnAction, multipart(part.repeat(501) + "--XyZ--\r\n"), {
      orderId: String(orderId),
    });
    expect(bloated.status).toBe(400);
    expect(await listReturns(t.db, orderId)).toHaveLength(0);
  });

  it("a return with a photo is stored (re-encoded); a file that is not an image is refused next to the field", async () => {
    const { orderId, itemId } = await paidOrder();
    await transitionOrder(t.db, orderId, "shipped", { trackingNumber: "TRACK1234", by: "admin" });
    await transitionOrder(t.db, orderId, "delivered", { by: "admin" });
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#c0392b" },
    })
      .png()
      .toBuffer();

    const fake = new FormData();
    fake.set(`qty-${itemId}`, "1");
    fake.set("reason", "Scratched drum");
    fake.append(
      "photos",
      new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "evil.png", { type: "image/png" }),
    );
    const refused = await call(returnAction, post(`/order/${orderId}/return`, alice, fake), {
      orderId: String(orderId),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors.photos).toMatch(
      /only JPEG, PNG, WebP or AVIF/,
    );

    const short = new FormData();
    short.set(`qty-${itemId}`, "1");
    short.set("reason", "bad");
    const tooShort = await call(returnAction, post(`/order/${orderId}/return`, alice, short), {
      orderId: String(orderId),
    });
    expect(tooShort.status).toBe(400);
    const shortBody = (await tooShort.json()) as {
      errors: Record<string, string>;
      reason: string;
      values: Record<string, string>;
    };
    expect(shortBody.errors.reason).toMatch(/5 to 1000/);
    // What was chosen comes back, to be put in the fields again.
    expect(shortBody).toMatchObject({ reason: "bad", values: { [`qty-${itemId}`]: "1" } });

    const form = new FormData();
    form.set(`qty-${itemId}`, "1");
    form.set("reason", "Scratched drum");
    form.append("photos", new File([new Uint8Array(png)], "drum.png", { type: "image/png" }));
    const res = await call(returnAction, post(`/order/${orderId}/return`, alice, form), {
      orderId: String(orderId),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/order/${orderId}`);
    const [r] = await listReturns(t.db, orderId);
    expect(r.photos).toHaveLength(1);
    expect(r.photos[0]).toMatch(/^r\//);

    // The admin sees it and approves it, then refunds it on arrival.
    const page = (await (
      await call(
        adminOrderLoader,
        new Request(`${BASE}/admin/orders/${orderId}`, { headers: { Cookie: admin } }),
        { id: String(orderId) },
      )
    ).json()) as { returns: { id: number }[] };
    expect(page.returns.map((x) => x.id)).toEqual([r.id]);
    for (const decision of ["approve", "receive"]) {
      const done = await call(
        adminOrderAction,
        post(
          `/admin/orders/${orderId}`,
          admin,
          new URLSearchParams({ intent: "return", returnId: String(r.id), decision }),
        ),
        { id: String(orderId) },
      );
      expect(done.status).toBe(303);
    }
    expect((await listReturns(t.db, orderId))[0].status).toBe("refunded");
  });
});

describe("admin doors", () => {
  it("Cancel order on a paid online order refunds what was paid, and says so", async () => {
    const { orderId } = await paidOrder();
    const res = await call(
      adminOrderAction,
      post(`/admin/orders/${orderId}`, admin, new URLSearchParams({ to: "cancelled" })),
      { id: String(orderId) },
    );
    expect(res.status).toBe(303);
    expect(await toastsOf(res)).toEqual(["Order cancelled and ₹3,00,000.00 refunded"]);
    expect((await listRefunds(t.db, orderId)).map((r) => [r.amountPaise, r.status])).toEqual([
      [30_000_000, "processed"],
    ]);
    expect(await status(orderId)).toBe("refunded");
  });

  it("a cash-on-delivery return is received and its refund recorded once the cash is collected; the refund form offers what was collected", async () => {
    const placed = await reserveOrder(t.db, {
      userId: f.alice,
      addressId: f.aliceAddress,
      idempotencyKey: "cod-route-return",
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
    const orderId = placed.order.id;
    for (const to of ["confirmed", "shipped", "delivered"] as const)
      await transitionOrder(t.db, orderId, to, { trackingNumber: "TRACK1234", by: "admin" });
    await recordCashCollected(t.db, orderId, { by: "admin:1" });
    const page = async () =>
      (await (
        await call(
          adminOrderLoader,
          new Request(`${BASE}/admin/orders/${orderId}`, { headers: { Cookie: admin } }),
          { id: String(orderId) },
        )
      ).json()) as {
        refundablePaise: number;
        order: { amountPaise: number; items: { id: number }[] };
      };
    const before = await page();
    expect(before.refundablePaise).toBe(before.order.amountPaise);
    const asked = await requestReturn(t.db, {
      userId: f.alice,
      orderId,
      lines: [{ orderItemId: before.order.items[0].id, quantity: 1 }],
      reason: "Wrong beam pattern",
    });
    if (!asked.ok) throw new Error(asked.message);
    await decideReturn(t.db, { returnId: asked.returnId, approve: true, by: "admin:1" });
    const res = await call(
      adminOrderAction,
      post(
        `/admin/orders/${orderId}`,
        admin,
        new URLSearchParams({
          intent: "return",
          returnId: String(asked.returnId),
          decision: "receive",
        }),
      ),
      { id: String(orderId) },
    );
    expect(res.status).toBe(303);
    expect(await toastsOf(res)).toEqual(["Return refunded"]);
    expect((await listRefunds(t.db, orderId)).map((r) => r.status)).toEqual(["processed"]);
    expect((await page()).refundablePaise).toBe(0);
  });

  it("the refund form refunds an amount in rupees; bad input is a 400 with a message, not a 500", async () => {
    const { orderId } = await paidOrder();
    const refund = (fields: Record<string, string>) => refundForm(orderId, fields);
    const bad = await refund({ amount: "lots", reason: "damaged box" });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as {
      errors: Record<string, string>;
      values: Record<string, string>;
    };
    expect(badBody.errors.refund).toMatch(/rupees/);
    // What was typed comes back, to be put in the fields again.
    expect(badBody.values).toMatchObject({ amount: "lots", reason: "damaged box" });
    const tooMuch = await refund({ amount: "300000.01" });
    expect(tooMuch.status).toBe(400);
    // In rupees, as the form asks for them.
    expect(((await tooMuch.json()) as { errors: Record<string, string> }).errors.refund).toMatch(
      /^At most ₹[\d,]+\.\d\d can still be refunded\.$/,
    );
    // Checked first: what it comes to, to confirm; nothing is refunded yet.
    const check = await refund({ amount: "1,500.00", reason: "goodwill" });
    expect(check.status).toBe(200);
    expect(await check.json()).toMatchObject({
      refundToConfirm: 150_000,
      values: { amount: "1,500.00", reason: "goodwill" },
    });
    expect(await listRefunds(t.db, orderId)).toEqual([]);
    const ok = await refund({ amount: "1,500.00", reason: "goodwill", confirmPaise: "150000" });
    expect(ok.status).toBe(303);
    const rows = await t.db
      .selectFrom("refunds")
      .select(["amount_paise", "status", "reason"])
      .execute();
    expect(rows).toEqual([{ amount_paise: 150_000, status: "processed", reason: "goodwill" }]);
    // A paid online order cannot be marked refunded without moving money.
    const mark = await call(
      adminOrderAction,
      post(`/admin/orders/${orderId}`, admin, new URLSearchParams({ to: "refunded" })),
      { id: String(orderId) },
    );
    expect(mark.status).toBe(400);
  });

  it("a partly refunded order says so on the shopper's pages and in the admin's list; a full refund reads Refunded", async () => {
    const { orderId } = await paidOrder();
    const other = await paidOrder();
    const refund = (id: number, amount: string, confirmPaise: string) =>
      refundForm(id, { amount, reason: "goodwill", confirmPaise });
    expect((await refund(orderId, "1,500.00", "150000")).status).toBe(303);
    const get = async (loader: Parameters<typeof call>[0], path: string, cookie: string) =>
      (await call(loader, new Request(`${BASE}${path}`, { headers: { Cookie: cookie } }), {
        orderId: String(orderId),
      }).then((r) => r.json())) as {
        order: { statusLabel: string };
        refundedPaise: number;
        orders: { id: number; statusLabel: string }[];
      };
    const page = await get(orderPageLoader, `/order/${orderId}`, alice);
    expect(page.order.statusLabel).toBe("Paid, partly refunded");
    expect(page.refundedPaise).toBe(150_000);
    const labels = async (loader: Parameters<typeof call>[0], path: string, cookie: string) =>
      Object.fromEntries(
        (await get(loader, path, cookie)).orders.map((o) => [o.id, o.statusLabel]),
      );
    expect(await labels(userOrdersLoader, "/userOrders", alice)).toMatchObject({
      [orderId]: "Paid, partly refunded",
      [other.orderId]: "Paid",
    });
    expect(await labels(ordersLoader, "/admin/orders", admin)).toMatchObject({
      [orderId]: "Paid, partly refunded",
      [other.orderId]: "Paid",
    });

    // The rest refunded: the order is refunded, and reads so (not "partly").
    const { refundablePaise } = (await (
      await call(
        adminOrderLoader,
        new Request(`${BASE}/admin/orders/${orderId}`, { headers: { Cookie: admin } }),
        { id: String(orderId) },
      )
    ).json()) as { refundablePaise: number };
    const rest = (refundablePaise / 100).toFixed(2);
    expect((await refund(orderId, rest, String(refundablePaise))).status).toBe(303);
    expect(await status(orderId)).toBe("refunded");
    expect((await get(orderPageLoader, `/order/${orderId}`, alice)).order.statusLabel).toBe(
      "Refunded",
    );
  });

  it("the refund form offers the units not refunded yet, not what was bought", async () => {
    const { orderId, itemId } = await paidOrder();
    const form = async () => {
      const view = (await (
        await call(
          adminOrderLoader,
          new Request(`${BASE}/admin/orders/${orderId}`, { headers: { Cookie: admin } }),
          { id: String(orderId) },
        )
      ).json()) as Parameters<typeof OrderRefunds>[0] & {
        order: { items: AdminOrderView["items"] };
      };
      return renderInRouter(
        createElement(OrderRefunds, { ...view, items: view.order.items, busy: false }),
      );
    };
    expect(await form()).toContain(`to refund (of 2)`);
    const refund = (fields: Record<string, string>) =>
      refundForm(orderId, { [`qty-${itemId}`]: "1", ...fields });
    const { refundToConfirm } = (await (await refund({})).json()) as { refundToConfirm: number };
    expect((await refund({ confirmPaise: String(refundToConfirm) })).status).toBe(303);
    const html = await form();
    expect(html).toContain(`to refund (1 of 2 not refunded yet)`);
    expect(html).toMatch(new RegExp(`name="qty-${itemId}"[^>]*max="1"`));
  });

  it("a refund is made only once the admin confirms the sum it comes to; a different sum is shown again, not refunded", async () => {
    const { orderId, itemId } = await paidOrder();
    const refund = (fields: Record<string, string>) => refundForm(orderId, fields);
    // Every unit of the order's one line: the whole payment.
    const check = await refund({ [`qty-${itemId}`]: "2" });
    expect(check.status).toBe(200);
    const { refundToConfirm } = (await check.json()) as { refundToConfirm: number };
    const { amount_paise } = await t.db
      .selectFrom("orders")
      .select("amount_paise")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(refundToConfirm).toBe(amount_paise);
    // Confirmed for another sum (the fields changed after it was shown): shown again, no refund.
    const changed = await refund({ [`qty-${itemId}`]: "1", confirmPaise: String(refundToConfirm) });
    expect(changed.status).toBe(409);
    expect(await changed.json()).toMatchObject({
      refundToConfirm: 15_000_000,
      errors: { refund: "The refund now comes to ₹1,50,000.00: check it and confirm again." },
    });
    // Refused input is refused before any confirmation.
    const tooMany = await refund({ [`qty-${itemId}`]: "3" });
    expect(tooMany.status).toBe(400);
    expect(await listRefunds(t.db, orderId)).toEqual([]);
    const done = await refund({ [`qty-${itemId}`]: "1", confirmPaise: "15000000" });
    expect(done.status).toBe(303);
    expect((await listRefunds(t.db, orderId)).map((r) => r.amountPaise)).toEqual([15_000_000]);
  });

  it("a line named twice in the refund form counts its units together: never more units than were bought, never a 500", async () => {
    const { orderId, itemId } = await paidOrder();
    const refund = (...quantities: string[]) => {
      // As confirmed: two units of the winch.
      const body = new URLSearchParams({ intent: "refund", confirmPaise: "30000000" });
      for (const q of quantities) body.append(`qty-${itemId}`, q);
      return call(adminOrderAction, post(`/admin/orders/${orderId}`, admin, body), {
        id: String(orderId),
      });
    };
    const tooMany = await refund("2", "2");
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { errors: Record<string, string> }).errors.refund).toBe(
      "Only 2 of Warn Zeon 10-S Winch can still be refunded.",
    );
    expect(await listRefunds(t.db, orderId)).toEqual([]);
    const both = await refund("1", "1");
    expect(both.status).toBe(303);
    expect(
      (await listRefunds(t.db, orderId)).map((r) => [r.amountPaise, r.status, r.lines]),
    ).toEqual([[30_000_000, "processed", [{ orderItemId: itemId, quantity: 2 }]]]);
    expect(await status(orderId)).toBe("refunded");
  });

  it("an order that needs attention is marked handled: the note leaves the count and stays in the history", async () => {
    const { orderId } = await paidOrder();
    const note = "Payment pay_X is a second payment: refund it";
    await t.db.updateTable("orders").set({ attention: note }).where("id", "=", orderId).execute();
    const handle = () =>
      call(
        adminOrderAction,
        post(
          `/admin/orders/${orderId}`,
          admin,
          new URLSearchParams({ intent: "attention-handled" }),
        ),
        { id: String(orderId) },
      );
    const alicesTry = await call(
      adminOrderAction,
      post(`/admin/orders/${orderId}`, alice, new URLSearchParams({ intent: "attention-handled" })),
      { id: String(orderId) },
    );
    expect(alicesTry.status).not.toBe(303);
    const attention = async () =>
      (
        await t.db
          .selectFrom("orders")
          .select("attention")
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow()
      ).attention;
    expect(await attention()).toBe(note);
    const done = await handle();
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe(`/admin/orders/${orderId}`);
    expect(await attention()).toBeNull();
    const notes = await t.db
      .selectFrom("order_status_history")
      .select(["note", "by"])
      .where("order_id", "=", orderId)
      .where("note", "like", "handled:%")
      .execute();
    expect(notes).toEqual([{ note: `handled: ${note}`, by: expect.stringMatching(/^admin:/) }]);
    // Again: nothing left, nothing written.
    expect((await handle()).status).toBe(303);
    const again = await t.db
      .selectFrom("order_status_history")
      .select("id")
      .where("note", "like", "handled:%")
      .execute();
    expect(again).toHaveLength(1);
  });

  it("the orders needing attention are a filter of the order list, each shown with its note", async () => {
    const flagged = await paidOrder();
    await paidOrder();
    const note = "Payment pay_Y is a second payment: refund it";
    await t.db
      .updateTable("orders")
      .set({ attention: note })
      .where("id", "=", flagged.orderId)
      .execute();
    const list = (await (
      await call(
        ordersLoader,
        new Request(`${BASE}/admin/orders?status=attention`, { headers: { Cookie: admin } }),
        {},
      )
    ).json()) as {
      orders: { id: number; attention: string | null }[];
      total: number;
      status: string | null;
    };
    expect(list.status).toBe("attention");
    expect(list.total).toBe(1);
    expect(list.orders.map((o) => [o.id, o.attention])).toEqual([[flagged.orderId, note]]);
  });

  it("the Messages page lists the outbox with errors and resends a failed message", async () => {
    await enqueueMessage(t.db, {
      channel: "email",
      recipient: "alice@example.com",
      payload: { kind: "password_reset", email: "alice@example.com", token: "t", minutes: 30 },
    });
    await t.db
      .updateTable("outbox")
      .set({ status: "failed", attempts: 8, last_error: "550 mailbox unavailable" })
      .execute();
    const listed = (await (
      await call(
        outboxLoader,
        new Request(`${BASE}/admin/outbox?status=failed`, { headers: { Cookie: admin } }),
      )
    ).json()) as {
      entries: { id: number; lastError: string }[];
      counts: Record<string, number>;
    };
    expect(listed.counts).toEqual({ waiting: 0, sent: 0, failed: 1 });
    expect(listed.entries[0].lastError).toBe("550 mailbox unavailable");
    const res = await call(
      outboxAction,
      post(
        "/admin/outbox?status=failed",
        admin,
        new URLSearchParams({ id: String(listed.entries[0].id) }),
      ),
    );
    expect(res.status).toBe(303);
    expect(await t.db.selectFrom("outbox").select(["status", "attempts"]).execute()).toEqual([
      { status: "waiting", attempts: 0 },
    ]);
    // A shopper is not an admin.
    expect(
      (
        await call(
          outboxLoader,
          new Request(`${BASE}/admin/outbox`, { headers: { Cookie: alice } }),
        )
      ).status,
    ).toBeGreaterThanOrEqual(300);
  });
});
