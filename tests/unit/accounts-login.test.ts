import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FAILURE_WINDOW_MS, MAX_FAILURES } from "~/models/login-attempts.server";
import { createUser, ensureAdmin, INVALID_LOGIN, verifyLogin } from "~/models/user.server";
import { verifyPassword } from "~/utils/password.server";
import { createTestDb, type TestDb } from "../support/db";

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };
let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t.cleanup());
beforeEach(async () => {
  await t.db.deleteFrom("login_attempts").execute();
  await t.db.deleteFrom("users").execute();
});

const login = (email: string, password: string, now = new Date(), clientAddress: string | null = null) =>
  verifyLogin(t.db, { email, password, clientAddress }, { now, cost: CHEAP });

describe("sign-up and login", () => {
  it("stores the e-mail lower-cased, refuses it twice whatever the case, and logs in case-insensitively", async () => {
    const created = await createUser(t.db, { email: "Jeep.Owner@Example.com", password: "trail-rated-8" }, CHEAP);
    expect(created).toMatchObject({ ok: true, user: { email: "jeep.owner@example.com", role: "customer" } });
    expect(created.ok && "password_hash" in created.user).toBe(false);
    expect(await createUser(t.db, { email: "JEEP.OWNER@example.com", password: "x".repeat(9) }, CHEAP)).toMatchObject({
      ok: false,
    });
    const result = await login("JEEP.owner@EXAMPLE.com", "trail-rated-8");
    expect(result).toEqual({ status: "ok", user: { id: expect.any(Number), email: "jeep.owner@example.com", role: "customer" } });
  });

  it("answers a wrong e-mail and a wrong password the same way, in about the same time", { timeout: 90_000 }, async () => {
    await createUser(t.db, { email: "a@example.com", password: "right-password" });
    // The fastest of three runs: robust to a busy machine.
    const time = async (email: string) => {
      let best = Infinity;
      let result;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        result = await verifyLogin(t.db, { email, password: "wrong-password" });
        best = Math.min(best, performance.now() - started);
      }
      return { result, ms: best };
    };
    const wrongPassword = await time("a@example.com");
    const wrongEmail = await time("nobody@example.com");
    expect(wrongPassword.result).toEqual({ status: "invalid", message: INVALID_LOGIN });
    expect(wrongEmail.result).toEqual(wrongPassword.result);
    // Both run the full-cost scrypt: neither is a fast path.
    const ratio = wrongEmail.ms / wrongPassword.ms;
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it("creates the admin from the environment, then keeps it an admin with the given password", async () => {
    await createUser(t.db, { email: "boss@example.com", password: "old-password" }, CHEAP);
    const { user, created } = await ensureAdmin(t.db, { email: "Boss@example.com", password: "new-password-1" }, CHEAP);
    expect(created).toBe(false);
    expect(user.role).toBe("admin");
    const row = await t.db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword("new-password-1", row.password_hash)).toBe(true);
    expect((await ensureAdmin(t.db, { email: "second@example.com", password: "password-2" }, CHEAP)).created).toBe(true);
  });
});

describe("lockout", () => {
  const start = new Date("2026-11-23T10:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);

  it(`locks an account after ${MAX_FAILURES} failures in 15 minutes, the right password included, until the window passes`, async () => {
    await createUser(t.db, { email: "target@example.com", password: "right-password" }, CHEAP);
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await login("target@example.com", "guess-" + i, at(i * 60_000))).status).toBe("invalid");
    }
    const locked = await login("Target@example.com", "right-password", at(5 * 60_000));
    expect(locked).toMatchObject({ status: "locked", message: "Too many attempts. Try again in 10 minutes." });
    // Attempts while locked do not extend the lock.
    await login("target@example.com", "right-password", at(10 * 60_000));
    // The first failure leaves the window at 15 min; then 4 remain and the account opens.
    expect((await login("target@example.com", "right-password", at(FAILURE_WINDOW_MS - 1))).status).toBe("locked");
    expect((await login("target@example.com", "right-password", at(FAILURE_WINDOW_MS + 1))).status).toBe("ok");
  });

  it("a success starts the account's count over", async () => {
    await createUser(t.db, { email: "typo@example.com", password: "right-password" }, CHEAP);
    for (let i = 0; i < MAX_FAILURES - 1; i++) await login("typo@example.com", "typo", at(i));
    expect((await login("typo@example.com", "right-password", at(10))).status).toBe("ok");
    for (let i = 0; i < MAX_FAILURES - 1; i++) await login("typo@example.com", "typo", at(20 + i));
    expect((await login("typo@example.com", "right-password", at(30))).status).toBe("ok");
  });

  it("counts failures per client address across accounts", async () => {
    await createUser(t.db, { email: "victim@example.com", password: "right-password" }, CHEAP);
    for (let i = 0; i < MAX_FAILURES; i++) {
      await login(`spray${i}@example.com`, "password1", at(i), "203.0.113.7");
    }
    expect((await login("victim@example.com", "right-password", at(10), "203.0.113.7")).status).toBe("locked");
    expect((await login("victim@example.com", "right-password", at(10), "198.51.100.2")).status).toBe("ok");
  });

  it("parallel guesses cannot slip past the limit", async () => {
    await createUser(t.db, { email: "burst@example.com", password: "right-password" }, CHEAP);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login("burst@example.com", `guess-${i}`, at(i))),
    );
    expect(results.filter((r) => r.status === "invalid")).toHaveLength(MAX_FAILURES);
    expect(results.filter((r) => r.status === "locked")).toHaveLength(12 - MAX_FAILURES);
  });
});
