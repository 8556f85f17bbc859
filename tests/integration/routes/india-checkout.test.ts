// Checkout in India through its real doors on a real database: the PIN API, address rules,
// shipping in the amount charged, cash on delivery end to end, GST invoices read back from the
// PDF with poppler's pdftotext, and the courier's serviceability CSV.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUserSession } from "~/auth/session.server";
import { issueApiToken } from "~/models/api-token.server";
import { deliveryAddressSchema } from "~/models/address.server";
import { getInvoice } from "~/models/invoice.server";
import { gstReportCsv, monthBounds } from "~/models/gst-report.server";
import {
  expireStaleOrders,
  recordSuccessfulPayment,
  reserveOrder,
  transitionOrder,
} from "~/models/order/index.server";
import { getOrderExtras, recordCashCollected } from "~/models/order-extras.server";
import { getOrderForAdmin } from "~/models/order/index.server";
import { saveSettings, DEFAULT_SETTINGS } from "~/models/settings.server";
import { checkDelivery, importServiceability } from "~/models/shipping.server";
import { syncVariants } from "~/models/variant-stock.server";
import { renderMail } from "~/messages/templates";
import { resetPaymentGateway } from "~/payments/payments.server";
import { action as createOrder } from "~/routes/api.v1.checkout.create-order";
import { loader as invoiceApi } from "~/routes/api.v1.orders.$orderId.invoice";
import { loader as pincodeApi } from "~/routes/api.v1.pincode.$pin";
import { loader as cartLoader } from "~/routes/cart";
import { resetEnvCache } from "~/utils/env.server";
import { pinCookieHeader } from "~/utils/pin.server";
import { addCartLine, insertCheckoutFixture, stockOf } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";
import { ensureDebianCommand } from "../../support/debian";
import { callRoute } from "../../support/route";

const BASE = "http://127.0.0.1:3999";
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
let aliceToken: string;
let bobToken: string;
const saved = { ...process.env };

beforeEach(async () => {
  t = await withAppDb();
  f = await insertCheckoutFixture(t.db);
  for (const key of [
    "RAZORPAY_KEY_ID",
    "RAZORPAY_KEY_SECRET",
    "SHOP_GSTIN",
    "SHOP_STATE",
    "SHOP_ADDRESS",
    "SHOP_LEGAL_NAME",
  ]) {
    delete process.env[key];
  }
  Object.assign(process.env, {
    NODE_ENV: "test",
    PUBLIC_URL: BASE,
    SESSION_SECRET: "test-session-secret-0123456789abcdef",
    SHOP_LEGAL_NAME: "Overland Test Traders Private Limited",
  });
  resetEnvCache();
  resetPaymentGateway();
  aliceToken = (await issueApiToken(t.db, f.alice)).token;
  bobToken = (await issueApiToken(t.db, f.bob)).token;
});
afterEach(async () => {
  await t.cleanup();
});
afterAll(() => {
  process.env = saved;
  resetEnvCache();
  resetPaymentGateway();
});

const call = callRoute;

const api = (p: string, token: string, body?: unknown) =>
  new Request(`${BASE}${p}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function addressIn(userId: number, state: string, city: string, pin: string) {
  return Number(
    (
      await t.db
        .insertInto("addresses")
        .values({
          user_id: userId,
          full_name: "Ravi Kumar",
          phone: "9876543210",
          address1: "4 Station Road",
          city,
          state,
          postal_code: pin,
          country: "India",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
}

/** An online order, paid through the same function the callback, verify-payment and webhooks use. */
async function paidOnlineOrder(
  addressId: number,
  productId: number,
  key: string,
  sizeId: number | null = null,
) {
  const reserved = await reserveOrder(t.db, {
    userId: f.alice,
    addressId,
    idempotencyKey: key,
    source: { type: "single", productId, quantity: 1, sizeLabel: "", colorName: "", sizeId },
    gateway: "sandbox",
  });
  if (!reserved.ok) throw new Error(reserved.message);
  const rzp = `order_${key}`;
  await t.db
    .updateTable("orders")
    .set({ razorpay_order_id: rzp })
    .where("id", "=", reserved.order.id)
    .execute();
  const paid = await recordSuccessfulPayment(t.db, {
    razorpayOrderId: rzp,
    razorpayPaymentId: `pay_${key}`,
    source: "test",
  });
  expect(paid).toMatchObject({ ok: true, status: "paid", changed: true });
  return reserved.order.id;
}

const hasPdftotext = ensureDebianCommand("pdftotext", "poppler-utils");

async function invoiceText(orderId: number, token: string) {
  const res = await call(invoiceApi, api(`/api/v1/orders/${orderId}/invoice`, token), {
    orderId: String(orderId),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  const file = path.join(t.dir, `invoice-${orderId}.pdf`);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

describe("GET /api/v1/pincode/{pin}", () => {
  it("answers district, state, serviceability, COD and the delivery date; 404 unknown, 400 malformed", async () => {
    const ok = await call(pincodeApi, new Request(`${BASE}/api/v1/pincode/560001`), {
      pin: "560001",
    });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({
      pin: "560001",
      district: "Bengaluru",
      state: "Karnataka",
      serviceable: true,
      cod: true,
      deliveryDays: 1,
    });
    expect(Object.keys(body).sort()).toEqual([
      "cod",
      "deliveryDays",
      "district",
      "estimatedDelivery",
      "pin",
      "serviceable",
      "state",
    ]);
    expect(body.estimatedDelivery).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const islands = await (
      await call(pincodeApi, new Request(`${BASE}/api/v1/pincode/682555`), { pin: "682555" })
    ).json();
    expect(islands).toMatchObject({
      state: "Lakshadweep",
      serviceable: false,
      cod: false,
      deliveryDays: null,
      estimatedDelivery: null,
    });

    expect(
      (await call(pincodeApi, new Request(`${BASE}/api/v1/pincode/999999`), { pin: "999999" }))
        .status,
    ).toBe(404);
    expect(
      (await call(pincodeApi, new Request(`${BASE}/api/v1/pincode/56000`), { pin: "56000" }))
        .status,
    ).toBe(400);
    expect(
      (await call(pincodeApi, new Request(`${BASE}/api/v1/pincode/abcdef`), { pin: "abcdef" }))
        .status,
    ).toBe(400);
  });

  it("answers 404, not 400, for six digits that name no PIN (000000, 012345)", async () => {
    for (const pin of ["000000", "012345"]) {
      const res = await call(pincodeApi, new Request(`${BASE}/api/v1/pincode/${pin}`), { pin });
      expect(res.status, pin).toBe(404);
      expect(await res.json()).toEqual({ message: `PIN code ${pin} does not exist` });
    }
    for (const pin of ["00000", "0000000", "00000a"]) {
      const res = await call(pincodeApi, new Request(`${BASE}/api/v1/pincode/${pin}`), { pin });
      expect(res.status, pin).toBe(400);
    }
  });
});

describe("address PIN rules", () => {
  const address = {
    fullName: "Ravi",
    phone: "9876543210",
    address1: "4 Station Road",
    country: "India",
  };
  it("fills city and state from the PIN and refuses a PIN of another state or none at all", () => {
    expect(deliveryAddressSchema.parse({ ...address, postalCode: "400001" })).toMatchObject({
      city: "Mumbai",
      state: "Maharashtra",
    });
    const wrongState = deliveryAddressSchema.safeParse({
      ...address,
      city: "Kochi",
      state: "Kerala",
      postalCode: "560001",
    });
    expect(wrongState.success).toBe(false);
    expect(wrongState.error?.issues[0]).toMatchObject({
      path: ["postalCode"],
      message: "PIN 560001 is in Karnataka, not Kerala.",
    });
    const unknown = deliveryAddressSchema.safeParse({
      ...address,
      city: "X",
      state: "Kerala",
      postalCode: "999999",
    });
    expect(unknown.error?.issues[0]).toMatchObject({
      path: ["postalCode"],
      message: expect.stringMatching(/does not exist/),
    });
  });
});

describe("shipping charges", () => {
  it("are computed on the server by zone and weight and are part of the amount charged; free above the threshold", async () => {
    // Two Rs 1,200 tow straps of 1 kg each (the product's own weight, not its category's 30 kg)
    // from Bengaluru to Mumbai (metro to metro).
    const cheap = await f.product("tow-strap", "Tow Strap", 120_000, 10);
    await t.db
      .updateTable("products")
      .set({ weight_grams: 1000 })
      .where("id", "=", cheap)
      .execute();
    const mumbai = await addressIn(f.alice, "Maharashtra", "Mumbai", "400001");
    await addCartLine(t.db, f.alice, cheap, 2);
    const res = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, { billingAddressId: mumbai, amount: 1 }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    const metro = DEFAULT_SETTINGS.zones.metro;
    // 2 kg: the first kilogram and one more.
    expect(body.amount).toBe(240_000 + metro.firstKgPaise + metro.perKgPaise);
    expect(await getOrderExtras(t.db, body.orderId)).toMatchObject({
      shippingPaise: metro.firstKgPaise + metro.perKgPaise,
      goodsPaise: 240_000,
    });

    // Above the free-shipping threshold nothing is added.
    const winch = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        checkoutType: "single",
        productId: f.products.winch,
        quantity: 1,
        billingAddressId: mumbai,
      }),
    );
    expect((await winch.json()).amount).toBe(15_000_000);
  });

  it("shows in the cart for the remembered PIN, else the newest address's, else at checkout", async () => {
    const cheap = await f.product("recovery-strap", "Recovery Strap", 120_000, 10);
    await t.db
      .updateTable("products")
      .set({ weight_grams: 1000 })
      .where("id", "=", cheap)
      .execute();
    await addCartLine(t.db, f.alice, cheap, 2);
    const cookie = (await createUserSession(new Request(`${BASE}/login`), f.alice)).split(";")[0];
    const cartOf = async (extraCookie = "") =>
      (await cartLoader({
        request: new Request(`${BASE}/cart`, {
          headers: { Cookie: [cookie, extraCookie].filter(Boolean).join("; ") },
        }),
        params: {},
        context: {},
      } as unknown as LoaderFunctionArgs)) as { cart: { totalPaise: number }; shipping: unknown };
    // Alice's address is in Bengaluru, as is the shop: the same city's rate for 2 kg.
    const local = DEFAULT_SETTINGS.zones.local;
    expect((await cartOf()).shipping).toEqual({
      pin: "560001",
      ok: true,
      shippingPaise: local.firstKgPaise + local.perKgPaise,
    });
    // A PIN checked on a product page wins: Mumbai is metro to metro.
    const metro = DEFAULT_SETTINGS.zones.metro;
    const mumbai = (await pinCookieHeader("400001")).split(";")[0];
    expect((await cartOf(mumbai)).shipping).toEqual({
      pin: "400001",
      ok: true,
      shippingPaise: metro.firstKgPaise + metro.perKgPaise,
    });
    await t.db.deleteFrom("addresses").where("user_id", "=", f.alice).execute();
    expect((await cartOf()).shipping).toBeNull();
  });

  it("refuses an address the shop does not deliver to", async () => {
    const islands = await addressIn(f.alice, "Lakshadweep", "Kavaratti", "682555");
    const res = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        checkoutType: "single",
        productId: f.products.lights,
        quantity: 1,
        billingAddressId: islands,
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("We don't deliver to PIN 682555 yet.");
    expect(await stockOf(t.db, f.products.lights)).toBe(3);
  });
});

describe("cash on delivery", () => {
  it("places, confirms, ships, delivers (invoice issued), records the cash; no Razorpay order, no expiry", async () => {
    await addCartLine(t.db, f.alice, f.products.lights, 1);
    const res = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        billingAddressId: f.aliceAddress,
        paymentMethod: "cod",
      }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ status: "placed", paymentMethod: "cod", amount: 2_499_950 });
    expect(body).not.toHaveProperty("razorpayOrderId");
    expect(await stockOf(t.db, f.products.lights)).toBe(2);
    expect(
      await t.db.selectFrom("cart_items").selectAll().where("user_id", "=", f.alice).execute(),
    ).toEqual([]);

    // Never released as an unpaid online order, however long it waits.
    expect(await expireStaleOrders(t.db, new Date(Date.now() + 30 * 24 * 3600_000))).toBe(0);
    // No invoice before delivery.
    const early = await call(
      invoiceApi,
      api(`/api/v1/orders/${body.orderId}/invoice`, aliceToken),
      { orderId: String(body.orderId) },
    );
    expect(early.status).toBe(404);

    for (const to of ["confirmed", "shipped", "delivered"] as const) {
      expect(await transitionOrder(t.db, body.orderId, to, { by: "admin:1" })).toEqual({
        ok: true,
        status: to,
      });
    }
    const extras = await getOrderExtras(t.db, body.orderId);
    expect(extras?.invoiceNumber).toMatch(/^OV\/\d{2}-\d{2}\/000001$/);
    expect(extras?.cashCollectedAt).toBeNull();
    expect(await recordCashCollected(t.db, body.orderId, { by: "admin:1" })).toEqual({ ok: true });
    expect(await recordCashCollected(t.db, body.orderId, { by: "admin:1" })).toEqual({ ok: true });
    const after = await t.db
      .selectFrom("orders")
      .select(["paid_at", "cash_collected_at"])
      .where("id", "=", body.orderId)
      .executeTakeFirstOrThrow();
    expect(after.paid_at).not.toBeNull();
    expect(
      await t.db
        .selectFrom("payments")
        .select(["status", "amount_paise"])
        .where("order_id", "=", body.orderId)
        .execute(),
    ).toEqual([{ status: "paid", amount_paise: 2_499_950 }]);
  });

  it("a COD order is refunded only once its cash was collected: the cash refund is recorded and the shopper told; one back unpaid is cancelled", async () => {
    const place = async () => {
      const res = await call(
        createOrder,
        api("/api/v1/checkout/create-order", aliceToken, {
          checkoutType: "single",
          productId: f.products.lights,
          quantity: 1,
          billingAddressId: f.aliceAddress,
          paymentMethod: "cod",
        }),
      );
      expect(res.status).toBe(201);
      const { orderId } = (await res.json()) as { orderId: number };
      for (const to of ["confirmed", "shipped"] as const)
        expect(await transitionOrder(t.db, orderId, to, { by: "admin:1" })).toMatchObject({
          ok: true,
        });
      return orderId;
    };
    const refundMails = async (orderId: number) =>
      (
        await t.db
          .selectFrom("outbox")
          .select("payload")
          .where("order_id", "=", orderId)
          .where("channel", "=", "email")
          .execute()
      ).filter((m) => String(m.payload).includes("order_refunded"));

    // Back from the courier unpaid: nothing to refund, it is cancelled.
    const returned = await place();
    expect(await getOrderForAdmin(t.db, returned)).toMatchObject({
      allowedTransitions: ["delivered", "cancelled"],
    });
    expect(await transitionOrder(t.db, returned, "refunded", { by: "admin:1" })).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await transitionOrder(t.db, returned, "cancelled", { by: "admin:1" })).toMatchObject({
      ok: true,
    });

    // Delivered and paid in cash, then refunded: the refund is recorded and mailed.
    const paid = await place();
    await transitionOrder(t.db, paid, "delivered", { by: "admin:1" });
    expect((await getOrderForAdmin(t.db, paid))?.allowedTransitions).toEqual([]);
    await recordCashCollected(t.db, paid, { by: "admin:1" });
    expect((await getOrderForAdmin(t.db, paid))?.allowedTransitions).toEqual(["refunded"]);
    expect(await transitionOrder(t.db, paid, "refunded", { by: "admin:1" })).toMatchObject({
      ok: true,
    });
    const refunds = await t.db
      .selectFrom("refunds")
      .select(["amount_paise", "status"])
      .where("order_id", "=", paid)
      .execute();
    expect(refunds).toEqual([{ amount_paise: 2_499_950, status: "processed" }]);
    expect(await refundMails(paid)).toHaveLength(1);
  });

  it("a COD order cancelled before shipping returns its stock", async () => {
    const res = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        checkoutType: "single",
        productId: f.products.lastFive,
        quantity: 2,
        billingAddressId: f.aliceAddress,
        paymentMethod: "cod",
      }),
    );
    const { orderId } = await res.json();
    expect(await stockOf(t.db, f.products.lastFive)).toBe(3);
    expect(await transitionOrder(t.db, orderId, "cancelled", { by: "admin:1" })).toEqual({
      ok: true,
      status: "cancelled",
    });
    expect(await stockOf(t.db, f.products.lastFive)).toBe(5);
  });

  it("a COD request that breaks a rule gets a 400 saying which, and nothing is saved", async () => {
    // Over the COD limit (default Rs 50,000): the Rs 1,50,000 winch.
    const over = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        checkoutType: "single",
        productId: f.products.winch,
        quantity: 1,
        billingAddressId: f.aliceAddress,
        paymentMethod: "cod",
      }),
    );
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      message: "Cash on delivery is available for orders up to ₹50,000.00.",
      errors: { paymentMethod: "Cash on delivery is available for orders up to ₹50,000.00." },
    });
    // A PIN where COD is not allowed (special area).
    const guwahati = await addressIn(f.alice, "Assam", "Guwahati", "781001");
    const noCod = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        checkoutType: "single",
        productId: f.products.lastFive,
        quantity: 1,
        billingAddressId: guwahati,
        paymentMethod: "cod",
      }),
    );
    expect(noCod.status).toBe(400);
    expect((await noCod.json()).message).toBe("Cash on delivery is not available for PIN 781001.");
    const bad = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        checkoutType: "single",
        productId: f.products.lastFive,
        quantity: 1,
        billingAddressId: f.aliceAddress,
        paymentMethod: "cash",
      }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.paymentMethod).toBeTruthy();
    expect(await t.db.selectFrom("orders").selectAll().execute()).toEqual([]);
    expect(await stockOf(t.db, f.products.winch)).toBe(10);
  });

  it("adds the admin's COD fee", async () => {
    await saveSettings(t.db, { ...DEFAULT_SETTINGS, codFeePaise: 4_900 });
    const res = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        checkoutType: "single",
        productId: f.products.lastFive,
        quantity: 1,
        billingAddressId: f.aliceAddress,
        paymentMethod: "cod",
      }),
    );
    expect((await res.json()).amount).toBe(1_200_000 + 4_900);
  });
});

describe("GST tax invoices", () => {
  it("refuses a buyer GSTIN of another state than the delivery address, next to the field", async () => {
    const res = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        checkoutType: "single",
        productId: f.products.lastFive,
        quantity: 1,
        billingAddressId: f.aliceAddress,
        gstin: "27AAPFU0939F1ZV",
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors.gstin).toMatch(
      /registered in Maharashtra, but the order goes to Karnataka/,
    );
  });

  it("refuses a bad buyer GSTIN with a 400 next to the field", async () => {
    const res = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        checkoutType: "single",
        productId: f.products.lastFive,
        quantity: 1,
        billingAddressId: f.aliceAddress,
        gstin: "29ABCDE1234F1Z0",
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors.gstin).toMatch(/check digit/);
  });

  it.skipIf(!hasPdftotext)(
    "same state: CGST + SGST; another state: IGST; every Rule 46 field is in the PDF",
    async () => {
      const sameState = await paidOnlineOrder(f.aliceAddress, f.products.lights, "k1");
      const text = await invoiceText(sameState, aliceToken);
      for (const field of [
        "TAX INVOICE",
        "Overland Test Traders Private Limited",
        "12 MG Road, Bengaluru, Karnataka 560001",
        "GSTIN: 29AAAAA0000A1Z",
        "DEMO",
        "Invoice number: OV/",
        "Invoice date:",
        "Place of supply: Karnataka (code 29)",
        "Alice Rao",
        "12 MG Road, Bengaluru, Karnataka 560001, India",
        "GSTIN: unregistered (B2C)",
        "ARB Intensity Lights",
        "84253100",
        "18%",
        "CGST",
        "SGST",
        "₹21,186.02",
        "₹1,906.74",
        "(9%)",
        "₹24,999.50",
        "Rupees Twenty-Four Thousand Nine Hundred Ninety-Nine and Fifty Paise Only",
        "Authorised signatory",
      ]) {
        expect(text, field).toContain(field);
      }
      expect(text).not.toContain("IGST");

      const pune = await addressIn(f.alice, "Maharashtra", "Pune", "411001");
      const otherState = await paidOnlineOrder(pune, f.products.lights, "k2");
      const other = await invoiceText(otherState, aliceToken);
      expect(other).toContain("Place of supply: Maharashtra (code 27)");
      expect(other).toContain("IGST");
      expect(other).toContain("₹3,813.48");
      expect(other).not.toMatch(/CGST|SGST/);
      expect(other).toMatch(/OV\/\d{2}-\d{2}\/000002/);

      // Bob cannot read Alice's invoice.
      const bob = await call(invoiceApi, api(`/api/v1/orders/${otherState}/invoice`, bobToken), {
        orderId: String(otherState),
      });
      expect(bob.status).toBe(404);
    },
  );

  it.skipIf(!hasPdftotext)(
    "a wheel's line names the size chosen: label, bolt pattern, offset and part number, in the PDF and the e-mail",
    async () => {
      // Two sizes with one label: only the bolt pattern, offset and part number tell them apart.
      const wheel = await f.product("twin-wheel", "Method 701 Trail Wheel", 1_500_000, 0);
      const sizeIds: number[] = [];
      for (const [position, bolt, offset, part] of [
        [0, "6x139.7", 0, "MR70178560500"],
        [1, "5x150", -12, "MR70178558512N"],
      ] as const) {
        const { id: insertId } = await t.db
          .insertInto("product_sizes")
          .values({
            product_id: wheel,
            label: "17x8.5",
            diameter: 17,
            width: 8.5,
            bolt_pattern: bolt,
            offset_mm: offset,
            hub_bore_mm: 110.5,
            part_number: part,
            position,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        sizeIds.push(Number(insertId));
      }
      await syncVariants(t.db, wheel, () => 4);
      const orderId = await paidOnlineOrder(f.aliceAddress, wheel, "k-wheel", sizeIds[1]);

      const text = await invoiceText(orderId, aliceToken);
      // The description column wraps: words are compared with any run of spaces and line breaks between.
      for (const detail of [
        "17x8.5",
        "bolt pattern 5x150",
        "offset -12 mm",
        "part MR70178558512N",
      ]) {
        expect(text, detail).toMatch(new RegExp(detail.split(" ").join("\\s+")));
      }
      expect(text).not.toContain("6x139.7");

      const confirmation = await t.db
        .selectFrom("outbox")
        .select("payload")
        .where("order_id", "=", orderId)
        .where("kind", "=", "order_confirmation")
        .where("channel", "=", "email")
        .executeTakeFirstOrThrow();
      const mail = renderMail(JSON.parse(confirmation.payload), BASE);
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain("bolt pattern 5x150");
        expect(part).toContain("part MR70178558512N");
        expect(part).not.toContain("6x139.7");
      }
    },
  );

  it("line sums equal the invoice total to the paisa, shipping included", async () => {
    const cheap = await f.product("shackle", "Recovery Shackle", 99_999, 50);
    const pune = await addressIn(f.alice, "Maharashtra", "Pune", "411001");
    const orderId = await paidOnlineOrder(pune, cheap, "k3");
    const invoice = await getInvoice(t.db, orderId);
    expect(invoice).not.toBeNull();
    const order = await t.db
      .selectFrom("orders")
      .select("amount_paise")
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(invoice!.lines).toHaveLength(2);
    expect(invoice!.lines[1].description).toBe("Shipping charges");
    expect(invoice!.totals.totalPaise).toBe(order.amount_paise);
    expect(invoice!.totals.taxablePaise + invoice!.totals.igstPaise).toBe(order.amount_paise);
    expect(invoice!.amountInWords).toMatch(/^Rupees /);
  });

  it("an issued invoice keeps the seller it was issued by when the shop's details change later", async () => {
    const orderId = await paidOnlineOrder(f.aliceAddress, f.products.lights, "k-seller");
    const before = (await getInvoice(t.db, orderId))!;
    expect(before.seller).toMatchObject({ stateCode: "29", demo: true });
    expect(before.intraState).toBe(true);

    // The shop registers its GSTIN and moves to Maharashtra.
    Object.assign(process.env, {
      SHOP_GSTIN: "27AAPFU0939F1ZV",
      SHOP_STATE: "Maharashtra",
      SHOP_ADDRESS: "4 FC Road, Pune, Maharashtra 411004",
      SHOP_LEGAL_NAME: "Overland Pune Private Limited",
    });
    resetEnvCache();
    const after = (await getInvoice(t.db, orderId))!;
    expect(after.seller).toEqual(before.seller);
    expect(after.intraState).toBe(true);
    expect(after.totals).toEqual(before.totals);
    // A new invoice is issued by the shop as it is now.
    const next = await paidOnlineOrder(f.aliceAddress, f.products.lights, "k-seller-2");
    expect((await getInvoice(t.db, next))!).toMatchObject({
      seller: { gstin: "27AAPFU0939F1ZV", stateCode: "27", demo: false },
      intraState: false,
    });
  });

  it("a refund after invoicing issues a credit note from its own series", async () => {
    const orderId = await paidOnlineOrder(f.aliceAddress, f.products.lights, "k4");
    expect(await transitionOrder(t.db, orderId, "refunded", { by: "admin:1" })).toMatchObject({
      ok: true,
    });
    const extras = await getOrderExtras(t.db, orderId);
    expect(extras?.creditNoteNumber).toMatch(/^CN\/\d{2}-\d{2}\/000001$/);
    expect(extras?.invoiceNumber).toMatch(/^OV\/\d{2}-\d{2}\/000001$/);
  });
});

describe("GST report", () => {
  it("has B2CS sums by place of supply and rate net of their credit notes, B2B and B2CL lines, and CDNR and CDNUR credit notes, for a month in India time", async () => {
    const pune = await addressIn(f.alice, "Maharashtra", "Pune", "411001");
    await paidOnlineOrder(f.aliceAddress, f.products.lights, "r1");
    await paidOnlineOrder(pune, f.products.lights, "r2");
    // Refunded: its credit note comes off the Maharashtra sum (B2CS), no CDNR line.
    const refunded = await paidOnlineOrder(pune, f.products.lights, "r3");
    await transitionOrder(t.db, refunded, "refunded", { by: "admin:1" });
    // Over ₹1,00,000 to another state, unregistered: B2CL, and its credit note CDNUR.
    const large = await paidOnlineOrder(pune, f.products.winch, "r4");
    await transitionOrder(t.db, large, "refunded", { by: "admin:1" });
    const b2b = await call(
      createOrder,
      api("/api/v1/checkout/create-order", aliceToken, {
        checkoutType: "single",
        productId: f.products.lastFive,
        quantity: 1,
        billingAddressId: pune,
        paymentMethod: "cod",
        gstin: "27AAPFU0939F1ZV",
        businessName: "Trail Tech LLP",
      }),
    );
    const { orderId } = await b2b.json();
    for (const to of ["confirmed", "shipped", "delivered"] as const)
      await transitionOrder(t.db, orderId, to, { by: "admin:1" });

    const now = new Date(Date.now() + (5 * 60 + 30) * 60_000);
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    const csv = (await gstReportCsv(t.db, month))!.trim().split("\n");
    expect(csv[0]).toBe(
      "section,document,date,buyer_gstin,place_of_supply,rate_percent,taxable_value,cgst,sgst,igst",
    );
    expect(csv).toContain("B2CS,,,,29-Karnataka,18,21186.02,1906.74,1906.74,0.00");
    expect(csv).toContain("B2CS,,,,27-Maharashtra,18,21186.02,0.00,0.00,3813.48");
    expect(csv.filter((l) => l.startsWith("B2CS,"))).toHaveLength(2);
    expect(csv.find((l) => l.startsWith("B2B,"))).toMatch(
      /^B2B,OV\/\d{2}-\d{2}\/000005,\d{4}-\d{2}-\d{2},27AAPFU0939F1ZV,27-Maharashtra,18,10169\.49,0\.00,0\.00,1830\.51$/,
    );
    expect(csv.filter((l) => l.startsWith("B2CL,"))).toEqual([
      expect.stringMatching(
        /^B2CL,OV\/\d{2}-\d{2}\/000004,\d{4}-\d{2}-\d{2},,27-Maharashtra,18,127118\.64,0\.00,0\.00,22881\.36$/,
      ),
    ]);
    expect(csv.filter((l) => l.startsWith("CDNUR,"))).toEqual([
      expect.stringMatching(
        /^CDNUR,CN\/\d{2}-\d{2}\/000002 \(against OV\/\d{2}-\d{2}\/000004\),\d{4}-\d{2}-\d{2},,27-Maharashtra,18,127118\.64,/,
      ),
    ]);
    // A business buyer's credit note: the B2B order paid in cash, then refunded.
    await recordCashCollected(t.db, orderId, { by: "admin:1" });
    expect(await transitionOrder(t.db, orderId, "refunded", { by: "admin:1" })).toMatchObject({
      ok: true,
    });
    const later = (await gstReportCsv(t.db, month))!.trim().split("\n");
    expect(later.filter((l) => l.startsWith("CDNR,"))).toEqual([
      expect.stringMatching(
        /^CDNR,CN\/\d{2}-\d{2}\/000003 \(against OV\/\d{2}-\d{2}\/000005\),\d{4}-\d{2}-\d{2},27AAPFU0939F1ZV,/,
      ),
    ]);
    expect(await gstReportCsv(t.db, "2026-13")).toBeNull();
    expect(monthBounds("2027-04")).toEqual({
      from: "2027-03-31T18:30:00.000Z",
      to: "2027-04-30T18:30:00.000Z",
    });
  });
});

describe("serviceability CSV", () => {
  it("overrides the zone defaults, or with a bad row names its line and imports nothing", async () => {
    const bad = await importServiceability(
      t.db,
      "pin,cod,days\n560001,yes,2\n999999,yes,2\n400001,maybe,3\n110001,no,45\n",
    );
    expect(bad).toEqual({
      ok: false,
      errors: [
        "Line 3: PIN 999999 does not exist",
        'Line 4: COD must be yes or no, not "maybe"',
        'Line 5: days must be a whole number from 1 to 30, not "45"',
      ],
    });
    expect(await t.db.selectFrom("pin_serviceability").selectAll().execute()).toEqual([]);

    expect(
      await importServiceability(t.db, "560001,no,4\n682555,yes,12\n400001,yes,2,no\n"),
    ).toEqual({ ok: true, count: 3 });
    expect(await checkDelivery(t.db, "560001")).toMatchObject({
      serviceable: true,
      cod: false,
      deliveryDays: 4,
    });
    expect(await checkDelivery(t.db, "682555")).toMatchObject({
      serviceable: true,
      cod: true,
      deliveryDays: 12,
    });
    expect(await checkDelivery(t.db, "400001")).toMatchObject({
      serviceable: false,
      cod: false,
      deliveryDays: null,
    });
  });
});
