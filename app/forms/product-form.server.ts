import { data } from "@remix-run/node";
import { isFetcherSubmission } from "~/components/fetcher-flag";
import { getEnv } from "~/utils/env.server";
import { securityEvent } from "~/utils/log.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import {
  getProductForEdit,
  type AdminProductQuery,
  type ProductForEdit,
} from "~/models/product-admin-list.server";
import type { SaveOptions } from "~/models/product-admin.server";
import {
  blankSize,
  DEFAULT_STOCK,
  SIZE_FIELDS,
  type ColorRowInput,
  type FieldErrors,
  type ProductRawInput,
  type SizeRowValues,
} from "~/utils/product-schema";
import { files, readProductBody, submitProduct, text, texts } from "./product-fields.server";

/*
 * The admin's HTML product form (`/admin/products/new`, `/admin/products/:id/edit`): its fields
 * and rows as typed, the row buttons that work without JavaScript, and its post.
 */

export type { SizeRowValues } from "~/utils/product-schema";
/** A colour row of the form: its name, the stored images it shows, and those ticked for removal. */
export type ColorRowValues = { name: string; stored: string[]; remove: string[] };

/** What the product form shows: the typed text, kept as typed so a failed save loses nothing. */
export type ProductFormValues = Omit<
  ProductRawInput,
  "colors" | "sizes" | "mainImage" | "variantStock"
> & {
  /** The current main image (edit mode), kept unless replaced. */
  image: string | null;
  colors: ColorRowValues[];
  sizes: SizeRowValues[];
  /** Units per colour x size as typed, keyed by the form's row indices (see ProductRawInput). */
  variantStock: Record<string, string>;
};

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

/** The edit form's values of a stored product. */
export function editFormValues(p: ProductForEdit): ProductFormValues {
  const values: ProductFormValues = {
    title: p.title,
    slug: p.slug,
    brand: p.brand,
    brandOther: "",
    category: p.category,
    categoryOther: "",
    price: (p.pricePaise / 100).toFixed(2),
    description: p.description,
    inStock: p.stock > 0 ? "true" : "false",
    stock: String(p.stock),
    stockSeen: p.stockSeen,
    editedAt: p.editedAt,
    universalFit: p.universalFit,
    vehicles: p.vehicles,
    image: p.image,
    colors: p.colors.map((c) => ({ name: c.name, stored: c.images, remove: [] })),
    sizes: p.sizes.map((s) => ({
      id: String(s.id),
      label: s.label,
      diameter: String(s.diameter),
      width: String(s.width),
      boltPattern: s.boltPattern,
      offset: String(s.offset),
      hubBore: String(s.hubBore),
      partNumber: s.partNumber,
    })),
    // The cells only for a product with colours or sizes; one without keeps to `stock`.
    variantStock:
      p.colors.length + p.sizes.length === 0
        ? {}
        : Object.fromEntries([...p.variantStock].map(([key, n]) => [key, String(n)])),
  };
  if (values.colors.length === 0) values.colors.push(blankColor());
  if (values.sizes.length === 0) values.sizes.push(blankSize());
  return values;
}

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
    stockSeen: text(fd, "stockSeen"),
    editedAt: text(fd, "editedAt"),
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

// ---------------------------------------------------------------------------------------------
// The HTML form's submit, including the row buttons that work without JavaScript

export type ProductFormOutcome =
  | { kind: "rows"; values: ProductFormValues }
  | { kind: "invalid"; values: ProductFormValues; errors: FieldErrors }
  | { kind: "saved"; id: number }
  | { kind: "not-found" };

const MAX_ROWS = 20;

/** The stock cells (`colour.size`) with colour (part 0) or size (part 1) row `index` taken out. */
function withoutRow(
  cells: Record<string, string>,
  part: 0 | 1,
  index: number,
): Record<string, string> {
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
  const errors = isFetcherSubmission(fd) ? result.errors : askFilesAgain(raw, result.errors);
  const shown = result.stockMoved ? await withCurrentStock(db, id, values) : values;
  return {
    kind: "invalid",
    // Saved by someone else meanwhile: the next save, made knowing it, goes through.
    values: result.editedAt ? { ...shown, editedAt: result.editedAt } : shown,
    errors,
  };
}

/**
 * The typed values with the stock counts replaced by the product's current ones. When the typed
 * colours or sizes are not the stored ones (rows added, removed or renamed), the cells are left
 * empty instead, which keeps every variant's current count, so no count lands on another row.
 */
async function withCurrentStock(
  db: Kysely<DB>,
  id: number | null,
  values: ProductFormValues,
): Promise<ProductFormValues> {
  const product = id === null ? null : await getProductForEdit(db, id);
  if (!product) return values;
  const current = editFormValues(product);
  const rows = (v: ProductFormValues) =>
    JSON.stringify([v.colors.map((c) => c.name.trim().toLowerCase()), v.sizes.map((s) => s.id)]);
  const sameRows = rows(values) === rows(current);
  return {
    ...values,
    inStock: current.inStock,
    stock: sameRows ? current.stock : "",
    variantStock: sameRows ? current.variantStock : {},
    stockSeen: current.stockSeen,
  };
}

/**
 * A page posted without JavaScript comes back with its file inputs empty (no browser refills
 * one): each input that had files says so, unless it has its own message.
 */
function askFilesAgain(raw: ProductRawInput, errors: FieldErrors): FieldErrors {
  const out = { ...errors };
  if (raw.mainImage) out.image ??= "Choose this image again: the product was not saved.";
  raw.colors?.forEach((c, i) => {
    if (c.images.length > 0)
      out[`colors.${i}.images`] ??=
        `Choose ${c.images.length === 1 ? "this image" : "these images"} again: the product was not saved.`;
  });
  return out;
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
): Promise<
  { kind: "saved"; id: number } | { kind: "not-found" } | { kind: "form"; state: ProductFormState }
> {
  const body = await readProductBody(request);
  if (!body.ok) {
    const status = body.problem === "too-large" ? 413 : 400;
    return {
      kind: "form",
      state: {
        status,
        values: null,
        errors: { form: body.message },
        formError: "Operation failed",
      },
    };
  }
  try {
    const outcome = await handleProductForm(db, id, body.formData, body.fileErrors, opts);
    if (outcome.kind === "saved" || outcome.kind === "not-found") return outcome;
    if (outcome.kind === "rows") {
      return {
        kind: "form",
        state: { status: 200, values: outcome.values, errors: {}, formError: undefined },
      };
    }
    return {
      kind: "form",
      state: {
        status: 400,
        values: outcome.values,
        errors: outcome.errors,
        formError: "Operation failed",
      },
    };
  } catch (error) {
    console.error(error);
    const values = readProductForm(body.formData).values;
    return {
      kind: "form",
      state: { status: 500, values, errors: {}, formError: "Operation failed" },
    };
  }
}

/** The admin product list, keeping the search and page the form was opened from. */
export function adminProductListUrl(requestUrl: string): string {
  const params = new URL(requestUrl).searchParams;
  params.delete("index");
  const qs = params.toString();
  return `/admin/products${qs ? `?${qs}` : ""}`;
}

/** The product list's search, category filter, stock filter and page from its URL. */
export function parseAdminProductQuery(params: URLSearchParams): AdminProductQuery {
  const page = Number(params.get("page") ?? "1");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    category: (params.get("category") ?? "").trim(),
    outOfStock: params.get("stock") === "out",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/**
 * The admin form's post, for a new product (`id` null) or an edit: saved, back to the list with a
 * toast and a security log line; otherwise the form again with its values and errors (400, 413...).
 */
export async function answerProductForm(
  db: Kysely<DB>,
  request: Request,
  adminId: number,
  id: number | null,
) {
  const outcome = await handleProductFormRequest(db, id, request, {
    uploadsDir: getEnv().UPLOADS_DIR,
  });
  if (outcome.kind === "not-found") throw new Response("Not Found", { status: 404 });
  if (outcome.kind === "saved") {
    const action = id === null ? "create" : "update";
    securityEvent("admin.product", { adminId, productId: outcome.id, action });
    const message = id === null ? "Product uploaded!" : "Product updated!";
    return redirectWithToast(
      adminProductListUrl(request.url),
      { type: "success", message },
      request,
    );
  }
  const { status, ...state } = outcome.state;
  return data(state, { status });
}
