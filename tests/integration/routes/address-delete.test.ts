/**
 * Deleting a saved address asks first: GET /addresses/:id/delete is the question (it deletes
 * nothing), only its POST deletes; someone else's address is a 404 either way.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUserSession } from "~/auth/session.server";
import { action, loader } from "~/routes/addresses.$id.delete";
import { insertCheckoutFixture } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";
import { callRoute } from "../../support/route";

const BASE = "http://127.0.0.1:3987";
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
let alice: string;

beforeEach(async () => {
  t = await withAppDb({ PUBLIC_URL: BASE });
  f = await insertCheckoutFixture(t.db);
  alice = (await createUserSession(new Request(`${BASE}/login`), f.alice)).split(";")[0];
});
afterEach(() => t.cleanup());

const exists = async (id: number) =>
  (await t.db.selectFrom("addresses").select("id").where("id", "=", id).executeTakeFirst()) !==
  undefined;

const get = (id: number, query = "") =>
  callRoute(
    loader,
    new Request(`${BASE}/addresses/${id}/delete${query}`, { headers: { Cookie: alice } }),
    { id: String(id) },
  );

const post = (id: number, fields: Record<string, string> = {}) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return callRoute(
    action,
    new Request(`${BASE}/addresses/${id}/delete`, {
      method: "POST",
      headers: { Cookie: alice, Origin: BASE },
      body,
    }),
    { id: String(id) },
  );
};

describe("deleting a saved address", () => {
  it("GET asks (the address and where Cancel goes back to) and deletes nothing", async () => {
    const res = await get(f.aliceAddress, `?redirectTo=${encodeURIComponent("/checkout?x=1")}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      address: { id: number; fullName: string };
      redirectTo: string;
    };
    expect(body.address).toMatchObject({ id: f.aliceAddress, fullName: "Alice Rao" });
    expect(body.redirectTo).toBe("/checkout?x=1");
    expect(await exists(f.aliceAddress)).toBe(true);
    // A redirect elsewhere is not followed: back to the list.
    const offsite = await get(f.aliceAddress, "?redirectTo=https%3A%2F%2Fevil.example%2F");
    expect(((await offsite.json()) as { redirectTo: string }).redirectTo).toBe("/addresses");
  });

  it("POST deletes it and goes back where the question came from", async () => {
    const res = await post(f.aliceAddress, { redirectTo: "/addresses" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/addresses");
    expect(await exists(f.aliceAddress)).toBe(false);
    // Asked again (another tab): it is gone.
    expect((await get(f.aliceAddress)).status).toBe(404);
  });

  it("someone else's address is a 404: not shown, not deleted", async () => {
    expect((await get(f.bobAddress)).status).toBe(404);
    expect((await post(f.bobAddress)).status).toBe(404);
    expect(await exists(f.bobAddress)).toBe(true);
    expect((await get(999_999)).status).toBe(404);
    const bad = await callRoute(
      loader,
      new Request(`${BASE}/addresses/abc/delete`, { headers: { Cookie: alice } }),
      { id: "abc" },
    );
    expect(bad.status).toBe(404);
  });
});
