/** How a chosen wheel size reads on cart and order lines, e-mails and invoices. */
export type SizeDetails = {
  sizeLabel: string;
  boltPattern?: string | null;
  offsetMm?: number | null;
  partNumber?: string | null;
};

/** "+25 mm", "-12 mm", "0 mm". */
export function offsetText(offsetMm: number): string {
  return `${offsetMm > 0 ? "+" : ""}${offsetMm} mm`;
}

/**
 * `17x8.5, bolt pattern 6x139.7, offset 0 mm, part MR70178512600` (what is known of it);
 * '' without a size.
 */
export function sizeText(v: SizeDetails): string {
  if (!v.sizeLabel) return "";
  return [
    v.sizeLabel,
    v.boltPattern ? `bolt pattern ${v.boltPattern}` : "",
    v.offsetMm !== null && v.offsetMm !== undefined ? `offset ${offsetText(v.offsetMm)}` : "",
    v.partNumber ? `part ${v.partNumber}` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** Units left of each size in one colour (null: the product has no colours). */
export function sizeStockFor(
  variants: { sizeId: number | null; colorId: number | null; stock: number }[],
  colorId: number | null,
): Map<number, number> {
  const map = new Map<number, number>();
  for (const v of variants)
    if (v.sizeId !== null && v.colorId === colorId) map.set(v.sizeId, v.stock);
  return map;
}
