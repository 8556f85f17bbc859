import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncVariants } from "~/models/variant-stock.server";
import { issueApiToken } from "~/models/api-token.server";
import * as getCart from "~/routes/api.v1.cart";
import * as addItem from "~/routes/api.v1.cart.addItem";
import * as updateLine from "~/routes/api.v1.cart.update.$id";
import * as removeLine from "~/routes/api.v1.cart.remove.$id";
import * as billing from "~/routes/api.v1.billing";
import * as getAddresses from "~/routes/api.v1.getBillingAddresses";
import { resetEnvCache } from "~/utils/env.server";
import { CONTROL_CHARACTERS_MESSAGE } from "~/utils/validation";
import { type TestDb, withAppDb } from "../../support/db";

const ORIGIN = "http://localhost:3000";
let t: TestDb;
let aliceToken: string;
let bobToken: string;
let winch: number;
let wheel: number;
let soldOut: number;

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => Promise<Response>;

async function call(
  handler: Handler,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  params: Record<string, string> = {},
) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const request = new Request(ORIGIN + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  try {
    const res = await handler({ request, params, context: {} });
    return { status: res.status, body: await res.json() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: await thrown.json() };
    throw thrown;
  }
}

beforeAll(async () => {
  t = await withAppDb();
  process.env.SESSION_SECRET = "unit-test-secret-0123456789abcdef";
  delete process.env.PUBLIC_URL;
  resetEnvCache();
  const users = await t.db
    .insertInto("users")
    .values([
      { email: "alice@example.com", password_hash: "x" },
      { email: "bob@example.com", password_hash: "x" },
    ])
    .returning("id")
    .execute();
  aliceToken = (await issueApiToken(t.db, users[0].id)).token;
  bobToken = (await issueApiToken(t.db, users[1].id)).token;
  const brand = await t.db
    .insertInto("brands")
    .values({ slug: "warn", name: "Warn" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const cat = await t.db
    .insertInto("categories")
    .values({ slug: "winches", name: "Winches" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const product = (slug: string, price: number, stock: number) =>
    t.db
      .insertInto("products")
      .values({
        slug,
        title: slug,
        brand_id: brand.id,
        category_id: cat.id,
        price_paise: price,
        stock,
        description: `About ${slug}`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  winch = (await product("zeon-10", 8_999_900, 10)).id;
  wheel = (await product("mr305", 2_450_000, 10)).id;
  soldOut = (await product("gone", 100_000, 0)).id;
  await t.db
    .insertInto("product_sizes")
    .values({
      product_id: wheel,
      label: "17x8.5",
      diameter: 17,
      width: 8.5,
      bolt_pattern: "6x139.7",
      offset_mm: 0,
      hub_bore_mm: 106.1,
      part_number: "MR30578560500",
    })
    .execute();
  await syncVariants(t.db, wheel, () => 10);
});
afterAll(async () => {
  await t.cleanup();
});

describe("the cart's JSON API", () => {
  it("needs a bearer token", async () => {
    expect(await call(getCart.loader as Handler, "GET", "/api/v1/cart", null)).toMatchObject({
      status: 401,
      body: { message: expect.any(String) },
    });
    expect(
      (
        await call(addItem.action as Handler, "POST", "/api/v1/cart/addItem", null, {
          productId: winch,
        })
      ).status,
    ).toBe(401);
  });

  it("adds, merges, lists with prices from the product, updates and removes", async () => {
    const first = await call(
      addItem.action as Handler,
      "POST",
      "/api/v1/cart/addItem",
      aliceToken,
      { productId: winch, quantity: 2 },
    );
    expect(first).toMatchObject({
      status: 200,
      body: {
        message: "Added to cart",
        item: { quantity: 2, product: { id: winch, description: "About zeon-10" } },
      },
    });
    await call(addItem.action as Handler, "POST", "/api/v1/cart/addItem", aliceToken, {
      productId: winch,
      quantity: "1",
      price: 1,
    });
    await call(addItem.action as Handler, "POST", "/api/v1/cart/addItem", aliceToken, {
      productId: wheel,
      quantity: 4,
      wheelSize: "17x8.5",
    });

    const cart = await call(getCart.loader as Handler, "GET", "/api/v1/cart", aliceToken);
    expect(cart.status).toBe(200);
    expect(cart.body.items).toHaveLength(2);
    expect(cart.body.items[0]).toMatchObject({
      quantity: 3,
      wheelSize: null,
      product: {
        id: winch,
        title: "zeon-10",
        brand: "Warn",
        price: 8_999_900,
        description: "About zeon-10",
        inStock: true,
      },
    });
    expect(cart.body.items[1]).toMatchObject({ quantity: 4, wheelSize: "17x8.5" });
    expect(cart.body.totalAmount).toBe(3 * 8_999_900 + 4 * 2_450_000);

    const lineId = String(cart.body.items[0].id);
    const updated = await call(
      updateLine.action as Handler,
      "PATCH",
      `/api/v1/cart/update/${lineId}`,
      aliceToken,
      { quantity: 5 },
      { id: lineId },
    );
    expect(updated).toMatchObject({
      status: 200,
      body: { item: { quantity: 5, product: { description: "About zeon-10" } } },
    });
    const tooMany = await call(
      updateLine.action as Handler,
      "PATCH",
      `/api/v1/cart/update/${lineId}`,
      aliceToken,
      { quantity: 11 },
      { id: lineId },
    );
    expect(tooMany).toMatchObject({ status: 409, body: { quantity: 5, max: 10 } });
    const zero = await call(
      updateLine.action as Handler,
      "PATCH",
      `/api/v1/cart/update/${lineId}`,
      aliceToken,
      { quantity: 0 },
      { id: lineId },
    );
    expect(zero).toMatchObject({ status: 400, body: { errors: { quantity: expect.any(String) } } });

    const removed = await call(
      removeLine.action as Handler,
      "DELETE",
      `/api/v1/cart/remove/${lineId}`,
      aliceToken,
      undefined,
      { id: lineId },
    );
    expect(removed).toEqual({ status: 200, body: { message: "Item removed" } });
    expect(
      (await call(getCart.loader as Handler, "GET", "/api/v1/cart", aliceToken)).body.items,
    ).toHaveLength(1);
  });

  it("refuses sold-out and unknown products, bad quantities and a missing wheel size", async () => {
    const add = (body: unknown) =>
      call(addItem.action as Handler, "POST", "/api/v1/cart/addItem", aliceToken, body);
    expect(await add({ productId: soldOut, quantity: 1 })).toEqual({
      status: 409,
      body: { message: "Sold Out" },
    });
    expect((await add({ productId: 987_654, quantity: 1 })).status).toBe(404);
    expect(await add({ productId: winch, quantity: 7 })).toMatchObject({
      status: 400,
      body: { errors: { quantity: expect.any(String) } },
    });
    expect(await add({ productId: wheel, quantity: 1 })).toMatchObject({
      status: 400,
      body: { errors: { wheelSize: "Choose a size" } },
    });
  });

  it("reads ids and quantities as JSON integers or decimal digits, never hex or exponent text", async () => {
    const carol = await t.db
      .insertInto("users")
      .values({ email: "carol@example.com", password_hash: "x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const carolToken = (await issueApiToken(t.db, carol.id)).token;
    const add = (body: unknown) =>
      call(addItem.action as Handler, "POST", "/api/v1/cart/addItem", carolToken, body);
    for (const productId of [`0x${winch.toString(16)}`, `${winch}e0`, `${winch}.0`]) {
      expect(await add({ productId, quantity: 1 })).toMatchObject({
        status: 400,
        body: { errors: { productId: "Invalid id" } },
      });
    }
    for (const quantity of ["0x2", "2e0", "+2"]) {
      expect(await add({ productId: winch, quantity })).toMatchObject({
        status: 400,
        body: { errors: { quantity: "Choose a quantity from 1 to 6" } },
      });
    }
    expect(
      (await call(getCart.loader as Handler, "GET", "/api/v1/cart", carolToken)).body.items,
    ).toEqual([]);
    // Decimal digits, as a form sends them, and JSON integers still count.
    expect(await add({ productId: String(winch), quantity: " 2 " })).toMatchObject({
      status: 200,
      body: { added: 2 },
    });
  });

  it("answers a body that is not a JSON object with 400 saying so, and one that is not JSON with 415", async () => {
    const send = async (body: string, type: string) => {
      const request = new Request(ORIGIN + "/api/v1/cart/addItem", {
        method: "POST",
        headers: { Authorization: `Bearer ${aliceToken}`, "Content-Type": type },
        body,
      });
      let res: Response;
      try {
        res = await (addItem.action as Handler)({ request, params: {}, context: {} });
      } catch (thrown) {
        res = thrown as Response;
      }
      return { status: res.status, body: await res.json() };
    };
    expect(await send(`{"productId": ${winch},`, "application/json")).toEqual({
      status: 400,
      body: { message: "The request body is not valid JSON.", errors: {} },
    });
    expect(await send(`[${winch}]`, "application/json; charset=utf-8")).toEqual({
      status: 400,
      body: { message: "The request body must be a JSON object.", errors: {} },
    });
    expect(await send(JSON.stringify({ productId: winch }), "text/plain")).toMatchObject({
      status: 415,
      body: { message: expect.stringContaining("application/json") },
    });
    // No body at all is no fields, as before: the schema names what is missing.
    expect(await send("", "application/json")).toMatchObject({
      status: 400,
      body: { errors: { productId: expect.any(String) } },
    });
  });

  it("answers 404 for someone else's cart line", async () => {
    const added = await call(
      addItem.action as Handler,
      "POST",
      "/api/v1/cart/addItem",
      aliceToken,
      { productId: winch, quantity: 1 },
    );
    const id = String(added.body.item.id);
    expect(
      (
        await call(
          updateLine.action as Handler,
          "PATCH",
          `/api/v1/cart/update/${id}`,
          bobToken,
          { quantity: 2 },
          { id },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          removeLine.action as Handler,
          "DELETE",
          `/api/v1/cart/remove/${id}`,
          bobToken,
          undefined,
          { id },
        )
      ).status,
    ).toBe(404);
    expect(
      (await call(getCart.loader as Handler, "GET", "/api/v1/cart", bobToken)).body.items,
    ).toEqual([]);
  });
});

describe("the billing address JSON API", () => {
  const address = {
    fullName: "Arjun Nair",
    phone: "+91 94470 12345",
    address1: "Marine Drive",
    address2: "",
    city: "Kochi",
    state: "Kerala",
    postalCode: "682031",
    country: "India",
  };

  it("saves a valid address and lists only the user's own, as a plain array", async () => {
    const saved = await call(
      billing.action as Handler,
      "POST",
      "/api/v1/billing",
      aliceToken,
      address,
    );
    expect(saved).toMatchObject({
      status: 201,
      body: {
        message: "Address saved!",
        address: { ...address, phone: "9447012345", id: expect.any(Number) },
      },
    });
    const mine = await call(
      getAddresses.loader as Handler,
      "GET",
      "/api/v1/getBillingAddresses",
      aliceToken,
    );
    expect(mine.status).toBe(200);
    expect(Array.isArray(mine.body)).toBe(true);
    expect(mine.body.map((a: { city: string }) => a.city)).toEqual(["Kochi"]);
    expect(
      (await call(getAddresses.loader as Handler, "GET", "/api/v1/getBillingAddresses", bobToken))
        .body,
    ).toEqual([]);
  });

  it("answers 400 with a message per field", async () => {
    const res = await call(billing.action as Handler, "POST", "/api/v1/billing", aliceToken, {
      ...address,
      phone: "12345",
      postalCode: "0820",
      state: "Texas",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Failed to save address");
    expect(Object.keys(res.body.errors).sort()).toEqual(["phone", "postalCode", "state"]);
  });

  it("refuses control characters in the text fields (a NUL byte is not text)", async () => {
    const res = await call(billing.action as Handler, "POST", "/api/v1/billing", bobToken, {
      ...address,
      fullName: "A\u0000B",
      address1: "Marine\u0007Drive",
      address2: "Flat 2\nBlock C",
      city: "Kochi\u007f",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      fullName: CONTROL_CHARACTERS_MESSAGE,
      address1: CONTROL_CHARACTERS_MESSAGE,
      address2: CONTROL_CHARACTERS_MESSAGE,
      city: CONTROL_CHARACTERS_MESSAGE,
    });
    expect(
      (await call(getAddresses.loader as Handler, "GET", "/api/v1/getBillingAddresses", bobToken))
        .body,
    ).toEqual([]);
  });
});

describe("the /cart action", () => {
  async function cookieFor(email: string) {
    const { createUserSession } = await import("~/auth/session.server");
    const user = await t.db
      .selectFrom("users")
      .where("email", "=", email)
      .select("id")
      .executeTakeFirstOrThrow();
    const setCookie = await createUserSession(new Request(ORIGIN + "/login"), user.id);
    return setCookie.split(";")[0];
  }

  async function post(fields: Record<string, string>, headers: Record<string, string>) {
    const cartRoute = await import("~/routes/cart");
    const request = new Request(ORIGIN + "/cart", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields),
    });
    try {
      return (await cartRoute.action({ request, params: {}, context: {} })) as unknown;
    } catch (thrown) {
      return thrown;
    }
  }

  it("answers a plain post with a 303 back to the same-site page it came from", async () => {
    const cookie = await cookieFor("alice@example.com");
    const res = (await post(
      { intent: "add", productId: String(winch), quantity: "1" },
      { Cookie: cookie, Referer: `${ORIGIN}/product/${winch}?color=Black` },
    )) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/product/${winch}?color=Black`);
    expect(res.headers.get("Set-Cookie")).toMatch(/^toast=/);

    // A Referer off the site is never a redirect target (the post itself is the shop's).
    const foreign = (await post(
      { intent: "add", productId: String(winch), quantity: "1" },
      { Cookie: cookie, Origin: ORIGIN, Referer: "https://evil.example/product/1" },
    )) as Response;
    expect(foreign.headers.get("Location")).toBe("/cart");
    // Without Origin, that Referer makes the post cross-site: refused.
    const crossSite = (await post(
      { intent: "add", productId: String(winch), quantity: "1" },
      { Cookie: cookie, Referer: "https://evil.example/product/1" },
    )) as Response;
    expect(crossSite.status).toBe(403);
  });

  it("answers a fetcher with data, and a sold-out add with 'Sold Out'", async () => {
    const cookie = await cookieFor("alice@example.com");
    const ok = (await post(
      { intent: "add", productId: String(winch), quantity: "2", _fetcher: "1" },
      { Cookie: cookie },
    )) as { data: { ok: boolean; message: string } };
    expect(ok.data).toMatchObject({ ok: true, message: "Added to cart" });
    const gone = (await post(
      { intent: "add", productId: String(soldOut), quantity: "1", _fetcher: "1" },
      { Cookie: cookie },
    )) as { data: { ok: boolean; message: string } };
    expect(gone.data).toEqual({ ok: false, message: "Sold Out" });
    const unknown = (await post(
      { intent: "add", productId: "999999", quantity: "1", _fetcher: "1" },
      { Cookie: cookie },
    )) as { data: { ok: boolean; message: string } };
    expect(unknown.data).toEqual({
      ok: false,
      message: "Failed to add: this product is no longer sold",
    });
  });

  it("sends a visitor to log in, coming back to the product page", async () => {
    const res = (await post(
      { intent: "add", productId: String(winch), quantity: "1" },
      { Referer: `${ORIGIN}/product/${winch}` },
    )) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(
      `/login?${new URLSearchParams({ redirectTo: `/product/${winch}?quantity=1` })}`,
    );
  });

  it("brings a visitor back to the colour, size and quantity they chose, and only on that product's page", async () => {
    const back = async (fields: Record<string, string>, referer: string) => {
      const res = (await post(
        { intent: "add", ...fields },
        { Referer: ORIGIN + referer },
      )) as Response;
      expect(res.status).toBe(303);
      const login = new URL(res.headers.get("Location")!, ORIGIN);
      expect(login.pathname).toBe("/login");
      return login.searchParams.get("redirectTo");
    };
    const chosen = { productId: String(wheel), sizeId: "7", color: "Matte Black", quantity: "3" };
    // The page's own parameters replace what its address had (its buy form's `sizeId` too).
    expect(await back(chosen, `/product/${wheel}?size=2&sizeId=2&pin=560001`)).toBe(
      `/product/${wheel}?size=7&pin=560001&color=Matte+Black&quantity=3`,
    );
    // Posted from another page (a listing's quick add, another product): that page, unchanged.
    expect(await back(chosen, "/category/wheels?page=2")).toBe("/category/wheels?page=2");
    expect(await back(chosen, `/product/${winch}`)).toBe(`/product/${winch}`);
    // An over-long value is not carried.
    expect(await back({ ...chosen, color: "x".repeat(101) }, `/product/${wheel}`)).toBe(
      `/product/${wheel}?size=7&quantity=3`,
    );
  });

  it("answers a refused quantity change with the true quantity and 'Failed to sync quantity with server'", async () => {
    const cookie = await cookieFor("bob@example.com");
    const added = (await post(
      { intent: "add", productId: String(wheel), quantity: "2", size: "17x8.5", _fetcher: "1" },
      { Cookie: cookie },
    )) as { data: { lineId: number; quantity: number } };
    expect(added.data.quantity).toBe(2);
    const res = (await post(
      { intent: "update", lineId: String(added.data.lineId), quantity: "11", _fetcher: "1" },
      { Cookie: cookie },
    )) as { data: unknown; init: { status?: number } | null };
    expect(res.data).toEqual({
      ok: false,
      message: "Failed to sync quantity with server: only 10 available",
      lineId: added.data.lineId,
      quantity: 2,
    });
    // 200, so the loaders revalidate and the page shows the toast and the true quantity.
    expect(res.init?.status ?? 200).toBe(200);
    // A quantity that is no quantity says why.
    for (const quantity of ["0", "abc"]) {
      const bad = (await post(
        { intent: "update", lineId: String(added.data.lineId), quantity, _fetcher: "1" },
        { Cookie: cookie },
      )) as { data: { ok: boolean; message: string } };
      expect(bad.data.ok).toBe(false);
      expect(bad.data.message).toMatch(/^Failed to sync quantity with server: \S/);
    }
  });

  it("refuses a change to someone else's line", async () => {
    const alice = await cookieFor("alice@example.com");
    const bob = await cookieFor("bob@example.com");
    const added = (await post(
      { intent: "add", productId: String(winch), quantity: "1", _fetcher: "1" },
      { Cookie: alice },
    )) as { data: { lineId: number } };
    const res = (await post(
      { intent: "remove", lineId: String(added.data.lineId), _fetcher: "1" },
      { Cookie: bob },
    )) as { data: { ok: boolean; message: string } };
    expect(res.data).toEqual({ ok: false, message: "Failed to remove item" });
  });
});
