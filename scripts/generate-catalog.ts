/**
 * Fills a fresh database with a large catalogue for benchmarks and load tests.
 *
 *   npm run catalog:generate -- --db bench/tmp/shop.db --products 10000 [--uploads uploads]
 *
 * It migrates, seeds the demo catalogue (brands, categories, vehicles and their images), then adds
 * products made from the demo ones until there are N: same categories, brands and image keys
 * (images repeat), new titles, prices, stock, colours, wheel sizes and vehicle fitment.
 * The output is the same for the same N (a seeded random generator).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createDatabase, openSqlite } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoCatalog } from "../seed/seed";

type Template = {
  id: number;
  title: string;
  brand_id: number;
  category_id: number;
  price_paise: number;
  description: string;
  image: string | null;
  universal_fit: number;
};
type Color = { product_id: number; name: string; images: string[] };
type Size = {
  product_id: number;
  label: string;
  diameter: number;
  width: number;
  bolt_pattern: string;
  offset_mm: number;
  hub_bore_mm: number;
  part_number: string;
};

/** Small deterministic PRNG (mulberry32). */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

const EDITIONS = [
  "Pro",
  "Trail",
  "Expedition",
  "Sport",
  "HD",
  "Classic",
  "XT",
  "Overland",
  "Ranger",
  "Summit",
  "Ridge",
  "Dune",
];
const FINISHES = [
  "Matte Black",
  "Gloss Black",
  "Bronze",
  "Silver",
  "Gunmetal",
  "Olive",
  "Sand",
  "Red",
];

export type GenerateOptions = {
  file: string;
  products: number;
  uploadsDir: string;
  log?: (msg: string) => void;
};

export async function generateCatalog({
  file,
  products,
  uploadsDir,
  log = console.log,
}: GenerateOptions) {
  const started = Date.now();
  const kdb = createDatabase(file);
  await migrateToLatest(kdb);
  const existing = await kdb
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) === 0) {
    const seeded = await seedDemoCatalog(kdb, { uploadsDir, log });
    log(`seeded ${seeded.productsCreated} demo products`);
  }
  await kdb.destroy();

  const raw = openSqlite(file);
  raw.pragma("synchronous = OFF");
  const templates = raw
    .prepare(
      "select id, title, brand_id, category_id, price_paise, description, image, universal_fit from products where hidden_at is null order by id",
    )
    .all() as Template[];
  if (templates.length === 0) throw new Error("The demo seed created no products to build on.");
  const colorRows = raw
    .prepare(
      `select c.product_id, c.name, group_concat(i.image, '|') as images
       from product_colors c left join product_color_images i on i.color_id = c.id
       group by c.id order by c.product_id, c.position`,
    )
    .all() as { product_id: number; name: string; images: string | null }[];
  const colorsByProduct = new Map<number, Color[]>();
  for (const c of colorRows) {
    const list = colorsByProduct.get(c.product_id) ?? [];
    list.push({
      product_id: c.product_id,
      name: c.name,
      images: c.images ? c.images.split("|") : [],
    });
    colorsByProduct.set(c.product_id, list);
  }
  const sizesByProduct = new Map<number, Size[]>();
  for (const s of raw
    .prepare("select * from product_sizes order by product_id, position")
    .all() as Size[]) {
    const list = sizesByProduct.get(s.product_id) ?? [];
    list.push(s);
    sizesByProduct.set(s.product_id, list);
  }
  const vehicleIds = (
    raw.prepare("select id from vehicles order by id").all() as { id: number }[]
  ).map((v) => v.id);
  const brandNames = new Map(
    (raw.prepare("select id, name from brands").all() as { id: number; name: string }[]).map(
      (b) => [b.id, b.name],
    ),
  );
  const have = (raw.prepare("select count(*) as n from products").get() as { n: number }).n;

  // Its own bulk path on purpose (prepared statements, no per-row lookups): the admin's
  // `writeProduct`, which the demo seed above uses, runs several queries per product, too slow
  // for the 10,000 benchmark products.
  const insertProduct = raw.prepare(
    `insert into products (slug, title, brand_id, category_id, price_paise, description, image, stock, universal_fit, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertColor = raw.prepare(
    "insert into product_colors (product_id, name, position) values (?, ?, ?)",
  );
  const insertColorImage = raw.prepare(
    "insert into product_color_images (color_id, image, position) values (?, ?, ?)",
  );
  const insertSize = raw.prepare(
    `insert into product_sizes (product_id, label, diameter, width, bolt_pattern, offset_mm, hub_bore_mm, part_number, position)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertFit = raw.prepare(
    "insert or ignore into product_vehicles (product_id, vehicle_id) values (?, ?)",
  );
  // Stock per colour x size (docs/decisions/0010): the product's stock spread evenly over them.
  const dropVariants = raw.prepare("delete from product_variants where product_id = ?");
  const insertVariant = raw.prepare(
    "insert into product_variants (product_id, size_id, color_id, stock) values (?, ?, ?, ?)",
  );
  const idsOf = (table: "product_sizes" | "product_colors", productId: number) =>
    (
      raw
        .prepare(`select id from ${table} where product_id = ? order by position, id`)
        .all(productId) as { id: number }[]
    ).map((r) => r.id);

  const rnd = random(20261123 + products);
  const now = Date.now();
  const twoYears = 2 * 365 * 24 * 3600 * 1000;
  const toAdd = Math.max(0, products - have);

  raw.transaction(() => {
    for (let n = 0; n < toAdd; n++) {
      const t = rnd.pick(templates);
      const serial = have + n + 1;
      const edition = rnd.pick(EDITIONS);
      const title = `${t.title} ${edition} ${serial}`.slice(0, 140);
      const slug = `${slugify(t.title)}-${edition.toLowerCase()}-${serial}`;
      const price = Math.max(
        50_000,
        Math.round((t.price_paise * (0.6 + rnd.next() * 0.9)) / 100) * 100,
      );
      const stock = rnd.chance(0.12) ? 0 : rnd.int(1, 60);
      // Older products first, so "newest" queries have to sort rather than read insertion order.
      const created = new Date(
        now - twoYears + (twoYears * n) / Math.max(1, toAdd) - rnd.int(0, 3_600_000),
      ).toISOString();
      const description =
        `${t.description} ${edition} edition by ${brandNames.get(t.brand_id) ?? "the maker"}, ` +
        `batch ${serial}. Built for Indian roads and trails.`;
      const id = Number(
        insertProduct.run(
          slug,
          title,
          t.brand_id,
          t.category_id,
          price,
          description,
          t.image,
          stock,
          t.universal_fit,
          created,
          created,
        ).lastInsertRowid,
      );

      const colors = colorsByProduct.get(t.id) ?? [];
      colors.forEach((c, ci) => {
        // Keep the demo colour's pictures; now and then rename it to another finish.
        const name = rnd.chance(0.3) ? rnd.pick(FINISHES) : c.name;
        if (colors.slice(0, ci).some((o) => o.name === name)) return;
        const colorId = Number(insertColor.run(id, name, ci).lastInsertRowid);
        c.images.forEach((img, ii) => insertColorImage.run(colorId, img, ii));
      });
      (sizesByProduct.get(t.id) ?? []).forEach((s, si) =>
        insertSize.run(
          id,
          s.label,
          s.diameter,
          s.width,
          s.bolt_pattern,
          s.offset_mm,
          s.hub_bore_mm,
          `${s.part_number}-${serial}`,
          si,
        ),
      );
      const sizeIds: (number | null)[] = idsOf("product_sizes", id);
      const colorIds: (number | null)[] = idsOf("product_colors", id);
      if (sizeIds.length + colorIds.length > 0) {
        const keys = (colorIds.length > 0 ? colorIds : [null]).flatMap((c) =>
          (sizeIds.length > 0 ? sizeIds : [null]).map((s) => [s, c]),
        );
        const each = Math.floor(stock / keys.length);
        dropVariants.run(id);
        keys.forEach(([sizeId, colorId], k) =>
          insertVariant.run(id, sizeId, colorId, each + (k < stock - each * keys.length ? 1 : 0)),
        );
      }
      if (!t.universal_fit && vehicleIds.length > 0) {
        const fits = rnd.int(1, Math.min(4, vehicleIds.length));
        for (let f = 0; f < fits; f++) insertFit.run(id, rnd.pick(vehicleIds));
      }
    }
  })();
  raw.pragma("optimize");
  raw.close();
  log(`catalogue has ${have + toAdd} products (${toAdd} generated) in ${Date.now() - started} ms`);
  return { products: have + toAdd, generated: toAdd };
}

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: "string", default: "bench/tmp/shop.db" },
      products: { type: "string", default: "10000" },
      uploads: { type: "string", default: process.env.UPLOADS_DIR || "uploads" },
      fresh: { type: "boolean", default: false },
    },
  });
  const products = Number(values.products);
  if (!Number.isInteger(products) || products < 1)
    throw new Error("--products must be a positive whole number");
  const file = path.resolve(values.db);
  if (values.fresh)
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  await generateCatalog({ file, products, uploadsDir: path.resolve(values.uploads) });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
