import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { syncVariants } from "~/models/variant-stock.server";

/**
 * A small known catalogue for model and loader tests: every spec category, three brands,
 * three vehicles, wheels with colours and sizes (one colour x size sold out while its siblings are
 * in stock), fitment both listed and universal.
 */
export async function insertCatalogFixture(db: Kysely<DB>) {
  const categories = [
    ["wheels", "Wheels"],
    ["suspension", "Suspension"],
    ["winches", "Winches"],
    ["protection_equipment", "Protection Equipment"],
    ["noco_chargers", "Noco Chargers"],
    ["lights", "Lights"],
    ["vibram_fivefingers", "Vibram FiveFingers"],
    ["generic_accessories", "Generic Accessories"],
  ];
  for (const [i, [slug, name]] of categories.entries()) {
    await db.insertInto("categories").values({ slug, name, position: i }).execute();
  }
  const cat = async (slug: string) =>
    (
      await db
        .selectFrom("categories")
        .select("id")
        .where("slug", "=", slug)
        .executeTakeFirstOrThrow()
    ).id;
  const brand = async (slug: string, name: string) =>
    Number(
      (
        await db
          .insertInto("brands")
          .values({ slug, name, description: `${name} gear`, featured: 1 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  const vehicle = async (slug: string, make: string, model: string, featured = 1) =>
    Number(
      (
        await db
          .insertInto("vehicles")
          .values({ slug, make, model, featured })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );

  const method = await brand("method", "Method Race Wheels");
  const warn = await brand("warn", "Warn");
  const arb = await brand("arb", "ARB");
  const hilux = await vehicle("toyota_hilux", "Toyota", "Hilux");
  const jimny = await vehicle("suzuki_jimny", "Suzuki", "Jimny");
  const thar = await vehicle("mahindra_thar", "Mahindra", "Thar", 0);

  let day = 1;
  const product = async (p: {
    slug: string;
    title: string;
    brandId: number;
    category: string;
    rupees: number;
    stock?: number;
    universal?: boolean;
    description?: string;
    hidden?: boolean;
    vehicles?: number[];
    colors?: { name: string; images: string[] }[];
    sizes?: string[];
    /** Stock of each colour x size (colours outer, sizes inner); default `stock` for each. */
    variantStock?: number[];
  }) => {
    const created = `2026-01-${String(day++).padStart(2, "0")}T00:00:00.000Z`;
    const id = Number(
      (
        await db
          .insertInto("products")
          .values({
            slug: p.slug,
            title: p.title,
            brand_id: p.brandId,
            category_id: await cat(p.category),
            price_paise: p.rupees * 100,
            description: p.description ?? `${p.title}. Built for the trail. Backed by warranty.`,
            image: `seed/${p.slug}`,
            stock: p.stock ?? 5,
            universal_fit: p.universal ? 1 : 0,
            hidden_at: p.hidden ? created : null,
            created_at: created,
            updated_at: created,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    for (const v of p.vehicles ?? [])
      await db.insertInto("product_vehicles").values({ product_id: id, vehicle_id: v }).execute();
    for (const [i, c] of (p.colors ?? []).entries()) {
      const colorId = Number(
        (
          await db
            .insertInto("product_colors")
            .values({ product_id: id, name: c.name, position: i })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
      for (const [j, image] of c.images.entries()) {
        await db
          .insertInto("product_color_images")
          .values({ color_id: colorId, image, position: j })
          .execute();
      }
    }
    for (const [i, label] of (p.sizes ?? []).entries()) {
      await db
        .insertInto("product_sizes")
        .values({
          product_id: id,
          label,
          diameter: 17,
          width: 8.5,
          bolt_pattern: "6x139.7",
          offset_mm: 0,
          hub_bore_mm: 106.1,
          part_number: `MR${i}01-7885`,
          position: i,
        })
        .execute();
    }
    await syncVariants(db, id, ({ index }) => p.variantStock?.[index] ?? p.stock ?? 5);
    return id;
  };

  const ids = {
    wheel701: await product({
      slug: "method-701-trail",
      title: "Method 701 Trail Series Wheel",
      brandId: method,
      category: "wheels",
      rupees: 25000,
      vehicles: [hilux],
      colors: [
        { name: "Matte Black", images: ["seed/701-black-1", "seed/701-black-2"] },
        { name: "Bronze", images: ["seed/701-bronze-1"] },
      ],
      sizes: ['17x8.5"', '18x9"'],
      // Matte Black 18x9" is sold out; the other three are not.
      variantStock: [5, 0, 5, 5],
    }),
    wheel305: await product({
      slug: "method-305-nv",
      title: "Method 305 NV Wheel",
      brandId: method,
      category: "wheels",
      rupees: 30000,
      vehicles: [hilux, jimny],
      colors: [{ name: "matte black", images: ["seed/305-black-1"] }],
      sizes: ['17x8.5"'],
    }),
    winch: await product({
      slug: "warn-zeon-10s",
      title: "Warn Zeon 10-S Winch",
      brandId: warn,
      category: "winches",
      rupees: 150000,
      vehicles: [hilux],
      description: "Synthetic rope winch. Pulls 4536 kg. Waterproof motor.",
    }),
    winchSoldOut: await product({
      slug: "warn-vr-evo",
      title: "Warn VR EVO 8 Winch",
      brandId: warn,
      category: "winches",
      rupees: 80000,
      stock: 0,
      vehicles: [jimny],
    }),
    compressor: await product({
      slug: "arb-twin-compressor",
      title: "ARB Twin Air Compressor",
      brandId: arb,
      category: "generic_accessories",
      rupees: 60000,
      universal: true,
      description: "Twin motor compressor for winch-free recovery days. Inflates tyres fast.",
    }),
    bumper: await product({
      slug: "arb-summit-bumper",
      title: "ARB Summit Front Bumper",
      brandId: arb,
      category: "protection_equipment",
      rupees: 120000,
      vehicles: [thar],
    }),
    hidden: await product({
      slug: "warn-old-winch",
      title: "Warn Retired Winch",
      brandId: warn,
      category: "winches",
      rupees: 50000,
      hidden: true,
      vehicles: [hilux],
    }),
  };
  return { ids, brands: { method, warn, arb }, vehicles: { hilux, jimny, thar } };
}

/**
 * A wheel whose two sizes share the label 17x8.5 (bolt patterns 6x139.7 and 5x150) plus an 18x9,
 * no colours: `stock` per size, in that order. Answers the product and size ids.
 */
export async function insertTwinLabelWheel(
  db: Kysely<DB>,
  stock: [number, number, number] = [1, 3, 2],
  slug = "method-703-twin",
) {
  const brand =
    (await db.selectFrom("brands").select("id").where("slug", "=", "method").executeTakeFirst())
      ?.id ??
    Number(
      (
        await db
          .insertInto("brands")
          .values({ slug: "method", name: "Method Race Wheels" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  const category =
    (await db.selectFrom("categories").select("id").where("slug", "=", "wheels").executeTakeFirst())
      ?.id ??
    Number(
      (
        await db
          .insertInto("categories")
          .values({ slug: "wheels", name: "Wheels" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  const productId = Number(
    (
      await db
        .insertInto("products")
        .values({
          slug,
          title: "Method 703 Twin Wheel",
          brand_id: brand,
          category_id: category,
          price_paise: 2_000_000,
          image: `seed/${slug}`,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
  const rows = [
    { label: "17x8.5", bolt_pattern: "6x139.7", offset_mm: 0, part_number: "MR70378586500" },
    { label: "17x8.5", bolt_pattern: "5x150", offset_mm: 25, part_number: "MR70378558525" },
    { label: "18x9", bolt_pattern: "6x139.7", offset_mm: 18, part_number: "MR70389086518" },
  ];
  const sizeIds: number[] = [];
  for (const [position, r] of rows.entries()) {
    sizeIds.push(
      Number(
        (
          await db
            .insertInto("product_sizes")
            .values({
              product_id: productId,
              ...r,
              diameter: 17,
              width: 8.5,
              hub_bore_mm: 106.1,
              position,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );
  }
  await syncVariants(db, productId, ({ index }) => stock[index]);
  return { productId, sizeIds: sizeIds as [number, number, number] };
}
