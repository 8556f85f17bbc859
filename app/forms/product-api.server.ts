import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import type { SaveOptions } from "~/models/product-admin.server";
import {
  blankSize,
  OTHER,
  SIZE_FIELDS,
  type FieldErrors,
  type ProductRawInput,
} from "~/utils/product-schema";
import { MAX_PRICE_PAISE } from "~/utils/money";
import { files, readProductBody, submitProduct, text } from "./product-fields.server";

/* The JSON API's door of a product: `POST /api/v1/products/upload`, `PUT .../update/{id}`. */

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
 * A value inside one of the JSON lists: text, or a number (a diameter, a part number); null or
 * absent is "". Anything else (an object, a list, true) is refused under `key` and read as "", so
 * that no "[object Object]" or unwrapped `["x"]` is ever saved.
 */
function textIn(v: unknown, key: string, errors: FieldErrors): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number") return String(v);
  errors[key] ??= "Must be text or a number";
  return "";
}
/** A row index inside `variants`: a JSON integer from 0 or decimal digits (absent: 0), else NaN. */
const indexIn = (v: unknown): number => {
  if (v === undefined || v === null) return 0;
  if (typeof v === "number") return Number.isSafeInteger(v) ? v : NaN;
  return typeof v === "string" && /^\d{1,6}$/.test(v.trim()) ? Number(v) : NaN;
};
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
/** A stock count in `variants`: a JSON integer or digits, as text; anything else "" (refused). */
const stockText = (v: unknown) =>
  typeof v === "number" || typeof v === "string" ? String(v).trim() : "";
/** A count in a JSON list: a JSON integer from 0 or decimal digits, else null. */
const wholeCount = (v: unknown): number | null => {
  if (typeof v === "number") return Number.isSafeInteger(v) && v >= 0 ? v : null;
  return typeof v === "string" && /^\d{1,6}$/.test(v.trim()) ? Number(v) : null;
};

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
    colors = colorList.map((row, i) => {
      if (!isObject(row)) {
        errors.colors ??= `colors: item ${i} is not an object {name, count}`;
        return { name: "", images: [] };
      }
      const count = wholeCount(row.count ?? 0);
      if (count === null) errors[`colors.${i}.count`] = "count must be a whole number";
      const images = colorImages.slice(at, at + (count ?? 0));
      at += count ?? 0;
      return { name: textIn(row.name, `colors.${i}.name`, errors), images };
    });
    if (at !== colorImages.length) {
      errors.colorImages = `colors lists ${at} images but ${colorImages.length} colorImages were sent`;
    }
  } else if (colorImages.length > 0) {
    errors.colorImages = "colorImages needs a colors list saying how many belong to each colour";
  }

  const sizes = sizeList?.map((row, i) => {
    const out = blankSize();
    if (!isObject(row)) {
      errors.size ??= `size: item ${i} is not an object {label, diameter, width, ...}`;
      return out;
    }
    // Keyed as the shared schema keys them (sizes.N.field), so that this message is the one kept.
    for (const f of SIZE_FIELDS) out[f] = textIn(row[f], `sizes.${i}.${f}`, errors);
    if (row.stock !== undefined && row.stock !== null)
      out.stock = textIn(row.stock, `sizes.${i}.stock`, errors);
    return out;
  });

  // variants = JSON [{colorName | colorIndex, sizePartNumber | sizeIndex, stock}]: one colour x size each.
  const variantStock: Record<string, string> = {};
  const variantList = parseJsonList(text(fd, "variants"), "variants", errors);
  variantList?.forEach((v, i) => {
    if (!isObject(v)) {
      errors[`variants.${i}`] =
        "variants: each item is an object {colorName, sizePartNumber, stock}";
      return;
    }
    const row = v;
    // A name that is neither text nor a number names no colour (or size): refused below.
    const key = (n: unknown) =>
      typeof n === "string" || typeof n === "number" ? String(n).trim().toLowerCase() : null;
    const colorName = key(row.colorName);
    const partNumber = key(row.sizePartNumber);
    const colorIndex =
      row.colorName !== undefined
        ? (colorList ?? []).findIndex(
            (c) =>
              colorName !== null &&
              asText((c as Record<string, unknown> | null)?.name)
                .trim()
                .toLowerCase() === colorName,
          )
        : indexIn(row.colorIndex);
    const sizeIndex =
      row.sizePartNumber !== undefined
        ? (sizes ?? []).findIndex(
            (s) => partNumber !== null && s.partNumber.trim().toLowerCase() === partNumber,
          )
        : indexIn(row.sizeIndex);
    if (
      !Number.isInteger(colorIndex) ||
      colorIndex < 0 ||
      (colorIndex > 0 && colorIndex >= (colorList?.length ?? 0))
    ) {
      errors[`variants.${i}`] = "variants: no such colour in colors";
    } else if (
      !Number.isInteger(sizeIndex) ||
      sizeIndex < 0 ||
      (sizeIndex > 0 && sizeIndex >= (sizes?.length ?? 0))
    ) {
      errors[`variants.${i}`] = "variants: no such size in size";
    } else if (!/^\d{1,6}$/.test(stockText(row.stock))) {
      errors[`variants.${i}`] = "variants: stock must be a whole number (0 to 999999)";
    } else {
      variantStock[`${colorIndex}.${sizeIndex}`] = stockText(row.stock);
    }
  });

  // Fitment is the shop's own extra: when neither field is sent, an update leaves it as it is.
  const vehiclesText = text(fd, "vehicles").trim();
  let vehicles: string[] | undefined = fd.has("vehicles") ? [] : undefined;
  if (vehiclesText.startsWith("[")) {
    const list = parseJsonList(vehiclesText, "vehicles", errors) ?? [];
    if (list.some((v) => typeof v !== "string")) {
      errors.vehicles = "vehicles: a JSON list of vehicle slugs (text)";
    }
    vehicles = list.filter((v): v is string => typeof v === "string");
  } else if (vehiclesText) {
    vehicles = vehiclesText
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean);
  }
  const brand = text(fd, "brand");
  const category = text(fd, "category");
  // Paise in; the shared schema reads rupees as the HTML form's admin types them, so the API's own
  // limits are checked here, in paise (its messages would speak of rupees).
  const paise = text(fd, "price").trim();
  let price = paise;
  if (/^\d{1,15}$/.test(paise)) {
    const n = Number(paise);
    if (n === 0) errors.price = "price must be more than 0 paise";
    else if (n > MAX_PRICE_PAISE) errors.price = `price is at most ${MAX_PRICE_PAISE} paise`;
    else price = (n / 100).toFixed(2);
  } else if (paise !== "")
    errors.price = "price is a whole number of paise, e.g. 149950 for ₹1,499.50";
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
    universalFit: fd.has("universalFit") ? text(fd, "universalFit") === "true" : undefined,
    vehicles,
    colors,
    sizes,
    variantStock,
    mainImage: files(fd, "image")[0] ?? null,
  };
  return { raw, errors };
}

/** What the JSON door answers for a product upload or update: a status and its body. */
export type ApiSaveOutcome =
  | { status: 400 | 404 | 413 | 415; body: { message: string; errors?: FieldErrors } }
  | { status: 200 | 201; id: number };

const BODY_STATUS = { "too-large": 413, "not-multipart": 415, unreadable: 400 } as const;

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
  const body = await readProductBody(request, { multipartOnly: true });
  if (!body.ok) {
    // A body that cannot be read is invalid input like any other 400: `errors.form`, as the
    // shared schema names what is about no one field.
    const unreadable = body.problem === "unreadable" ? { errors: { form: body.message } } : {};
    return { status: BODY_STATUS[body.problem], body: { message: body.message, ...unreadable } };
  }
  const read = readProductApi(body.formData);
  const result = await submitProduct(db, id, read.raw, {
    ...opts,
    extraErrors: { ...read.errors, ...body.fileErrors },
  });
  if (result.ok) return { status: id === null ? 201 : 200, id: result.id };
  if (result.notFound) return { status: 404, body: { message: "Product not found" } };
  const errors = apiFieldErrors(result.errors);
  return {
    status: 400,
    body: { message: Object.values(errors)[0] ?? "Operation failed", errors },
  };
}

/**
 * Errors keyed by the API's multipart fields: the shared schema names the HTML form's fields
 * (`sizes.0.width`, `brandOther`, `colors.1.images`), the API sends `size`, `brand`, `colorImages`.
 */
function apiFieldErrors(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const apiKey = key
      .replace(/^sizes(?=\.|$)/, "size")
      .replace(/^(brand|category)Other$/, "$1")
      .replace(/^colors\.\d+\.images$/, "colorImages")
      .replace(/^variantStock(\..*)?$/, "variants");
    out[apiKey] ??= message;
  }
  return out;
}
