// "Check delivery" on a product page promises cash on delivery only when checkout would take it for
// one unit of that product: the admin's COD limit counts, on the page (`?pin=`, no JavaScript) and
// in the /delivery answer its fetcher loads.
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { computeCharges } from "~/models/checkout-charges.server";
import { DEFAULT_SETTINGS, saveSettings } from "~/models/settings.server";
import { loader as deliveryLoader } from "~/routes/delivery";
import { loader as productLoader } from "~/routes/product.$id";
import { resetEnvCache } from "~/utils/env.server";
import { insertCheckoutFixture } from "../../support/checkout-fixture";
import { type TestDb, withAppDb } from "../../support/db";
import { callRoute } from "../../support/route";

const BASE = "http://127.0.0.1:3997";
let t: TestDb;
let f: Awaited<ReturnType<typeof insertCheckoutFixture>>;
const saved = { ...process.env };

beforeEach(async () => {
  t = await withAppDb({
    PUBLIC_URL: BASE,
    SESSION_SECRET: "test-session-secret-0123456789abcdef",
  });
  f = await insertCheckoutFixture(t.db);
});
afterEach(async () => {
  await t.cleanup();
});
afterAll(() => {
  process.env = saved;
  resetEnvCache();
});

type Answer = {
  pin: string;
  error: string | null;
  delivery: { cod: boolean; serviceable: boolean } | null;
  codLimitPaise: number | null;
};

async function onPage(productId: number, pin: string): Promise<Answer> {
  const res = await callRoute(
    productLoader,
    new Request(`${BASE}/product/${productId}?pin=${pin}`),
    { id: String(productId) },
  );
  expect(res.status).toBe(200);
  return (await res.json()).delivery;
}

async function fetched(query: string): Promise<Answer> {
  const res = await callRoute(deliveryLoader, new Request(`${BASE}/delivery?${query}`));
  expect(res.status).toBe(200);
  return res.json();
}

/** What checkout says of cash on delivery for one unit to the PIN. */
async function checkoutCod(productId: number, unitPricePaise: number, pin: string) {
  const result = await computeCharges(t.db, {
    lines: [{ productId, unitPricePaise, quantity: 1 }],
    postalCode: pin,
  });
  if (!result.ok) throw new Error(result.message);
  return result.charges.cod.available;
}

describe("cash on delivery on a product page", () => {
  it("is not promised for a product whose one unit is over the COD limit, on the page and from /delivery", async () => {
    // The Rs 1,50,000 winch is over the default limit of Rs 50,000; Bengaluru allows COD.
    const limit = DEFAULT_SETTINGS.codLimitPaise;
    const refused = { delivery: { cod: false, serviceable: true }, codLimitPaise: limit };
    expect(await onPage(f.products.winch, "560001")).toMatchObject(refused);
    expect(await fetched(`pin=560001&product=${f.products.winch}`)).toMatchObject(refused);
    expect(await checkoutCod(f.products.winch, 15_000_000, "560001")).toBe(false);
    // The Rs 24,999.50 lights are under it.
    const offered = { delivery: { cod: true }, codLimitPaise: null };
    expect(await onPage(f.products.lights, "560001")).toMatchObject(offered);
    expect(await fetched(`pin=560001&product=${f.products.lights}`)).toMatchObject(offered);
    expect(await checkoutCod(f.products.lights, 2_499_950, "560001")).toBe(true);
    // Without a product (or an unknown one) the answer is the PIN's alone.
    expect(await fetched("pin=560001")).toMatchObject(offered);
    expect(await fetched("pin=560001&product=999999")).toMatchObject(offered);
    // A PIN without COD says so for the PIN, whatever the price.
    expect(await onPage(f.products.winch, "781001")).toMatchObject({
      delivery: { cod: false },
      codLimitPaise: null,
    });
  });

  it("follows the admin's limit and fee, as checkout does", async () => {
    await saveSettings(t.db, { ...DEFAULT_SETTINGS, codLimitPaise: 20_000_000 });
    expect(await onPage(f.products.winch, "560001")).toMatchObject({
      delivery: { cod: true },
      codLimitPaise: null,
    });
    expect(await checkoutCod(f.products.winch, 15_000_000, "560001")).toBe(true);
    // The price is exactly the limit, but the COD fee takes one unit's order over it.
    await saveSettings(t.db, {
      ...DEFAULT_SETTINGS,
      codLimitPaise: 15_000_000,
      codFeePaise: 4_900,
    });
    expect(await fetched(`pin=560001&product=${f.products.winch}`)).toMatchObject({
      delivery: { cod: false },
      codLimitPaise: 15_000_000,
    });
    expect(await checkoutCod(f.products.winch, 15_000_000, "560001")).toBe(false);
  });
});
