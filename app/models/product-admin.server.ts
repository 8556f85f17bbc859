import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "~/db/schema";
import { rupeesToPaise } from "~/utils/money";
import { splitStock, syncVariants } from "~/models/variant-stock.server";
import { randomImageKey, removeImage, removeFiles, writeWebpVariants } from "~/utils/images.server";
import { isMultipart, parseMultipartUpload, readFormBody, sniffImageType, UploadTooLargeError } from "~/utils/upload.server";

/*
 * Admin side of the catalogue: one validation for the HTML product form and the API multipart,
 * create / update / delete with colours, colour images, wheel sizes, fitment and stock.
 * Uploaded images are checked by content, re-encoded to WebP and written before the database
 * transaction; when anything fails the files written so far are removed again.
 */

/** The select value meaning "Other, typed below" for brand and category. */
export const OTHER = "other";
/** Stock given to each variant of an in-stock product when no count is typed. */
export const DEFAULT_STOCK = 10;
export const ADMIN_PAGE_SIZE = 20;

export const SIZE_FIELDS = ["label", "diameter", "width", "boltPattern", "offset", "hubBore", "partNumber"] as const;
export type SizeField = (typeof SIZE_FIELDS)[number];
/** A size row: the seven fields, plus (optional) the stored size's id and, from the API, a stock. */
export type SizeRowValues = Record<SizeField, string> & { id?: string; stock?: string };
/** A colour row of the form: its name, the stored images it shows, and those ticked for removal. */
export type ColorRowValues = { name: string; stored: string[]; remove: string[] };
/** A colour row to save: `keep` = stored image keys that stay (undefined, from the API: those of
 * the same-named colour), `images` = new uploads. */
export type ColorRowInput = { name: string; keep?: string[]; images: File[] };

/** What the product form shows: the typed text, kept as typed so a failed save loses nothing. */
export type ProductFormValues = {
  title: string;
  slug: string;
  brand: string;
  brandOther: string;
  category: string;
  categoryOther: string;
  price: string;
  description: string;
  inStock: string;
  stock: string;
  universalFit: boolean;
  vehicles: string[];
  /** The current main image (edit mode), kept unless replaced. */
  image: string | null;
  colors: ColorRowValues[];
  sizes: SizeRowValues[];
  /**
   * Units per colour x size, keyed `colourRow.sizeRow` (the form's row indices; 0 for a product
   * without colours or sizes); an empty cell leaves that variant to the rules of `stock`.
   */
  variantStock: Record<string, string>;
};

/** The raw input of a save: form values (absent colours/sizes mean "leave as they are") and files. */
export type ProductRawInput = Omit<ProductFormValues, "colors" | "sizes" | "image" | "variantStock"> & {
  variantStock?: Record<string, string>;
  colors?: ColorRowInput[];
  sizes?: SizeRowValues[];
  mainImage: File | null;
};

export type FieldErrors = Record<string, string>;

export const blankSize = (): SizeRowValues => ({
  label: "",
  diameter: "",
  width: "",
  boltPattern: "",
  offset: "",
  hubBore: "",
  partNumber: "",
});

export const blankColor = (): ColorRowValues => ({ name: "", stored: [], remove: [] });

export const emptyProductValues = (): ProductFormValues => ({
  title: "",
  slug: "",
  brand: "",
  brandOther: "",
  category: "",
  categoryOther: "",
  price: "",
  description: "",
  inStock: "true",
  stock: String(DEFAULT_STOCK),
  universalFit: false,
  vehicles: [],
  image: null,
  colors: [blankColor()],
  sizes: [blankSize()],
  variantStock: {},
});

// ---------------------------------------------------------------------------------------------
// Validation (shared by both doors)

const IMAGE_TYPES_TEXT = "Only JPEG, PNG, WebP or AVIF images are accepted";

const imageFile = z.instanceof(File).superRefine(async (file, ctx) => {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  if (!sniffImageType(head)) {
    ctx.addIssue({ code: "custom", message: `${file.name}: ${IMAGE_TYPES_TEXT.toLowerCase()}.` });
  }
});

const requiredText = (message: string, max: number) =>
  z.string({ required_error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

const numberField = (label: string, { positive }: { positive: boolean }) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => /^-?\d+(\.\d+)?$/.test(v) && Number.isFinite(Number(v)), `${label} must be a number`)
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
  id: z.string().trim().optional().transform((v) => (v && /^\d{1,12}$/.test(v) ? Number(v) : null)),
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
    else for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [i, ...issue.path] });
  });
  // Two sizes may share a label (17x8.5 in two bolt patterns); the part number tells them apart.
  const parts = out.map((s) => s.partNumber.toLowerCase());
  const dup = out.find((_, i) => parts.indexOf(parts[i]) !== i);
  if (dup) ctx.addIssue({ code: "custom", path: [], message: `Part numbers must differ (“${dup.partNumber}” is used twice)` });
  return out;
});

const colorRow = z.object({
  name: z.string().trim().max(60, "At most 60 characters"),
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
      if (row.name === "") ctx.addIssue({ code: "custom", path: [i, "name"], message: "Colour name is required" });
      else if (names.includes(row.name.toLowerCase())) {
        ctx.addIssue({ code: "custom", path: [i, "name"], message: "This colour is already listed" });
      } else names.push(row.name.toLowerCase());
    });
  })
  .transform((rows) => rows.map((r, index) => ({ ...r, index })).filter((r) => r.name !== ""));

export const productSchema = z
  .object({
    title: requiredText("Title is required", 200),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, "Slug is required")
      .max(120, "At most 120 characters")
      .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, "Use lowercase letters, digits and hyphens, e.g. method-305-nv"),
    brand: z.string().trim().min(1, "Choose a brand"),
    brandOther: z.string().trim().max(80, "At most 80 characters").default(""),
    category: z.string().trim().min(1, "Choose a category"),
    categoryOther: z.string().trim().max(80, "At most 80 characters").default(""),
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
    description: z.string().trim().max(5000, "At most 5000 characters").default(""),
    inStock: z.enum(["true", "false"], { message: "Choose whether it is in stock" }),
    stock: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^\d{1,6}$/.test(v), "Stock must be a whole number (0 to 999999)")
      .transform((v) => (v === "" ? null : Number(v))),
    universalFit: z.boolean().default(false),
    vehicles: z.array(z.string().trim().min(1)).default([]),
    colors: colorRows.optional(),
    sizes: sizeRows.optional(),
    variantStock: z
      .record(
        z
          .string()
          .trim()
          .refine((v) => v === "" || /^\d{1,6}$/.test(v), "Stock must be a whole number (0 to 999999)"),
      )
      .default({}),
    mainImage: imageFile.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.brand === OTHER && v.brandOther === "") {
      ctx.addIssue({ code: "custom", path: ["brandOther"], message: "Type the brand name" });
    }
    if (v.category === OTHER && v.categoryOther === "") {
      ctx.addIssue({ code: "custom", path: ["categoryOther"], message: "Type the category name" });
    }
    if (v.inStock === "true" && v.stock === 0) {
      ctx.addIssue({ code: "custom", path: ["stock"], message: "An in-stock product needs at least 1 unit" });
    }
  })
  .transform((v) => ({
    title: v.title,
    slug: v.slug,
    /** A brand slug or name; a new one is created when none matches. */
    brand: v.brand === OTHER ? v.brandOther : v.brand,
    category: v.category === OTHER ? v.categoryOther : v.category,
    pricePaise: v.price,
    description: v.description,
    /** Units to sell; null = keep the current count (or DEFAULT_STOCK for a new product). */
    stock: v.inStock === "false" ? 0 : v.stock,
    universalFit: v.universalFit,
    vehicles: v.universalFit ? [] : [...new Set(v.vehicles)],
    colors: v.colors,
    sizes: v.sizes,
    /** Typed units per variant, keyed `colourIndex.sizeIndex` among the rows kept (see variantStockOf). */
    variantStock: variantStockOf(v.variantStock, v.colors, v.sizes),
    mainImage: v.mainImage,
  }));

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

/** Field messages keyed by the form's field names (`title`, `colors.1.name`, `sizes.0.width`). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? "form" : issue.path.join(".");
    // A message about a file belongs next to its input.
    const fieldKey = key.replace(/^(colors\.\d+\.images)\.\d+$/, "$1");
    errors[fieldKey] ??= issue.message;
  }
  return errors;
}

export type Validation = { ok: true; input: ProductInput } | { ok: false; errors: FieldErrors };

/** The one validation of a product, whichever door it came through. */
export async function validateProduct(raw: ProductRawInput): Promise<Validation> {
  const parsed = await productSchema.safeParseAsync(raw);
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

// ---------------------------------------------------------------------------------------------
// Reading the two doors

const text = (fd: FormData, name: string) => {
  const v = fd.get(name);
  return typeof v === "string" ? v : "";
};
const files = (fd: FormData, name: string) =>
  fd.getAll(name).filter((v): v is File => typeof v !== "string" && v.size > 0);
const texts = (fd: FormData, name: string) => fd.getAll(name).filter((v): v is string => typeof v === "string");

/** Highest row index present for `prefix.N.*` fields, plus one. */
function rowCount(fd: FormData, prefix: string): number {
  let n = 0;
  const re = new RegExp(`^${prefix}\\.(\\d+)\\.`);
  for (const key of fd.keys()) {
    const m = re.exec(key);
    if (m) n = Math.max(n, Number(m[1]) + 1);
  }
  return Math.min(n, 50);
}

/**
 * The HTML form: fields named `title`, ..., `colors.N.name`, `colors.N.stored` (hidden: the stored
 * images the row shows), `colors.N.remove` (ticked ones), `colors.N.images` (new files),
 * `sizes.N.<field>`, `image` (main image file), `currentImage`.
 */
export function readProductForm(fd: FormData): { values: ProductFormValues; raw: ProductRawInput } {
  const colors: ColorRowValues[] = Array.from({ length: rowCount(fd, "colors") }, (_, i) => {
    const stored = texts(fd, `colors.${i}.stored`);
    const remove = texts(fd, `colors.${i}.remove`).filter((k) => stored.includes(k));
    return { name: text(fd, `colors.${i}.name`), stored, remove };
  });
  const colorRows: ColorRowInput[] = colors.map((c, i) => ({
    name: c.name,
    keep: c.stored.filter((k) => !c.remove.includes(k)),
    images: files(fd, `colors.${i}.images`),
  }));
  const sizes = Array.from({ length: rowCount(fd, "sizes") }, (_, i) => {
    const row = blankSize();
    for (const f of SIZE_FIELDS) row[f] = text(fd, `sizes.${i}.${f}`);
    if (text(fd, `sizes.${i}.id`)) row.id = text(fd, `sizes.${i}.id`);
    return row;
  });
  const variantStock: Record<string, string> = {};
  for (const [key, value] of fd.entries()) {
    const m = /^variantStock\.(\d{1,2}\.\d{1,2})$/.exec(key);
    if (m && typeof value === "string") variantStock[m[1]] = value;
  }
  const base = {
    title: text(fd, "title"),
    slug: text(fd, "slug"),
    brand: text(fd, "brand"),
    brandOther: text(fd, "brandOther"),
    category: text(fd, "category"),
    categoryOther: text(fd, "categoryOther"),
    price: text(fd, "price"),
    description: text(fd, "description"),
    inStock: text(fd, "inStock"),
    stock: text(fd, "stock"),
    universalFit: text(fd, "universalFit") === "on" || text(fd, "universalFit") === "true",
    vehicles: texts(fd, "vehicles"),
  };
  const values: ProductFormValues = {
    ...base,
    image: text(fd, "currentImage") || null,
    colors,
    sizes,
    variantStock,
  };
  const mainImage = files(fd, "image")[0] ?? null;
  return { values, raw: { ...base, colors: colorRows, sizes, variantStock, mainImage } };
}

function parseJsonList(value: string, field: string, errors: FieldErrors): unknown[] | undefined {
  if (value.trim() === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // reported below
  }
  errors[field] = "Must be a JSON list";
  return undefined;
}

const asText = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/**
 * The API multipart (SPEC section 7): title, slug, brand, price (integer paise, as the spec's form sends
 * it after converting what the admin typed), description, category,
 * inStock 'true'/'false', image file, colors = JSON [{name, count}], colorImages = files in that
 * order, size = JSON [{label, diameter, width, boltPattern, offset, hubBore, partNumber}];
 * optional extras: stock, universalFit, vehicles (JSON list or comma list of vehicle slugs).
 * Answers the same raw input as the HTML form, or errors in the request's shape itself.
 */
export function readProductApi(fd: FormData): { raw: ProductRawInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const colorList = parseJsonList(text(fd, "colors"), "colors", errors);
  const sizeList = parseJsonList(text(fd, "size") || text(fd, "sizes"), "size", errors);
  const colorImages = files(fd, "colorImages");

  let colors: ProductRawInput["colors"];
  if (colorList) {
    let at = 0;
    colors = colorList.map((c, i) => {
      const row = (c ?? {}) as Record<string, unknown>;
      const count = Number(row.count ?? 0);
      if (!Number.isInteger(count) || count < 0) errors[`colors.${i}.count`] = "count must be a whole number";
      const images = colorImages.slice(at, at + Math.max(0, count || 0));
      at += Math.max(0, count || 0);
      return { name: asText(row.name), images };
    });
    if (at !== colorImages.length) {
      errors.colorImages = `colors lists ${at} images but ${colorImages.length} colorImages were sent`;
    }
  } else if (colorImages.length > 0) {
    errors.colorImages = "colorImages needs a colors list saying how many belong to each colour";
  }

  const sizes = sizeList?.map((s) => {
    const row = (s ?? {}) as Record<string, unknown>;
    const out = blankSize();
    for (const f of SIZE_FIELDS) out[f] = asText(row[f]);
    if (row.stock !== undefined && row.stock !== null) out.stock = asText(row.stock);
    return out;
  });

  // variants = JSON [{colorName | colorIndex, sizePartNumber | sizeIndex, stock}]: one colour x size each.
  const variantStock: Record<string, string> = {};
  const variantList = parseJsonList(text(fd, "variants"), "variants", errors);
  variantList?.forEach((v, i) => {
    const row = (v ?? {}) as Record<string, unknown>;
    const colorIndex =
      row.colorName !== undefined
        ? (colorList ?? []).findIndex((c) => asText((c as Record<string, unknown> | null)?.name).trim().toLowerCase() === asText(row.colorName).trim().toLowerCase())
        : Number(row.colorIndex ?? 0);
    const sizeIndex =
      row.sizePartNumber !== undefined
        ? (sizes ?? []).findIndex((s) => s.partNumber.trim().toLowerCase() === asText(row.sizePartNumber).trim().toLowerCase())
        : Number(row.sizeIndex ?? 0);
    if (!Number.isInteger(colorIndex) || colorIndex < 0 || (colorIndex > 0 && colorIndex >= (colorList?.length ?? 0))) {
      errors[`variants.${i}`] = "variants: no such colour in colors";
    } else if (!Number.isInteger(sizeIndex) || sizeIndex < 0 || (sizeIndex > 0 && sizeIndex >= (sizes?.length ?? 0))) {
      errors[`variants.${i}`] = "variants: no such size in size";
    } else if (!/^\d{1,6}$/.test(asText(row.stock).trim())) {
      errors[`variants.${i}`] = "variants: stock must be a whole number (0 to 999999)";
    } else {
      variantStock[`${colorIndex}.${sizeIndex}`] = asText(row.stock).trim();
    }
  });

  const vehiclesText = text(fd, "vehicles").trim();
  let vehicles: string[] = [];
  if (vehiclesText.startsWith("[")) {
    vehicles = (parseJsonList(vehiclesText, "vehicles", errors) ?? []).map(asText);
  } else if (vehiclesText) {
    vehicles = vehiclesText.split(",").map((v) => v.trim()).filter(Boolean);
  }
  const brand = text(fd, "brand");
  const category = text(fd, "category");
  // Paise in; the shared schema reads rupees as the HTML form's admin types them.
  const paise = text(fd, "price").trim();
  let price = paise;
  if (/^\d{1,12}$/.test(paise)) price = (Number(paise) / 100).toFixed(2);
  else if (paise !== "") errors.price = "price is a whole number of paise, e.g. 149950 for ₹1,499.50";
  const raw: ProductRawInput = {
    title: text(fd, "title"),
    slug: text(fd, "slug"),
    // The API names a brand or category directly: treat it like "Other" with that text, which
    // reuses a matching brand or creates it.
    brand: brand.trim() ? OTHER : "",
    brandOther: brand,
    category: category.trim() ? OTHER : "",
    categoryOther: category,
    price,
    description: text(fd, "description"),
    inStock: text(fd, "inStock"),
    stock: text(fd, "stock"),
    universalFit: text(fd, "universalFit") === "true",
    vehicles,
    colors,
    sizes,
    variantStock,
    mainImage: files(fd, "image")[0] ?? null,
  };
  return { raw, errors };
}

// ---------------------------------------------------------------------------------------------
// Lookups for the form

export async function productFormOptions(db: Kysely<DB>) {
  const [brands, categories, vehicles] = await Promise.all([
    db.selectFrom("brands").select(["slug", "name"]).orderBy("name").execute(),
    db.selectFrom("categories").select(["slug", "name"]).orderBy("position").orderBy("name").execute(),
    db.selectFrom("vehicles").select(["slug", "make", "model", "featured"]).orderBy("featured", "desc").orderBy("make").orderBy("model").execute(),
  ]);
  return {
    brands,
    categories,
    vehicles: vehicles.map((v) => ({ slug: v.slug, name: `${v.make} ${v.model}` })),
  };
}
export type StoredColor = { name: string; images: string[] };

/** A product as the edit form shows it, or null when there is none (or it was removed). */
export async function getProductForEdit(
  db: Kysely<DB>,
  id: number,
): Promise<{ id: number; values: ProductFormValues; colors: StoredColor[] } | null> {
  const p = await db
    .selectFrom("products as p")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select([
      "p.id",
      "p.title",
      "p.slug",
      "b.slug as brand",
      "c.slug as category",
      "p.price_paise",
      "p.description",
      "p.stock",
      "p.universal_fit",
      "p.image",
    ])
    .where("p.id", "=", id)
    .where("p.hidden_at", "is", null)
    .executeTakeFirst();
  if (!p) return null;
  const colors = await storedColors(db, id);
  const variants = await db
    .selectFrom("product_variants")
    .select(["size_id", "color_id", "stock"])
    .where("product_id", "=", id)
    .execute();
  const colorIds = (
    await db.selectFrom("product_colors").select("id").where("product_id", "=", id).orderBy("position").orderBy("id").execute()
  ).map((c) => c.id);
  const sizes = await db
    .selectFrom("product_sizes")
    .selectAll()
    .where("product_id", "=", id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const vehicles = await db
    .selectFrom("product_vehicles as pv")
    .innerJoin("vehicles as v", "v.id", "pv.vehicle_id")
    .select("v.slug")
    .where("pv.product_id", "=", id)
    .execute();
  const values: ProductFormValues = {
    title: p.title,
    slug: p.slug,
    brand: p.brand,
    brandOther: "",
    category: p.category,
    categoryOther: "",
    price: (p.price_paise / 100).toFixed(2),
    description: p.description,
    inStock: p.stock > 0 ? "true" : "false",
    stock: String(p.stock),
    universalFit: p.universal_fit === 1,
    vehicles: vehicles.map((v) => v.slug),
    image: p.image,
    colors: colors.map((c) => ({ name: c.name, stored: c.images, remove: [] })),
    sizes: sizes.map((s) => ({
      id: String(s.id),
      label: s.label,
      diameter: String(s.diameter),
      width: String(s.width),
      boltPattern: s.bolt_pattern,
      offset: String(s.offset_mm),
      hubBore: String(s.hub_bore_mm),
      partNumber: s.part_number,
    })),
    // The cells only for a product with colours or sizes; one without keeps to `stock`.
    variantStock:
      colors.length + sizes.length === 0
        ? {}
        : Object.fromEntries(
            variants.map((v) => [
              `${Math.max(0, colorIds.indexOf(v.color_id ?? 0))}.${Math.max(0, sizes.findIndex((s) => s.id === v.size_id))}`,
              String(v.stock),
            ]),
          ),
  };
  if (values.colors.length === 0) values.colors.push(blankColor());
  if (values.sizes.length === 0) values.sizes.push(blankSize());
  return { id: p.id, values, colors };
}

async function storedColors(db: Kysely<DB>, productId: number): Promise<StoredColor[]> {
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

// ---------------------------------------------------------------------------------------------
// Saving

export type SaveResult = { ok: true; id: number } | { ok: false; errors: FieldErrors; notFound?: boolean };

type SaveOptions = { uploadsDir: string };

function slugify(name: string, sep: "-" | "_"): string {
  const s = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, sep)
    .replace(new RegExp(`^\\${sep}+|\\${sep}+$`, "g"), "");
  return s || "other";
}

/** The id of the brand named by slug or name (any case), created when there is none. */
async function resolveBrand(trx: Kysely<DB>, nameOrSlug: string): Promise<number> {
  const key = nameOrSlug.trim();
  const found = await trx
    .selectFrom("brands")
    .select("id")
    .where((eb) => eb.or([eb("slug", "=", key.toLowerCase()), eb(sql`lower(name)`, "=", key.toLowerCase())]))
    .executeTakeFirst();
  if (found) return found.id;
  let slug = slugify(key, "-");
  if (await trx.selectFrom("brands").select("id").where("slug", "=", slug).executeTakeFirst()) slug = `${slug}-${Date.now()}`;
  const r = await trx.insertInto("brands").values({ slug, name: key }).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

async function resolveCategory(trx: Kysely<DB>, nameOrSlug: string): Promise<number> {
  const key = nameOrSlug.trim();
  const found = await trx
    .selectFrom("categories")
    .select("id")
    .where((eb) => eb.or([eb("slug", "=", key.toLowerCase()), eb(sql`lower(name)`, "=", key.toLowerCase())]))
    .executeTakeFirst();
  if (found) return found.id;
  let slug = slugify(key, "_");
  if (await trx.selectFrom("categories").select("id").where("slug", "=", slug).executeTakeFirst()) slug = `${slug}_${Date.now()}`;
  const last = await trx
    .selectFrom("categories")
    .select((eb) => eb.fn.max("position").as("max"))
    .executeTakeFirst();
  const r = await trx
    .insertInto("categories")
    .values({ slug, name: key, position: Number(last?.max ?? 0) + 1 })
    .executeTakeFirstOrThrow();
  return Number(r.insertId);
}

/** Checks that need the database: the slug is free, the vehicles exist. */
async function checkAgainstDb(db: Kysely<DB>, input: ProductInput, id: number | null) {
  const errors: FieldErrors = {};
  let q = db.selectFrom("products").select("id").where("slug", "=", input.slug);
  if (id !== null) q = q.where("id", "!=", id);
  if (await q.executeTakeFirst()) errors.slug = "Another product already uses this slug";
  let vehicleIds: number[] = [];
  if (input.vehicles.length > 0) {
    const rows = await db.selectFrom("vehicles").select(["id", "slug"]).where("slug", "in", input.vehicles).execute();
    const unknown = input.vehicles.filter((s) => !rows.some((r) => r.slug === s));
    if (unknown.length > 0) errors.vehicles = `Unknown vehicle: ${unknown.join(", ")}`;
    vehicleIds = rows.map((r) => r.id);
  }
  return { errors, vehicleIds };
}

/** Keys made by uploads (random); only these files are ever deleted. */
const UPLOADED_KEY = /^p\/[0-9a-f]{24}$/;

type WrittenImages = { keys: Map<File, string>; files: string[] };

/** Re-encodes every uploaded file; on a file sharp cannot read, removes what was written. */
async function writeImages(
  input: ProductInput,
  uploadsDir: string,
): Promise<{ ok: true; written: WrittenImages } | { ok: false; errors: FieldErrors }> {
  const jobs: { file: File; field: string }[] = [];
  if (input.mainImage) jobs.push({ file: input.mainImage, field: "image" });
  input.colors?.forEach((c, i) => c.images.forEach((file) => jobs.push({ file, field: `colors.${i}.images` })));
  const written: WrittenImages = { keys: new Map(), files: [] };
  for (const job of jobs) {
    const key = randomImageKey();
    try {
      const buffer = Buffer.from(await job.file.arrayBuffer());
      written.files.push(...(await writeWebpVariants(buffer, uploadsDir, key)));
      written.keys.set(job.file, key);
    } catch {
      await removeFiles(written.files);
      return { ok: false, errors: { [job.field]: `${job.file.name} could not be read as an image.` } };
    }
  }
  return { ok: true, written };
}

/** Removes the stored files of uploaded images that nothing refers to any more. */
async function removeUnusedImages(db: Kysely<DB>, keys: Iterable<string>, uploadsDir: string) {
  for (const key of new Set(keys)) {
    if (!UPLOADED_KEY.test(key)) continue;
    const used =
      (await db.selectFrom("products").select("id").where("image", "=", key).executeTakeFirst()) ??
      (await db.selectFrom("product_color_images").select("id").where("image", "=", key).executeTakeFirst());
    if (!used) await removeImage(uploadsDir, key).catch(() => undefined);
  }
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
        ? (existing?.colors.find((e) => e.name.toLowerCase() === c.name.toLowerCase())?.images ?? [])
        : c.keep.filter((k) => ownKeys.has(k));
    return { name: c.name, images: [...new Set(kept), ...c.images.map((f) => written.keys.get(f)!)] };
  });
  const colorKeys = colors?.flatMap((c) => c.images) ?? existing?.colors.flatMap((c) => c.images) ?? [];

  // Main image: a new upload; else the current one unless it was a colour image now dropped;
  // else the first colour image.
  let mainImage = input.mainImage ? written.keys.get(input.mainImage)! : (existing?.image ?? null);
  if (!input.mainImage && mainImage && ownKeys.has(mainImage) && !colorKeys.includes(mainImage)) mainImage = null;
  mainImage ??= colorKeys[0] ?? null;

  let savedId: number;
  try {
    savedId = await db.transaction().execute(async (trx) => {
      const brandId = await resolveBrand(trx, input.brand);
      const categoryId = await resolveCategory(trx, input.category);
      const row = {
        slug: input.slug,
        title: input.title,
        brand_id: brandId,
        category_id: categoryId,
        price_paise: input.pricePaise,
        description: input.description,
        image: mainImage,
        universal_fit: input.universalFit ? 1 : 0,
      };
      let productId: number;
      if (id === null) {
        // Its stock is the sum of its variants, set below.
        productId = Number((await trx.insertInto("products").values({ ...row, stock: 0 }).executeTakeFirstOrThrow()).insertId);
      } else {
        productId = id;
        await trx
          .updateTable("products")
          .set({ ...row, updated_at: sql`strftime('%Y-%m-%dT%H:%M:%fZ','now')` })
          .where("id", "=", id)
          .execute();
      }
      // Colours and sizes are updated in place (matched by name, by id or part number), so the
      // variants, cart lines and order lines that refer to them keep doing so.
      if (colors) await saveColors(trx, productId, colors);
      if (input.sizes) await saveSizes(trx, productId, input.sizes);
      await saveVariantStock(trx, productId, input, existing?.stock ?? 0);
      await trx.deleteFrom("product_vehicles").where("product_id", "=", productId).execute();
      if (vehicleIds.length > 0) {
        await trx
          .insertInto("product_vehicles")
          .values(vehicleIds.map((vehicle_id) => ({ product_id: productId, vehicle_id })))
          .execute();
      }
      return productId;
    });
  } catch (error) {
    await removeFiles(written.files);
    if (isUniqueSlugError(error)) return { ok: false, errors: { slug: "Another product already uses this slug" } };
    throw error;
  }

  if (existing) {
    await removeUnusedImages(db, [...ownKeys, ...(existing.image ? [existing.image] : [])], uploadsDir);
  }
  return { ok: true, id: savedId };
}

async function saveColors(trx: Kysely<DB>, productId: number, colors: { name: string; images: string[] }[]) {
  const stored = await trx.selectFrom("product_colors").select(["id", "name"]).where("product_id", "=", productId).execute();
  const kept: number[] = [];
  for (const [position, c] of colors.entries()) {
    const same = stored.find((s) => s.name.toLowerCase() === c.name.toLowerCase() && !kept.includes(s.id));
    let colorId: number;
    if (same) {
      colorId = same.id;
      await trx.updateTable("product_colors").set({ name: c.name, position }).where("id", "=", colorId).execute();
      await trx.deleteFrom("product_color_images").where("color_id", "=", colorId).execute();
    } else {
      colorId = Number(
        (await trx.insertInto("product_colors").values({ product_id: productId, name: c.name, position }).executeTakeFirstOrThrow())
          .insertId,
      );
    }
    kept.push(colorId);
    if (c.images.length > 0) {
      await trx
        .insertInto("product_color_images")
        .values(c.images.map((image, i) => ({ color_id: colorId, image, position: i })))
        .execute();
    }
  }
  const gone = stored.filter((s) => !kept.includes(s.id)).map((s) => s.id);
  if (gone.length > 0) await trx.deleteFrom("product_colors").where("id", "in", gone).execute();
}

async function saveSizes(trx: Kysely<DB>, productId: number, sizes: SizeInput[]) {
  const stored = await trx.selectFrom("product_sizes").select(["id", "part_number"]).where("product_id", "=", productId).execute();
  const kept: number[] = [];
  for (const [position, s] of sizes.entries()) {
    const same =
      stored.find((r) => r.id === s.id && !kept.includes(r.id)) ??
      stored.find((r) => r.part_number.toLowerCase() === s.partNumber.toLowerCase() && !kept.includes(r.id));
    const values = {
      label: s.label,
      diameter: s.diameter,
      width: s.width,
      bolt_pattern: s.boltPattern,
      offset_mm: s.offset,
      hub_bore_mm: s.hubBore,
      part_number: s.partNumber,
      position,
    };
    if (same) {
      await trx.updateTable("product_sizes").set(values).where("id", "=", same.id).execute();
      kept.push(same.id);
    } else {
      kept.push(Number((await trx.insertInto("product_sizes").values({ product_id: productId, ...values }).executeTakeFirstOrThrow()).insertId));
    }
  }
  const gone = stored.filter((r) => !kept.includes(r.id)).map((r) => r.id);
  if (gone.length > 0) await trx.deleteFrom("product_sizes").where("id", "in", gone).execute();
}

/**
 * Stock per colour x size (docs/decisions/0010): "Sold out" sets every variant to 0. Otherwise a
 * typed count per variant sets that variant (the others keep theirs, new ones 0); without any, a
 * typed total is spread evenly over the variants, and with no count at all each variant keeps its
 * stock (a new one, or every one of a product that was sold out, gets DEFAULT_STOCK).
 */
async function saveVariantStock(trx: Kysely<DB>, productId: number, input: ProductInput, totalBefore: number) {
  const variants = await trx.selectFrom("product_variants").select("id").where("product_id", "=", productId).execute();
  const [sizes, colors] = await Promise.all([
    trx.selectFrom("product_sizes").select("id").where("product_id", "=", productId).execute(),
    trx.selectFrom("product_colors").select("id").where("product_id", "=", productId).execute(),
  ]);
  const count = Math.max(1, sizes.length) * Math.max(1, colors.length);
  const typed = input.stock === null ? null : splitStock(input.stock, count);
  const anyCell = input.variantStock.size > 0;
  await syncVariants(trx, productId, ({ colorIndex, sizeIndex, index, existing }) => {
    if (input.stock === 0) return 0;
    const cell = input.variantStock.get(`${colorIndex}.${sizeIndex}`);
    if (cell !== undefined) return cell;
    if (anyCell) return existing === null ? 0 : undefined;
    if (typed) return typed[index];
    return existing === null || totalBefore <= 0 || variants.length === 0 ? DEFAULT_STOCK : undefined;
  });
}

function isUniqueSlugError(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: products\.slug/.test(error.message);
}

/** Validates and saves in one step (both doors call this). */
export async function submitProduct(
  db: Kysely<DB>,
  id: number | null,
  raw: ProductRawInput,
  opts: SaveOptions & { extraErrors?: FieldErrors },
): Promise<SaveResult> {
  const validation = await validateProduct(raw);
  const extra = opts.extraErrors ?? {};
  if (!validation.ok) return { ok: false, errors: { ...validation.errors, ...extra } };
  if (Object.keys(extra).length > 0) return { ok: false, errors: extra };
  return saveProduct(db, id, validation.input, opts);
}

/** What the JSON door answers for a product upload or update: a status and its body. */
export type ApiSaveOutcome =
  | { status: 400 | 404 | 413 | 415; body: { message: string; errors?: FieldErrors } }
  | { status: 200 | 201; id: number };

/**
 * The API's multipart upload (`id` null) or update: the spec's fields, parsed within the upload
 * limits, validated and saved like the admin form.
 */
export async function submitProductFromApi(
  db: Kysely<DB>,
  id: number | null,
  request: Request,
  opts: SaveOptions,
): Promise<ApiSaveOutcome> {
  if (!isMultipart(request)) {
    return { status: 415, body: { message: "Send the product as multipart/form-data." } };
  }
  let parsed;
  try {
    parsed = await parseMultipartUpload(request);
  } catch (error) {
    if (error instanceof UploadTooLargeError) return { status: 413, body: { message: error.message } };
    return { status: 400, body: { message: "The form could not be read." } };
  }
  const { raw, errors } = readProductApi(parsed.formData);
  const result = await submitProduct(db, id, raw, { ...opts, extraErrors: { ...errors, ...parsed.fileErrors } });
  if (result.ok) return { status: id === null ? 201 : 200, id: result.id };
  if (result.notFound) return { status: 404, body: { message: "Product not found" } };
  return {
    status: 400,
    body: { message: Object.values(result.errors)[0] ?? "Operation failed", errors: result.errors },
  };
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
  const keys = [...(product.image ? [product.image] : []), ...(await storedColors(db, id)).flatMap((c) => c.images)];

  const hide = async (trx: Kysely<DB>) => {
    await trx
      .updateTable("products")
      .set({
        hidden_at: sql`strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
        slug: sql`slug || '--removed-' || id`,
        updated_at: sql`strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
      })
      .where("id", "=", id)
      .execute();
    await trx.deleteFrom("cart_items").where("product_id", "=", id).execute();
  };

  const outcome = await db.transaction().execute(async (trx) => {
    const ordered =
      (await sql<{ one: number }>`select 1 as one from order_items where product_id = ${id} limit 1`.execute(trx)).rows
        .length > 0;
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

// ---------------------------------------------------------------------------------------------
// Listing and numbers

export type AdminProductRow = {
  id: number;
  title: string;
  slug: string;
  brand: string;
  category: string;
  pricePaise: number;
  stock: number;
  image: string | null;
  updatedAt: string;
};

export type AdminProductQuery = { q: string; category: string; page: number; outOfStock?: boolean };

export function parseAdminProductQuery(params: URLSearchParams): AdminProductQuery {
  const page = Number(params.get("page") ?? "1");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    category: (params.get("category") ?? "").trim(),
    outOfStock: params.get("stock") === "out",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** Every product the shop shows, newest first, with search (title, slug, brand) and category filter. */
export async function listAdminProducts(
  db: Kysely<DB>,
  { q, category, page, outOfStock }: AdminProductQuery,
  pageSize = ADMIN_PAGE_SIZE,
): Promise<{ rows: AdminProductRow[]; total: number; page: number; pages: number }> {
  let base = db
    .selectFrom("products as p")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .where("p.hidden_at", "is", null);
  if (category) base = base.where("c.slug", "=", category);
  if (outOfStock) base = base.where("p.stock", "=", 0);
  if (q) {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(p.title)`, "like", sql`${like} escape '\\'`),
        eb(sql`lower(p.slug)`, "like", sql`${like} escape '\\'`),
        eb(sql`lower(b.name)`, "like", sql`${like} escape '\\'`),
        ...(/^\d+$/.test(q) ? [eb("p.id", "=", Number(q))] : []),
      ]),
    );
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pages);
  const rows = await base
    .select([
      "p.id",
      "p.title",
      "p.slug",
      "b.name as brand",
      "c.name as category",
      "p.price_paise as pricePaise",
      "p.stock",
      "p.image",
      "p.updated_at as updatedAt",
    ])
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  return { rows, total, page: current, pages };
}

/** The catalogue's numbers for the dashboard and `GET /api/v1/stats`. */
export async function catalogStats(db: Kysely<DB>) {
  const products = await db
    .selectFrom("products")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      sql<number>`coalesce(sum(case when stock = 0 then 1 else 0 end), 0)`.as("outOfStock"),
    ])
    .where("hidden_at", "is", null)
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return {
    totalProducts: Number(products.total),
    totalUsers: Number(users.total),
    outOfStock: Number(products.outOfStock),
  };
}

// ---------------------------------------------------------------------------------------------
// The HTML form's submit, including the row buttons that work without JavaScript

export type ProductFormOutcome =
  | { kind: "rows"; values: ProductFormValues }
  | { kind: "invalid"; values: ProductFormValues; errors: FieldErrors }
  | { kind: "saved"; id: number }
  | { kind: "not-found" };

const MAX_ROWS = 20;

/** The stock cells (`colour.size`) with colour (part 0) or size (part 1) row `index` taken out. */
function withoutRow(cells: Record<string, string>, part: 0 | 1, index: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(cells)) {
    const at = key.split(".").map(Number);
    if (at[part] === index) continue;
    if (at[part] > index) at[part] -= 1;
    out[at.join(".")] = value;
  }
  return out;
}

/** Applies "add-color", "remove-color:N", "add-size", "remove-size:N" to the typed values. */
export function applyRowIntent(values: ProductFormValues, intent: string): ProductFormValues {
  const [what, at] = intent.split(":");
  const index = Number(at);
  const next = { ...values, colors: [...values.colors], sizes: [...values.sizes] };
  if (what === "add-color" && next.colors.length < MAX_ROWS) next.colors.push(blankColor());
  if (what === "add-size" && next.sizes.length < MAX_ROWS) next.sizes.push(blankSize());
  if (what === "remove-color" && Number.isInteger(index)) {
    next.colors.splice(index, 1);
    next.variantStock = withoutRow(values.variantStock, 0, index);
  }
  if (what === "remove-size" && Number.isInteger(index)) {
    next.sizes.splice(index, 1);
    next.variantStock = withoutRow(values.variantStock, 1, index);
  }
  return next;
}

/** One post of the product form (create: id = null): a row change, or a save. */
export async function handleProductForm(
  db: Kysely<DB>,
  id: number | null,
  fd: FormData,
  fileErrors: FieldErrors,
  opts: SaveOptions,
): Promise<ProductFormOutcome> {
  const { values, raw } = readProductForm(fd);
  const intent = text(fd, "intent");
  if (intent && intent !== "save") return { kind: "rows", values: applyRowIntent(values, intent) };
  const result = await submitProduct(db, id, raw, { ...opts, extraErrors: fileErrors });
  if (result.ok) return { kind: "saved", id: result.id };
  if (result.notFound) return { kind: "not-found" };
  return { kind: "invalid", values, errors: result.errors };
}

/** What the admin form page shows after a post that did not save: values, messages, status. */
export type ProductFormState = {
  status: 200 | 400 | 413 | 500;
  values: ProductFormValues | null;
  errors: FieldErrors;
  formError: string | undefined;
};

/**
 * The admin form's post (create when `id` is null), read within the upload limits and handled.
 * Answers "saved", "not-found", or the state to show again: nothing typed is lost, even when
 * something unexpected fails.
 */
export async function handleProductFormRequest(
  db: Kysely<DB>,
  id: number | null,
  request: Request,
  opts: SaveOptions,
): Promise<{ kind: "saved"; id: number } | { kind: "not-found" } | { kind: "form"; state: ProductFormState }> {
  let body;
  try {
    body = await readFormBody(request);
  } catch (error) {
    const tooLarge = error instanceof UploadTooLargeError;
    const message = tooLarge ? error.message : "The form could not be read.";
    return { kind: "form", state: { status: tooLarge ? 413 : 400, values: null, errors: { form: message }, formError: "Operation failed" } };
  }
  try {
    const outcome = await handleProductForm(db, id, body.formData, body.fileErrors, opts);
    if (outcome.kind === "saved" || outcome.kind === "not-found") return outcome;
    if (outcome.kind === "rows") {
      return { kind: "form", state: { status: 200, values: outcome.values, errors: {}, formError: undefined } };
    }
    return { kind: "form", state: { status: 400, values: outcome.values, errors: outcome.errors, formError: "Operation failed" } };
  } catch (error) {
    console.error(error);
    const values = readProductForm(body.formData).values;
    return { kind: "form", state: { status: 500, values, errors: {}, formError: "Operation failed" } };
  }
}

/** The admin product list, keeping the search and page the form was opened from. */
export function adminProductListUrl(requestUrl: string): string {
  const params = new URL(requestUrl).searchParams;
  params.delete("index");
  const qs = params.toString();
  return `/admin/products${qs ? `?${qs}` : ""}`;
}

/** A listed product's id and title (the delete confirmation), or null. */
export async function findAdminProduct(db: Kysely<DB>, id: number) {
  return (
    (await db
      .selectFrom("products")
      .select(["id", "title"])
      .where("id", "=", id)
      .where("hidden_at", "is", null)
      .executeTakeFirst()) ?? null
  );
}
