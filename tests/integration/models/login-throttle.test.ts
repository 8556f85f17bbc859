import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  accountDelayMs,
  ADDRESS_LIMIT,
  FREE_FAILURES,
  MAX_DELAY_MS,
} from "~/models/login-throttle.server";
import { createUser, ensureAdmin, INVALID_LOGIN, verifyLogin } from "~/models/user.server";
import { verifyPassword } from "~/utils/password.server";
import { createTestDb, type TestDb } from "../../support/db";

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };
let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t.cleanup());
beforeEach(async () => {
  await t.db.deleteFrom("throttle_events").execute();
  await t.db.deleteFrom("users").execute();
});

const login = (
  email: string,
  password: string,
  now = new Date(),
  clientAddress: string | null = null,
) => verifyLogin(t.db, { email, password, clientAddress }, { now, cost: CHEAP });

describe("sign-up and login", () => {
  it("stores the e-mail lower-cased, refuses it twice whatever the case, and logs in case-insensitively", async () => {
    const created = await createUser(
      t.db,
      { email: "Jeep.Owner@Example.com", password: "trail-rated-8" },
      CHEAP,
    );
    expect(created).toMatchObject({
      ok: true,
      user: { email: "jeep.owner@example.com", role: "customer" },
    });
    expect(created.ok && "password_hash" in created.user).toBe(false);
    expect(
      await createUser(t.db, { email: "JEEP.OWNER@example.com", password: "x".repeat(9) }, CHEAP),
    ).toMatchObject({
      ok: false,
    });
    const result = await login("JEEP.owner@EXAMPLE.com", "trail-rated-8");
    expect(result).toEqual({
      status: "ok",
      user: { id: expect.any(Number), email: "jeep.owner@example.com", role: "customer" },
    });
  });

  it(
    "answers a wrong e-mail and a wrong password the same way, in about the same time",
    { timeout: 90_000 },
    async () => {
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
    },
  );

  it("creates the admin from the environment, then keeps it an admin with the given password", async () => {
    await createUser(t.db, { email: "boss@example.com", password: "old-password" }, CHEAP);
    const { user, created } = await ensureAdmin(
      t.db,
      { email: "Boss@example.com", password: "new-password-1" },
      CHEAP,
    );
    expect(created).toBe(false);
    expect(user.role).toBe("admin");
    const row = await t.db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword("new-password-1", row.password_hash)).toBe(true);
    expect(
      (await ensureAdmin(t.db, { email: "second@example.com", password: "password-2" }, CHEAP))
        .created,
    ).toBe(true);
  });
});

describe("login throttle", () => {
  const start = new Date("2026-11-23T10:00:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);
  const fail = async (email: string, n: number, from: string | null = null, t0 = 0) => {
    for (let i = 0; i < n; i++)
      expect((await login(email, "guess-" + i, at(t0 + i), from)).status).toBe("invalid");
  };

  it("slows an account down after five failures with growing delays, never locking it for good", async () => {
    await createUser(t.db, { email: "target@example.com", password: "right-password" }, CHEAP);
    await fail("target@example.com", FREE_FAILURES, "198.51.100.66");
    // The sixth attempt must wait 1 s after the last failure, whoever sends it.
    const early = await login(
      "Target@example.com",
      "right-password",
      at(FREE_FAILURES),
      "203.0.113.9",
    );
    expect(early).toMatchObject({
      status: "throttled",
      scope: "account",
      message: "Too many attempts. Try again in 1 second.",
    });
    // Once the delay has passed, one more guess is allowed, and the next delay doubles.
    expect(
      (await login("target@example.com", "guess-x", at(FREE_FAILURES + 1000), "198.51.100.66"))
        .status,
    ).toBe("invalid");
    expect(
      (await login("target@example.com", "right-password", at(FREE_FAILURES + 2500), "203.0.113.9"))
        .status,
    ).toBe("throttled");
    expect(
      (await login("target@example.com", "right-password", at(FREE_FAILURES + 3001), "203.0.113.9"))
        .status,
    ).toBe("ok");
    expect([5, 6, 7, 8, 30].map(accountDelayMs)).toEqual([1000, 2000, 4000, 8000, MAX_DELAY_MS]);
  });

  it("never keeps the right password waiting from an address the account has logged in from", async () => {
    await createUser(t.db, { email: "owner@example.com", password: "right-password" }, CHEAP);
    expect((await login("owner@example.com", "right-password", at(0), "192.0.2.10")).status).toBe(
      "ok",
    );
    // Someone elsewhere hammers the account with guesses...
    await fail("owner@example.com", FREE_FAILURES, "198.51.100.66", 1_000);
    expect((await login("owner@example.com", "guess", at(1_010), "198.51.100.66")).status).toBe(
      "throttled",
    );
    // ...a stranger's address must wait, the owner's usual address logs in at once.
    expect(
      (await login("owner@example.com", "right-password", at(1_020), "203.0.113.50")).status,
    ).toBe("throttled");
    expect(
      (await login("owner@example.com", "right-password", at(1_030), "192.0.2.10")).status,
    ).toBe("ok");
  });

  it("a success starts the account's count over", async () => {
    await createUser(t.db, { email: "typo@example.com", password: "right-password" }, CHEAP);
    await fail("typo@example.com", FREE_FAILURES - 1);
    expect((await login("typo@example.com", "right-password", at(10))).status).toBe("ok");
    await fail("typo@example.com", FREE_FAILURES - 1, null, 20);
    expect((await login("typo@example.com", "right-password", at(30))).status).toBe("ok");
  });

  it("allows many failures per address (a mobile network's NAT), then throttles that address only", async () => {
    await createUser(t.db, { email: "victim@example.com", password: "right-password" }, CHEAP);
    const nat = "100.64.0.1";
    // Shoppers behind one address mistype their own passwords: nobody else is slowed down.
    for (let i = 0; i < 10; i++) await login(`shopper${i}@example.com`, "typo", at(i), nat);
    expect((await login("victim@example.com", "right-password", at(20), nat)).status).toBe("ok");
    for (let i = 10; i < ADDRESS_LIMIT.limit; i++)
      await login(`spray${i}@example.com`, "password1", at(i), nat);
    const blocked = await login("victim@example.com", "right-password", at(200), nat);
    expect(blocked).toMatchObject({ status: "throttled", scope: "address" });
    expect(
      (await login("victim@example.com", "right-password", at(200), "198.51.100.2")).status,
    ).toBe("ok");
    expect(
      (await login("victim@example.com", "right-password", at(ADDRESS_LIMIT.windowMs + 20), nat))
        .status,
    ).toBe("ok");
  });

  it("does not count the machine itself per address, nor treat it as a known address", async () => {
    await createUser(t.db, { email: "local@example.com", password: "right-password" }, CHEAP);
    for (let i = 0; i < ADDRESS_LIMIT.limit + 5; i++)
      await login(`probe${i}@example.com`, "x", at(i), "127.0.0.1");
    expect((await login("local@example.com", "right-password", at(200), "127.0.0.1")).status).toBe(
      "ok",
    );
    await fail("local@example.com", FREE_FAILURES, "127.0.0.1", 300);
    expect((await login("local@example.com", "right-password", at(310), "127.0.0.1")).status).toBe(
      "throttled",
    );
  });

  it("parallel guesses cannot slip past the limit", async () => {
    await createUser(t.db, { email: "burst@example.com", password: "right-password" }, CHEAP);
    const results = await Promise.all(
      // All at one moment: whichever order they take the write lock in, five are judged, seven wait.
      Array.from({ length: 12 }, (_, i) => login("burst@example.com", `guess-${i}`, at(0))),
    );
    expect(results.filter((r) => r.status === "invalid")).toHaveLength(FREE_FAILURES);
    expect(results.filter((r) => r.status === "throttled")).toHaveLength(12 - FREE_FAILURES);
  });
});
