import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { IMAGE_WIDTHS, isImageKey } from "./images";

export function imageFilePath(uploadsDir: string, key: string, width: number): string {
  if (!isImageKey(key)) throw new Error(`Bad image key: ${key}`);
  return path.join(uploadsDir, `${key}-${width}.webp`);
}

/** A new random key under `prefix` (e.g. "p/3f9c..."). */
export function randomImageKey(prefix = "p"): string {
  return `${prefix}/${crypto.randomBytes(12).toString("hex")}`;
}

/**
 * Re-encodes an image (any format sharp reads, SVG included for our own artwork) to square WebP
 * in every storefront width, with no metadata kept. Returns the written file paths.
 */
export async function writeWebpVariants(
  input: Buffer,
  uploadsDir: string,
  key: string,
): Promise<string[]> {
  const written: string[] = [];
  await fs.mkdir(path.dirname(imageFilePath(uploadsDir, key, IMAGE_WIDTHS[0])), {
    recursive: true,
  });
  try {
    // Loaded on the first upload: libvips is 20 MB of memory a server process needs only then.
    const { default: sharp } = await import("sharp");
    const base = sharp(input, { limitInputPixels: 40_000_000 }).rotate();
    for (const width of IMAGE_WIDTHS) {
      const file = imageFilePath(uploadsDir, key, width);
      await base
        .clone()
        .resize(width, width, { fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 1 } })
        .flatten({ background: "#ffffff" })
        .webp({ quality: 78, effort: 4 })
        .toFile(file);
      written.push(file);
    }
    return written;
  } catch (error) {
    await removeFiles(written);
    throw error;
  }
}

export async function removeFiles(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => fs.rm(f, { force: true })));
}

/** Removes every width of an image. */
export async function removeImage(uploadsDir: string, key: string): Promise<void> {
  await removeFiles(IMAGE_WIDTHS.map((w) => imageFilePath(uploadsDir, key, w)));
}
