import { z } from "zod";
import { idSchema, says } from "~/utils/validation";

/**
 * The wheel size (and colour) a JSON client chose, read one way for every door: an id wins
 * (`sizeId`, or `size` sent as an id or a size object), else the label (`wheelSize`, the spec's
 * name, or `size` sent as a string).
 */

const label = z
  .string(says("Use the label as text"))
  .trim()
  .max(100, "At most 100 characters")
  .nullish()
  .transform((v) => v ?? "");

/** `size` as a client may send it: a label, an id, or a size object with its id or label. */
const sizeField = z
  .union(
    [
      z.string().trim().max(100),
      z.number(),
      z.object({ id: idSchema.optional(), label: z.string().max(100).optional() }),
    ],
    says("Use a size id, label or {id, label}"),
  )
  .nullish()
  .transform((v): { id: number | null; label: string } => {
    if (typeof v === "number") return { id: v, label: "" };
    if (typeof v === "string") return { id: null, label: v };
    return { id: v?.id ?? null, label: v?.label?.trim() ?? "" };
  });

/** The fields of a variant choice, to spread into an API body's schema. */
export const variantChoiceFields = {
  sizeId: idSchema.nullish(),
  wheelSize: label,
  size: sizeField,
  colorId: idSchema.nullish(),
  color: label,
};

export type VariantChoice = {
  sizeId: number | null;
  sizeLabel: string;
  colorId: number | null;
  colorName: string;
};

/** A parsed choice as the client sent it. */
export type ChoiceInput = {
  sizeId?: number | null;
  wheelSize: string;
  size: { id: number | null; label: string };
  colorId?: number | null;
  color: string;
};

/** The one reading of a parsed variant choice. */
export function variantChoice(input: ChoiceInput): VariantChoice {
  return {
    sizeId: input.sizeId ?? input.size.id,
    sizeLabel: input.wheelSize || input.size.label,
    colorId: input.colorId ?? null,
    colorName: input.color,
  };
}

/**
 * The body field a refused choice is reported under (`errors[field]`): the one the client sent
 * (`sizeId`, `size` or `wheelSize`; `colorId` or `color`), `sizeId` when the label it sent names
 * more than one size, and `wheelSize` (the spec's name) when it sent no size at all.
 */
export function variantErrorField(
  refusal: { field: "size" | "color"; ambiguous?: boolean },
  sent: ChoiceInput,
): string {
  if (refusal.field === "color") return sent.colorId != null ? "colorId" : "color";
  if (refusal.ambiguous || sent.sizeId != null) return "sizeId";
  if (!sent.wheelSize && (sent.size.id !== null || sent.size.label)) return "size";
  return "wheelSize";
}
