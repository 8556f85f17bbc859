import fs from "node:fs/promises";
import os from "node:os";
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { writeProduct } from "~/models/product-rows.server";
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
 * nothing; they are written by the admin's own insert (`writeProduct`). Artwork is written first (skipping images already on disk), then every row goes in
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
        .values({
          slug: c.slug,
          name: c.name,
          position: c.position,
          featured: c.featured === false ? 0 : 1,
        })
        .onConflict((oc) =>
          oc.column("slug").doUpdateSet({
            name: c.name,
            position: c.position,
            featured: c.featured === false ? 0 : 1,
          }),
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
      const fitment = p.vehicles.map((slug) => {
        const vehicleId = vehicleIds.get(slug);
        if (vehicleId === undefined)
          throw new Error(`Product ${p.slug} refers to unknown vehicle ${slug}`);
        return vehicleId;
      });
      // The admin's own insert; its stock is spread evenly over its colours x sizes.
      await writeProduct(trx, null, {
        slug: p.slug,
        title: p.title,
        brandId,
        categoryId,
        pricePaise: p.pricePaise,
        description: p.description,
        image: p.image,
        universalFit: p.universalFit,
        colors: p.colors,
        sizes: p.sizes.map(({ offsetMm, hubBoreMm, ...s }) => ({
          ...s,
          offset: offsetMm,
          hubBore: hubBoreMm,
        })),
        stock: p.stock,
        variantStock: new Map(),
        vehicleIds: fitment,
        createdAt: p.createdAt,
      });
      created++;
    }
    return created;
  });

  log(`Catalogue: ${productsCreated} of ${catalog.products.length} products created`);
  return { productsCreated, imagesWritten };
}
