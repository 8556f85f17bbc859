import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserSession } from "~/auth/session.server";
import { createDatabase, useAppDatabase } from "~/db/db.server";
import type { DB } from "~/db/schema";
import { startRequest } from "~/models/catalog-version.server";
import { loader as cartLoader } from "~/routes/cart";
import { addCartLine, insertCheckoutFixture } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";
import { routeArgs } from "../../support/route";

/** The table each statement run reads or writes first, in order (from Kysely's log of every run). */
const tables: string[] = [];
const tableOf = (sql: string) => /\b(?:from|into|update)\s+"(\w+)"/i.exec(sql)?.[1] ?? sql;

// Each statement is a read transaction of its own, and costs a loaded worker far more than it
// costs in a loop (decision record 12): a logged-in page reads what it shows and nothing twice.
describe("the statements of a logged-in cart page", () => {
  let t: TestDb;
  let logged: Kysely<DB>;
  let cookie: string;
  beforeAll(async () => {
    t = await withAppDb();
    const f = await insertCheckoutFixture(t.db);
    await addCartLine(t.db, f.alice, f.products.winch, 1);
    await addCartLine(t.db, f.alice, f.products.lights, 2);
    cookie = (await createUserSession(new Request("http://localhost/login"), f.alice)).split(
      ";",
    )[0];
    // The same database (on SQLite the same connection), with every statement logged.
    logged = createDatabase(t.file, t.raw, {
      log: (event) => void tables.push(tableOf(event.query.sql)),
    });
    useAppDatabase(logged, t.raw);
  });
  afterAll(async () => {
    if (!t.raw) await logged.destroy(); // PostgreSQL: its own pool (SQLite's connection is t's)
    await t.cleanup();
  });

  const render = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    startRequest("GET");
    tables.length = 0;
    const request = new Request("http://localhost/cart", { headers: { Cookie: cookie } });
    const page = (await cartLoader(routeArgs(request))) as { shipping: { ok: boolean } };
    expect(page.shipping.ok).toBe(true);
    return [...tables];
  };

  it("reads the session with its user, the lines and the address; the charge rules and the products' tax data come from memory", async () => {
    const first = await render();
    expect(first).toContain("shop_settings");
    expect(first).toContain("gst_rates");
    expect(first).toContain("pin_serviceability");
    // Both lines' products in one statement.
    expect(first.filter((table) => table === "products")).toHaveLength(1);
    expect(await render()).toEqual(["sessions", "cart_items", "addresses"]);
  });
});
