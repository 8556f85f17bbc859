import fs from "node:fs/promises";
import { splitStock, syncVariants } from "~/models/variant-stock.server";
import os from "node:os";
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { IMAGE_WIDTHS } from "~/utils/images";
import { imageFilePath, writeWebpVariants } from "~/utils/images.server";
import { artworkSvg } from "./artwork";
import { buildDemoCatalog, type ArtSpec } from "./catalog-data";

export interface SeedOptions {
  uploadsDir: string;
  log?: (msg: string) => void;
  /** The moment creation dates count back from (default: now). */
  now?: Date;
}

export interface SeedResult {
  productsCreated: number;
  imagesWritten: number;
}

async function fileExists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

async function hasAllVariants(uploadsDir: string, key: string): Promise<boolean> {
  const found = await Promise.all(
    IMAGE_WIDTHS.map((w) => fileExists(imageFilePath(uploadsDir, key, w))),
  );
  return found.every(Boolean);
}

/** Renders the artwork whose files are missing, a few at a time (sharp works off the main thread). */
async function writeMissingArtwork(specs: ArtSpec[], uploadsDir: string): Promise<number> {
  const present = await Promise.all(specs.map((s) => hasAllVariants(uploadsDir, s.key)));
  const missing = specs.filter((_, i) => !present[i]);
  const workers = Math.min(4, Math.max(2, os.availableParallelism()));
  let next = 0;
  const work = async () => {
    while (next < missing.length) {
      const spec = missing[next++];
      await writeWebpVariants(Buffer.from(artworkSvg(spec)), uploadsDir, spec.key);
    }
  };
  await Promise.all(Array.from({ length: workers }, work));
  return missing.length;
}

/**
 * Seeds the demo catalogue: categories, brands and vehicles are upserted by slug, products are
 * added when their slug is not taken yet (existing ones are left alone), so running it again adds
 * nothing. Artwork is written first (skipping images already on disk), then every row goes in
 * one transaction.
 */
export async function seedDemoCatalog(db: Kysely<DB>, opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => {});
  const catalog = buildDemoCatalog(opts.now ?? new Date());

  const started = Date.now();
  const imagesWritten = await writeMissingArtwork(catalog.artwork, opts.uploadsDir);
  log(
    `Artwork: ${imagesWritten} of ${catalog.artwork.length} images written in ${Date.now() - started} ms`,
  );

  const productsCreated = await db.transaction().execute(async (trx) => {
    for (const c of catalog.categories) {
      await trx
        .insertInto("categories")
        .values({ slug: c.slug, name: c.name, position: c.position, featured: c.featured === false ? 0 : 1 })
        .onConflict((oc) =>
          oc.column("slug").doUpdateSet({ name: c.name, position: c.position, featured: c.featured === false ? 0 : 1 }),
        )
        .execute();
    }
    const categoryIds = new Map(
      (await trx.selectFrom("categories").select(["id", "slug"]).execute()).map((r) => [
        r.slug,
        r.id,
      ]),
    );

    // Brands: by slug; a brand an admin already created under the same name is reused as is.
    const existingBrands = await trx.selectFrom("brands").select(["id", "slug", "name"]).execute();
    const brandIds = new Map<string, number>();
    for (const b of catalog.brands) {
      const values = {
        name: b.name,
        description: b.description,
        logo: b.logo,
        featured: b.featured ? 1 : 0,
      };
      const bySlug = existingBrands.find((r) => r.slug === b.slug);
      const byName = existingBrands.find((r) => r.name.toLowerCase() === b.name.toLowerCase());
      if (bySlug) {
        await trx.updateTable("brands").set(values).where("id", "=", bySlug.id).execute();
        brandIds.set(b.slug, bySlug.id);
      } else if (byName) {
        brandIds.set(b.slug, byName.id);
      } else {
        const row = await trx
          .insertInto("brands")
          .values({ slug: b.slug, ...values })
          .returning("id")
          .executeTakeFirstOrThrow();
        brandIds.set(b.slug, row.id);
      }
    }

    for (const v of catalog.vehicles) {
      const values = { make: v.make, model: v.model, featured: v.featured ? 1 : 0 };
      await trx
        .insertInto("vehicles")
        .values({ slug: v.slug, ...values })
        .onConflict((oc) => oc.column("slug").doUpdateSet(values))
        .execute();
    }
    const vehicleIds = new Map(
      (await trx.selectFrom("vehicles").select(["id", "slug"]).execute()).map((r) => [
        r.slug,
        r.id,
      ]),
    );

    const taken = new Set(
      (await trx.selectFrom("products").select("slug").execute()).map((r) => r.slug),
    );
    let created = 0;
    for (const p of catalog.products) {
      if (taken.has(p.slug)) continue;
      const categoryId = categoryIds.get(p.category);
      const brandId = brandIds.get(p.brand);
      if (categoryId === undefined || brandId === undefined) {
        throw new Error(`Product ${p.slug} refers to an unknown category or brand`);
      }
      const { id } = await trx
        .insertInto("products")
        .values({
          slug: p.slug,
          title: p.title,
          brand_id: brandId,
          category_id: categoryId,
          price_paise: p.pricePaise,
          description: p.description,
          image: p.image,
          stock: p.stock,
          universal_fit: p.universalFit ? 1 : 0,
          created_at: p.createdAt,
          updated_at: p.createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();

      for (const [position, color] of p.colors.entries()) {
        const { id: colorId } = await trx
          .insertInto("product_colors")
          .values({ product_id: id, name: color.name, position })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("product_color_images")
          .values(color.images.map((image, i) => ({ color_id: colorId, image, position: i })))
          .execute();
      }
      if (p.sizes.length > 0) {
        await trx
          .insertInto("product_sizes")
          .values(
            p.sizes.map((s, position) => ({
              product_id: id,
              label: s.label,
              diameter: s.diameter,
              width: s.width,
              bolt_pattern: s.boltPattern,
              offset_mm: s.offsetMm,
              hub_bore_mm: s.hubBoreMm,
              part_number: s.partNumber,
              position,
            })),
          )
          .execute();
      }
      // The product's stock spread evenly over its colours x sizes (see variant-stock.server.ts).
      const split = splitStock(p.stock, Math.max(1, p.colors.length) * Math.max(1, p.sizes.length));
      await syncVariants(trx, id, ({ index }) => split[index]);
      const vehicles = p.vehicles.map((slug) => {
        const vehicleId = vehicleIds.get(slug);
        if (vehicleId === undefined)
          throw new Error(`Product ${p.slug} refers to unknown vehicle ${slug}`);
        return { product_id: id, vehicle_id: vehicleId };
      });
      if (vehicles.length > 0) await trx.insertInto("product_vehicles").values(vehicles).execute();
      created++;
    }
    return created;
  });

  log(`Catalogue: ${productsCreated} of ${catalog.products.length} products created`);
  return { productsCreated, imagesWritten };
}
