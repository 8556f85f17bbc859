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

  it("keys its errors by the API's own fields (image, size, brand, colors) and speaks of paise", async () => {
    const refused = async (fields: Record<string, string>, files: Record<string, File> = {}) => {
      const request = multipart({ ...winch, ...fields });
      const body = await request.formData();
      for (const [name, file] of Object.entries(files)) body.append(name, file);
      const outcome = await submitProductFromApi(
        t.db,
        null,
        new Request(request.url, { method: "POST", body }),
        { uploadsDir },
      );
      expect(outcome.status).toBe(400);
      if ("id" in outcome) throw new Error("expected a refusal");
      return outcome.body;
    };
    const notAnImage = new File(["plain text"], "notes.txt", { type: "image/png" });
    expect((await refused({}, { image: notAnImage })).errors).toEqual({
      image: expect.stringMatching(/notes\.txt/),
    });
    const size = JSON.stringify([
      { label: "17x8.5", diameter: 17, width: "wide", boltPattern: "6x139.7", offset: 0 },
    ]);
    expect(Object.keys((await refused({ size })).errors ?? {}).sort()).toEqual([
      "size.0.hubBore",
      "size.0.partNumber",
      "size.0.width",
    ]);
    expect((await refused({ brand: "B".repeat(81) })).errors).toEqual({
      brand: "At most 80 characters",
    });
    // The API takes paise: its limits are told in paise, not "Enter the price in rupees".
    expect((await refused({ price: "999999999999" })).errors).toEqual({
      price: "price is at most 99999999999 paise",
    });
    expect((await refused({ price: "0" })).errors).toEqual({
      price: "price must be more than 0 paise",
    });
    // colors is a list of {name, count}: anything else is refused, not read as no colours.
    expect((await refused({ colors: JSON.stringify([null, 1, "x"]) })).errors).toEqual({
      colors: expect.stringMatching(/item 0 is not an object/),
    });
    expect(
      (await refused({ colors: JSON.stringify([{ name: "Black", count: "0x1" }]) })).errors,
    ).toMatchObject({ "colors.0.count": "count must be a whole number" });
    expect((await refused({ size: JSON.stringify([7]) })).errors).toEqual({
      size: expect.stringMatching(/item 0 is not an object/),
    });
    expect(await t.db.selectFrom("products").select("id").execute()).toEqual([]);
  });

  it("answers a multipart body that cannot be read with 400 and errors", async () => {
    const broken = new Request("http://shop.test/api/v1/products/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=----nope" },
      body: '------nope\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf a part',
    });
    const outcome = await submitProductFromApi(t.db, null, broken, { uploadsDir });
    expect(outcome).toEqual({
      status: 400,
      body: {
        message: "The form could not be read.",
        errors: { form: "The form could not be read." },
      },
    });
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

  it("leaves the fitment alone when an update omits vehicles and universalFit; either one sets it", async () => {
    const [hilux, jimny] = await Promise.all(
      [
        { slug: "toyota_hilux", make: "Toyota", model: "Hilux" },
        { slug: "suzuki_jimny", make: "Suzuki", model: "Jimny" },
      ].map(async (v) =>
        Number(
          (await t.db.insertInto("vehicles").values(v).returning("id").executeTakeFirstOrThrow())
            .id,
        ),
      ),
    );
    const created = await submitProductFromApi(
      t.db,
      null,
      multipart({ ...winch, vehicles: "toyota_hilux,suzuki_jimny" }),
      { uploadsDir },
    );
    if (!("id" in created)) throw new Error(JSON.stringify(created.body));
    const fitment = async () => ({
      universal: (
        await t.db
          .selectFrom("products")
          .select("universal_fit")
          .where("id", "=", created.id)
          .executeTakeFirstOrThrow()
      ).universal_fit,
      vehicles: (
        await t.db
          .selectFrom("product_vehicles")
          .select("vehicle_id")
          .where("product_id", "=", created.id)
          .orderBy("vehicle_id")
          .execute()
      ).map((r) => r.vehicle_id),
    });
    const put = async (fields: Record<string, string>) => {
      const outcome = await submitProductFromApi(t.db, created.id, multipart(fields, "PUT"), {
        uploadsDir,
      });
      expect(outcome.status).toBe(200);
    };
    const both = [hilux, jimny].sort((a, b) => a - b);
    expect(await fitment()).toEqual({ universal: 0, vehicles: both });

    // The spec's admin client sends only its own fields: the fitment stays.
    await put({ ...winch, title: "Warn Zeon 10-S Platinum" });
    expect(await fitment()).toEqual({ universal: 0, vehicles: both });

    await put({ ...winch, vehicles: JSON.stringify(["suzuki_jimny"]) });
    expect(await fitment()).toEqual({ universal: 0, vehicles: [jimny] });

    await put({ ...winch, universalFit: "true" });
    expect(await fitment()).toEqual({ universal: 1, vehicles: [] });

    // A vehicle list alone makes it fit those vehicles, not every one.
    await put({ ...winch, vehicles: "toyota_hilux" });
    expect(await fitment()).toEqual({ universal: 0, vehicles: [hilux] });

    // An empty list is a list: it fits no vehicle in particular.
    await put({ ...winch, vehicles: "" });
    expect(await fitment()).toEqual({ universal: 0, vehicles: [] });
  });
});
