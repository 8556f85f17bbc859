import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRequest } from "~/models/catalog-version.server";
import { getSettings, saveSettings } from "~/models/settings.server";
import { checkDelivery } from "~/models/shipping.server";
import { FALLBACK_HSN, productTaxes } from "~/models/tax.server";
import { insertCheckoutFixture } from "../../support/checkout-fixture";
import { testEngine, type TestDb, withAppDb } from "../../support/db";

// The rules that price a cart are read once per catalogue version, which their tables' triggers
// bump. A process's own change is seen at once on both engines (on PostgreSQL without waiting for
// the NOTIFY: see SerialPostgresDriver).
describe("the shop's own change to its settings", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await withAppDb();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("is seen by its next read at once, on either engine (no waiting for a notification)", async () => {
    const before = await getSettings(t.db);
    await saveSettings(t.db, { ...before, codFeePaise: 1_900 });
    await new Promise((resolve) => setImmediate(resolve));
    startRequest("GET");
    expect((await getSettings(t.db)).codFeePaise).toBe(1_900);
  });
});

// A change made through another server process (here: another connection) is seen by the next
// request. On PostgreSQL it comes by NOTIFY, which tests/e2e/postgres-servers.spec.ts covers.
describe.skipIf(testEngine === "postgres")("shipping settings, GST rates and PIN overrides", () => {
  let t: TestDb;
  /** Another server process's connection to the same database. */
  let other: Database.Database;
  beforeAll(async () => {
    t = await withAppDb();
    other = new Database(t.file);
  });
  afterAll(async () => {
    other.close();
    await t.cleanup();
  });

  /** A new request, after the current turn of the event loop. */
  const nextRequest = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    startRequest("GET");
  };
  const now = new Date().toISOString();

  it("are read once per version, and another process's change is seen by the next request", async () => {
    await nextRequest();
    const first = getSettings(t.db);
    expect(getSettings(t.db)).toBe(first); // the same reading, no second statement
    expect((await first).codFeePaise).toBe(0);
    other
      .prepare("insert into shop_settings (key, value, updated_at) values ('shipping', ?, ?)")
      .run(JSON.stringify({ codFeePaise: 4_900 }), now);
    await nextRequest();
    expect((await getSettings(t.db)).codFeePaise).toBe(4_900);

    const line = [{ productId: 999_999, unitPricePaise: 10_000 }];
    const [before] = await productTaxes(t.db, line);
    expect(before.hsnCode).toBe(FALLBACK_HSN);
    other
      .prepare(
        "insert into gst_rates (hsn_prefix, rate_bp, effective_from, max_unit_paise) values (?, 2800, '2000-01-01', null)",
      )
      .run(FALLBACK_HSN);
    await nextRequest();
    const [after] = await productTaxes(t.db, line);
    expect(before.rateBp).not.toBe(2800);
    expect(after.rateBp).toBe(2800);

    expect((await checkDelivery(t.db, "110001"))?.serviceable).toBe(true);
    other
      .prepare(
        "insert into pin_serviceability (pin, serviceable, cod, days, updated_at) values ('110001', 0, 0, 3, ?)",
      )
      .run(now);
    await nextRequest();
    expect((await checkDelivery(t.db, "110001"))?.serviceable).toBe(false);
  });

  it("keep each product's tax facts per version: its own edit and its category's default are seen by the next request", async () => {
    const { products } = await insertCheckoutFixture(t.db);
    const line = [{ productId: products.winch, unitPricePaise: 10_000 }];
    // Two products missing at once, each with facts of its own: read together, each gets its own.
    other.prepare("update products set hsn_code = '85122010' where id = ?").run(products.lights);
    await nextRequest();
    const lights = { productId: products.lights, unitPricePaise: 5_000 };
    // The winch has the demo defaults of its category; the lights, their own code.
    expect(await productTaxes(t.db, [...line, lights, ...line])).toMatchObject([
      { hsnCode: "84253100", weightGrams: 30_000 },
      { hsnCode: "85122010", weightGrams: 30_000 },
      { hsnCode: "84253100", weightGrams: 30_000 },
    ]);
    other
      .prepare(
        "update category_tax_defaults set hsn_code = '84251100' where category_slug = 'winches'",
      )
      .run();
    await nextRequest();
    expect((await productTaxes(t.db, line))[0].hsnCode).toBe("84251100");
    other.prepare("update products set weight_grams = 12345 where id = ?").run(products.winch);
    await nextRequest();
    expect((await productTaxes(t.db, line))[0].weightGrams).toBe(12_345);
  });

  it("are read afresh inside a transaction (an order is priced from the rows, not the cache)", async () => {
    await nextRequest();
    await getSettings(t.db);
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("shop_settings")
        .set({ value: JSON.stringify({ codFeePaise: 9_900 }) })
        .where("key", "=", "shipping")
        .execute();
      expect((await getSettings(trx)).codFeePaise).toBe(9_900);
    });
  });
});
