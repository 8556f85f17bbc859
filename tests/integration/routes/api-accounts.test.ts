import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireApiAdmin, requireApiUser } from "~/auth/guards.server";
import { createUser } from "~/models/user.server";
import * as register from "~/routes/api.v1.register";
import * as apiLogin from "~/routes/api.v1.login";
import * as apiLogout from "~/routes/api.v1.logout";
import * as htmlLogin from "~/routes/login";
import * as htmlSignup from "~/routes/signup";
import { resetEnvCache } from "~/utils/env.server";
import { type TestDb, withAppDb } from "../../support/db";

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };
const ORIGIN = "http://localhost:3000";
let t: TestDb;

beforeAll(async () => {
  t = await withAppDb();
  process.env.SESSION_SECRET = "unit-test-secret-0123456789abcdef";
  delete process.env.PUBLIC_URL;
  process.env.TRUST_PROXY = "1";
  resetEnvCache();
  await createUser(
    t.db,
    { email: "admin@example.com", password: "admin-password", role: "admin" },
    CHEAP,
  );
});
afterAll(async () => {
  delete process.env.TRUST_PROXY;
  resetEnvCache();
  await t.cleanup();
});

const call = (
  route: { action: (args: ActionFunctionArgs) => Promise<Response> },
  path: string,
  init: RequestInit,
) =>
  route.action({
    request: new Request(ORIGIN + path, { method: "POST", ...init }),
    params: {},
    context: {},
  });
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json", ...headers },
});
const bearer = (token: string) =>
  new Request(ORIGIN + "/api/v1/x", { headers: { Authorization: `Bearer ${token}` } });

/** Every answer is checked for anything that looks like a password hash. */
async function body(res: Response) {
  const text = await res.clone().text();
  expect(text).not.toMatch(/password_hash|passwordHash|scrypt\$/);
  return JSON.parse(text);
}

describe("the sign-up form", () => {
  const post = (fields: Record<string, string>) =>
    call(htmlSignup as never, "/signup", {
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    });

  it("creates the account and sends the shopper to log in", async () => {
    const res = await post({
      email: "Form.User@example.com",
      password: "form-pass-123",
      website: "",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/login");
    const row = await t.db
      .selectFrom("users")
      .select(["email", "role"])
      .where("email", "=", "form.user@example.com")
      .executeTakeFirst();
    expect(row).toEqual({ email: "form.user@example.com", role: "customer" });
  });

  it("quietly creates nothing when the honeypot field is filled", async () => {
    const res = await post({
      email: "bot@example.com",
      password: "bot-pass-123",
      website: "http://spam.example",
    });
    expect(res.status).toBe(303);
    expect(
      await t.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", "bot@example.com")
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it("answers 400 with the spec's message and keeps the typed e-mail", async () => {
    const res = (await post({ email: "kept@example.com", password: "" })) as unknown as {
      data: unknown;
      init: ResponseInit;
    };
    expect(res.init.status).toBe(400);
    expect(res.data).toMatchObject({
      email: "kept@example.com",
      formError: "Email and password are required",
      errors: { password: "Enter your password" },
    });
  });
});

describe("the JSON API door", () => {
  it("registers, logs in with a bearer token, and revokes it at logout", async () => {
    const created = await call(
      register,
      "/api/v1/register",
      json({ email: "Api.User@example.com", password: "overland-88" }),
    );
    expect(created.status).toBe(201);
    expect(await body(created)).toEqual({
      message: "Signup successful!",
      user: { id: expect.any(Number), email: "api.user@example.com", role: "customer" },
    });

    const res = await call(
      apiLogin,
      "/api/v1/login",
      json({ email: "api.user@example.com", password: "overland-88" }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const { token, user } = await body(res);
    expect(typeof token).toBe("string");
    expect(user).toEqual({
      id: expect.any(Number),
      email: "api.user@example.com",
      role: "customer",
    });

    expect(await requireApiUser(bearer(token))).toEqual(user);
    const forbidden = await requireApiAdmin(bearer(token)).catch((e: Response) => e);
    expect(forbidden).toBeInstanceOf(Response);
    expect((forbidden as Response).status).toBe(403);
    expect(await body(forbidden as Response)).toEqual({ message: expect.any(String) });

    const out = await call(apiLogout, "/api/v1/logout", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    const after = await requireApiUser(bearer(token)).catch((e: Response) => e);
    expect((after as Response).status).toBe(401);
    expect(await body(after as Response)).toEqual({ message: expect.any(String) });
    const again = await apiLogout
      .action({
        request: new Request(ORIGIN + "/api/v1/logout", {
          method: "POST",
          headers: { Authorization: `Bearer ${token}` },
        }),
        params: {},
        context: {},
      })
      .catch((e: Response) => e);
    expect(again.status).toBe(401);
  });

  it("answers 400 {message, errors} for bad input and a taken e-mail", async () => {
    const empty = await call(register, "/api/v1/register", json({}));
    expect(empty.status).toBe(400);
    expect(await body(empty)).toMatchObject({
      message: "Email and password are required",
      errors: { email: expect.any(String) },
    });
    const short = await call(
      register,
      "/api/v1/register",
      json({ email: "s@example.com", password: "short" }),
    );
    expect(await body(short)).toMatchObject({
      errors: { password: "Password must be at least 8 characters" },
    });
    const taken = await call(
      register,
      "/api/v1/register",
      json({ email: "ADMIN@example.com", password: "password-9" }),
    );
    expect(taken.status).toBe(400);
    expect(await body(taken)).toMatchObject({ errors: { email: expect.any(String) } });
    const noFields = await call(apiLogin, "/api/v1/login", json({ email: "admin@example.com" }));
    expect(noFields.status).toBe(400);
    expect(await body(noFields)).toMatchObject({ message: "Email and password are required" });
  });

  it("throttles the API like the form: 429 with Retry-After, keyed on the address the proxy added", async () => {
    // The client writes whatever it likes on the left; the trusted proxy appends the real address.
    const from = (ip: string, spoof = "6.6.6.6") => ({ "X-Forwarded-For": `${spoof}, ${ip}` });
    const right = { email: "admin@example.com", password: "admin-password" };
    expect((await call(apiLogin, "/api/v1/login", json(right, from("192.0.2.44")))).status).toBe(
      200,
    );
    for (let i = 0; i < 5; i++) {
      const res = await call(
        apiLogin,
        "/api/v1/login",
        json({ ...right, password: "guess-guess" }, from("203.0.113.9", `10.0.0.${i}`)),
      );
      expect(res.status).toBe(401);
      expect(await body(res)).toEqual({ message: "Invalid e-mail or password." });
    }
    const throttled = await call(apiLogin, "/api/v1/login", json(right, from("198.51.100.1")));
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await body(throttled)).message).toMatch(
      /^Too many attempts\. Try again in \d+ seconds?\.$/,
    );

    // The HTML form shares the count.
    const form = new URLSearchParams(right);
    const html = await call(htmlLogin as never, "/login", {
      body: form,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
        ...from("198.51.100.1"),
      },
    });
    expect((html as unknown as { init: ResponseInit }).init.status).toBe(429);

    // The address the admin logged in from before is never kept waiting.
    const known = await call(
      apiLogin,
      "/api/v1/login",
      json(right, from("192.0.2.44", "203.0.113.9")),
    );
    expect(known.status).toBe(200);
    expect((await body(known)).user.role).toBe("admin");
  });
});
