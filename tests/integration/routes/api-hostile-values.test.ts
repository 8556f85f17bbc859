// Values no form sends, on both engines: ids past the id columns' range, a NUL in a filter or a
// path segment, amounts past 2^31 paise, and values of the wrong type inside the product API's JSON
// lists and the address fields the PIN fills. Each is a clean answer (a 4xx, or "nothing there"),
// never a 500 (PostgreSQL refused the first two outright), and a refusal saves nothing.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserSession } from "~/auth/session.server";
import { issueApiToken } from "~/models/api-token.server";
import { getSandboxGateway, resetPaymentGateway } from "~/payments/payments.server";
import * as adminOrder from "~/routes/admin.orders.$id";
import * as adminOutbox from "~/routes/admin.outbox";
import * as adminProducts from "~/routes/admin.products";
import * as addItem from "~/routes/api.v1.cart.addItem";
import * as removeLine from "~/routes/api.v1.cart.remove.$id";
import * as updateLine from "~/routes/api.v1.cart.update.$id";
import * as allProducts from "~/routes/api.v1.allProducts";
import * as billing from "~/routes/api.v1.billing";
import * as createOrder from "~/routes/api.v1.checkout.create-order";
import * as invoice from "~/routes/api.v1.orders.$orderId.invoice";
import * as order from "~/routes/api.v1.orders.$orderId";
import * as product from "~/routes/api.v1.product.$id";
import * as register from "~/routes/api.v1.register";
import * as recommendations from "~/routes/api.v1.product._index";
import * as byVehicle from "~/routes/api.v1.products.brand.$brand";
import * as byCategory from "~/routes/api.v1.products.category.$category";
import * as deleteProduct from "~/routes/api.v1.products.delete.$id";
import * as updateProduct from "~/routes/api.v1.products.update.$id";
import * as upload from "~/routes/api.v1.products.upload";
import * as search from "~/routes/api.v1.search";
import * as productPage from "~/routes/product.$id";
import { MAX_PRICE_PAISE } from "~/utils/money";
import { insertCheckoutFixture, paidCartOrder } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";
import { callRoute } from "../../support/route";

const BASE = "http://localhost:3000";
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
let alice: string;
let admin: string;

beforeAll(async () => {
  t = await withAppDb();
  fs.mkdirSync(path.join(t.dir, "uploads"), { recursive: true });
  f = await insertCheckoutFixture(t.db);
  alice = (await issueApiToken(t.db, f.alice)).token;
  const boss = await t.db
    .insertInto("users")
    .values({ email: "boss@example.com", password_hash: "x", role: "admin" })
    .returning("id")
    .executeTakeFirstOrThrow();
  admin = (await issueApiToken(t.db, Number(boss.id))).token;
});
afterAll(async () => {
  await t.cleanup();
});

type Handler = Parameters<typeof callRoute>[0];

async function send(
  handler: Handler,
  method: string,
  url: string,
  {
    token = alice,
    json,
    form,
    params = {},
  }: {
    token?: string;
    json?: unknown;
    form?: Record<string, string>;
    params?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  let body: BodyInit | undefined;
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  } else if (form) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(form)) fd.append(k, v);
    body = fd;
  }
  const res = await callRoute(handler, new Request(BASE + url, { method, headers, body }), params);
  return { status: res.status, body: await res.json().catch(() => null) };
}

const count = async (table: "products" | "addresses" | "orders") =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("ids past the id columns' range (PostgreSQL's integer)", () => {
  it("in a path are not found", async () => {
    for (const id of ["2147483648", "999999999999999"]) {
      const params = { id, orderId: id };
      const answers = [
        await send(product.loader, "GET", `/api/v1/product/${id}`, { params }),
        await send(order.loader, "GET", `/api/v1/orders/${id}`, { params }),
        await send(invoice.loader, "GET", `/api/v1/orders/${id}/invoice`, { params }),
        await send(updateLine.action, "PATCH", `/api/v1/cart/update/${id}`, {
          params,
          json: { quantity: 1 },
        }),
        await send(removeLine.action, "DELETE", `/api/v1/cart/remove/${id}`, { params }),
        await send(deleteProduct.action, "DELETE", `/api/v1/products/delete/${id}`, {
          params,
          token: admin,
        }),
      ];
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
    }
    // The product page, the API's twin, too.
    const page = await callRoute(productPage.loader, new Request(`${BASE}/product/2147483648`), {
      id: "2147483648",
    });
    expect(page.status).toBe(404);
  });

  it("in a body are invalid (400, by field); as `exclude` they leave nothing out", async () => {
    const orders = await count("orders");
    const add = await send(addItem.action, "POST", "/api/v1/cart/addItem", {
      json: { productId: 2147483648, quantity: 1 },
    });
    expect(add).toEqual({
      status: 400,
      body: { message: "Failed to add", errors: { productId: "Invalid id" } },
    });
    for (const json of [
      { billingAddressId: 2147483648 },
      { billingAddressId: f.aliceAddress, checkoutType: "single", productId: 2147483648 },
    ]) {
      const res = await send(createOrder.action, "POST", "/api/v1/checkout/create-order", {
        json,
      });
      expect(res.status).toBe(400);
      expect(Object.values(res.body.errors)).toEqual(["Invalid id"]);
    }
    expect(await count("orders")).toBe(orders);

    const recs = await send(
      recommendations.loader,
      "GET",
      "/api/v1/product?category=winches&exclude=2147483648",
    );
    expect(recs.status).toBe(200);
    expect(recs.body).toHaveLength(3);
  });
});

describe("a NUL in what a listing is asked for", () => {
  it("matches nothing, as any name that no product has", async () => {
    for (const url of [
      "/api/v1/allProducts?color=%00",
      "/api/v1/allProducts?category=winches%00",
      "/api/v1/search?query=%00",
      "/api/v1/product?category=winches%00",
    ]) {
      const handler = url.startsWith("/api/v1/allProducts")
        ? allProducts.loader
        : url.startsWith("/api/v1/search")
          ? search.loader
          : recommendations.loader;
      expect(await send(handler, "GET", url), url).toEqual({ status: 200, body: [] });
    }
    expect(
      await send(byVehicle.loader, "GET", "/api/v1/products/brand/%00", {
        params: { brand: "\u0000" },
      }),
    ).toEqual({ status: 200, body: [] });
    expect(
      await send(byCategory.loader, "GET", "/api/v1/products/category/winches%00", {
        params: { category: "winches\u0000" },
      }),
    ).toEqual({ status: 200, body: [] });
  });
});

describe("amounts past 2^31 paise", () => {
  it("are kept to the paisa: the highest price, and an order of two", async () => {
    const created = await send(upload.action, "POST", "/api/v1/products/upload", {
      token: admin,
      form: {
        title: "Expedition Trailer",
        slug: "expedition-trailer",
        brand: "Warn",
        price: String(MAX_PRICE_PAISE),
        description: "",
        category: "winches",
        inStock: "true",
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.product.price).toBe(MAX_PRICE_PAISE);

    const add = await send(addItem.action, "POST", "/api/v1/cart/addItem", {
      json: { productId: created.body.product.id, quantity: 2 },
    });
    expect(add.status).toBe(200);
    const placed = await send(createOrder.action, "POST", "/api/v1/checkout/create-order", {
      json: { billingAddressId: f.aliceAddress, amount: 100 },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.amount).toBeGreaterThanOrEqual(2 * MAX_PRICE_PAISE);
    const view = await send(order.loader, "GET", `/api/v1/orders/${placed.body.orderId}`, {
      params: { orderId: String(placed.body.orderId) },
    });
    expect(view.body.totalAmount).toBe(placed.body.amount);
    expect(view.body.items).toEqual([
      expect.objectContaining({ quantity: 2, price: MAX_PRICE_PAISE }),
    ]);
  });
});

describe("the product API's JSON lists", () => {
  const spec = {
    title: "Odd Wheel",
    slug: "odd-wheel",
    brand: "Method Race Wheels",
    price: "1500000",
    description: "",
    category: "wheels",
    inStock: "true",
  };
  const row = {
    label: "17x8.5",
    diameter: 17,
    width: 8.5,
    boltPattern: "6x139.7",
    offset: 0,
    hubBore: 106.1,
    partNumber: "ODD-1",
  };
  const black = JSON.stringify([{ name: "Black", count: 0 }]);

  it("refuse a value of the wrong type by its field, instead of saving its text", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ colors: JSON.stringify([{ name: { a: 1 }, count: 0 }]) }, "colors.0.name"],
      [{ colors: JSON.stringify([{ name: ["Black"], count: 0 }]) }, "colors.0.name"],
      [{ colors: JSON.stringify([{ name: true, count: 0 }]) }, "colors.0.name"],
      [{ size: JSON.stringify([{ ...row, label: { a: 1 } }]) }, "size.0.label"],
      [{ size: JSON.stringify([{ ...row, boltPattern: {} }]) }, "size.0.boltPattern"],
      [{ size: JSON.stringify([{ ...row, partNumber: ["ODD-9"] }]) }, "size.0.partNumber"],
      [{ size: JSON.stringify([{ ...row, diameter: [17] }]) }, "size.0.diameter"],
      [{ size: JSON.stringify([{ ...row, stock: [5] }]) }, "size.0.stock"],
      [
        {
          colors: black,
          size: JSON.stringify([row]),
          variants: JSON.stringify([{ colorIndex: 0, sizeIndex: 0, stock: [1] }]),
        },
        "variants.0",
      ],
      [
        {
          colors: black,
          size: JSON.stringify([row]),
          variants: JSON.stringify([{ colorIndex: [0], sizeIndex: 0, stock: 1 }]),
        },
        "variants.0",
      ],
      [{ colors: black, size: JSON.stringify([row]), variants: JSON.stringify([5]) }, "variants.0"],
      [{ vehicles: JSON.stringify([["toyota_hilux"]]) }, "vehicles"],
    ];
    const before = await count("products");
    for (const [fields, field] of cases) {
      const res = await send(upload.action, "POST", "/api/v1/products/upload", {
        token: admin,
        form: { ...spec, ...fields },
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.errors, JSON.stringify(fields)).toHaveProperty([field]);
      expect(JSON.stringify(res.body)).not.toMatch(/object Object/);
    }
    expect(await count("products")).toBe(before);

    // Numbers stay welcome where text is kept: a part number or a colour name of digits.
    const ok = await send(upload.action, "POST", "/api/v1/products/upload", {
      token: admin,
      form: {
        ...spec,
        colors: JSON.stringify([{ name: 5, count: 0 }]),
        size: JSON.stringify([{ ...row, partNumber: 12345 }]),
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.product.colors.map((c: { name: string }) => c.name)).toEqual(["5"]);
    expect(ok.body.product.sizes[0].partNumber).toBe("12345");

    // An update is read the same way and changes nothing when refused.
    const id = String(ok.body.product.id);
    const refused = await send(updateProduct.action, "PUT", `/api/v1/products/update/${id}`, {
      token: admin,
      params: { id },
      form: { ...spec, colors: JSON.stringify([{ name: { a: 1 }, count: 0 }]) },
    });
    expect(refused.status).toBe(400);
    const after = await send(product.loader, "GET", `/api/v1/product/${id}`, { params: { id } });
    expect(after.body.colors.map((c: { name: string }) => c.name)).toEqual(["5"]);
  });
});

describe("POST /api/v1/billing", () => {
  const address = {
    fullName: "Asha Rao",
    phone: "9876543210",
    address1: "12 MG Road",
    address2: "",
    city: "Bengaluru",
    state: "Karnataka",
    postalCode: "560001",
    country: "India",
  };

  it("refuses a city or state of the wrong type instead of filling it from the PIN", async () => {
    const before = await count("addresses");
    for (const [field, value] of [
      ["city", ["Bengaluru"]],
      ["city", { name: "Bengaluru" }],
      ["city", 5],
      ["state", ["Karnataka"]],
      ["state", true],
    ] as const) {
      const res = await send(billing.action, "POST", "/api/v1/billing", {
        json: { ...address, [field]: value },
      });
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(res.body.errors).toHaveProperty([field]);
    }
    expect(await count("addresses")).toBe(before);

    // Left out, null or blank, the PIN fills them.
    for (const blank of [undefined, null, " "]) {
      const res = await send(billing.action, "POST", "/api/v1/billing", {
        json: { ...address, city: blank, state: blank },
      });
      expect(res.status).toBe(201);
      expect(res.body.address).toMatchObject({ city: "Bengaluru", state: "Karnataka" });
    }
  });
});

describe("two requests racing for one unique value", () => {
  it("two sign-ups of one e-mail at once: one account, the other a 400 on its field", async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        callRoute(
          register.action,
          new Request(`${BASE}/api/v1/register`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: "twins@example.com", password: "overland-trail-42" }),
          }),
        ).then(async (res) => ({ status: res.status, body: await res.json() })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400))
      expect(a.body.errors).toEqual({ email: "An account with this e-mail already exists." });
  });

  it("two uploads of one slug at once: one product, the other a 400 on its field", async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        send(upload.action, "POST", "/api/v1/products/upload", {
          token: admin,
          form: {
            title: "Twin Snorkel",
            slug: "twin-snorkel",
            brand: "Warn",
            price: "99900",
            category: "winches",
            inStock: "true",
          },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400))
      expect(a.body.errors).toEqual({ slug: "Another product already uses this slug" });
  });
});

describe("the admin's pages take the same ids", () => {
  it("an id past the range in a link or a form is refused, not a 500", async () => {
    const boss = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "boss@example.com")
      .executeTakeFirstOrThrow();
    const cookie = (await createUserSession(new Request(`${BASE}/login`), Number(boss.id))).split(
      ";",
    )[0];
    const get = (url: string) => new Request(BASE + url, { headers: { Cookie: cookie } });
    const post = (url: string, body: Record<string, string>) =>
      new Request(BASE + url, {
        method: "POST",
        headers: { Cookie: cookie, Origin: BASE },
        body: new URLSearchParams(body),
      });
    const huge = "2147483648";
    const products = await count("products");

    const list = await callRoute(adminProducts.loader, get(`/admin/products?delete=${huge}`));
    expect(list.status).toBe(200);
    expect((await list.json()).confirm).toBeNull();
    const deleted = await callRoute(
      adminProducts.action,
      post("/admin/products", { intent: "delete", id: huge }),
    );
    expect(deleted.status).toBe(303);
    expect(await count("products")).toBe(products);

    const resend = await callRoute(adminOutbox.action, post("/admin/outbox", { id: huge }));
    expect(resend.status).toBe(400);

    resetPaymentGateway();
    const orderId = String((await paidCartOrder(t.db, f, getSandboxGateway()!)).orderId);
    const decided = await callRoute(
      adminOrder.action,
      post(`/admin/orders/${orderId}`, { intent: "return", returnId: huge, decision: "approve" }),
      { id: orderId },
    );
    expect(decided.status).toBe(400);
  });
});
