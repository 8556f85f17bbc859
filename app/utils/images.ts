/**
 * Product images are stored once per upload as WebP in a few widths, named `<key>-<width>.webp`
 * under UPLOADS_DIR and served from `/uploads/`. The database keeps only the key.
 */
export const IMAGE_WIDTHS = [320, 640, 1024] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

/** What one save of the product form takes: files of at most 5 MB, 24 of them, 50 MB in all. */
export const PRODUCT_IMAGE_LIMITS = {
  fileMb: 5,
  files: 24,
  totalMb: 50,
} as const;

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_-]*$/;

export function isImageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes("..") && !key.includes("//");
}

export function imageUrl(key: string | null | undefined, width: ImageWidth = 640): string {
  if (!key) return PLACEHOLDER_IMAGE;
  return `/uploads/${key}-${width}.webp`;
}

export function imageSrcSet(key: string | null | undefined): string | undefined {
  if (!key) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageUrl(key, w)} ${w}w`).join(", ");
}
