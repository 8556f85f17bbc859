import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepared } from "~/db/prepared.server";
import { createTestDb, type TestDb } from "../../support/db";

// A prepared query is compiled once and then run with each call's values: on both engines, in and
// out of a transaction, it must answer exactly what the same query built anew answers.
describe("prepared queries", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    for (const [email, role] of [
      ["a@example.com", "customer"],
      ["b@example.com", "admin"],
      ["c@example.com", "customer"],
    ] as const) {
      await t.db
        .insertInto("users")
        .values({ email, password_hash: "x", role, created_at: new Date().toISOString() })
        .execute();
    }
  });
  afterAll(async () => {
    await t.cleanup();
  });

  // Two arguments, and a value of the build's own (the password hash) kept as it is.
  const matching = prepared((db, pattern: string, minId: number) =>
    db
      .selectFrom("users")
      .select(["id", "email"])
      .where("email", "like", pattern)
      .where("id", ">", minId)
      .where("password_hash", "=", "x")
      .orderBy("id"),
  );
  const built = (pattern: string, minId: number) =>
    t.db
      .selectFrom("users")
      .select(["id", "email"])
      .where("email", "like", pattern)
      .where("id", ">", minId)
      .where("password_hash", "=", "x")
      .orderBy("id")
      .execute();

  it("answers each call with its own values, as the query built anew does", async () => {
    for (const [pattern, minId] of [
      ["%@example.com", 0],
      ["b%", 0],
      ["%@example.com", 1],
      ["nobody%", 0],
    ] as const) {
      expect(await matching(t.db, pattern, minId)).toEqual(await built(pattern, minId));
    }
    expect((await matching(t.db, "%@example.com", 1)).map((u) => u.email)).toEqual([
      "b@example.com",
      "c@example.com",
    ]);
  });

  it("runs inside a transaction and sees its writes", async () => {
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable("users")
          .set({ email: "b@example.org" })
          .where("email", "=", "c@example.com")
          .execute();
        expect((await matching(trx, "b@%", 0)).map((u) => u.email)).toEqual([
          "b@example.com",
          "b@example.org",
        ]);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect((await matching(t.db, "b@%", 0)).map((u) => u.email)).toEqual(["b@example.com"]);
  });

  it("builds its query once, for every call and for a transaction of the same database", async () => {
    let builds = 0;
    const byId = prepared((db, id: number) => {
      builds += 1;
      return db.selectFrom("users").select("email").where("id", "=", id);
    });
    expect(await byId(t.db, 1)).toEqual([{ email: "a@example.com" }]);
    expect(await byId(t.db, 3)).toEqual([{ email: "c@example.com" }]);
    await t.db.transaction().execute(async (trx) => {
      expect(await byId(trx, 2)).toEqual([{ email: "b@example.com" }]);
    });
    expect(builds).toBe(1);
    // A database with a plugin builds it on each call, so that the plugin sees every one.
    let seen = 0;
    const withPlugin = t.db.withPlugin({
      transformQuery: ({ node }) => ((seen += 1), node),
      transformResult: async ({ result }) => result,
    });
    await byId(withPlugin, 1);
    await byId(withPlugin, 2);
    expect([builds, seen]).toEqual([3, 2]);
  });

  it("refuses a value that would change the SQL (a list, a null)", async () => {
    const byId = prepared((db, id: number) =>
      db.selectFrom("users").select("id").where("id", "=", id),
    );
    await expect(byId(t.db, [1, 2] as unknown as number)).rejects.toThrow(/strings and numbers/);
    await expect(byId(t.db, null as unknown as number)).rejects.toThrow(/strings and numbers/);
    expect(await byId(t.db, 2)).toEqual([{ id: 2 }]);
  });

  it("refuses a build that leaves an argument out of the query's values", async () => {
    const fixed = prepared((db, _id: number) =>
      db.selectFrom("users").select("id").where("id", "=", 1),
    );
    await expect(fixed(t.db, 2)).rejects.toThrow(/each of its arguments/);
  });
});
