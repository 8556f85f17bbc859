// The review's findings that live in the app (the server's own are in tests/e2e/hardening-server.spec.ts):
// redirects, sign-up, hashing, orders holding stock, sessions and passwords, private pages, the
// database file, and the security log.
import fs from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createUserSession, getUser } from "~/auth/session.server";
import { createDatabase } from "~/db/db.server";
import { issueApiToken, userForApiToken } from "~/models/api-token.server";
import { MAX_PENDING_ORDERS, ORDER_RATE_PER_USER, reserveOrder } from "~/models/order/index.server";
import { NEWSLETTER_PER_ADDRESS } from "~/models/newsletter.server";
import { addressKey } from "~/models/throttle.server";
import { createUser, ensureAdmin, SIGNUP_PER_ADDRESS, signUp } from "~/models/user.server";
import * as changePasswordRoute from "~/routes/account.password";
import * as register from "~/routes/api.v1.register";
import * as login from "~/routes/login";
import * as newsletter from "~/routes/newsletter";
import * as vehicle from "~/routes/vehicle";
import { COMMON_PASSWORD } from "~/utils/common-passwords.server";
import { resetEnvCache } from "~/utils/env.server";
import {
  hashPassword,
  HASH_CONCURRENCY,
  HASH_QUEUE,
  PasswordHashingBusy,
} from "~/utils/password.server";
import { safeRedirectPath } from "~/utils/redirect.server";
import { applyPrivateCaching } from "~/utils/security-headers.server";
import { logUnexpectedError } from "~/utils/server-errors.server";
import { insertCheckoutFixture, stockOf } from "../../support/checkout-fixture";
import { createTestDb, type TestDb, withAppDb } from "../../support/db";
import { remixHandler } from "../../support/remix-server";

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };
const ORIGIN = "http://localhost:3000";
let t: TestDb;

beforeAll(async () => {
  t = await withAppDb();
  process.env.SESSION_SECRET = "unit-test-secret-0123456789abcdef";
  delete process.env.PUBLIC_URL;
  process.env.TRUST_PROXY = "1";
  resetEnvCache();
});
afterAll(async () => {
  delete process.env.TRUST_PROXY;
  resetEnvCache();
  await t.cleanup();
});
beforeEach(async () => {
  await t.db.deleteFrom("throttle_events").execute();
});

type Route = {
  action?: (args: ActionFunctionArgs) => unknown;
  loader?: (args: LoaderFunctionArgs) => unknown;
};

/** Calls a route's action as the server would, and gives back the Response (thrown or returned). */
async function post(
  route: Route,
  urlPath: string,
  init: RequestInit & { headers?: Record<string, string> },
) {
  const request = new Request(ORIGIN + urlPath, { method: "POST", ...init });
  let out: unknown;
  try {
    out = await route.action!({ request, params: {}, context: {} });
  } catch (thrown) {
    out = thrown;
  }
  const d = out as { type?: string; data?: unknown; init?: ResponseInit };
  if (d?.type === "DataWithResponseInit") return Response.json(d.data, d.init ?? {});
  if (out instanceof Response) return out;
  return Response.json(out);
}
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...headers },
});
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json", ...headers },
});

describe("redirect targets from a request", () => {
  const offSite = [
    "/.//evil.example/phish",
    "/..//x",
    "/%2e//x",
    "/.\\/x",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "https://evil.example/",
    "https:evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "\\/evil.example",
    "/\\\\evil.example",
  ];

  it("are checked after normalising: nothing leads off the site", () => {
    for (const to of offSite) {
      const safe = safeRedirectPath(to, "/fallback");
      expect(safe, to).toMatch(/^\/(?![/\\])/);
      expect(new URL(safe, "https://shop.example").origin, to).toBe("https://shop.example");
    }
    expect(safeRedirectPath("/cart?x=1#top")).toBe("/cart?x=1#top");
    expect(safeRedirectPath("/a/./b/../c")).toBe("/a/c");
  });

  it("after login, never leave the site", async () => {
    await createUser(t.db, { email: "redirect@example.com", password: "right-password" }, CHEAP);
    for (const to of offSite) {
      const res = await post(
        login,
        "/login",
        form({ email: "redirect@example.com", password: "right-password", redirectTo: to }),
      );
      expect(res.status, to).toBe(303);
      const location = res.headers.get("Location")!;
      expect(new URL(location, "https://shop.example").origin, `${to} -> ${location}`).toBe(
        "https://shop.example",
      );
    }
  });

  it("after login, a shopper goes back to the page; an admin to the dashboard or an admin page", async () => {
    await createUser(t.db, { email: "back@example.com", password: "right-password" }, CHEAP);
    await createUser(
      t.db,
      { email: "boss@example.com", password: "right-password", role: "admin" },
      CHEAP,
    );
    const landing = async (email: string, redirectTo: string) => {
      const res = await post(
        login,
        "/login",
        form({ email, password: "right-password", redirectTo }),
      );
      expect(res.status).toBe(303);
      return res.headers.get("Location");
    };
    expect(await landing("back@example.com", "/product/7?color=Black")).toBe(
      "/product/7?color=Black",
    );
    expect(await landing("back@example.com", "")).toBe("/");
    expect(await landing("boss@example.com", "/product/7")).toBe("/admin/dashboard");
    expect(await landing("boss@example.com", "/administrator")).toBe("/admin/dashboard");
    expect(await landing("boss@example.com", "")).toBe("/admin/dashboard");
    expect(await landing("boss@example.com", "/admin/orders/12?status=paid")).toBe(
      "/admin/orders/12?status=paid",
    );
  });

  it("from the newsletter's Referer and the vehicle picker stay on the site", async () => {
    const res = await post(newsletter, "/newsletter", {
      ...form(
        { email: "news@example.com" },
        { Referer: `${ORIGIN}//evil.example/phish`, Accept: "text/html" },
      ),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/");
    const own = await post(
      newsletter,
      "/newsletter",
      form(
        { email: "news2@example.com" },
        { Referer: `${ORIGIN}/brands?x=1`, Accept: "text/html" },
      ),
    );
    expect(own.headers.get("Location")).toBe("/brands?x=1");
    const picked = await post(
      vehicle,
      "/vehicle",
      form({ vehicle: "", redirectTo: "/.//evil.example/phish" }),
    );
    expect(new URL(picked.headers.get("Location")!, "https://shop.example").origin).toBe(
      "https://shop.example",
    );
  });
});

describe("sign-up", () => {
  it("refuses the most common passwords, on the form's field and in the API", async () => {
    const res = await post(
      register,
      "/api/v1/register",
      json({ email: "common@example.com", password: "password123" }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: COMMON_PASSWORD,
      errors: { password: COMMON_PASSWORD },
    });
    const created = await signUp(
      t.db,
      { email: "common@example.com", password: "Qwertyuiop" },
      { cost: CHEAP },
    );
    expect(created).toMatchObject({ ok: false, field: "password" });
    expect(
      await t.db
        .selectFrom("users")
        .where("email", "=", "common@example.com")
        .selectAll()
        .execute(),
    ).toEqual([]);
  });

  it("is throttled per address (429 with Retry-After), other addresses go on", async () => {
    const now = new Date();
    for (let i = 0; i < SIGNUP_PER_ADDRESS.limit; i++) {
      const r = await signUp(
        t.db,
        { email: `nat${i}@example.com`, password: "trail-rated-88", clientAddress: "100.64.9.9" },
        { cost: CHEAP, now },
      );
      expect(r.ok).toBe(true);
    }
    const refused = await post(
      register,
      "/api/v1/register",
      json(
        { email: "late@example.com", password: "trail-rated-88" },
        { "X-Forwarded-For": "100.64.9.9" },
      ),
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(60);
    expect((await refused.json()).message).toMatch(
      /^Too many sign-ups\. Try again in \d+ minutes\.$/,
    );
    const elsewhere = await post(
      register,
      "/api/v1/register",
      json(
        { email: "late@example.com", password: "trail-rated-88" },
        { "X-Forwarded-For": "198.51.100.77" },
      ),
    );
    expect(elsewhere.status).toBe(201);
  });

  it("counts an IPv6 client by its /64: a new address in the same network is the same client", async () => {
    expect(addressKey("2001:DB8:1:2::5")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    for (const loopback of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "", null]) {
      expect(addressKey(loopback)).toBeNull();
    }
    const now = new Date();
    const from = (email: string, clientAddress: string) =>
      signUp(t.db, { email, password: "trail-rated-88", clientAddress }, { cost: CHEAP, now });
    for (let i = 0; i < SIGNUP_PER_ADDRESS.limit; i++) {
      expect((await from(`six${i}@example.com`, `2001:db8:1:2::${i + 1}`)).ok).toBe(true);
    }
    expect((await from("same-net@example.com", "2001:db8:1:2:abcd::9")).ok).toBe(false);
    expect((await from("next-net@example.com", "2001:db8:1:3::1")).ok).toBe(true);
  });

  it("the newsletter answers alike for a new and a known address, and is throttled per client", async () => {
    const signUpFor = (email: string, address: string) =>
      post(newsletter, "/newsletter", form({ email }, { "X-Forwarded-For": address }));
    const first = await signUpFor("known@example.com", "198.51.100.20");
    const again = await signUpFor("known@example.com", "198.51.100.20");
    expect(first.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    for (let i = 2; i < NEWSLETTER_PER_ADDRESS.limit; i++) {
      expect((await signUpFor(`n${i}@example.com`, "198.51.100.20")).status).toBe(200);
    }
    const refused = await signUpFor("one-more@example.com", "198.51.100.20");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(60);
    expect(await refused.json()).toMatchObject({
      ok: false,
      errors: { email: expect.stringMatching(/^Too many sign-ups\. Try again in \d+ minutes\.$/) },
      email: "one-more@example.com",
    });
    expect((await signUpFor("one-more@example.com", "198.51.100.21")).status).toBe(200);
    const stored = await t.db
      .selectFrom("newsletter_subscribers")
      .select("email")
      .where("email", "=", "one-more@example.com")
      .execute();
    expect(stored).toHaveLength(1);
  });

  it("answers 503 with Retry-After when the password-hashing queue is full, instead of piling up", async () => {
    const slow = { N: 2 ** 16, r: 8, p: 1 };
    const busy = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE }, () =>
      hashPassword("x".repeat(12), slow),
    );
    await expect(hashPassword("one-too-many", slow)).rejects.toBeInstanceOf(PasswordHashingBusy);
    const res = await post(
      register,
      "/api/v1/register",
      json(
        { email: "busy@example.com", password: "trail-rated-88" },
        { "X-Forwarded-For": "198.51.100.78" },
      ),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("5");
    await Promise.all(busy);
    // Once the queue drains, hashing works again.
    await expect(hashPassword("after-the-rush", CHEAP)).resolves.toMatch(/^scrypt\$/);
  });
});

describe("stock held by unpaid orders", () => {
  let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
  let orderDb: TestDb;
  beforeEach(async () => {
    orderDb = await createTestDb();
    f = await insertCheckoutFixture(orderDb.db);
  });
  afterEach(() => orderDb.cleanup());

  const buyNow = (key: string, quantity = 3, productId = f.products.winch) =>
    reserveOrder(orderDb.db, {
      userId: f.alice,
      addressId: f.aliceAddress,
      idempotencyKey: key,
      gateway: "sandbox",
      clientAddress: "203.0.113.1",
      source: { type: "single", productId, quantity, sizeLabel: "", colorName: "" },
    });

  it(`keeps at most ${MAX_PENDING_ORDERS} unpaid orders per shopper: a new one releases the oldest`, async () => {
    const first = await buyNow("order-key-1", 3, f.products.winch);
    await buyNow("order-key-2", 1, f.products.lights);
    expect(await stockOf(orderDb.db, f.products.winch)).toBe(7);
    const third = await buyNow("order-key-3", 2, f.products.lastFive);
    expect(third.ok).toBe(true);
    // The first order's three units came back.
    expect(await stockOf(orderDb.db, f.products.winch)).toBe(10);
    const statuses = await orderDb.db
      .selectFrom("orders")
      .select(["id", "status"])
      .orderBy("id")
      .execute();
    expect(statuses.map((o) => o.status)).toEqual([
      "expired",
      "pending_payment",
      "pending_payment",
    ]);
    expect(first.ok && statuses[0].id === first.order.id).toBe(true);
  });

  it("a new Buy Now of the same product takes the place of the unpaid one", async () => {
    const first = await buyNow("same-1", 3);
    const again = await buyNow("same-2", 3);
    // The same product, quantity and address: the open order, not a second one.
    expect(again.ok && first.ok && again.order.id === first.order.id).toBe(true);
    const more = await buyNow("same-3", 4);
    expect(more.ok).toBe(true);
    expect(await stockOf(orderDb.db, f.products.winch)).toBe(6);
    const rows = await orderDb.db
      .selectFrom("orders")
      .select(["status", "replaced_by_order_id"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { status: "expired", replaced_by_order_id: more.ok ? more.order.id : -1 },
      { status: "pending_payment", replaced_by_order_id: null },
    ]);
  });

  it("rate-limits new orders per shopper; a retry of the same order is not a new one", async () => {
    // Each quantity is another order (in place of the one before).
    for (let i = 0; i < ORDER_RATE_PER_USER.limit; i++)
      expect((await buyNow(`rate-key-${i}`, i + 1)).ok).toBe(true);
    expect((await buyNow("rate-key-0", 1)).ok).toBe(true);
    const refused = await buyNow("rate-key-new", 1);
    expect(refused).toMatchObject({ ok: false, code: "throttled", status: 429 });
    expect(!refused.ok && refused.retryAfterMs).toBeGreaterThan(0);
  });
});

describe("sessions and passwords", () => {
  const cookieOf = async (userId: number) =>
    (await createUserSession(new Request(ORIGIN + "/login"), userId)).split(";")[0];
  const asUser = (cookie: string) => new Request(ORIGIN + "/", { headers: { Cookie: cookie } });

  it("changing the password needs the current one and a different new one, and ends every other session and API token", async () => {
    const user = await createUser(
      t.db,
      { email: "changer@example.com", password: "old-password-1" },
      CHEAP,
    );
    if (!user.ok) throw new Error("setup");
    const here = await cookieOf(user.user.id);
    const elsewhere = await cookieOf(user.user.id);
    const { token } = await issueApiToken(t.db, user.user.id);

    const wrong = await post(
      changePasswordRoute,
      "/account/password",
      form({ currentPassword: "nope-nope", newPassword: "new-password-77" }, { Cookie: here }),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      errors: { currentPassword: "Your current password is not correct." },
    });
    const common = await post(
      changePasswordRoute,
      "/account/password",
      form({ currentPassword: "old-password-1", newPassword: "iloveyou" }, { Cookie: here }),
    );
    expect(await common.json()).toMatchObject({ errors: { newPassword: COMMON_PASSWORD } });
    // The password the account has, typed again as the new one, is refused next to the new
    // password, and nothing ends: the other session and the API token still work.
    const same = await post(
      changePasswordRoute,
      "/account/password",
      form({ currentPassword: "old-password-1", newPassword: "old-password-1" }, { Cookie: here }),
    );
    expect(same.status).toBe(400);
    expect(await same.json()).toEqual({
      errors: { newPassword: "Choose a new password, not the one you have now." },
    });
    expect(await getUser(asUser(elsewhere))).toMatchObject({ id: user.user.id });
    expect(await userForApiToken(t.db, token)).not.toBeNull();

    const ok = await post(
      changePasswordRoute,
      "/account/password",
      form({ currentPassword: "old-password-1", newPassword: "new-password-77" }, { Cookie: here }),
    );
    expect(ok.status).toBe(303);
    expect(await getUser(asUser(here))).toMatchObject({ id: user.user.id });
    expect(await getUser(asUser(elsewhere))).toBeNull();
    expect(await userForApiToken(t.db, token)).toBeNull();
  });

  it("a changed admin password (create-admin, ADMIN_PASSWORD) ends that admin's sessions and tokens", async () => {
    const { user } = await ensureAdmin(
      t.db,
      { email: "boss2@example.com", password: "first-password" },
      CHEAP,
    );
    const cookie = await cookieOf(user.id);
    const { token } = await issueApiToken(t.db, user.id);
    await ensureAdmin(t.db, { email: "boss2@example.com", password: "first-password" }, CHEAP);
    expect(await getUser(asUser(cookie))).not.toBeNull();
    await ensureAdmin(t.db, { email: "boss2@example.com", password: "second-password" }, CHEAP);
    expect(await getUser(asUser(cookie))).toBeNull();
    expect(await userForApiToken(t.db, token)).toBeNull();
  });

  it("end after a week unused (an admin's after 12 hours), before their absolute expiry", async () => {
    const shopper = await createUser(
      t.db,
      { email: "idle@example.com", password: "idle-password" },
      CHEAP,
    );
    const admin = await ensureAdmin(
      t.db,
      { email: "idle-admin@example.com", password: "idle-password" },
      CHEAP,
    );
    if (!shopper.ok) throw new Error("setup");
    const shopperCookie = await cookieOf(shopper.user.id);
    const adminCookie = await cookieOf(admin.user.id);
    const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
    await t.db
      .updateTable("sessions")
      .set({ last_seen_at: ago(13) })
      .execute();
    expect(await getUser(asUser(shopperCookie))).not.toBeNull();
    expect(await getUser(asUser(adminCookie))).toBeNull();
    await t.db
      .updateTable("sessions")
      .set({ last_seen_at: ago(8 * 24) })
      .execute();
    expect(await getUser(asUser(shopperCookie))).toBeNull();
  });
});

describe("private pages", () => {
  it("answer Cache-Control: private, no-store; catalogue pages are left to their own policy", () => {
    for (const p of [
      "/cart",
      "/checkout?step=2",
      "/order/5",
      "/userOrders",
      "/addresses/new",
      "/admin/orders",
      "/account/password",
      "/cart.data",
      // Routes match in any case.
      "/ORDER/5",
      "/userorders",
      "/Addresses",
    ]) {
      const headers = new Headers();
      applyPrivateCaching(new Request(ORIGIN + p), headers);
      expect(headers.get("Cache-Control"), p).toBe("private, no-store");
    }
    for (const p of ["/", "/product/1", "/orders-of-the-day", "/cartography"]) {
      const headers = new Headers();
      applyPrivateCaching(new Request(ORIGIN + p), headers);
      expect(headers.get("Cache-Control"), p).toBeNull();
    }
  });

  it("mark a catalogue page rendered for a session, a toast or a delivery PIN private, no-cache; a vehicle alone leaves it public", () => {
    const caching = (path: string, cookie: string) => {
      const headers = new Headers();
      applyPrivateCaching(new Request(ORIGIN + path, { headers: { cookie } }), headers);
      return headers.get("Cache-Control");
    };
    for (const cookie of [
      "session=abc",
      "vehicle=x; __Host-session=abc",
      "toast=t",
      "a=1;toast=t",
      "pin=IjU2MDAwMSI%3D",
      "vehicle=x; pin=IjU2MDAwMSI%3D",
    ])
      expect(caching("/product/1", cookie), cookie).toBe("private, no-cache");
    expect(caching("/cart", "session=abc")).toBe("private, no-store");
    for (const cookie of ["vehicle=x", "sessionish=1", "my_session=1", "toaster=1", "pincode=1"])
      expect(caching("/product/1", cookie), cookie).toBeNull();
  });
});

describe("the database file", () => {
  it("is created 0600 in a folder created 0700", async () => {
    const dir = path.join(t.dir, "fresh", "data");
    const db = createDatabase(path.join(dir, "shop.db"));
    await db.destroy();
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, "shop.db")).mode & 0o777).toBe(0o600);
  });
});

/** What the server wrote to stdout (its log lines) while `run` ran. */
async function capturedStdout(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

describe("the security log", () => {
  it("writes a failed login as one JSON line, without the password", async () => {
    const lines = await capturedStdout(async () => {
      const res = await post(
        login,
        "/login",
        form(
          { email: "nobody@example.com", password: "Sup3r-secret-guess" },
          { "X-Forwarded-For": "203.0.113.200" },
        ),
      );
      expect(res.status).toBe(401);
    });
    const events = lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
    expect(events).toContainEqual(
      expect.objectContaining({
        level: "warn",
        msg: "login.failed",
        security: true,
        email: "nobody@example.com",
        address: "203.0.113.200",
      }),
    );
    expect(lines.join("\n")).not.toContain("Sup3r-secret-guess");
  });
});

describe("a wrong method or an unknown path on the JSON API", () => {
  // Every /api/v1 route and the methods it takes; a new route fails below until it is listed.
  const TAKES: Record<string, string[]> = {
    adminOrders: ["GET"],
    allProducts: ["GET"],
    billing: ["POST"],
    cart: ["GET"],
    "cart.addItem": ["POST"],
    "cart.remove.$id": ["DELETE"],
    "cart.update.$id": ["PATCH", "PUT"],
    "checkout.create-order": ["POST"],
    "checkout.verify-payment": ["POST"],
    getBillingAddresses: ["GET"],
    login: ["POST"],
    logout: ["POST"],
    "orders.$orderId": ["GET"],
    "orders.$orderId.invoice": ["GET"],
    "password.forgot": ["POST"],
    "password.reset": ["POST"],
    "pincode.$pin": ["GET"],
    "product.$id": ["GET"],
    "product._index": ["GET"],
    "products.brand.$brand": ["GET"],
    "products.category.$category": ["GET"],
    "products.delete.$id": ["DELETE"],
    "products.update.$id": ["PUT"],
    "products.upload": ["POST"],
    register: ["POST"],
    search: ["GET"],
    stats: ["GET"],
    userOrders: ["GET"],
    "webhooks.razorpay": ["POST"],
  };
  const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
  // The API's route files, a page without an action and the page catch-all, by flat-routes name.
  const modules = Object.fromEntries(
    Object.entries(
      import.meta.glob<object>(
        ["../../../app/routes/api.v1.*.ts", "../../../app/routes/{about,$}.tsx"],
        { eager: true },
      ),
    ).map(([file, module]) => [
      file.replace(/^.*\/app\/routes\//, "").replace(/\.tsx?$/, ""),
      module,
    ]),
  );
  /** A flat-routes file name's path, as Remix matches it: `$id` -> `:id`, `$` -> `*`. */
  const routePath = (name: string) =>
    name
      .split(".")
      .filter((s) => s !== "_index")
      .map((s) => (s === "$" ? "*" : s.replace(/^\$/, ":")))
      .join("/");
  const routes = Object.fromEntries(
    Object.entries(modules).map(([name, module]) => [
      `routes/${name}`,
      { path: routePath(name), module },
    ]),
  );
  const api = Object.keys(modules).filter((n) => n.startsWith("api.v1.") && n !== "api.v1.$");

  /** Each request through Remix itself, with the shop's handleError; the log lines it wrote. */
  async function send(requests: Request[]) {
    const handle = remixHandler(routes, logUnexpectedError);
    const responses: Response[] = [];
    const lines = await capturedStdout(async () => {
      for (const request of requests) responses.push(await handle(request));
    });
    return { responses, errors: lines.filter((l) => l.includes('"level":"error"')) };
  }

  it("lists every API route", () => {
    expect(api.map((n) => n.replace(/^api\.v1\./, "")).sort()).toEqual(Object.keys(TAKES).sort());
  });

  it("answers 405 JSON naming the methods in Allow, without an error log line", async () => {
    const cases = api.flatMap((name) => {
      const takes = TAKES[name.replace(/^api\.v1\./, "")];
      const url = `${ORIGIN}/${routePath(name).replace(/:\w+/g, "1")}`;
      return METHODS.filter((m) => !takes.includes(m)).map((method) => ({
        name,
        takes,
        method,
        url,
      }));
    });
    const { responses, errors } = await send(
      cases.map(({ method, url }) => new Request(url, { method })),
    );
    const answers = await Promise.all(
      responses.map(async (res, i) => ({
        route: `${cases[i].method} ${cases[i].name}`,
        status: res.status,
        allow: res.headers.get("Allow"),
        body: await res.json().catch(() => null),
      })),
    );
    expect(answers).toEqual(
      cases.map(({ name, method, takes }) => ({
        route: `${method} ${name}`,
        status: 405,
        allow: [...takes, ...(takes.includes("GET") ? ["HEAD"] : [])].join(", "),
        body: { message: `Use ${takes.join(" or ")}.` },
      })),
    );
    expect(errors).toEqual([]);
  });

  it("answers an unknown API path with a JSON 404 for every method; Remix's own 405 for a page is not logged either", async () => {
    const paths = ["/api/v1/doesnotexist", "/api/v1/pincode/", "/api/v1/product/1/extra"];
    const cases = paths.flatMap((path) => METHODS.map((method) => ({ path, method })));
    const { responses, errors } = await send([
      ...cases.map(({ path, method }) => new Request(ORIGIN + path, { method })),
      // A post to a page without an action, and to a page no route has: a client's mistake.
      new Request(`${ORIGIN}/about`, { method: "POST" }),
      new Request(`${ORIGIN}/no/such/page`, { method: "POST" }),
    ]);
    for (const [i, { path, method }] of cases.entries()) {
      const res = responses[i];
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: `No API endpoint at ${path}` });
    }
    expect(responses.slice(cases.length).map((r) => r.status)).toEqual([405, 405]);
    expect(errors).toEqual([]);

    // A real fault is still logged, once, with its stack.
    const handle = remixHandler(
      {
        "routes/broken": {
          path: "broken",
          module: {
            loader: () => {
              throw new Error("the disk is on fire");
            },
          },
        },
      },
      logUnexpectedError,
    );
    const lines = await capturedStdout(async () => {
      expect((await handle(new Request(`${ORIGIN}/broken`))).status).toBe(500);
    });
    const logged = lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
    expect(logged).toEqual([
      expect.objectContaining({
        level: "error",
        msg: "unexpected error",
        path: "/broken",
        error: expect.objectContaining({ message: "the disk is on fire" }),
      }),
    ]);
  });
});
