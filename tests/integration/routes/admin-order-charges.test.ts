/**
 * What the admin's order list and order page are given of an order's money: its total is what the
 * shopper pays, made of its items, shipping and the cash on delivery fee, as on the shopper's page.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUserSession } from "~/auth/session.server";
import { reserveOrder } from "~/models/order/index.server";
import { DEFAULT_SETTINGS, saveSettings } from "~/models/settings.server";
import { loader as orderList } from "~/routes/admin.orders";
import { loader as orderPage } from "~/routes/admin.orders.$id";
import { loader as shopperPage } from "~/routes/order.$orderId";
import { insertCheckoutFixture } from "../../support/checkout-fixture";
import { withAppDb, type TestDb } from "../../support/db";
import { callRoute } from "../../support/route";

const BASE = "http://127.0.0.1:3992";
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
let admin: string;
let alice: string;

const cookie = async (id: number) =>
  (await createUserSession(new Request(`${BASE}/login`), id)).split(";")[0];

beforeEach(async () => {
  t = await withAppDb({ PUBLIC_URL: BASE, SESSION_SECRET: "test-session-secret-0123456789abcdef" });
  f = await insertCheckoutFixture(t.db);
  const boss = await t.db
    .insertInto("users")
    .values({ email: "boss@example.com", password_hash: "x", role: "admin" })
    .returning("id")
    .executeTakeFirstOrThrow();
  admin = await cookie(boss.id);
  alice = await cookie(f.alice);
});
afterEach(() => t.cleanup());

type Charges = { goodsPaise: number; shippingPaise: number; codFeePaise: number };

describe("an order's money for the admin", () => {
  it("shows the shipping and the COD fee of a cash on delivery order, adding up to what the shopper pays", async () => {
    // Shipping on every order, and a fee for cash on delivery.
    await saveSettings(t.db, { ...DEFAULT_SETTINGS, freeShippingFromPaise: 0, codFeePaise: 4_900 });
    const placed = await reserveOrder(t.db, {
      userId: f.alice,
      addressId: f.aliceAddress,
      idempotencyKey: "admin-charges-key",
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
    const id = placed.order.id;
    const get = (path: string, who: string) =>
      new Request(`${BASE}${path}`, { headers: { Cookie: who } });

    // What the shopper's own page says they pay.
    const shopper = (await (
      await callRoute(shopperPage, get(`/order/${id}`, alice), { orderId: String(id) })
    ).json()) as { order: { amountPaise: number }; charges: Charges };
    const pays = shopper.order.amountPaise;

    const page = (await (
      await callRoute(orderPage, get(`/admin/orders/${id}`, admin), { id: String(id) })
    ).json()) as {
      order: { amountPaise: number; items: { unitPricePaise: number; quantity: number }[] };
      charges: Charges;
    };
    const items = page.order.items.reduce((n, i) => n + i.unitPricePaise * i.quantity, 0);
    expect(items).toBe(2_499_950);
    expect(page.charges).toMatchObject({ goodsPaise: items, codFeePaise: 4_900 });
    expect(page.charges.shippingPaise).toBeGreaterThan(0);
    expect(page.charges).toEqual(expect.objectContaining(shopper.charges));
    expect(page.order.amountPaise).toBe(pays);
    expect(items + page.charges.shippingPaise + page.charges.codFeePaise).toBe(pays);

    const list = (await (await callRoute(orderList, get("/admin/orders", admin))).json()) as {
      orders: { id: number; amountPaise: number; shippingPaise: number; codFeePaise: number }[];
    };
    expect(list.orders.find((o) => o.id === id)).toMatchObject({
      amountPaise: pays,
      shippingPaise: page.charges.shippingPaise,
      codFeePaise: 4_900,
    });
  });
});
