import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueApiToken, revokeApiToken, userForApiToken } from "~/models/api-token.server";
import { createUser } from "~/models/user.server";
import { createTestDb, type TestDb } from "../../support/db";

let t: TestDb;
let userId: number;

beforeAll(async () => {
  t = await createTestDb();
  const created = await createUser(
    t.db,
    { email: "api@example.com", password: "password-123" },
    { N: 1024, r: 8, p: 1 },
  );
  if (!created.ok) throw new Error(created.error);
  userId = created.user.id;
});
afterAll(async () => t.cleanup());

describe("API tokens", () => {
  it("are random, stored only as a hash, and name their user", async () => {
    const a = await issueApiToken(t.db, userId);
    const b = await issueApiToken(t.db, userId);
    expect(a.token).not.toBe(b.token);
    expect(a.token.length).toBeGreaterThanOrEqual(43);
    const rows = await t.db.selectFrom("api_tokens").select("token_hash").execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(a.token);
    expect(await userForApiToken(t.db, a.token)).toEqual({
      id: userId,
      email: "api@example.com",
      role: "customer",
    });
    expect(await userForApiToken(t.db, a.token + "x")).toBeNull();
    expect(await userForApiToken(t.db, "")).toBeNull();
  });

  it("expire", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const { token } = await issueApiToken(t.db, userId, { now, ttlMs: 60_000 });
    expect(await userForApiToken(t.db, token, new Date(now.getTime() + 59_000))).not.toBeNull();
    expect(await userForApiToken(t.db, token, new Date(now.getTime() + 60_000))).toBeNull();
  });

  it("can be revoked, once", async () => {
    const { token } = await issueApiToken(t.db, userId);
    expect(await revokeApiToken(t.db, token)).toBe(true);
    expect(await userForApiToken(t.db, token)).toBeNull();
    expect(await revokeApiToken(t.db, token)).toBe(false);
  });
});
