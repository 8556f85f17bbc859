import { z } from "zod";
import { fieldErrors, idSchema, cartLineQuantitySchema, quantitySchema } from "~/utils/validation";
import { variantChoice, variantChoiceFields } from "./variant-choice";

/**
 * The cart's requests read into a model's input: the `/cart` page's three forms (add, update,
 * remove; a form row, so every value arrives as text) and the JSON API's `cart/addItem`.
 */

type Read<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

function read<S extends z.ZodType>(schema: S, fields: unknown): Read<z.output<S>> {
  const parsed = schema.safeParse(fields);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: fieldErrors(parsed.error) };
}

const optionalText = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((v) => v ?? "");

const addForm = z.object({
  productId: idSchema,
  quantity: quantitySchema,
  size: optionalText,
  color: optionalText,
  /** The product page sends the chosen size and colour by id; labels stay accepted. */
  sizeId: idSchema.optional(),
  colorId: idSchema.optional(),
});
const updateForm = z.object({ lineId: idSchema, quantity: cartLineQuantitySchema });
const removeForm = z.object({ lineId: idSchema });

/** The add-to-cart form of a product page (or a listing's quick add). */
export const readAddToCart = (fields: Record<string, unknown>) => read(addForm, fields);
/**
 * Where a visitor's Add to cart comes back to after logging in: the product page it was posted
 * from (`from`, the Referer's path), with the colour, size and quantity they had chosen as the
 * page's own parameters, so the page opens as they left it and one more press adds it. From any
 * other page (a listing's quick add), `from` itself. The values are only passed on: the product
 * page checks each one and falls back to its defaults.
 */
export function addToCartReturnPath(fields: Record<string, unknown>, from: string): string {
  const url = new URL(from, "http://shop.invalid");
  const productId = idSchema.safeParse(fields.productId);
  if (!productId.success || url.pathname !== `/product/${productId.data}`) return from;
  const chosen = { color: fields.color, size: fields.sizeId, quantity: fields.quantity };
  for (const [name, value] of Object.entries(chosen)) {
    if (typeof value === "string" && value.length > 0 && value.length <= 100) {
      url.searchParams.set(name, value);
    }
  }
  url.searchParams.delete("sizeId");
  return url.pathname + url.search;
}

/** A cart line's new quantity. */
export const readCartUpdate = (fields: Record<string, unknown>) => read(updateForm, fields);
/** The cart line to remove. */
export const readCartRemove = (fields: Record<string, unknown>) => read(removeForm, fields);

const apiAdd = z.object({
  productId: idSchema,
  quantity: quantitySchema.optional().default(1),
  /** The spec's `wheelSize` (a label), or `sizeId`: a label shared by two sizes needs the id. */
  ...variantChoiceFields,
});

/** POST /api/v1/cart/addItem's body as the cart model takes it, and as it was sent. */
export function readApiAddToCart(fields: unknown) {
  const parsed = apiAdd.safeParse(fields);
  if (!parsed.success) return { ok: false as const, error: parsed.error };
  const { productId, quantity } = parsed.data;
  const choice = variantChoice(parsed.data);
  return {
    ok: true as const,
    sent: parsed.data,
    input: {
      productId,
      quantity,
      size: choice.sizeLabel,
      color: choice.colorName,
      sizeId: choice.sizeId,
      colorId: choice.colorId,
    },
  };
}
