import { sql, type Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import type { FieldErrors, ProductInput } from "~/utils/product-schema";
import { writeProduct } from "~/models/product-rows.server";
import {
  removeUnusedImages,
  storedColors,
  writeImages,
  type StoredColor,
} from "~/models/product-images.server";
import { currentStockFingerprint } from "~/models/variant-stock.server";
import { editedStamp } from "~/models/product-admin-list.server";
import { removeFiles } from "~/utils/images.server";
import { slugify } from "~/utils/slug";

/*
 * Admin side of the catalogue: create / update / delete a product from validated input (see
 * utils/product-schema.ts; requests are read in app/forms), with colours, colour images, wheel
 * sizes, fitment and stock. The rows themselves are written by `writeProduct` (product-rows),
 * which the demo seed uses too.
 */

export type SaveResult =
  | { ok: true; id: number }
  | {
      ok: false;
      errors: FieldErrors;
      notFound?: boolean;
      stockMoved?: boolean;
      /** Saved by someone else since the form was loaded: that save's time. */
      editedAt?: string;
    };

export const STOCK_MOVED_MESSAGE =
  "The stock changed while you were editing (an order took units or gave them back). The counts shown now are the current ones: check them and save again.";

export const EDITED_MEANWHILE_MESSAGE =
  "Someone else saved this product after you opened it. Saving what is typed here replaces their changes: check the fields (or open the product again to see theirs), then save again.";

/**
 * Between the edit form's load and its save, the stock moved (ProductRawInput.stockSeen) or
 * someone else saved the product (ProductRawInput.editedAt, that save's time).
 */
class ChangedMeanwhile extends Error {
  constructor(
    readonly stockMoved: boolean,
    readonly editedAt: string | undefined,
  ) {
    super("changed meanwhile");
  }
}

export type SaveOptions = { uploadsDir: string };

/**
 * The id of the brand or category named by slug or name (any case); without one, a free slug
 * for a new row of that name (`sep`: brands use hyphens, categories underscores).
 */
async function findNamed(
  trx: Kysely<DB>,
  table: "brands" | "categories",
  key: string,
  sep: "-" | "_",
): Promise<{ id: number } | { slug: string }> {
  const found = await trx
    .selectFrom(table)
    .select("id")
    .where((eb) =>
      eb.or([eb("slug", "=", key.toLowerCase()), eb(sql`lower(name)`, "=", key.toLowerCase())]),
    )
    .executeTakeFirst();
  if (found) return found;
  const slug = slugify(key, sep) || "other";
  const taken = await trx
    .selectFrom(table)
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirst();
  return { slug: taken ? `${slug}${sep}${Date.now()}` : slug };
}

/** The id of the brand named by slug or name (any case), created when there is none. */
async function resolveBrand(trx: Kysely<DB>, nameOrSlug: string): Promise<number> {
  const key = nameOrSlug.trim();
  const found = await findNamed(trx, "brands", key, "-");
  if ("id" in found) return found.id;
  const r = await trx
    .insertInto("brands")
    .values({ slug: found.slug, name: key })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/** The same for a category; a new one goes last. */
async function resolveCategory(trx: Kysely<DB>, nameOrSlug: string): Promise<number> {
  const key = nameOrSlug.trim();
  const found = await findNamed(trx, "categories", key, "_");
  if ("id" in found) return found.id;
  const last = await trx
    .selectFrom("categories")
    .select((eb) => eb.fn.max("position").as("max"))
    .executeTakeFirst();
  const r = await trx
    .insertInto("categories")
    .values({ slug: found.slug, name: key, position: Number(last?.max ?? 0) + 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Checks that need the database: the slug is free, the vehicles exist. */
async function checkAgainstDb(db: Kysely<DB>, input: ProductInput, id: number | null) {
  const errors: FieldErrors = {};
  let q = db.selectFrom("products").select("id").where("slug", "=", input.slug);
  if (id !== null) q = q.where("id", "!=", id);
  if (await q.executeTakeFirst()) errors.slug = "Another product already uses this slug";
  // No vehicle list: the fitment stays as it is.
  const slugs = input.vehicles;
  if (!slugs) return { errors, vehicleIds: undefined };
  const rows =
    slugs.length === 0
      ? []
      : await db.selectFrom("vehicles").select(["id", "slug"]).where("slug", "in", slugs).execute();
  const unknown = slugs.filter((s) => !rows.some((r) => r.slug === s));
  if (unknown.length > 0) errors.vehicles = `Unknown vehicle: ${unknown.join(", ")}`;
  return { errors, vehicleIds: rows.map((r) => r.id) };
}

/**
 * Creates (id = null) or updates a product from validated input. Images are written first; the
 * rows in one transaction; when anything fails the new files are removed and nothing is saved.
 */
export async function saveProduct(
  db: Kysely<DB>,
  id: number | null,
  input: ProductInput,
  { uploadsDir }: SaveOptions,
): Promise<SaveResult> {
  let existing: { image: string | null; stock: number; colors: StoredColor[] } | null = null;
  if (id !== null) {
    const row = await db
      .selectFrom("products")
      .select(["image", "stock"])
      .where("id", "=", id)
      .where("hidden_at", "is", null)
      .executeTakeFirst();
    if (!row) return { ok: false, errors: { form: "Product not found" }, notFound: true };
    existing = { ...row, colors: await storedColors(db, id) };
  }

  const { errors, vehicleIds } = await checkAgainstDb(db, input, id);
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const images = await writeImages(input, uploadsDir);
  if (!images.ok) return images;
  const { written } = images;

  // The colour rows to store: kept keys (only ones this product really has) + new uploads.
  const ownKeys = new Set(existing?.colors.flatMap((c) => c.images) ?? []);
  const colors = input.colors?.map((c) => {
    const kept =
      c.keep === undefined
        ? (existing?.colors.find((e) => e.name.toLowerCase() === c.name.toLowerCase())?.images ??
          [])
        : c.keep.filter((k) => ownKeys.has(k));
    return {
      name: c.name,
      images: [...new Set(kept), ...c.images.map((f) => written.keys.get(f)!)],
    };
  });
  const colorKeys =
    colors?.flatMap((c) => c.images) ?? existing?.colors.flatMap((c) => c.images) ?? [];

  // Main image: a new upload; else the current one unless it was a colour image now dropped;
  // else the first colour image.
  let mainImage = input.mainImage ? written.keys.get(input.mainImage)! : (existing?.image ?? null);
  if (!input.mainImage && mainImage && ownKeys.has(mainImage) && !colorKeys.includes(mainImage))
    mainImage = null;
  mainImage ??= colorKeys[0] ?? null;

  let savedId: number;
  try {
    savedId = await db.transaction().execute(async (trx) => {
      // Saved by someone else since the form was loaded: their change is not undone unseen.
      let editedAt: string | undefined;
      if (id !== null && input.editedAt !== undefined) {
        const row = await trx
          .selectFrom("products")
          .select("updated_at")
          .where("id", "=", id)
          .executeTakeFirst();
        if (row && editedStamp(row.updated_at) !== input.editedAt)
          editedAt = editedStamp(row.updated_at);
      }
      // Counts typed over stock that has moved since the form was loaded would undo a sale (or a
      // return); "Sold out" sets 0 whatever the counts were.
      const stockMoved =
        id !== null &&
        input.stockSeen !== undefined &&
        input.stock !== 0 &&
        (await currentStockFingerprint(trx, id)) !== input.stockSeen;
      if (stockMoved || editedAt) throw new ChangedMeanwhile(stockMoved, editedAt);
      return writeProduct(
        trx,
        id,
        {
          slug: input.slug,
          title: input.title,
          brandId: await resolveBrand(trx, input.brand),
          categoryId: await resolveCategory(trx, input.category),
          pricePaise: input.pricePaise,
          description: input.description,
          image: mainImage,
          universalFit: input.universalFit,
          colors,
          sizes: input.sizes,
          stock: input.stock,
          variantStock: input.variantStock,
          vehicleIds,
        },
        existing?.stock ?? 0,
      );
    });
  } catch (error) {
    await removeFiles(written.files);
    if (error instanceof ChangedMeanwhile)
      return {
        ok: false,
        errors: {
          ...(error.stockMoved ? { stock: STOCK_MOVED_MESSAGE } : {}),
          ...(error.editedAt ? { form: EDITED_MEANWHILE_MESSAGE } : {}),
        },
        stockMoved: error.stockMoved,
        editedAt: error.editedAt,
      };
    if (isUniqueViolation(error, "products", ["slug"]))
      return { ok: false, errors: { slug: "Another product already uses this slug" } };
    throw error;
  }

  if (existing) {
    await removeUnusedImages(
      db,
      [...ownKeys, ...(existing.image ? [existing.image] : [])],
      uploadsDir,
    );
  }
  return { ok: true, id: savedId };
}

// ---------------------------------------------------------------------------------------------
// Deleting

/**
 * Removes a product. One that orders refer to is hidden instead (kept for their history, its
 * slug freed for reuse, taken out of carts); any other is erased with its rows and image files.
 */
export async function deleteProduct(
  db: Kysely<DB>,
  id: number,
  { uploadsDir }: SaveOptions,
): Promise<"deleted" | "hidden" | "not-found"> {
  const product = await db
    .selectFrom("products")
    .select(["id", "image"])
    .where("id", "=", id)
    .where("hidden_at", "is", null)
    .executeTakeFirst();
  if (!product) return "not-found";
  const keys = [
    ...(product.image ? [product.image] : []),
    ...(await storedColors(db, id)).flatMap((c) => c.images),
  ];

  const hide = async (trx: Kysely<DB>) => {
    await trx
      .updateTable("products")
      .set({
        hidden_at: new Date().toISOString(),
        slug: sql`slug || '--removed-' || id`,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .execute();
    await trx.deleteFrom("cart_items").where("product_id", "=", id).execute();
  };

  const outcome = await db.transaction().execute(async (trx) => {
    const ordered =
      (
        await sql<{
          one: number;
        }>`select 1 as one from order_items where product_id = ${id} limit 1`.execute(trx)
      ).rows.length > 0;
    if (ordered) {
      await hide(trx);
      return "hidden" as const;
    }
    try {
      await trx.deleteFrom("products").where("id", "=", id).execute();
      return "deleted" as const;
    } catch (error) {
      // Something else still refers to it (a foreign key we do not know of): keep it, hidden.
      if (error instanceof Error && /FOREIGN KEY constraint failed/.test(error.message)) {
        await hide(trx);
        return "hidden" as const;
      }
      throw error;
    }
  });
  if (outcome === "deleted") await removeUnusedImages(db, keys, uploadsDir);
  return outcome;
}
