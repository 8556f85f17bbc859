import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { saveProduct, type SaveOptions, type SaveResult } from "~/models/product-admin.server";
import {
  productFieldErrors,
  productSchema,
  type FieldErrors,
  type ProductInput,
  type ProductRawInput,
} from "~/utils/product-schema";
import {
  FORM_UNREADABLE,
  isMultipart,
  readFormBody,
  UploadTooLargeError,
} from "~/utils/upload.server";

/*
 * What both doors of a product read (the admin's HTML form and the JSON API): the body within
 * the upload limits, form fields, and the one validation of the shared schema.
 */

/** A product post's body, or why it could not be read (the route answers 413, 415 or 400). */
export type ProductBody =
  | { ok: true; formData: FormData; fileErrors: FieldErrors }
  | { ok: false; problem: "too-large" | "not-multipart" | "unreadable"; message: string };

/**
 * Reads a product post within the upload limits: multipart, or (the HTML form's row buttons)
 * urlencoded unless `multipartOnly`.
 */
export async function readProductBody(
  request: Request,
  { multipartOnly = false } = {},
): Promise<ProductBody> {
  if (multipartOnly && !isMultipart(request)) {
    return {
      ok: false,
      problem: "not-multipart",
      message: "Send the product as multipart/form-data.",
    };
  }
  try {
    return { ok: true, ...(await readFormBody(request)) };
  } catch (error) {
    if (error instanceof UploadTooLargeError)
      return { ok: false, problem: "too-large", message: error.message };
    return { ok: false, problem: "unreadable", message: FORM_UNREADABLE };
  }
}

export const text = (fd: FormData, name: string) => {
  const v = fd.get(name);
  return typeof v === "string" ? v : "";
};
export const files = (fd: FormData, name: string) =>
  fd.getAll(name).filter((v): v is File => typeof v !== "string" && v.size > 0);
export const texts = (fd: FormData, name: string) =>
  fd.getAll(name).filter((v): v is string => typeof v === "string");

export type Validation = { ok: true; input: ProductInput } | { ok: false; errors: FieldErrors };

/** The one validation of a product, whichever door it came through. */
export async function validateProduct(raw: ProductRawInput): Promise<Validation> {
  const parsed = await productSchema.safeParseAsync(raw);
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, errors: productFieldErrors(parsed.error) };
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
