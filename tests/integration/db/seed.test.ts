import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { DB } from "~/db/schema";
import { buildDemoCatalog, FEATURED_VEHICLES } from "../../../seed/catalog-data";
import { seedDemoCatalog, type SeedResult } from "../../../seed/seed";
import { IMAGE_WIDTHS } from "~/utils/images";
import { imageFilePath } from "~/utils/images.server";

const TABLES = [
  "categories",
  "brands",
  "vehicles",
  "products",
  "product_colors",
  "product_color_images",
  "product_sizes",
  "product_vehicles",
  "products_fts",
] as const;

const SPEC_CATEGORIES = [
  "wheels",
  "suspension",
  "winches",
  "protection_equipment",
  "noco_chargers",
  "lights",
  "vibram_fivefingers",
  "generic_accessories",
];

/** Price ranges in rupees per category (accessory items inside a category may sit lower). */
const PRICE_RANGES: Record<string, [number, number]> = {
  wheels: [18_000, 45_000],
  suspension: [9_000, 350_000],
  winches: [18_000, 250_000],
  protection_equipment: [15_000, 180_000],
  noco_chargers: [4_000, 25_000],
  lights: [3_000, 60_000],
  vibram_fivefingers: [8_000, 16_000],
  generic_accessories: [800, 25_000],
  body_parts: [2_000, 12_000],
};

let dir: string;
let uploadsDir: string;
let db: Kysely<DB>;
let first: SeedResult;

async function countRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(row.rows[0].n);
  }
  return counts;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-"));
  uploadsDir = path.join(dir, "uploads");
  db = createDatabase(path.join(dir, "shop.db"));
  await migrateToLatest(db);
  first = await seedDemoCatalog(db, { uploadsDir });
  // About 10 s on an idle 2-core machine; generous for a loaded CI box.
}, 240_000);

afterAll(async () => {
  await db?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("demo catalogue seed", () => {
  it("creates the categories in spec order plus body parts", async () => {
    const rows = await db
      .selectFrom("categories")
      .select(["slug", "name", "position"])
      .orderBy("position")
      .execute();
    expect(rows.map((r) => r.slug)).toEqual([...SPEC_CATEGORIES, "body_parts"]);
    expect(rows.find((r) => r.slug === "protection_equipment")?.name).toBe("Protection Equipment");
    expect(rows.find((r) => r.slug === "noco_chargers")?.name).toBe("NOCO Chargers");
  });

  it("creates the six featured brands with logos and descriptions", async () => {
    const featured = await db
      .selectFrom("brands")
      .selectAll()
      .where("featured", "=", 1)
      .orderBy("slug")
      .execute();
    expect(featured.map((b) => b.slug)).toEqual([
      "arb",
      "method",
      "noco",
      "oldman",
      "safari",
      "warn",
    ]);
    for (const b of featured) {
      expect(b.logo).toBe(`/logos/${b.slug}.svg`);
      expect(fs.existsSync(path.join("public", "logos", `${b.slug}.svg`))).toBe(true);
      expect(b.description.split(". ").length).toBeGreaterThanOrEqual(2);
    }
    const others = await db.selectFrom("brands").select("slug").where("featured", "=", 0).execute();
    expect(others.length).toBeGreaterThanOrEqual(15);
  });

  it("creates the featured vehicles and the client catalogue's models", async () => {
    const vehicles = await db.selectFrom("vehicles").selectAll().execute();
    const featured = vehicles.filter((v) => v.featured === 1).map((v) => v.slug);
    expect(featured.sort()).toEqual([...FEATURED_VEHICLES].sort());
    expect(vehicles.length).toBe(22);
    expect(vehicles.find((v) => v.slug === "ford_endeavor")).toMatchObject({
      make: "Ford",
      model: "Endeavour",
    });
    expect(vehicles.find((v) => v.slug === "mahindra_scorpio_n")).toMatchObject({
      make: "Mahindra",
    });
  });

  it("fills every category with realistic products", async () => {
    const rows = await db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .select([
        "products.slug",
        "products.price_paise",
        "products.description",
        "products.image",
        "products.stock",
        "categories.slug as category",
      ])
      .execute();
    for (const category of SPEC_CATEGORIES) {
      const n = rows.filter((r) => r.category === category).length;
      expect(n, category).toBeGreaterThanOrEqual(22);
      expect(n, category).toBeLessThanOrEqual(26);
    }
    const bodyParts = rows.filter((r) => r.category === "body_parts").length;
    expect(bodyParts).toBeGreaterThanOrEqual(90);
    expect(bodyParts).toBeLessThanOrEqual(110);

    for (const r of rows) {
      expect(r.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(r.image).toMatch(/^seed\//);
      const [min, max] = PRICE_RANGES[r.category];
      expect(r.price_paise, r.slug).toBeGreaterThanOrEqual(min * 100);
      expect(r.price_paise, r.slug).toBeLessThanOrEqual(max * 100);
      // The product page splits descriptions at full stops: full sentences, no stray dots.
      const sentences = r.description
        .split(".")
        .map((s) => s.trim())
        .filter(Boolean);
      expect(sentences.length, r.slug).toBeGreaterThanOrEqual(3);
      expect(r.description, r.slug).not.toMatch(/\.\S/);
      expect(r.stock === 0 || (r.stock >= 2 && r.stock <= 40), r.slug).toBe(true);
    }
    const soldOut = rows.filter((r) => r.stock === 0).length;
    expect(soldOut / rows.length).toBeGreaterThan(0.05);
    expect(soldOut / rows.length).toBeLessThan(0.15);
  });

  it("gives wheels colours with several images and complete sizes", async () => {
    const wheels = await db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .where("categories.slug", "=", "wheels")
      .select(["products.id", "products.slug"])
      .execute();
    for (const w of wheels) {
      const colors = await db
        .selectFrom("product_colors")
        .select(["id", "name"])
        .where("product_id", "=", w.id)
        .execute();
      expect(colors.length, w.slug).toBeGreaterThanOrEqual(2);
      expect(colors.length, w.slug).toBeLessThanOrEqual(4);
      for (const c of colors) {
        const images = await db
          .selectFrom("product_color_images")
          .select("image")
          .where("color_id", "=", c.id)
          .execute();
        expect(images.length, `${w.slug} ${c.name}`).toBeGreaterThanOrEqual(2);
        expect(images.length).toBeLessThanOrEqual(3);
      }
      const sizes = await db
        .selectFrom("product_sizes")
        .selectAll()
        .where("product_id", "=", w.id)
        .execute();
      expect(sizes.length, w.slug).toBeGreaterThanOrEqual(2);
      expect(sizes.length, w.slug).toBeLessThanOrEqual(5);
      for (const s of sizes) {
        expect(s.label).toBe(`${s.diameter}x${s.width}`);
        expect(s.diameter).toBeGreaterThanOrEqual(15);
        expect(s.diameter).toBeLessThanOrEqual(20);
        expect(s.width).toBeGreaterThanOrEqual(7);
        expect(s.width).toBeLessThanOrEqual(10);
        expect(["6x139.7", "5x127", "5x139.7"]).toContain(s.bolt_pattern);
        expect(s.offset_mm).toBeGreaterThanOrEqual(-12);
        expect(s.offset_mm).toBeLessThanOrEqual(35);
        expect([106.1, 110.1, 71.5]).toContain(s.hub_bore_mm);
        expect(s.part_number).toMatch(/^[A-Z0-9-]{8,}$/);
      }
    }
    const mr305 = await db
      .selectFrom("product_sizes")
      .innerJoin("products", "products.id", "product_sizes.product_id")
      .where("products.slug", "=", "method-mr305-nv-wheel")
      .select("part_number")
      .execute();
    expect(mr305.map((r) => r.part_number)).toContain("MR30578560500");
  });

  it("gives non-wheel products a main image and at most one colour", async () => {
    const counts = await db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .leftJoin("product_colors", "product_colors.product_id", "products.id")
      .where("categories.slug", "!=", "wheels")
      .select(["products.slug", (eb) => eb.fn.count<number>("product_colors.id").as("colors")])
      .groupBy("products.id")
      .execute();
    for (const c of counts) expect(Number(c.colors), c.slug).toBeLessThanOrEqual(1);
  });

  it("fits parts to vehicles: universal items have no links, every featured vehicle has at least 15 parts", async () => {
    const universalLinked = await db
      .selectFrom("products")
      .innerJoin("product_vehicles", "product_vehicles.product_id", "products.id")
      .where("products.universal_fit", "=", 1)
      .select("products.slug")
      .execute();
    expect(universalLinked).toEqual([]);
    const orphans = await db
      .selectFrom("products")
      .leftJoin("product_vehicles", "product_vehicles.product_id", "products.id")
      .where("products.universal_fit", "=", 0)
      .where("product_vehicles.vehicle_id", "is", null)
      .select("products.slug")
      .execute();
    expect(orphans).toEqual([]);
    for (const slug of FEATURED_VEHICLES) {
      const row = await db
        .selectFrom("product_vehicles")
        .innerJoin("vehicles", "vehicles.id", "product_vehicles.vehicle_id")
        .where("vehicles.slug", "=", slug)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(row.n), slug).toBeGreaterThanOrEqual(15);
    }
    const jimnyWheels = await db
      .selectFrom("products")
      .innerJoin("product_vehicles", "product_vehicles.product_id", "products.id")
      .innerJoin("vehicles", "vehicles.id", "product_vehicles.vehicle_id")
      .innerJoin("product_sizes", "product_sizes.product_id", "products.id")
      .where("vehicles.slug", "=", "suzuki_jimny")
      .where("product_sizes.bolt_pattern", "=", "5x139.7")
      .select("products.slug")
      .distinct()
      .execute();
    expect(jimnyWheels.length).toBeGreaterThanOrEqual(3);
  });

  it("spreads creation dates over about six months", async () => {
    const rows = await db.selectFrom("products").select("created_at").execute();
    for (const r of rows)
      expect(r.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const times = rows.map((r) => Date.parse(r.created_at));
    const spanDays = (Math.max(...times) - Math.min(...times)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(150);
    expect(spanDays).toBeLessThan(200);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    const newest = await db
      .selectFrom("products")
      .select("slug")
      .orderBy("created_at", "desc")
      .limit(4)
      .execute();
    expect(newest.map((r) => r.slug)).toContain("method-mr305-nv-wheel");
  });

  it("writes every referenced image in all widths, decodable at the right size", async () => {
    const main = await db.selectFrom("products").select("image").execute();
    const byColor = await db.selectFrom("product_color_images").select("image").execute();
    const keys = new Set(
      [...main, ...byColor].map((r) => r.image).filter((k): k is string => Boolean(k)),
    );
    expect(keys.size).toBeGreaterThanOrEqual(100);
    expect(first.imagesWritten).toBe(buildDemoCatalog().artwork.length);
    for (const key of keys) {
      for (const width of IMAGE_WIDTHS) {
        const file = imageFilePath(uploadsDir, key, width);
        const { info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
        expect(info.width, file).toBe(width);
        expect(info.height, file).toBe(width);
      }
    }
  });

  it("indexes products for full-text search", async () => {
    const hits = await sql<{
      rowid: number;
    }>`select rowid from products_fts where products_fts match 'winch'`.execute(db);
    const warn = await db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "warn-vr-evo-10-s-10000-lb-winch")
      .executeTakeFirstOrThrow();
    expect(hits.rows.map((r) => r.rowid)).toContain(warn.id);
  });

  it("builds the same catalogue on every run", () => {
    const now = new Date("2026-06-01T00:00:00.000Z");
    expect(buildDemoCatalog(now)).toEqual(buildDemoCatalog(now));
  });

  it("adds nothing when run again", async () => {
    expect(first.productsCreated).toBeGreaterThanOrEqual(270);
    const before = await countRows();
    const again = await seedDemoCatalog(db, { uploadsDir });
    expect(again).toEqual({ productsCreated: 0, imagesWritten: 0 });
    expect(await countRows()).toEqual(before);
  });
});
