import { z } from "zod";
import { checkGstin } from "./gst";
import { says, text } from "./validation";

/** The buyer's optional GSTIN at checkout (format and check digit), upper-cased; empty is none. */
export const gstinField = z
  .string(says("Enter a 15-character GSTIN"))
  .trim()
  .max(20, "Enter a 15-character GSTIN")
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const checked = checkGstin(v);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }
    return checked.gstin;
  });

/** The business name printed beside the buyer's GSTIN. */
export const businessNameField = text(120)
  .nullish()
  .transform((v) => v || null);
