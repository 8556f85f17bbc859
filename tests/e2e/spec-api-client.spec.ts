import { expect, test } from "@playwright/test";
import { ADMIN, imageFile, uniqueSlug } from "./admin-support";

/*
 * A client written from SPEC.md section 7 (the call table) and CONTRACT.md's API notes alone, run
 * against the real server: what a separate front end would do. API calls only, so one browser mode.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "API test, no page");

const ALLOWED_ORIGIN = "https://app.example.test"; // in API_CORS_ORIGINS of the test server
const REFUSED_ORIGIN = "https://evil.example.test";

test("register, log in, upload in paise, trending = allProducts reversed, Buy Now with the spec's fields", async ({
  request,
}) => {
  // POST /api/v1/register {email, password}; POST /api/v1/login -> token and user (id, email, role).
  const email = `${uniqueSlug("spec-client")}@example.com`;
  const password = "overland-trail-42";
  expect((await request.post("/api/v1/register", { data: { email, password } })).status()).toBe(
    201,
  );
  const login = await request.post("/api/v1/login", { data: { email, password } });
  expect(login.status()).toBe(200);
  const session = await login.json();
  expect(session).toMatchObject({
    token: expect.any(String),
    user: { id: expect.anything(), email, role: expect.any(String) },
  });
  expect(session.user.role).not.toBe("admin");
  const bearer = { Authorization: `Bearer ${session.token}` };

  // The admin uploads a product: multipart, price in integer paise.
  const admin = await (await request.post("/api/v1/login", { data: ADMIN })).json();
  expect(admin.user.role).toBe("admin");
  // With an image: these become the newest products, which the home page shows.
  const image = await imageFile("snorkel.png", "#335");
  const uploadOne = async (slug: string, price: string) => {
    const res = await request.post("/api/v1/products/upload", {
      headers: { Authorization: `Bearer ${admin.token}` },
      multipart: {
        title: `Spec Snorkel ${slug}`,
        slug,
        brand: "Safari Snorkel",
        price,
        description: "A snorkel. Made from the spec. Sold by the unit.",
        category: "generic_accessories",
        inStock: "true",
        colors: "[]",
        size: "[]",
        image,
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).product as {
      id: number;
      price: number;
      title: string;
      image: string;
    };
  };
  const older = await uploadOne(uniqueSlug("spec-snorkel-a"), "99900");
  const uploaded = await uploadOne(uniqueSlug("spec-snorkel-b"), "1234567");
  expect(uploaded.price).toBe(1_234_567);

  // GET /api/v1/product/{id}: the same paise out.
  const product = await (await request.get(`/api/v1/product/${uploaded.id}`)).json();
  expect(product).toMatchObject({
    id: uploaded.id,
    price: 1_234_567,
    inStock: true,
    colors: [],
    sizes: [],
  });

  // GET /api/v1/allProducts: a plain array; "Trending" = reversed, first 4 = the four newest.
  const all = (await (await request.get("/api/v1/allProducts", { headers: bearer })).json()) as {
    id: number;
    price: number;
  }[];
  expect(Array.isArray(all)).toBe(true);
  expect(all.every((p) => Number.isInteger(p.price))).toBe(true);
  const trending = [...all]
    .reverse()
    .slice(0, 4)
    .map((p) => p.id);
  // The two just uploaded are among the four newest, the later one first.
  expect(trending).toContain(uploaded.id);
  expect(trending).toContain(older.id);
  expect(trending.indexOf(uploaded.id)).toBeLessThan(trending.indexOf(older.id));

  // Buy Now: POST /api/v1/billing (the eight fields), then create-order with checkoutType 'single',
  // cartItems (id, title, image, price, quantity, size) and cartTotal; the amount is the server's.
  const billing = await request.post("/api/v1/billing", {
    headers: bearer,
    data: {
      fullName: "Spec Client",
      phone: "9876543210",
      address1: "12 MG Road",
      address2: "",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
    },
  });
  expect(billing.ok()).toBe(true);
  const addresses = await (
    await request.get("/api/v1/getBillingAddresses", { headers: bearer })
  ).json();
  expect(Array.isArray(addresses)).toBe(true);
  const order = await request.post("/api/v1/checkout/create-order", {
    headers: bearer,
    data: {
      amount: 100,
      billingAddressId: addresses[0].id,
      checkoutType: "single",
      cartItems: [
        {
          id: uploaded.id,
          title: uploaded.title,
          image: uploaded.image,
          price: 100,
          quantity: 2,
          size: null,
        },
      ],
      cartTotal: 200,
    },
  });
  expect(order.status()).toBe(201);
  const created = await order.json();
  expect(created).toMatchObject({
    orderId: expect.any(Number),
    razorpayOrderId: expect.stringMatching(/^order_/),
  });
  // The server's amount: two units at the uploaded price (plus any shipping), never the 100 sent.
  expect(created.amount).toBeGreaterThanOrEqual(2 * 1_234_567);
  const view = await (
    await request.get(`/api/v1/orders/${created.orderId}`, { headers: bearer })
  ).json();
  const mine = view.order ?? view;
  expect(mine.totalAmount).toBe(created.amount);
  expect(mine.items).toEqual([expect.objectContaining({ quantity: 2, price: 1_234_567 })]);
});

test("CORS: a preflight from an origin in API_CORS_ORIGINS gets the allow headers, another origin does not", async ({
  playwright,
  baseURL,
}) => {
  // A raw context: the preflight as a browser sends it, nothing added.
  const ctx = await playwright.request.newContext({ baseURL });
  const preflight = (origin: string) =>
    ctx.fetch("/api/v1/cart/addItem", {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
  const allowed = await preflight(ALLOWED_ORIGIN);
  expect(allowed.status()).toBeLessThan(300);
  expect(allowed.headers()["access-control-allow-origin"]).toBe(ALLOWED_ORIGIN);
  expect(allowed.headers()["access-control-allow-methods"]).toMatch(/POST/);
  expect((allowed.headers()["access-control-allow-headers"] ?? "").toLowerCase()).toMatch(
    /authorization/,
  );

  const refused = await preflight(REFUSED_ORIGIN);
  expect(refused.headers()["access-control-allow-origin"]).toBeUndefined();
  expect(refused.headers()["access-control-allow-methods"]).toBeUndefined();
  await ctx.dispose();
});
