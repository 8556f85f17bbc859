import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readProductApi } from "~/forms/product-api.server";
import { submitProduct, validateProduct } from "~/forms/product-fields.server";
import {
  editFormValues,
  handleProductForm,
  readProductForm,
  type ProductFormValues,
} from "~/forms/product-form.server";
import {
  deleteProduct,
  EDITED_MEANWHILE_MESSAGE,
  STOCK_MOVED_MESSAGE,
} from "~/models/product-admin.server";
import {
  catalogStats,
  getProductForEdit as getStoredProduct,
  listAdminProducts,
} from "~/models/product-admin-list.server";
import { parseMultipartUpload, sniffImageType, UploadTooLargeError } from "~/utils/upload.server";
import { settledCatalogVersion, testEngine, type TestDb, withAppDb } from "../../support/db";

/** A product as the edit form shows it (the stored product, read into the form's values). */
async function getProductForEdit(db: TestDb["db"], id: number) {
  const product = await getStoredProduct(db, id);
  return product && { id: product.id, values: editFormValues(product), colors: product.colors };
}

let t: TestDb;
let uploadsDir: string;

beforeEach(async () => {
  t = await withAppDb();
  uploadsDir = path.join(t.dir, "uploads");
  await t.db
    .insertInto("categories")
    .values([
      { slug: "wheels", name: "Wheels", position: 0 },
      { slug: "winches", name: "Winches", position: 1 },
    ])
    .execute();
  await t.db
    .insertInto("brands")
    .values([
      { slug: "method", name: "Method Race Wheels" },
      { slug: "warn", name: "Warn" },
    ])
    .execute();
  await t.db
    .insertInto("vehicles")
    .values([
      { slug: "toyota_hilux", make: "Toyota", model: "Hilux" },
      { slug: "suzuki_jimny", make: "Suzuki", model: "Jimny" },
    ])
    .execute();
});

afterEach(async () => {
  await t.cleanup();
});

const png = (color = "#c00") =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 30, height: 40, channels: 3, background: "#0a0" } })
    .jpeg()
    .toBuffer();
const file = (bytes: Buffer | string, name: string, type = "image/png") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
const storedFiles = () =>
  fs.existsSync(uploadsDir)
    ? fs.readdirSync(uploadsDir, { recursive: true }).filter((f) => String(f).endsWith(".webp"))
    : [];

const size = (label: string) => ({
  label,
  diameter: "17",
  width: "8.5",
  boltPattern: "6x139.7",
  offset: "0",
  hubBore: "106.25",
  partNumber: `MR305-${label}`,
});

/** The same wheel as the admin's HTML form sends it. */
async function htmlForm(overrides: Record<string, string> = {}) {
  const fd = new FormData();
  const fields: Record<string, string> = {
    title: "Method 305 NV",
    slug: "method-305-nv",
    brand: "method",
    category: "wheels",
    price: "1499.5",
    description: "Forged look. Tough.",
    inStock: "true",
    stock: "7",
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  fd.append("vehicles", "toyota_hilux");
  fd.set("colors.0.name", "Matte Black");
  fd.append("colors.0.images", file(await png(), "a.png"));
  fd.append("colors.0.images", file(await jpeg(), "b.jpg", "image/jpeg"));
  fd.set("colors.1.name", "Bronze");
  fd.append("colors.1.images", file(await png("#a60"), "c.png"));
  for (const [i, row] of [size("17x8.5"), size("18x9")].entries()) {
    for (const [k, v] of Object.entries(row)) fd.set(`sizes.${i}.${k}`, v);
  }
  return fd;
}

/** The same wheel as the spec's API multipart. */
async function apiForm(overrides: Record<string, string> = {}) {
  const fd = new FormData();
  const fields: Record<string, string> = {
    title: "Method 305 NV",
    slug: "method-305-nv",
    brand: "method",
    category: "wheels",
    price: "149950",
    description: "Forged look. Tough.",
    inStock: "true",
    stock: "7",
    vehicles: JSON.stringify(["toyota_hilux"]),
    colors: JSON.stringify([
      { name: "Matte Black", count: 2 },
      { name: "Bronze", count: 1 },
    ]),
    size: JSON.stringify([size("17x8.5"), size("18x9")]),
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  fd.append("colorImages", file(await png(), "a.png"));
  fd.append("colorImages", file(await jpeg(), "b.jpg", "image/jpeg"));
  fd.append("colorImages", file(await png("#a60"), "c.png"));
  return fd;
}

/** The edit form as the admin's browser posts it, showing `values` (no new files). */
function editForm(values: ProductFormValues) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) if (typeof v === "string") fd.set(k, v);
  values.colors.forEach((c, i) => {
    fd.set(`colors.${i}.name`, c.name);
    for (const key of c.stored) fd.append(`colors.${i}.stored`, key);
  });
  values.sizes.forEach((row, i) => {
    for (const [k, v] of Object.entries(row)) if (v !== undefined) fd.set(`sizes.${i}.${k}`, v);
  });
  for (const [k, v] of Object.entries(values.variantStock)) fd.set(`variantStock.${k}`, v);
  return fd;
}

/** Comparable view of validated input (files by name). */
function comparable(input: Awaited<ReturnType<typeof validateProduct>>) {
  if (!input.ok) return input;
  const v = input.input;
  return {
    ...v,
    colors: v.colors?.map((c) => ({ name: c.name, images: c.images.map((f) => f.name) })),
  };
}

describe("one validation for the form and the API", () => {
  it("reads the same product from both doors", async () => {
    const html = await validateProduct(readProductForm(await htmlForm()).raw);
    const api = readProductApi(await apiForm());
    expect(api.errors).toEqual({});
    const fromApi = await validateProduct(api.raw);
    expect(html.ok).toBe(true);
    const a = comparable(html) as Record<string, unknown>;
    const b = comparable(fromApi) as Record<string, unknown>;
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      pricePaise: 149950,
      stock: 7,
      brand: "method",
      vehicles: ["toyota_hilux"],
    });
  });

  it("gives the same field messages through both doors", async () => {
    const bad = { title: " ", price: "12,99.9.9", inStock: "maybe" };
    const html = await htmlForm(bad);
    html.set("sizes.1.boltPattern", "");
    const api = await apiForm({
      ...bad,
      size: JSON.stringify([size("17x8.5"), { ...size("18x9"), boltPattern: "" }]),
    });
    const a = await validateProduct(readProductForm(html).raw);
    const b = await validateProduct(readProductApi(api).raw);
    expect(a.ok).toBe(false);
    expect(a).toEqual(b);
    if (!a.ok) {
      expect(a.errors).toMatchObject({
        title: "Title is required",
        price: "Enter the price in rupees, e.g. 1499.50",
        inStock: "Choose whether it is in stock",
        "sizes.1.boltPattern": "Bolt pattern is required",
      });
    }
  });

  it("turns rupees into rounded paise", async () => {
    for (const [price, paise] of [
      ["1499.5", 149950],
      ["1499", 149900],
      ["1,499.999", 150000],
      ["0.01", 1],
    ] as const) {
      const v = await validateProduct(readProductForm(await htmlForm({ price })).raw);
      expect(v.ok && v.input.pricePaise).toBe(paise);
    }
    const zero = await validateProduct(readProductForm(await htmlForm({ price: "0" })).raw);
    expect(zero.ok).toBe(false);
  });

  it("needs a typed name when brand or category is Other, and all seven fields of a size row", async () => {
    const fd = await htmlForm({
      brand: "other",
      brandOther: "",
      category: "other",
      categoryOther: "Roof Racks",
    });
    fd.set("sizes.0.hubBore", "");
    fd.set("sizes.2.label", ""); // a wholly blank row is ignored
    const v = await validateProduct(readProductForm(fd).raw);
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.errors.brandOther).toBe("Type the brand name");
      expect(v.errors.categoryOther).toBeUndefined();
      expect(v.errors["sizes.0.hubBore"]).toBe("Hub bore is required");
      expect(Object.keys(v.errors).some((k) => k.startsWith("sizes.2"))).toBe(false);
    }
  });

  it("shows every message at once: the checks across fields do not wait for the fields' own", async () => {
    const fd = await htmlForm({ brand: "other", brandOther: "", inStock: "maybe", price: "abc" });
    const v = await validateProduct(readProductForm(fd).raw);
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.errors.brandOther).toBe("Type the brand name");
      expect(v.errors.inStock).toBe("Choose whether it is in stock");
      expect(v.errors.price).toBe("Enter the price in rupees, e.g. 1499.50");
    }
    const none = await validateProduct(
      readProductForm(await htmlForm({ inStock: "true", stock: "0", title: "" })).raw,
    );
    expect(none.ok).toBe(false);
    if (!none.ok) {
      expect(none.errors.stock).toBe("An in-stock product needs at least 1 unit");
      expect(none.errors.title).toBe("Title is required");
    }
  });
});

describe("row buttons without JavaScript", () => {
  it("add or remove a row and give back everything typed, saving nothing", async () => {
    const fd = await htmlForm({ intent: "add-color" });
    const added = await handleProductForm(t.db, null, fd, {}, { uploadsDir });
    expect(added.kind).toBe("rows");
    if (added.kind !== "rows") return;
    expect(added.values.colors.map((c) => c.name)).toEqual(["Matte Black", "Bronze", ""]);
    expect(added.values).toMatchObject({
      title: "Method 305 NV",
      price: "1499.5",
      vehicles: ["toyota_hilux"],
    });
    fd.set("intent", "remove-size:0");
    const removed = await handleProductForm(t.db, null, fd, {}, { uploadsDir });
    expect(removed.kind === "rows" && removed.values.sizes.map((s) => s.label)).toEqual(["18x9"]);
    expect(await t.db.selectFrom("products").selectAll().execute()).toHaveLength(0);
    expect(storedFiles()).toHaveLength(0);
  });
});

describe("image uploads", () => {
  it("judges images by their bytes", async () => {
    expect(sniffImageType(await png())).toBe("png");
    expect(sniffImageType(await jpeg())).toBe("jpeg");
    expect(
      sniffImageType(
        await sharp(await png())
          .webp()
          .toBuffer(),
      ),
    ).toBe("webp");
    expect(
      sniffImageType(
        await sharp(await png())
          .avif()
          .toBuffer(),
      ),
    ).toBe("avif");
    expect(
      sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')),
    ).toBeNull();
    expect(sniffImageType(Buffer.from("GIF89a...."))).toBeNull();
  });

  it.each([
    ["HTML", "<!doctype html><html><script>alert(1)</script></html>"],
    [
      "SVG",
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
    ],
  ])("refuses a .png that is really %s, and writes nothing", async (_kind, body) => {
    const fd = await htmlForm();
    fd.append("colors.1.images", file(body, "evil.png"));
    const { values, raw } = readProductForm(fd);
    const result = await submitProduct(t.db, null, raw, { uploadsDir });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors["colors.1.images"]).toMatch(/evil\.png: only jpeg, png, webp or avif/i);
    expect(values.title).toBe("Method 305 NV");
    expect(await t.db.selectFrom("products").selectAll().execute()).toHaveLength(0);
    expect(storedFiles()).toHaveLength(0);
  });

  it("refuses a file over 5 MB but keeps the rest of the form, and refuses an oversized request", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(await png());
    const fd = new FormData();
    fd.set("title", "Kept title");
    fd.append("colors.0.images", new File([big], "huge.png", { type: "image/png" }));
    fd.append("colors.0.images", file(await png(), "small.png"));
    const request = new Request("http://shop.test/admin/products/new", {
      method: "POST",
      body: fd,
    });
    const { formData, fileErrors } = await parseMultipartUpload(request);
    expect(fileErrors["colors.0.images"]).toMatch(/huge\.png is larger than 5 MB/);
    expect(formData.get("title")).toBe("Kept title");
    expect((formData.getAll("colors.0.images") as File[]).map((f) => f.name)).toEqual([
      "small.png",
    ]);

    const tooMany = new FormData();
    for (let i = 0; i < 25; i++) tooMany.append("colorImages", file(await png(), `${i}.png`));
    const many = await parseMultipartUpload(
      new Request("http://shop.test/", { method: "POST", body: tooMany }),
    );
    expect(many.fileErrors.colorImages).toMatch(/At most 24 images/);
    expect(many.formData.getAll("colorImages")).toHaveLength(24);

    const limits = { maxFileSize: 1000, maxFiles: 24, maxTotalSize: 4000, maxFieldSize: 1000 };
    const huge = new FormData();
    for (let i = 0; i < 6; i++)
      huge.append("colorImages", new File([new Uint8Array(900)], `${i}.png`));
    await expect(
      parseMultipartUpload(
        new Request("http://shop.test/", { method: "POST", body: huge }),
        limits,
      ),
    ).rejects.toBeInstanceOf(UploadTooLargeError);
  });

  it("stores each image as WebP in the storefront widths, without metadata", async () => {
    const withExif = await sharp(await jpeg())
      .withMetadata({ exif: { IFD0: { Copyright: "secret" } } })
      .jpeg()
      .toBuffer();
    const fd = await htmlForm();
    fd.set("colors.1.images", file(withExif, "exif.jpg", "image/jpeg"));
    const result = await submitProduct(t.db, null, readProductForm(fd).raw, { uploadsDir });
    expect(result.ok).toBe(true);
    const keys = (await t.db.selectFrom("product_color_images").select("image").execute()).map(
      (r) => r.image,
    );
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect(key).toMatch(/^p\/[0-9a-f]{24}$/);
      for (const w of [320, 640, 1024]) {
        const meta = await sharp(path.join(uploadsDir, `${key}-${w}.webp`)).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(w);
        expect(meta.exif).toBeUndefined();
      }
    }
    expect(storedFiles()).toHaveLength(9);
  });

  it("leaves no product and no files behind when an image cannot be decoded", async () => {
    const fd = await htmlForm();
    // Looks like a PNG by its first bytes, but is not one.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    fd.append("colors.1.images", file(fake, "broken.png"));
    const result = await submitProduct(t.db, null, readProductForm(fd).raw, { uploadsDir });
    expect(result).toEqual({
      ok: false,
      errors: { "colors.1.images": "broken.png could not be read as an image." },
    });
    expect(await t.db.selectFrom("products").selectAll().execute()).toHaveLength(0);
    expect(storedFiles()).toHaveLength(0);
  });

  it("removes the written files when the database save fails", async () => {
    // A save that fails half way (the disk fills up while the sizes are written).
    if (testEngine === "postgres") {
      await sql`create function no_sizes() returns trigger language plpgsql as $$
        begin raise exception 'disk full'; end $$`.execute(t.db);
      await sql`create trigger no_sizes before insert on product_sizes
        for each row execute function no_sizes()`.execute(t.db);
    } else {
      await sql`create trigger no_sizes before insert on product_sizes begin select raise(abort, 'disk full'); end`.execute(
        t.db,
      );
    }
    await expect(
      submitProduct(t.db, null, readProductForm(await htmlForm()).raw, { uploadsDir }),
    ).rejects.toThrow(/disk full/);
    expect(await t.db.selectFrom("products").selectAll().execute()).toHaveLength(0);
    expect(await t.db.selectFrom("product_colors").selectAll().execute()).toHaveLength(0);
    expect(storedFiles()).toHaveLength(0);
  });
});

describe("saving, editing and deleting", () => {
  it("creates a wheel with colours, images, sizes, fitment and stock", async () => {
    const before = await settledCatalogVersion(t.db);
    const result = await submitProduct(t.db, null, readProductForm(await htmlForm()).raw, {
      uploadsDir,
    });
    expect(result.ok).toBe(true);
    expect(await settledCatalogVersion(t.db)).toBeGreaterThan(before);
    const id = result.ok ? result.id : 0;
    const edit = await getProductForEdit(t.db, id);
    expect(edit?.values).toMatchObject({
      title: "Method 305 NV",
      slug: "method-305-nv",
      brand: "method",
      category: "wheels",
      price: "1499.50",
      inStock: "true",
      stock: "7",
      vehicles: ["toyota_hilux"],
      sizes: [size("17x8.5"), size("18x9")],
    });
    expect(edit?.colors.map((c) => [c.name, c.images.length])).toEqual([
      ["Matte Black", 2],
      ["Bronze", 1],
    ]);
    // The main image defaults to the first colour image.
    expect(edit?.values.image).toBe(edit?.colors[0].images[0]);
  });

  it("sets stock per colour x size from the form's cells and keeps the sizes' and colours' ids on edit", async () => {
    const created = await submitProduct(
      t.db,
      null,
      readProductForm(await htmlForm({ stock: "" })).raw,
      { uploadsDir },
    );
    const id = created.ok ? created.id : 0;
    const ids = async () => ({
      sizes: (
        await t.db
          .selectFrom("product_sizes")
          .select("id")
          .where("product_id", "=", id)
          .orderBy("position")
          .execute()
      ).map((r) => r.id),
      colors: (
        await t.db
          .selectFrom("product_colors")
          .select("id")
          .where("product_id", "=", id)
          .orderBy("position")
          .execute()
      ).map((r) => r.id),
    });
    const before = await ids();
    // No count typed: every colour x size of a new product gets the default.
    expect((await getProductForEdit(t.db, id))!.values.variantStock).toEqual({
      "0.0": "10",
      "0.1": "10",
      "1.0": "10",
      "1.1": "10",
    });

    const fd = editForm((await getProductForEdit(t.db, id))!.values);
    for (const [k, v] of Object.entries({ "0.0": "3", "0.1": "0", "1.0": "5", "1.1": "" }))
      fd.set(`variantStock.${k}`, v);
    expect(await submitProduct(t.db, id, readProductForm(fd).raw, { uploadsDir })).toEqual({
      ok: true,
      id,
    });
    // The empty cell keeps its variant's count; the ids are the same rows as before.
    expect((await getProductForEdit(t.db, id))!.values.variantStock).toEqual({
      "0.0": "3",
      "0.1": "0",
      "1.0": "5",
      "1.1": "10",
    });
    expect(await ids()).toEqual(before);
    expect(
      (
        await t.db
          .selectFrom("products")
          .select("stock")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).stock,
    ).toBe(18);

    // A cell that is not a count is a message next to it, not a save.
    fd.set("variantStock.0.0", "lots");
    const bad = await submitProduct(t.db, id, readProductForm(fd).raw, { uploadsDir });
    expect(bad).toMatchObject({
      ok: false,
      errors: { "variantStock.0.0": expect.stringMatching(/whole number/) },
    });
  });

  it("refuses a save whose counts were loaded before an order moved the stock, and shows the current counts", async () => {
    const created = await submitProduct(
      t.db,
      null,
      readProductForm(await htmlForm({ stock: "" })).raw,
      { uploadsDir },
    );
    const id = created.ok ? created.id : 0;
    /** The edit form posted as shown, with `changes` typed. */
    const post = (values: ProductFormValues, changes: Record<string, string> = {}) => {
      const fd = editForm(values);
      for (const [k, v] of Object.entries(changes)) fd.set(k, v);
      return handleProductForm(t.db, id, fd, {}, { uploadsDir });
    };
    const stored = async () =>
      t.db
        .selectFrom("products")
        .select(["stock", "description"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const shown = (await getProductForEdit(t.db, id))!.values;
    expect(shown.variantStock).toEqual({ "0.0": "10", "0.1": "10", "1.0": "10", "1.1": "10" });

    // While the admin edits the description, an order takes 2 units of one variant.
    await t.db
      .updateTable("product_variants")
      .set((eb) => ({ stock: eb("stock", "-", 2) }))
      .where("product_id", "=", id)
      .where("id", "=", (eb) =>
        eb
          .selectFrom("product_variants")
          .select((e) => e.fn.min("id").as("id"))
          .where("product_id", "=", id),
      )
      .execute();
    const refused = await post(shown, { description: "Forged look. Tougher." });
    expect(refused).toMatchObject({ kind: "invalid", errors: { stock: STOCK_MOVED_MESSAGE } });
    if (refused.kind !== "invalid") throw new Error();
    // Nothing saved: the sale stands; the form keeps the typed text and now shows the counts.
    expect(await stored()).toEqual({ stock: 38, description: "Forged look. Tough." });
    expect(refused.values.description).toBe("Forged look. Tougher.");
    expect(Object.values(refused.values.variantStock).sort()).toEqual(["10", "10", "10", "8"]);
    expect(refused.values.stockSeen).not.toBe(shown.stockSeen);

    // Saved again as now shown: saved, the sale still counted.
    expect(await post(refused.values)).toEqual({ kind: "saved", id });
    expect(await stored()).toEqual({ stock: 38, description: "Forged look. Tougher." });

    // A count typed on a form loaded before the last save is refused too; "Sold out" is not.
    expect(await post(shown, { "variantStock.0.0": "4" })).toMatchObject({ kind: "invalid" });
    expect(await stored()).toMatchObject({ stock: 38 });

    // "Units in stock" changed while every cell keeps its count: the cells would win and the
    // typed total would be dropped, so it is refused next to the field, the typing kept.
    const current = (await getProductForEdit(t.db, id))!.values;
    const total = await post(current, { stock: "77" });
    expect(total).toMatchObject({
      kind: "invalid",
      errors: {
        stock:
          "This product's stock is counted per colour and size: change the cells of “Stock per variant” (together 38), or empty them all to spread 77 units over the variants",
      },
    });
    if (total.kind !== "invalid") throw new Error();
    expect(total.values.stock).toBe("77");
    expect(await stored()).toMatchObject({ stock: 38 });
    // The cells emptied: the typed total is spread over them.
    const emptied = Object.fromEntries(
      Object.keys(current.variantStock).map((k) => [`variantStock.${k}`, ""]),
    );
    expect(await post(current, { stock: "77", ...emptied })).toEqual({ kind: "saved", id });
    expect(await stored()).toMatchObject({ stock: 77 });
    // A total that agrees with the cells typed with it, and a cell changed alone, save.
    const spread = (await getProductForEdit(t.db, id))!.values;
    expect(
      await post(spread, {
        stock: "80",
        "variantStock.0.0": String(Number(spread.variantStock["0.0"]) + 3),
      }),
    ).toEqual({ kind: "saved", id });
    expect(await stored()).toMatchObject({ stock: 80 });
    const again = (await getProductForEdit(t.db, id))!.values;
    expect(await post(again, { "variantStock.0.0": "1" })).toEqual({ kind: "saved", id });

    expect(await post((await getProductForEdit(t.db, id))!.values, { inStock: "false" })).toEqual({
      kind: "saved",
      id,
    });
    expect(await stored()).toMatchObject({ stock: 0 });
  });

  it("a save after another admin's is refused once, keeping what was typed; saved again, it replaces theirs", async () => {
    const created = await submitProduct(t.db, null, readProductForm(await htmlForm()).raw, {
      uploadsDir,
    });
    const id = created.ok ? created.id : 0;
    const post = (values: ProductFormValues, changes: Record<string, string> = {}) => {
      const fd = editForm(values);
      for (const [k, v] of Object.entries(changes)) fd.set(k, v);
      return handleProductForm(t.db, id, fd, {}, { uploadsDir });
    };
    const stored = () =>
      t.db
        .selectFrom("products")
        .select(["title", "price_paise"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const a = (await getProductForEdit(t.db, id))!;
    const b = (await getProductForEdit(t.db, id))!;
    // Saved times are whole milliseconds: make A's save fall on another one.
    await new Promise((r) => setTimeout(r, 5));
    expect(await post(a.values, { price: "1000" })).toEqual({ kind: "saved", id });
    const refused = await post(b.values, { title: "Renamed by B" });
    expect(refused).toMatchObject({ kind: "invalid", errors: { form: EDITED_MEANWHILE_MESSAGE } });
    if (refused.kind !== "invalid") throw new Error();
    expect(await stored()).toMatchObject({ title: a.values.title, price_paise: 100_000 });
    expect(refused.values.title).toBe("Renamed by B");
    // B, told, saves again: B's form wins, as B decided.
    expect(await post(refused.values)).toEqual({ kind: "saved", id });
    expect(await stored()).toMatchObject({
      title: "Renamed by B",
      price_paise: Math.round(Number(b.values.price) * 100),
    });
  });

  it("refuses a slug another product uses, and creates a brand typed under Other", async () => {
    await submitProduct(t.db, null, readProductForm(await htmlForm()).raw, { uploadsDir });
    const again = await submitProduct(t.db, null, readProductForm(await htmlForm()).raw, {
      uploadsDir,
    });
    expect(again).toEqual({
      ok: false,
      errors: { slug: "Another product already uses this slug" },
    });
    const other = await htmlForm({
      slug: "other-wheel",
      brand: "other",
      brandOther: "Black Rhino",
    });
    const created = await submitProduct(t.db, null, readProductForm(other).raw, { uploadsDir });
    expect(created.ok).toBe(true);
    expect(
      await t.db
        .selectFrom("brands")
        .select(["slug", "name"])
        .where("name", "=", "Black Rhino")
        .execute(),
    ).toEqual([{ slug: "black-rhino", name: "Black Rhino" }]);
  });

  it("a refused save posted without JavaScript asks for each chosen file again; with it, the files stay chosen", async () => {
    const noTitle = await htmlForm({ title: "" });
    noTitle.set("image", file(await png("#00f"), "main.png"));
    const refused = await handleProductForm(t.db, null, noTitle, {}, { uploadsDir });
    expect(refused).toMatchObject({
      kind: "invalid",
      errors: {
        title: expect.any(String),
        image: "Choose this image again: the product was not saved.",
        "colors.0.images": "Choose these images again: the product was not saved.",
        "colors.1.images": "Choose this image again: the product was not saved.",
      },
    });
    // A file's own message stays; a row without files says nothing.
    const own = await handleProductForm(
      t.db,
      null,
      await htmlForm({ title: "" }),
      { "colors.1.images": "c.png is larger than 5 MB." },
      { uploadsDir },
    );
    expect(own.kind === "invalid" && own.errors["colors.1.images"]).toBe(
      "c.png is larger than 5 MB.",
    );
    expect(own.kind === "invalid" && "image" in own.errors).toBe(false);

    const hydrated = await htmlForm({ title: "" });
    hydrated.set("_fetcher", "1");
    const kept = await handleProductForm(t.db, null, hydrated, {}, { uploadsDir });
    expect(kept.kind === "invalid" && Object.keys(kept.errors)).toEqual(["title"]);
  });

  it("edits: keeps ticked images, drops the others (and their files), replaces sizes", async () => {
    const created = await submitProduct(t.db, null, readProductForm(await htmlForm()).raw, {
      uploadsDir,
    });
    const id = created.ok ? created.id : 0;
    const edit = (await getProductForEdit(t.db, id))!;
    const [first, second] = edit.colors[0].images;
    const bronze = edit.colors[1].images[0];
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      ...edit.values,
      price: "1999",
      inStock: "false",
      stock: "",
    })) {
      if (typeof v === "string") fd.set(k, v);
    }
    fd.set("colors.0.name", "Matte Black");
    for (const key of [first, second, "p/000000000000000000000000"])
      fd.append("colors.0.stored", key);
    fd.append("colors.0.remove", first); // ticked; the made-up key is not this product's: ignored
    fd.set("sizes.0.label", "20x10");
    for (const [k, v] of Object.entries(size("20x10"))) fd.set(`sizes.0.${k}`, v);
    const result = await submitProduct(t.db, id, readProductForm(fd).raw, { uploadsDir });
    expect(result).toEqual({ ok: true, id });
    const after = (await getProductForEdit(t.db, id))!;
    expect(after.values).toMatchObject({
      price: "1999.00",
      inStock: "false",
      stock: "0",
      vehicles: [],
    });
    expect(after.colors).toEqual([{ name: "Matte Black", images: [second] }]);
    expect(after.values.sizes.map((s) => s.label)).toEqual(["20x10"]);
    expect(after.values.image).toBe(second);
    expect(fs.existsSync(path.join(uploadsDir, `${first}-640.webp`))).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir, `${bronze}-640.webp`))).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir, `${second}-640.webp`))).toBe(true);
  });

  it("API update keeps a colour's images by name and adds the new files", async () => {
    const created = await submitProduct(t.db, null, readProductApi(await apiForm()).raw, {
      uploadsDir,
    });
    const id = created.ok ? created.id : 0;
    const fd = await apiForm({ colors: JSON.stringify([{ name: "Bronze", count: 1 }]) });
    fd.delete("colorImages");
    fd.append("colorImages", file(await png("#fff"), "d.png"));
    const result = await submitProduct(t.db, id, readProductApi(fd).raw, { uploadsDir });
    expect(result.ok).toBe(true);
    const after = (await getProductForEdit(t.db, id))!;
    expect(after.colors.map((c) => [c.name, c.images.length])).toEqual([["Bronze", 2]]);
    expect(storedFiles()).toHaveLength(6);
  });

  it("erases a product no order refers to, with its files", async () => {
    const created = await submitProduct(t.db, null, readProductForm(await htmlForm()).raw, {
      uploadsDir,
    });
    const id = created.ok ? created.id : 0;
    expect(await deleteProduct(t.db, id, { uploadsDir })).toBe("deleted");
    expect(await t.db.selectFrom("products").selectAll().execute()).toHaveLength(0);
    expect(storedFiles()).toHaveLength(0);
    expect(await deleteProduct(t.db, id, { uploadsDir })).toBe("not-found");
  });

  it("hides a product that an order refers to, keeping its files and freeing its slug", async () => {
    const created = await submitProduct(t.db, null, readProductForm(await htmlForm()).raw, {
      uploadsDir,
    });
    const id = created.ok ? created.id : 0;
    const user = await t.db
      .insertInto("users")
      .values({ email: "c@example.com", password_hash: "x" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sql`insert into orders (user_id, checkout_type, amount_paise, ship_full_name, ship_phone, ship_address1,
      ship_city, ship_state, ship_postal_code, ship_country, idempotency_key, gateway, reserved_until)
      values (${user.id}, 'single', 149950, 'A', '9', 'x', 'Pune', 'MH', '411001', 'India', 'k', 'sandbox', '2030-01-01')`.execute(
      t.db,
    );
    await sql`insert into order_items (order_id, product_id, title, unit_price_paise, quantity)
      values (1, ${id}, 'Method 305 NV', 149950, 1)`.execute(t.db);
    await t.db
      .insertInto("cart_items")
      .values({ user_id: user.id, product_id: id, quantity: 1 })
      .execute();

    expect(await deleteProduct(t.db, id, { uploadsDir })).toBe("hidden");
    const row = await t.db
      .selectFrom("products")
      .select(["hidden_at", "slug"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.hidden_at).not.toBeNull();
    expect(storedFiles()).toHaveLength(9);
    expect(await t.db.selectFrom("cart_items").selectAll().execute()).toHaveLength(0);
    expect(await getProductForEdit(t.db, id)).toBeNull();
    expect((await listAdminProducts(t.db, { q: "", category: "", page: 1 })).total).toBe(0);
    // The slug can be used again.
    expect(
      (await submitProduct(t.db, null, readProductForm(await htmlForm()).raw, { uploadsDir })).ok,
    ).toBe(true);
  });
});

describe("admin list and stats", () => {
  it("counts visible products, those out of stock, and users", async () => {
    await submitProduct(t.db, null, readProductForm(await htmlForm()).raw, { uploadsDir });
    const sold = await submitProduct(
      t.db,
      null,
      readProductForm(await htmlForm({ slug: "b", inStock: "false" })).raw,
      {
        uploadsDir,
      },
    );
    const gone = await submitProduct(
      t.db,
      null,
      readProductForm(await htmlForm({ slug: "c" })).raw,
      { uploadsDir },
    );
    expect(sold.ok && gone.ok).toBe(true);
    await deleteProduct(t.db, gone.ok ? gone.id : 0, { uploadsDir });
    await t.db
      .insertInto("users")
      .values([
        { email: "a@example.com", password_hash: "x", role: "admin" },
        { email: "b@example.com", password_hash: "x", role: "customer" },
      ])
      .execute();
    expect(await catalogStats(t.db)).toEqual({ totalProducts: 2, totalUsers: 2, outOfStock: 1 });
  });

  it("searches, filters by category and pages", async () => {
    for (let i = 0; i < 5; i++) {
      const fd = await htmlForm({ slug: `wheel-${i}`, title: `Wheel ${i}` });
      await submitProduct(t.db, null, readProductForm(fd).raw, { uploadsDir });
    }
    await submitProduct(
      t.db,
      null,
      readProductForm(
        await htmlForm({ slug: "zeon", title: "Zeon 10", category: "winches", brand: "warn" }),
      ).raw,
      {
        uploadsDir,
      },
    );
    const all = await listAdminProducts(t.db, { q: "", category: "", page: 2 }, 4);
    expect(all).toMatchObject({ total: 6, page: 2, pages: 2 });
    expect(all.rows).toHaveLength(2);
    expect(
      (await listAdminProducts(t.db, { q: "zeon", category: "", page: 1 })).rows.map(
        (r) => r.title,
      ),
    ).toEqual(["Zeon 10"]);
    expect((await listAdminProducts(t.db, { q: "warn", category: "", page: 1 })).total).toBe(1);
    expect((await listAdminProducts(t.db, { q: "", category: "wheels", page: 1 })).total).toBe(5);
    expect((await listAdminProducts(t.db, { q: "100%", category: "", page: 1 })).total).toBe(0);
    // A product number finds that product; digits past any id (a part number, a phone number)
    // find nothing instead of failing on PostgreSQL's integer ids.
    const zeon = (await listAdminProducts(t.db, { q: "zeon", category: "", page: 1 })).rows[0];
    expect(
      (await listAdminProducts(t.db, { q: String(zeon.id), category: "", page: 1 })).rows.map(
        (r) => r.id,
      ),
    ).toContain(zeon.id);
    // As the list shows it, "#id", too.
    expect(
      (await listAdminProducts(t.db, { q: `#${zeon.id}`, category: "", page: 1 })).rows.map(
        (r) => r.id,
      ),
    ).toEqual([zeon.id]);
    for (const q of ["9876543210", "99999999999999999999"])
      expect((await listAdminProducts(t.db, { q, category: "", page: 1 })).total).toBe(0);
  });
});
