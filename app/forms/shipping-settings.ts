import { settingsSchema, type ShopSettings } from "~/models/settings.server";
import { rupeesToPaise } from "~/utils/money";
import { ZONES } from "~/utils/shipping-zones";

/** The admin's shipping and COD form (`/admin/shipping`): rupees as typed, read into settings in paise. */

export type FieldErrors = Record<string, string>;

const MAX_CSV_BYTES = 2 * 1024 * 1024;

/** Rupees typed in a field to paise, or an error for that field. */
function paiseField(form: FormData, name: string, errors: FieldErrors): number {
  const paise = rupeesToPaise(String(form.get(name) ?? ""));
  if (paise === null) errors[name] = "Enter an amount in rupees, e.g. 499 or 499.50";
  return paise ?? 0;
}

/** The settings the form asks for (zones not on the form keep `current`'s), or the errors by field. */
export function readShippingSettings(
  form: FormData,
  current: ShopSettings,
): { ok: true; settings: ShopSettings } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const zones = { ...current.zones };
  for (const zone of ZONES) {
    const days = Number(form.get(`${zone}.days`));
    zones[zone] = {
      firstKgPaise: paiseField(form, `${zone}.firstKg`, errors),
      perKgPaise: paiseField(form, `${zone}.perKg`, errors),
      days:
        Number.isInteger(days) && days >= 1 && days <= 30
          ? days
          : ((errors[`${zone}.days`] = "1 to 30 days"), 1),
      cod: form.get(`${zone}.cod`) === "on",
      serviceable: form.get(`${zone}.serviceable`) === "on",
    };
  }
  const next: ShopSettings = {
    zones,
    freeShippingFromPaise: paiseField(form, "freeShippingFrom", errors),
    codLimitPaise: paiseField(form, "codLimit", errors),
    codFeePaise: paiseField(form, "codFee", errors),
    cutoffTime: String(form.get("cutoffTime") ?? "").trim(),
  };
  const parsed = settingsSchema.safeParse(next);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      errors[issue.path.at(-1) === "cutoffTime" ? "cutoffTime" : "form"] ??= issue.message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, settings: parsed.data };
}

/** The serviceability CSV's text, or the error next to its field. */
export async function readServiceabilityCsv(
  form: FormData,
): Promise<{ ok: true; text: string } | { ok: false; errors: FieldErrors }> {
  const file = form.get("csv");
  if (!(file instanceof File) || file.size === 0)
    return { ok: false, errors: { csv: "Choose a CSV file" } };
  if (file.size > MAX_CSV_BYTES)
    return { ok: false, errors: { csv: "The file is larger than 2 MB" } };
  return { ok: true, text: await file.text() };
}
