import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { submitProductFromApi } from "~/forms/product-api.server";
import { createTestDb, type TestDb } from "../../support/db";

let t: TestDb;
let uploadsDir: string;
beforeEach(async () => {
  t = await createTestDb();
  uploadsDir = path.join(t.dir, "uploads");
  fs.mkdirSync(uploadsDir);
  await t.db.insertInto("categories").values({ slug: "winches", name: "Winches" }).execute();
  await t.db.insertInto("brands").values({ slug: "warn", name: "Warn", logo: null }).execute();
});
afterEach(async () => {
  await t.cleanup();
});

function multipart(fields: Record<string, string>, method = "POST") {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request("http://shop.test/api/v1/products/upload", { method, body });
}

const winch = {
  title: "Warn Zeon 10-S",
  slug: "warn-zeon-10-s",
  brand: "Warn",
  category: "winches",
  price: "11499950",
  inStock: "true",
  description: "A synthetic-rope winch.",
};

describe("the product API's multipart door", () => {
  it("creates from the spec's fields alone, price in integer paise as the spec's form sends it (201)", async () => {
    const outcome = await submitProductFromApi(t.db, null, multipart(winch), { uploadsDir });
    expect(outcome.status).toBe(201);
    if (!("id" in outcome)) throw new Error("expected a saved product");
    const row = await t.db
      .selectFrom("products")
      .selectAll()
      .where("id", "=", outcome.id)
      .executeTakeFirstOrThrow();
    expect(row.price_paise).toBe(11499950);
    expect(row.stock).toBeGreaterThan(0);
  });

  it("answers 415 for a body that is not multipart, 400 with field errors, 404 for an unknown product", async () => {
    const json = new Request("http://shop.test/x", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect((await submitProductFromApi(t.db, null, json, { uploadsDir })).status).toBe(415);

    const bad = await submitProductFromApi(
      t.db,
      null,
      multipart({ ...winch, title: "", price: "abc" }),
      { uploadsDir },
    );
    expect(bad.status).toBe(400);
    if ("id" in bad) throw new Error("expected a refusal");
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(["title", "price"]));
    // Rupees with a decimal point are not paise: refused rather than read 100 times too low.
    const rupees = await submitProductFromApi(
      t.db,
      null,
      multipart({ ...winch, price: "1499.50" }),
      { uploadsDir },
    );
    expect(rupees.status).toBe(400);
    if ("id" in rupees) throw new Error("expected a refusal");
    expect(rupees.body.errors?.price).toMatch(/paise/);

    const missing = await submitProductFromApi(t.db, 9999, multipart(winch, "PUT"), { uploadsDir });
    expect(missing.status).toBe(404);
    expect(await t.db.selectFrom("products").select("id").execute()).toEqual([]);
  });

  it("takes stock per variant: `stock` in a size row, or a `variants` list; update sets only what it names", async () => {
    await t.db.insertInto("categories").values({ slug: "wheels", name: "Wheels" }).execute();
    const size = (
      label: string,
      boltPattern: string,
      partNumber: string,
      extra: Record<string, unknown> = {},
    ) => ({
      label,
      diameter: 17,
      width: 8.5,
      boltPattern,
      offset: 0,
      hubBore: 106.1,
      partNumber,
      ...extra,
    });
    const wheel = {
      ...winch,
      title: "Method 703",
      slug: "method-703",
      category: "wheels",
      size: JSON.stringify([
        size("17x8.5", "6x139.7", "P-A", { stock: 0 }),
        size("17x8.5", "5x150", "P-B", { stock: 4 }),
      ]),
    };
    const created = await submitProductFromApi(t.db, null, multipart(wheel), { uploadsDir });
    if (!("id" in created)) throw new Error(JSON.stringify(created.body));
    const stockBySize = async () =>
      (
        await t.db
          .selectFrom("product_variants as v")
          .innerJoin("product_sizes as s", "s.id", "v.size_id")
          .select(["s.part_number", "v.stock"])
          .where("v.product_id", "=", created.id)
          .orderBy("s.position")
          .execute()
      ).map((r) => [r.part_number, r.stock]);
    expect(await stockBySize()).toEqual([
      ["P-A", 0],
      ["P-B", 4],
    ]);
    const total = async () =>
      (
        await t.db
          .selectFrom("products")
          .select("stock")
          .where("id", "=", created.id)
          .executeTakeFirstOrThrow()
      ).stock;
    expect(await total()).toBe(4);
    const sizeIds = (
      await t.db
        .selectFrom("product_sizes")
        .select("id")
        .where("product_id", "=", created.id)
        .orderBy("position")
        .execute()
    ).map((r) => r.id);

    // PUT with a variants list naming one size by part number: that one changes, the other keeps its 0,
    // and the sizes keep their ids (cart and order lines refer to them).
    const update = await submitProductFromApi(
      t.db,
      created.id,
      multipart(
        {
          ...wheel,
          size: JSON.stringify([size("17x8.5", "6x139.7", "P-A"), size("17x8.5", "5x150", "P-B")]),
          variants: JSON.stringify([{ sizePartNumber: "P-B", stock: 9 }]),
        },
        "PUT",
      ),
      { uploadsDir },
    );
    expect(update.status).toBe(200);
    expect(await stockBySize()).toEqual([
      ["P-A", 0],
      ["P-B", 9],
    ]);
    expect(
      (
        await t.db
          .selectFrom("product_sizes")
          .select("id")
          .where("product_id", "=", created.id)
          .orderBy("position")
          .execute()
      ).map((r) => r.id),
    ).toEqual(sizeIds);

    // Without per-variant data, inStock keeps working: 'false' empties every variant, 'true' with no
    // count gives each variant of a sold-out product the default 10.
    expect(
      (
        await submitProductFromApi(
          t.db,
          created.id,
          multipart(
            {
              ...wheel,
              size: JSON.stringify([
                size("17x8.5", "6x139.7", "P-A"),
                size("17x8.5", "5x150", "P-B"),
              ]),
              inStock: "false",
            },
            "PUT",
          ),
          { uploadsDir },
        )
      ).status,
    ).toBe(200);
    expect(await total()).toBe(0);
    expect(
      (
        await submitProductFromApi(
          t.db,
          created.id,
          multipart(
            {
              ...wheel,
              size: JSON.stringify([
                size("17x8.5", "6x139.7", "P-A"),
                size("17x8.5", "5x150", "P-B"),
              ]),
            },
            "PUT",
          ),
          { uploadsDir },
        )
      ).status,
    ).toBe(200);
    expect(await stockBySize()).toEqual([
      ["P-A", 10],
      ["P-B", 10],
    ]);

    // A variants entry naming an unknown size is a 400 naming the field, not a 500.
    const bad = await submitProductFromApi(
      t.db,
      created.id,
      multipart(
        { ...wheel, variants: JSON.stringify([{ sizePartNumber: "NOPE", stock: 1 }]) },
        "PUT",
      ),
      { uploadsDir },
    );
    expect(bad.status).toBe(400);
    if ("id" in bad) throw new Error("expected a refusal");
    expect(bad.body.errors?.["variants.0"]).toMatch(/size/);
  });
});
