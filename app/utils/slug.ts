/**
 * A name as URL words: lowercase ASCII letters and digits joined by `sep` ("Old Man EMU" ->
 * "old-man-emu", accents dropped), or "" when nothing of it is left.
 */
export function slugify(name: string, sep: "-" | "_" = "-"): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, sep)
    .replace(new RegExp(`^\\${sep}+|\\${sep}+$`, "g"), "");
}
