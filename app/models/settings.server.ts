import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "~/db/schema";
import { ZONES, ZONE_LABELS, type Zone } from "~/utils/shipping-zones";
import { versionedCache } from "./catalog-cache.server";

/**
 * The admin's shipping and cash on delivery settings, kept as one JSON row in shop_settings and
 * read with defaults (a fresh shop works without any row).
 */
export { ZONES, ZONE_LABELS, type Zone };

const paise = z.number().int().min(0).max(100_000_000);
const zoneRule = z.object({
  /** Charge for the first kilogram (or part of it), GST included. */
  firstKgPaise: paise,
  /** Charge for each further kilogram (or part of it). */
  perKgPaise: paise,
  days: z.number().int().min(1).max(30),
  cod: z.boolean(),
  serviceable: z.boolean(),
});
export type ZoneRule = z.infer<typeof zoneRule>;

export const DEFAULT_SETTINGS = {
  zones: {
    local: { firstKgPaise: 4_900, perKgPaise: 1_500, days: 1, cod: true, serviceable: true },
    state: { firstKgPaise: 6_900, perKgPaise: 2_000, days: 2, cod: true, serviceable: true },
    metro: { firstKgPaise: 8_900, perKgPaise: 3_000, days: 3, cod: true, serviceable: true },
    national: { firstKgPaise: 11_900, perKgPaise: 4_000, days: 5, cod: true, serviceable: true },
    special: { firstKgPaise: 19_900, perKgPaise: 6_000, days: 8, cod: false, serviceable: true },
  } satisfies Record<Zone, ZoneRule>,
  /** Orders whose goods total at least this ship free (0 turns free shipping off). */
  freeShippingFromPaise: 499_900,
  /** Cash on delivery is offered up to this order total. */
  codLimitPaise: 5_000_000,
  /** Added to a cash on delivery order, shown before the shopper confirms. */
  codFeePaise: 0,
  /** Orders before this time (India time, HH:MM) leave the same day (not on Sundays). */
  cutoffTime: "14:00",
};

export const settingsSchema = z.object({
  zones: z.object(
    Object.fromEntries(ZONES.map((zone) => [zone, zoneRule])) as Record<Zone, typeof zoneRule>,
  ),
  freeShippingFromPaise: paise,
  codLimitPaise: paise,
  codFeePaise: paise,
  cutoffTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use HH:MM, e.g. 14:00"),
});
export type ShopSettings = z.infer<typeof settingsSchema>;

const KEY = "shipping";

/** Read once per catalogue version (the table's triggers bump it): every cart and checkout asks. */
const cached = versionedCache<ShopSettings>(1);

export function getSettings(db: Kysely<DB>): Promise<ShopSettings> {
  return cached(db, KEY, () => readSettings(db));
}

async function readSettings(db: Kysely<DB>): Promise<ShopSettings> {
  const row = await db
    .selectFrom("shop_settings")
    .select("value")
    .where("key", "=", KEY)
    .executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...JSON.parse(row.value) });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export async function saveSettings(db: Kysely<DB>, settings: ShopSettings): Promise<void> {
  const value = JSON.stringify(settingsSchema.parse(settings));
  const at = new Date().toISOString();
  await db
    .insertInto("shop_settings")
    .values({ key: KEY, value, updated_at: at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: at }))
    .execute();
}
