import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { submitProductFromApi } from "~/models/product-admin.server";
import { createTestDb, type TestDb } from "../support/db";

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
    const row = await t.db.selectFrom("products").selectAll().where("id", "=", outcome.id).executeTakeFirstOrThrow();
    expect(row.price_paise).toBe(11499950);
    expect(row.stock).toBeGreaterThan(0);
  });

  it("answers 415 for a body that is not multipart, 400 with field errors, 404 for an unknown product", async () => {
    const json = new Request("http://shop.test/x", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect((await submitProductFromApi(t.db, null, json, { uploadsDir })).status).toBe(415);

    const bad = await submitProductFromApi(t.db, null, multipart({ ...winch, title: "", price: "abc" }), { uploadsDir });
    expect(bad.status).toBe(400);
    if ("id" in bad) throw new Error("expected a refusal");
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(["title", "price"]));
    // Rupees with a decimal point are not paise: refused rather than read 100 times too low.
    const rupees = await submitProductFromApi(t.db, null, multipart({ ...winch, price: "1499.50" }), { uploadsDir });
    expect(rupees.status).toBe(400);
    if ("id" in rupees) throw new Error("expected a refusal");
    expect(rupees.body.errors?.price).toMatch(/paise/);

    const missing = await submitProductFromApi(t.db, 9999, multipart(winch, "PUT"), { uploadsDir });
    expect(missing.status).toBe(404);
    expect(await t.db.selectFrom("products").select("id").execute()).toEqual([]);
  });
});
