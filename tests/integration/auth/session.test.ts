import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requireAdmin, requireUser } from "~/auth/guards.server";
import {
  createDbSessionStorage,
  createUserSession,
  destroyUserSession,
  getUser,
} from "~/auth/session.server";
import { createUser } from "~/models/user.server";
import { resetEnvCache } from "~/utils/env.server";
import { type TestDb, withAppDb } from "../../support/db";

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };
let t: TestDb;

beforeAll(async () => {
  t = await withAppDb();
  process.env.SESSION_SECRET = "unit-test-secret-0123456789abcdef";
  delete process.env.PUBLIC_URL;
  resetEnvCache();
});
afterAll(async () => {
  await t.cleanup();
});
beforeEach(async () => {
  await t.db.deleteFrom("sessions").execute();
});

const cookieOf = (setCookie: string) => setCookie.split(";")[0];
const req = (path: string, init: RequestInit & { cookie?: string } = {}) => {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`http://localhost:3000${path}`, { ...init, headers });
};

async function customer(email: string) {
  const result = await createUser(t.db, { email, password: "password-123" }, CHEAP);
  if (!result.ok) throw new Error(result.error);
  return result.user;
}

describe("database sessions", () => {
  it("keeps only a random signed id in an httpOnly, SameSite=Lax cookie", async () => {
    const user = await customer("cookie@example.com");
    const setCookie = await createUserSession(req("/login"), user.id);
    expect(setCookie).toMatch(/^session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    expect(setCookie).not.toContain("cookie%40example.com");
    const rows = await t.db.selectFrom("sessions").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBe(user.id);
    // The row is keyed by a hash: the cookie's id appears nowhere in the table.
    const id = decodeURIComponent(cookieOf(setCookie).split("=")[1]).split(".")[0];
    expect(rows[0].id).not.toBe(id);
    expect(await getUser(req("/", { cookie: cookieOf(setCookie) }))).toEqual({
      id: user.id,
      email: "cookie@example.com",
      role: "customer",
    });
  });

  it("uses Secure and the __Host- prefix for an https shop", async () => {
    const storage = createDbSessionStorage(t.db, { secret: "s".repeat(20), secure: true });
    const session = await storage.getSession();
    session.set("userId", 1);
    const setCookie = await storage.commitSession(session);
    expect(setCookie).toMatch(/^__Host-session=/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).not.toMatch(/Domain=/);
  });

  it("refuses a cookie whose signature does not match", async () => {
    const user = await customer("forged@example.com");
    const setCookie = await createUserSession(req("/login"), user.id);
    const forged = cookieOf(setCookie).replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(await getUser(req("/", { cookie: forged }))).toBeNull();
  });

  it("gives a new id at every login and logout deletes the row, so a copied cookie stops working", async () => {
    const user = await customer("twice@example.com");
    const first = cookieOf(await createUserSession(req("/login"), user.id));
    const second = cookieOf(await createUserSession(req("/login", { cookie: first }), user.id));
    expect(second).not.toBe(first);
    expect(await getUser(req("/", { cookie: first }))).toBeNull();
    expect(await getUser(req("/", { cookie: second }))).not.toBeNull();
    const cleared = await destroyUserSession(req("/logout", { method: "POST", cookie: second }));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await t.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
    expect(await getUser(req("/", { cookie: second }))).toBeNull();
  });

  it("ignores an expired session", async () => {
    const user = await customer("old@example.com");
    const cookie = cookieOf(await createUserSession(req("/login"), user.id));
    await t.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await getUser(req("/", { cookie }))).toBeNull();
  });

  it("is read once per page request (its loaders share it), afresh for every other request and every post", async () => {
    const user = await customer("once@example.com");
    const cookie = cookieOf(await createUserSession(req("/login"), user.id));
    const page = req("/cart", { cookie });
    expect((await getUser(page))?.id).toBe(user.id);
    // Logged out elsewhere: the page being answered keeps the user it started with...
    await t.db.deleteFrom("sessions").execute();
    expect((await getUser(page))?.id).toBe(user.id);
    // ...the next page, and a post, see the session gone.
    expect(await getUser(req("/cart", { cookie }))).toBeNull();
    expect(await getUser(req("/cart", { method: "POST", cookie }))).toBeNull();
  });
});

describe("guards", () => {
  async function thrown(p: Promise<unknown>): Promise<Response> {
    try {
      await p;
    } catch (error) {
      if (error instanceof Response) return error;
      throw error;
    }
    throw new Error("expected a thrown Response");
  }

  it("requireUser sends a visitor to /login with the page to come back to", async () => {
    const res = await thrown(requireUser(req("/cart?x=1")));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/cart?x=1")}`,
    );
  });

  it("requireUser on a form post comes back to the page the form was on", async () => {
    const res = await thrown(
      requireUser(
        req("/cart", {
          method: "POST",
          headers: {
            Referer: "http://localhost:3000/product/12?color=Black",
            Origin: "http://localhost:3000",
          },
        }),
      ),
    );
    expect(res.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/product/12?color=Black")}`,
    );
  });

  it("requireAdmin: visitor to /login (and back to the page after), customer to /, admin passes", async () => {
    expect((await thrown(requireAdmin(req("/admin/dashboard")))).headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/admin/dashboard")}`,
    );
    expect(
      (await thrown(requireAdmin(req("/admin/orders/12?status=paid")))).headers.get("Location"),
    ).toBe(`/login?redirectTo=${encodeURIComponent("/admin/orders/12?status=paid")}`);
    const user = await customer("shopper@example.com");
    const cookie = cookieOf(await createUserSession(req("/login"), user.id));
    expect(
      (await thrown(requireAdmin(req("/admin/dashboard", { cookie })))).headers.get("Location"),
    ).toBe("/");
    await t.db.updateTable("users").set({ role: "admin" }).where("id", "=", user.id).execute();
    expect((await requireAdmin(req("/admin/dashboard", { cookie }))).role).toBe("admin");
  });
});
