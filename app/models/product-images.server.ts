import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import type { FieldErrors, ProductInput } from "~/utils/product-schema";
import { randomImageKey, removeImage, removeFiles, writeWebpVariants } from "~/utils/images.server";

/*
 * A product's image files: uploads are re-encoded to WebP and written before the database
 * transaction; when anything fails the files written so far are removed again.
 */

export type StoredColor = { name: string; images: string[] };

/** A product's colours with their image keys, in order. */
export async function storedColors(db: Kysely<DB>, productId: number): Promise<StoredColor[]> {
  const rows = await db
    .selectFrom("product_colors as pc")
    .leftJoin("product_color_images as pci", "pci.color_id", "pc.id")
    .select(["pc.id", "pc.name", "pci.image"])
    .where("pc.product_id", "=", productId)
    .orderBy("pc.position")
    .orderBy("pc.id")
    .orderBy("pci.position")
    .orderBy("pci.id")
    .execute();
  const byId = new Map<number, StoredColor>();
  for (const r of rows) {
    let c = byId.get(r.id);
    if (!c) byId.set(r.id, (c = { name: r.name, images: [] }));
    if (r.image) c.images.push(r.image);
  }
  return [...byId.values()];
}

/** Keys made by uploads (random); only these files are ever deleted. */
const UPLOADED_KEY = /^p\/[0-9a-f]{24}$/;

export type WrittenImages = { keys: Map<File, string>; files: string[] };

/** Re-encodes every uploaded file; on a file sharp cannot read, removes what was written. */
export async function writeImages(
  input: Pick<ProductInput, "mainImage" | "colors">,
  uploadsDir: string,
): Promise<{ ok: true; written: WrittenImages } | { ok: false; errors: FieldErrors }> {
  const jobs: { file: File; field: string }[] = [];
  if (input.mainImage) jobs.push({ file: input.mainImage, field: "image" });
  input.colors?.forEach((c, i) =>
    c.images.forEach((file) => jobs.push({ file, field: `colors.${i}.images` })),
  );
  const written: WrittenImages = { keys: new Map(), files: [] };
  for (const job of jobs) {
    const key = randomImageKey();
    try {
      const buffer = Buffer.from(await job.file.arrayBuffer());
      written.files.push(...(await writeWebpVariants(buffer, uploadsDir, key)));
      written.keys.set(job.file, key);
    } catch {
      await removeFiles(written.files);
      return {
        ok: false,
        errors: { [job.field]: `${job.file.name} could not be read as an image.` },
      };
    }
  }
  return { ok: true, written };
}

/** Removes the stored files of uploaded images that nothing refers to any more. */
export async function removeUnusedImages(
  db: Kysely<DB>,
  keys: Iterable<string>,
  uploadsDir: string,
) {
  for (const key of new Set(keys)) {
    if (!UPLOADED_KEY.test(key)) continue;
    const used =
      (await db.selectFrom("products").select("id").where("image", "=", key).executeTakeFirst()) ??
      (await db
        .selectFrom("product_color_images")
        .select("id")
        .where("image", "=", key)
        .executeTakeFirst());
    if (!used) await removeImage(uploadsDir, key).catch(() => undefined);
  }
}
