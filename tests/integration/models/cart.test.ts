import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { raceProcesses } from "../../support/race";
import {
  addToCart,
  countCartQuantity,
  getCartSummary,
  listCartLines,
  MAX_CART_LINE_QUANTITY,
  removeCartLines,
  updateCartLine,
} from "~/models/cart.server";
import { syncVariants } from "~/models/variant-stock.server";
import { createTestDb, type TestDb } from "../../support/db";

let t: TestDb;
let alice: number;
let bob: number;

async function makeUser(email: string) {
  const u = await t.db
    .insertInto("users")
    .values({ email, password_hash: "x" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return u.id;
}

/** A product whose every colour x size has `stock` units (or `variantStock`, colours outer). */
async function makeProduct(opts: {
  slug: string;
  pricePaise?: number;
  stock?: number;
  sizes?: string[];
  colors?: string[];
  variantStock?: number[];
}) {
  const brand = await t.db
    .insertInto("brands")
    .values({ slug: `b-${opts.slug}`, name: `Brand ${opts.slug}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  const cat = await t.db
    .insertInto("categories")
    .values({ slug: `c-${opts.slug}`, name: `Cat ${opts.slug}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  const p = await t.db
    .insertInto("products")
    .values({
      slug: opts.slug,
      title: `Product ${opts.slug}`,
      brand_id: brand.id,
      category_id: cat.id,
      price_paise: opts.pricePaise ?? 150_000,
      stock: opts.stock ?? 100,
      image: "seed/test",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [i, label] of (opts.sizes ?? []).entries()) {
    await t.db
      .insertInto("product_sizes")
      .values({
        product_id: p.id,
        label,
        diameter: 17,
        width: 8.5,
        bolt_pattern: "6x139.7",
        offset_mm: 0,
        hub_bore_mm: 106.1,
        part_number: `MR-${i}`,
        position: i,
      })
      .execute();
  }
  for (const [i, name] of (opts.colors ?? []).entries()) {
    await t.db
      .insertInto("product_colors")
      .values({ product_id: p.id, name, position: i })
      .execute();
  }
  await syncVariants(t.db, p.id, ({ index }) => opts.variantStock?.[index] ?? opts.stock ?? 100);
  return p.id;
}

beforeEach(async () => {
  t = await createTestDb();
  alice = await makeUser("alice@example.com");
  bob = await makeUser("bob@example.com");
});
afterEach(async () => {
  await t.cleanup();
});

describe("adding to the cart", () => {
  it("merges the same product, size and colour into one line and keeps others apart", async () => {
    const wheel = await makeProduct({
      slug: "wheel",
      sizes: ["17x8.5", "18x9"],
      colors: ["Matte Black", "Bronze"],
    });
    const a = await addToCart(t.db, alice, {
      productId: wheel,
      quantity: 2,
      size: "17x8.5",
      color: "Bronze",
    });
    const b = await addToCart(t.db, alice, {
      productId: wheel,
      quantity: 3,
      size: "17x8.5",
      color: "Bronze",
    });
    expect(a).toMatchObject({ ok: true, quantity: 2, added: 2 });
    expect(b).toMatchObject({ ok: true, quantity: 5, added: 3 });
    expect(b.ok && a.ok && b.lineId === a.lineId).toBe(true);

    await addToCart(t.db, alice, { productId: wheel, quantity: 1, size: "18x9", color: "Bronze" });
    await addToCart(t.db, alice, {
      productId: wheel,
      quantity: 1,
      size: "17x8.5",
      color: "Matte Black",
    });
    const lines = await listCartLines(t.db, alice);
    expect(lines.map((l) => [l.sizeLabel, l.colorName, l.quantity])).toEqual([
      ["17x8.5", "Bronze", 5],
      ["18x9", "Bronze", 1],
      ["17x8.5", "Matte Black", 1],
    ]);
    expect(await countCartQuantity(t.db, alice)).toBe(7);
    expect(await countCartQuantity(t.db, bob)).toBe(0);
  });

  it("reads the price from the product, now", async () => {
    const winch = await makeProduct({ slug: "winch", pricePaise: 4_599_900 });
    await addToCart(t.db, alice, { productId: winch, quantity: 2 });
    await t.db
      .updateTable("products")
      .set({ price_paise: 4_000_000 })
      .where("id", "=", winch)
      .execute();
    const summary = await getCartSummary(t.db, alice);
    expect(summary.lines[0]).toMatchObject({
      pricePaise: 4_000_000,
      quantity: 2,
      title: "Product winch",
      brand: "Brand winch",
      inStock: true,
      stock: 100,
    });
    expect(summary.totalPaise).toBe(8_000_000);
    expect(summary.totalQuantity).toBe(2);
  });

  it("refuses a sold-out, hidden or unknown product", async () => {
    const gone = await makeProduct({ slug: "gone", stock: 0 });
    const hidden = await makeProduct({ slug: "hidden" });
    await t.db
      .updateTable("products")
      .set({ hidden_at: "2026-01-01T00:00:00Z" })
      .where("id", "=", hidden)
      .execute();
    expect(await addToCart(t.db, alice, { productId: gone, quantity: 1 })).toEqual({
      ok: false,
      reason: "sold_out",
    });
    expect(await addToCart(t.db, alice, { productId: hidden, quantity: 1 })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await addToCart(t.db, alice, { productId: 99_999, quantity: 1 })).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await countCartQuantity(t.db, alice)).toBe(0);
  });

  it("needs a real size for a product with sizes and a real colour when one is given", async () => {
    const wheel = await makeProduct({ slug: "wheel2", sizes: ["17x8.5"], colors: ["Bronze"] });
    const plain = await makeProduct({ slug: "plain" });
    expect(await addToCart(t.db, alice, { productId: wheel, quantity: 1 })).toMatchObject({
      ok: false,
      field: "size",
    });
    expect(
      await addToCart(t.db, alice, { productId: wheel, quantity: 1, size: "20x10" }),
    ).toMatchObject({ ok: false, field: "size" });
    expect(
      await addToCart(t.db, alice, {
        productId: wheel,
        quantity: 1,
        size: "17x8.5",
        color: "Pink",
      }),
    ).toMatchObject({ ok: false, field: "color" });
    expect(
      await addToCart(t.db, alice, { productId: plain, quantity: 1, size: "17x8.5" }),
    ).toMatchObject({ ok: false, field: "size" });
    expect(
      await addToCart(t.db, alice, { productId: wheel, quantity: 1, size: "17x8.5" }),
    ).toMatchObject({ ok: true, quantity: 1 });
  });

  it("clamps a line to its variant's stock and then refuses", async () => {
    const wheel = await makeProduct({ slug: "few", sizes: ["17", "18"], variantStock: [2, 3] });
    expect(
      await addToCart(t.db, alice, { productId: wheel, quantity: 6, size: "17" }),
    ).toMatchObject({ ok: true, quantity: 2, added: 2 });
    expect(
      await addToCart(t.db, alice, { productId: wheel, quantity: 6, size: "18" }),
    ).toMatchObject({ ok: true, quantity: 3, added: 3 });
    expect(await addToCart(t.db, alice, { productId: wheel, quantity: 1, size: "18" })).toEqual({
      ok: false,
      reason: "limit",
      max: 3,
    });
    expect((await listCartLines(t.db, alice)).map((l) => l.maxQuantity)).toEqual([2, 3]);
    // Another shopper's cart does not use up this one's stock.
    expect(await addToCart(t.db, bob, { productId: wheel, quantity: 3, size: "18" })).toMatchObject(
      { ok: true, quantity: 3 },
    );
  });

  it("never lets a line pass the cart cap", async () => {
    const lots = await makeProduct({ slug: "lots", stock: 10_000 });
    let last;
    for (let i = 0; i < Math.ceil(MAX_CART_LINE_QUANTITY / 6) + 2; i++)
      last = await addToCart(t.db, alice, { productId: lots, quantity: 6 });
    expect(last).toEqual({ ok: false, reason: "limit", max: MAX_CART_LINE_QUANTITY });
    expect(await countCartQuantity(t.db, alice)).toBe(MAX_CART_LINE_QUANTITY);
  });

  it("keeps every unit of 50 adds at once on one connection", async () => {
    const p = await makeProduct({ slug: "one-conn", stock: 100 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => addToCart(t.db, alice, { productId: p, quantity: 1 })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await countCartQuantity(t.db, alice)).toBe(50);
  });

  it("keeps every unit of 50 adds at once from 5 processes, each with its own connection", async () => {
    const p = await makeProduct({ slug: "many-procs", stock: 100 });
    const results = await raceProcesses<{ ok: boolean }>(
      "cart-add-worker.ts",
      t.file,
      Array.from({ length: 5 }, () => [String(alice), String(p), "10"]),
    );
    expect(results).toHaveLength(50);
    expect(results.every((r) => r.ok)).toBe(true);
    const lines = await listCartLines(t.db, alice);
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(50);
  }, 60_000);
});

describe("changing and removing lines", () => {
  it("sets a quantity, raises only up to the stock, always lowers", async () => {
    const p = await makeProduct({ slug: "upd", stock: 4 });
    const added = await addToCart(t.db, alice, { productId: p, quantity: 3 });
    if (!added.ok) throw new Error("add failed");
    expect(await updateCartLine(t.db, alice, added.lineId, 4)).toEqual({
      ok: true,
      lineId: added.lineId,
      quantity: 4,
    });
    expect(await updateCartLine(t.db, alice, added.lineId, 5)).toEqual({
      ok: false,
      reason: "limit",
      quantity: 4,
      max: 4,
    });
    await t.db
      .updateTable("product_variants")
      .set({ stock: 0 })
      .where("product_id", "=", p)
      .execute();
    expect(await updateCartLine(t.db, alice, added.lineId, 2)).toMatchObject({
      ok: true,
      quantity: 2,
    });
    const [line] = await listCartLines(t.db, alice);
    expect(line).toMatchObject({ quantity: 2, inStock: false, stock: 0 });
  });

  it("never goes below 1 (the table refuses it too)", async () => {
    const p = await makeProduct({ slug: "low" });
    const added = await addToCart(t.db, alice, { productId: p, quantity: 1 });
    if (!added.ok) throw new Error("add failed");
    await expect(updateCartLine(t.db, alice, added.lineId, 0)).rejects.toThrow(/check/i);
    expect(await countCartQuantity(t.db, alice)).toBe(1);
  });

  it("treats someone else's line as not found", async () => {
    const p = await makeProduct({ slug: "own" });
    const added = await addToCart(t.db, alice, { productId: p, quantity: 2 });
    if (!added.ok) throw new Error("add failed");
    expect(await updateCartLine(t.db, bob, added.lineId, 5)).toEqual({
      ok: false,
      reason: "line_not_found",
    });
    expect(await removeCartLines(t.db, bob, [added.lineId])).toBe(0);
    expect(await countCartQuantity(t.db, alice)).toBe(2);
    expect(await removeCartLines(t.db, alice, [added.lineId])).toBe(1);
    expect(await listCartLines(t.db, alice)).toEqual([]);
  });

  it("shows a line whose product was hidden as not in stock", async () => {
    const p = await makeProduct({ slug: "later-hidden" });
    await addToCart(t.db, alice, { productId: p, quantity: 1 });
    await t.db
      .updateTable("products")
      .set({ hidden_at: "2026-01-01T00:00:00Z" })
      .where("id", "=", p)
      .execute();
    expect((await listCartLines(t.db, alice))[0]).toMatchObject({ inStock: false, stock: 0 });
  });
});
