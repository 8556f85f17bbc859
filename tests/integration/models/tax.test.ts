import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FALLBACK_HSN, FALLBACK_WEIGHT_GRAMS, productTaxes } from "~/models/tax.server";
import { insertCheckoutFixture } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";

// Each line's HSN code and weight: the product's own, else its category's default (winches:
// 84253100, 30 kg), else the fallback. The query behind it is prepared once per number of
// products (up to 20), so lists of different lengths and repeated products are checked here.
describe("productTaxes", () => {
  let t: TestDb;
  let p: Awaited<ReturnType<typeof insertCheckoutFixture>>["products"];
  beforeAll(async () => {
    t = await withAppDb();
    p = (await insertCheckoutFixture(t.db)).products;
    await t.db
      .updateTable("products")
      .set({ hsn_code: "85122010", weight_grams: 2_500 })
      .where("id", "=", p.lights)
      .execute();
    await t.db
      .updateTable("products")
      .set({ weight_grams: 4_000 })
      .where("id", "=", p.lastFive)
      .execute();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const facts = async (ids: number[]) =>
    (
      await productTaxes(
        t.db,
        ids.map((productId) => ({ productId, unitPricePaise: 100_000 })),
      )
    ).map((x) => [x.hsnCode, x.weightGrams]);
  const LIGHTS = ["85122010", 2_500];
  const WINCH = ["84253100", 30_000];
  const LAST_FIVE = ["84253100", 4_000];
  const GONE = [FALLBACK_HSN, FALLBACK_WEIGHT_GRAMS];

  it("gives each line its product's own facts, else its category's, else the fallback", async () => {
    expect(await facts([p.lights])).toEqual([LIGHTS]);
    expect(await facts([p.winch])).toEqual([WINCH]);
    expect(await facts([p.winch, p.lights])).toEqual([WINCH, LIGHTS]);
    expect(await facts([p.lights, p.winch, p.lastFive, 999_999])).toEqual([
      LIGHTS,
      WINCH,
      LAST_FIVE,
      GONE,
    ]);
    // The same product on two lines (two sizes of it) is looked up once and given to both.
    expect(await facts([p.lastFive, p.lights, p.lastFive])).toEqual([LAST_FIVE, LIGHTS, LAST_FIVE]);
  });

  it("answers the same for more than 20 products, where the query is built each time", async () => {
    const many = [
      p.lights,
      p.winch,
      p.lastFive,
      ...Array.from({ length: 20 }, (_, i) => 900_000 + i),
    ];
    const answer = await facts(many);
    expect(answer.slice(0, 3)).toEqual([LIGHTS, WINCH, LAST_FIVE]);
    expect(answer.slice(3)).toEqual(Array.from({ length: 20 }, () => GONE));
  });
});
