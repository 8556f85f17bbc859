import { z } from "zod";
import { rupeesToPaise } from "~/utils/money";
import { sniffImageType } from "~/utils/upload.server";
import { text } from "~/utils/validation";

/*
 * A product's fields: the one schema of the admin's HTML form and the JSON API (both read into
 * the same raw input in app/forms), and the validated input the product model saves.
 */

/** The select value meaning "Other, typed below" for brand and category. */
export const OTHER = "other";
/** Stock given to each variant of an in-stock product when no count is typed. */
export const DEFAULT_STOCK = 10;

export const SIZE_FIELDS = [
  "label",
  "diameter",
  "width",
  "boltPattern",
  "offset",
  "hubBore",
  "partNumber",
] as const;
export type SizeField = (typeof SIZE_FIELDS)[number];
/** A size row: the seven fields, plus (optional) the stored size's id and, from the API, a stock. */
export type SizeRowValues = Record<SizeField, string> & { id?: string; stock?: string };
/** A colour row to save: `keep` = stored image keys that stay (undefined, from the API: those of
 * the same-named colour), `images` = new uploads. */
export type ColorRowInput = { name: string; keep?: string[]; images: File[] };

/** The raw input of a save, as typed (absent colours/sizes mean "leave as they are"), and files. */
export type ProductRawInput = {
  title: string;
  slug: string;
  brand: string;
  brandOther: string;
  category: string;
  categoryOther: string;
  /** Rupees, as the HTML form's admin types them (the API's paise are converted when read). */
  price: string;
  description: string;
  inStock: string;
  stock: string;
  /** Absent (with `vehicles` absent too) leaves the fitment as it is; the API may omit both. */
  universalFit?: boolean;
  vehicles?: string[];
  /**
   * Units per colour x size, keyed `colourRow.sizeRow` (the rows' indices; 0 for a product
   * without colours or sizes); an empty cell leaves that variant to the rules of `stock`.
   */
  variantStock?: Record<string, string>;
  /**
   * The edit form's record of the stock it showed (`stockFingerprint`): a save over stock that has
   * moved since (an order took units or gave them back) is refused, so counts typed over old ones
   * do not undo a sale. Absent (the API) sets the counts as sent.
   */
  stockSeen?: string;
  /**
   * When the product the edit form showed was last saved: a save after someone else's is refused
   * once, so it does not silently undo their change. Absent (the API) saves as sent.
   */
  editedAt?: string;
  colors?: ColorRowInput[];
  sizes?: SizeRowValues[];
  mainImage: File | null;
};

export type FieldErrors = Record<string, string>;

export const blankSize = (): SizeRowValues =>
  Object.fromEntries(SIZE_FIELDS.map((f) => [f, ""])) as SizeRowValues;

const IMAGE_TYPES_TEXT = "Only JPEG, PNG, WebP or AVIF images are accepted";

const imageFile = z.instanceof(File).superRefine(async (file, ctx) => {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  if (!sniffImageType(head)) {
    ctx.addIssue({ code: "custom", message: `${file.name}: ${IMAGE_TYPES_TEXT.toLowerCase()}.` });
  }
});

const requiredText = (message: string, max: number) => text(max, message);

const numberField = (label: string, { positive }: { positive: boolean }) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine(
      (v) => /^-?\d+(\.\d+)?$/.test(v) && Number.isFinite(Number(v)),
      `${label} must be a number`,
    )
    .transform(Number)
    .refine((n) => (positive ? n > 0 : true), `${label} must be more than 0`)
    .refine((n) => Math.abs(n) < 10_000, `${label} is too large`);

const sizeFields = z.object({
  label: requiredText("Size label is required", 40),
  diameter: numberField("Diameter", { positive: true }),
  width: numberField("Width", { positive: true }),
  boltPattern: requiredText("Bolt pattern is required", 40),
  offset: numberField("Offset", { positive: false }),
  hubBore: numberField("Hub bore", { positive: true }),
  partNumber: requiredText("Part number is required", 60),
  id: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v && /^\d{1,12}$/.test(v) ? Number(v) : null)),
  stock: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^\d{1,6}$/.test(v), "Stock must be a whole number (0 to 999999)")
    .transform((v) => (v ? Number(v) : null)),
});
export type SizeInput = z.infer<typeof sizeFields> & { index: number };

const isBlank = (v: unknown) => v === undefined || v === null || String(v).trim() === "";

/** Size rows: a row left wholly blank is dropped, any other row needs all seven fields. */
const sizeRows = z.array(z.record(z.string()).optional()).transform((rows, ctx) => {
  const out: SizeInput[] = [];
  rows.forEach((row, i) => {
    if (!row || SIZE_FIELDS.every((f) => isBlank(row[f]))) return;
    const parsed = sizeFields.safeParse(row);
    if (parsed.success) out.push({ ...parsed.data, index: i });
    else
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [i, ...issue.path] });
  });
  // Two sizes may share a label (17x8.5 in two bolt patterns); the part number tells them apart.
  const parts = out.map((s) => s.partNumber.toLowerCase());
  const dup = out.find((_, i) => parts.indexOf(parts[i]) !== i);
  if (dup)
    ctx.addIssue({
      code: "custom",
      path: [],
      message: `Part numbers must differ (“${dup.partNumber}” is used twice)`,
    });
  return out;
});

const colorRow = z.object({
  name: text(60),
  keep: z.array(z.string()).optional(),
  images: z.array(imageFile),
});

/** Colour rows: a row with no name, no images and nothing kept is dropped; otherwise a name is needed. */
const colorRows = z
  .array(colorRow)
  .superRefine((rows, ctx) => {
    const names: string[] = [];
    rows.forEach((row, i) => {
      const blank = row.name === "" && row.images.length === 0 && (row.keep ?? []).length === 0;
      if (blank) return;
      if (row.name === "")
        ctx.addIssue({ code: "custom", path: [i, "name"], message: "Colour name is required" });
      else if (names.includes(row.name.toLowerCase())) {
        ctx.addIssue({
          code: "custom",
          path: [i, "name"],
          message: "This colour is already listed",
        });
      } else names.push(row.name.toLowerCase());
    });
  })
  .transform((rows) => rows.map((r, index) => ({ ...r, index })).filter((r) => r.name !== ""));

/**
 * The checks across fields, on the fields as typed: they run with the fields' own checks, so a
 * form shows every message at once (a refinement of the object would wait for its fields to pass).
 */
function checkAcrossFields(raw: unknown, ctx: z.RefinementCtx) {
  const typed = (name: string) => {
    const value = (raw as Record<string, unknown> | null)?.[name];
    return typeof value === "string" ? value.trim() : "";
  };
  if (typed("brand") === OTHER && typed("brandOther") === "") {
    ctx.addIssue({ code: "custom", path: ["brandOther"], message: "Type the brand name" });
  }
  if (typed("category") === OTHER && typed("categoryOther") === "") {
    ctx.addIssue({ code: "custom", path: ["categoryOther"], message: "Type the category name" });
  }
  if (typed("inStock") === "true" && /^0+$/.test(typed("stock"))) {
    ctx.addIssue({
      code: "custom",
      path: ["stock"],
      message: "An in-stock product needs at least 1 unit",
    });
  }
}

const productFields = z
  .object({
    title: requiredText("Title is required", 200),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, "Slug is required")
      .max(120, "At most 120 characters")
      .regex(
        /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/,
        "Use lowercase letters, digits and hyphens, e.g. method-305-nv",
      ),
    brand: z.string().trim().min(1, "Choose a brand"),
    brandOther: text(80).default(""),
    category: z.string().trim().min(1, "Choose a category"),
    categoryOther: text(80).default(""),
    price: z
      .string()
      .trim()
      .min(1, "Price is required")
      .transform((v, ctx) => {
        const paise = rupeesToPaise(v);
        if (paise === null) {
          ctx.addIssue({ code: "custom", message: "Enter the price in rupees, e.g. 1499.50" });
          return z.NEVER;
        }
        if (paise <= 0) {
          ctx.addIssue({ code: "custom", message: "Price must be more than ₹0" });
          return z.NEVER;
        }
        return paise;
      }),
    description: text(5000, undefined, { multiline: true }).default(""),
    inStock: z.enum(["true", "false"], { message: "Choose whether it is in stock" }),
    stock: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^\d{1,6}$/.test(v), "Stock must be a whole number (0 to 999999)")
      .transform((v) => (v === "" ? null : Number(v))),
    universalFit: z.boolean().optional(),
    vehicles: z.array(z.string().trim().min(1)).optional(),
    colors: colorRows.optional(),
    sizes: sizeRows.optional(),
    variantStock: z
      .record(
        z
          .string()
          .trim()
          .refine(
            (v) => v === "" || /^\d{1,6}$/.test(v),
            "Stock must be a whole number (0 to 999999)",
          ),
      )
      .default({}),
    stockSeen: z.string().max(10_000).optional(),
    editedAt: z.string().max(40).optional(),
    mainImage: imageFile.nullable().default(null),
  })
  .transform((v, ctx) => {
    // The fitment changes when either part is given: vehicles alone mean "these, not universal";
    // universal fit drops the vehicle list; neither leaves both as they are.
    const universalFit = v.universalFit ?? (v.vehicles ? false : undefined);
    const variantStock = variantStockOf(v.variantStock, v.colors, v.sizes);
    const totalMessage = ignoredTotal(v, variantStock);
    if (totalMessage) ctx.addIssue({ code: "custom", path: ["stock"], message: totalMessage });
    return {
      title: v.title,
      slug: v.slug,
      /** A brand slug or name; a new one is created when none matches. */
      brand: v.brand === OTHER ? v.brandOther : v.brand,
      category: v.category === OTHER ? v.categoryOther : v.category,
      pricePaise: v.price,
      description: v.description,
      /** Units to sell; null = keep the current count (or DEFAULT_STOCK for a new product). */
      stock: v.inStock === "false" ? 0 : v.stock,
      /** Undefined (with `vehicles`) = keep the product's fitment. */
      universalFit,
      vehicles: universalFit ? [] : v.vehicles && [...new Set(v.vehicles)],
      colors: v.colors,
      sizes: v.sizes,
      /** Typed units per variant, keyed `colourIndex.sizeIndex` among the rows kept (see variantStockOf). */
      variantStock,
      /** The stock the form showed, when it came from the edit form (see ProductRawInput). */
      stockSeen: v.stockSeen || undefined,
      editedAt: v.editedAt || undefined,
      mainImage: v.mainImage,
    };
  });

export const productSchema = z.preprocess((raw, ctx) => {
  checkAcrossFields(raw, ctx);
  return raw;
}, productFields);

/**
 * On the edit form of a product with colours or sizes, every cell of the stock table counted: a
 * "Units in stock" changed from what the form showed, to a number the cells do not add up to,
 * would be dropped (the cells decide). Says so, or null.
 */
function ignoredTotal(
  v: {
    inStock: string;
    stock: number | null;
    stockSeen?: string;
    colors?: unknown[];
    sizes?: unknown[];
  },
  cells: Map<string, number>,
): string | null {
  if (v.stockSeen === undefined || v.inStock !== "true" || v.stock === null) return null;
  const variants = Math.max(1, v.colors?.length ?? 0) * Math.max(1, v.sizes?.length ?? 0);
  if ((v.colors?.length ?? 0) + (v.sizes?.length ?? 0) === 0 || cells.size < variants) return null;
  // The counts the form showed, from its record of them (`size.colour:units,...`).
  const shown = v.stockSeen
    .split(",")
    .reduce((n, part) => n + Number(part.slice(part.indexOf(":") + 1)), 0);
  const sum = [...cells.values()].reduce((n, c) => n + c, 0);
  if (v.stock === shown || v.stock === sum) return null;
  return `This product's stock is counted per colour and size: change the cells of “Stock per variant” (together ${sum}), or empty them all to spread ${v.stock} units over the variants`;
}

/**
 * The typed per-variant counts, re-keyed from the form's row indices to the indices of the rows
 * kept (blank rows are dropped): a cell `c.s`, else the size row's own `stock` (the API's).
 */
function variantStockOf(
  cells: Record<string, string>,
  colors: { index: number }[] | undefined,
  sizes: SizeInput[] | undefined,
): Map<string, number> {
  const out = new Map<string, number>();
  const colorRows = colors && colors.length > 0 ? colors.map((c) => c.index) : [0];
  const sizeRows: (SizeInput | null)[] = sizes && sizes.length > 0 ? sizes : [null];
  colorRows.forEach((ci, c) =>
    sizeRows.forEach((size, s) => {
      const cell = cells[`${ci}.${size?.index ?? 0}`]?.trim();
      if (cell) out.set(`${c}.${s}`, Number(cell));
      else if (size?.stock != null) out.set(`${c}.${s}`, size.stock);
    }),
  );
  return out;
}

export type ProductInput = z.output<typeof productSchema>;

/**
 * Field messages keyed by the form's field names (`title`, `colors.1.name`, `sizes.0.width`, and
 * `image` for the main image's file input).
 */
export function productFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? "form" : issue.path.join(".");
    // A message about a file belongs next to its input.
    const fieldKey = key
      .replace(/^(colors\.\d+\.images)\.\d+$/, "$1")
      .replace(/^mainImage$/, "image");
    errors[fieldKey] ??= issue.message;
  }
  return errors;
}
