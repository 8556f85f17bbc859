import type { Kysely, Selectable } from "kysely";
import type { DB } from "~/db/schema";
import { IST_OFFSET_MS, indiaDate } from "~/utils/gst";
import { lookupPin, type PinPlace } from "./pin-directory.server";
import { versionedCache } from "./catalog-cache.server";
import { getSeller } from "./seller.server";
import { getSettings, type ShopSettings, type Zone } from "./settings.server";
import { productTaxes } from "./tax.server";

/**
 * Where the shop delivers, how fast, whether cash on delivery is allowed, and what shipping costs.
 * Zone defaults (settings) decide for every PIN; a courier's serviceability CSV overrides them per PIN.
 */

/** States and union territories couriers treat as special areas. */
const SPECIAL_STATES = new Set([
  "Arunachal Pradesh",
  "Assam",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Sikkim",
  "Tripura",
  "Jammu and Kashmir",
  "Ladakh",
  "Andaman and Nicobar Islands",
  "Lakshadweep",
]);
/** Islands reached by sea only: not served by default (a courier CSV can open PINs there). */
const UNSERVED_STATES = new Set(["Lakshadweep"]);
/** The metro cities, by district. */
const METRO_DISTRICTS = new Set([
  "Mumbai",
  "Kolkata",
  "Chennai",
  "Bengaluru",
  "Hyderabad",
  "Pune",
  "Ahmedabad",
]);
const isMetro = (p: PinPlace) => p.state === "Delhi" || METRO_DISTRICTS.has(p.district);

/** The zone of a destination seen from the origin PIN. */
export function zoneOf(to: PinPlace, from: PinPlace | null): Zone {
  if (SPECIAL_STATES.has(to.state)) return "special";
  if (from) {
    const sameCity = from.state === "Delhi" ? to.state === "Delhi" : from.district === to.district;
    if (sameCity && from.state === to.state) return "local";
    if (from.state === to.state) return "state";
    if (isMetro(from) && isMetro(to)) return "metro";
  }
  return "national";
}

// ---------------------------------------------------------------------------------------------
// Delivery dates: Sundays skipped, counted from the cut-off time in India time

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The day a parcel arrives: it leaves today when ordered before the cut-off (India time) on a day
 * other than Sunday, else on the next working day; then `days` working days (Sundays skipped).
 * Answers the date as YYYY-MM-DD and as "Thu, 27 Nov".
 */
export function estimateDelivery(
  now: Date,
  days: number,
  cutoffTime: string,
): { date: string; label: string } {
  const today = indiaDate(now);
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const minutes = ist.getUTCHours() * 60 + ist.getUTCMinutes();
  const [h, m] = cutoffTime.split(":").map(Number);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day));
  const next = () => day.setUTCDate(day.getUTCDate() + 1);
  if (day.getUTCDay() === 0 || minutes >= h * 60 + m) {
    do next();
    while (day.getUTCDay() === 0);
  }
  for (let left = days; left > 0;) {
    next();
    if (day.getUTCDay() !== 0) left--;
  }
  return {
    date: day.toISOString().slice(0, 10),
    label: `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`,
  };
}

export type DeliveryCheck = {
  pin: string;
  district: string;
  state: string;
  zone: Zone;
  serviceable: boolean;
  cod: boolean;
  deliveryDays: number | null;
  /** YYYY-MM-DD, or null where the shop does not deliver. */
  estimatedDelivery: string | null;
  /** "Thu, 27 Nov". */
  estimatedLabel: string | null;
};

/** The admin's override for a PIN, read once per catalogue version (the table's triggers bump it). */
const cachedOverrides = versionedCache<Selectable<DB["pin_serviceability"]> | null>(2000);
function pinOverride(db: Kysely<DB>, pin: string) {
  return cachedOverrides(
    db,
    pin,
    async () =>
      (await db
        .selectFrom("pin_serviceability")
        .selectAll()
        .where("pin", "=", pin)
        .executeTakeFirst()) ?? null,
  );
}

/** Delivery to a PIN: null when the PIN does not exist. */
export async function checkDelivery(
  db: Kysely<DB>,
  pin: string,
  options: { now?: Date; settings?: ShopSettings } = {},
): Promise<DeliveryCheck | null> {
  const place = lookupPin(pin);
  if (!place) return null;
  const settings = options.settings ?? (await getSettings(db));
  const zone = zoneOf(place, lookupPin(getSeller().originPin));
  const rule = settings.zones[zone];
  const override = await pinOverride(db, pin);
  const serviceable = override
    ? override.serviceable === 1
    : rule.serviceable && !UNSERVED_STATES.has(place.state);
  const cod = serviceable && (override ? override.cod === 1 : rule.cod);
  const days = serviceable ? (override?.days ?? rule.days) : null;
  const estimate = days
    ? estimateDelivery(options.now ?? new Date(), days, settings.cutoffTime)
    : null;
  return {
    pin,
    district: place.district,
    state: place.state,
    zone,
    serviceable,
    cod,
    deliveryDays: days,
    estimatedDelivery: estimate?.date ?? null,
    estimatedLabel: estimate?.label ?? null,
  };
}

/** The shipping charge (GST included) of goods weighing `weightGrams` and worth `goodsPaise`. */
export function shippingCharge(
  settings: ShopSettings,
  zone: Zone,
  weightGrams: number,
  goodsPaise: number,
): number {
  if (settings.freeShippingFromPaise > 0 && goodsPaise >= settings.freeShippingFromPaise) return 0;
  const rule = settings.zones[zone];
  const kg = Math.max(1, Math.ceil(weightGrams / 1000));
  return rule.firstKgPaise + (kg - 1) * rule.perKgPaise;
}

// ---------------------------------------------------------------------------------------------
// The courier's serviceability CSV

export type ImportResult = { ok: true; count: number } | { ok: false; errors: string[] };

const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0"]);

/**
 * Reads "PIN,COD,days" lines (COD yes/no; days 1 to 30; an optional fourth column "serviceable"
 * yes/no, default yes; a header line is skipped) and stores them all in one transaction, or none
 * when any line is wrong: then each wrong line is named by its number.
 */
export async function importServiceability(db: Kysely<DB>, csv: string): Promise<ImportResult> {
  const rows: { pin: string; cod: number; days: number; serviceable: number }[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  const lines = csv.replace(/^\uFEFF/, "").split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const n = i + 1;
    if (!line) return;
    const cells = line.split(",").map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .trim(),
    );
    if (i === 0 && /^pin/i.test(cells[0])) return;
    if (cells.length < 3 || cells.length > 4) {
      errors.push(
        `Line ${n}: expected PIN,COD,days (and optionally serviceable), found ${cells.length} column(s)`,
      );
      return;
    }
    const [pin, codText, daysText, serviceableText = "yes"] = cells;
    if (!/^[1-9]\d{5}$/.test(pin))
      return void errors.push(`Line ${n}: "${pin}" is not a 6-digit PIN code`);
    if (!lookupPin(pin)) return void errors.push(`Line ${n}: PIN ${pin} does not exist`);
    if (seen.has(pin)) return void errors.push(`Line ${n}: PIN ${pin} appears twice`);
    const cod = codText.toLowerCase();
    if (!YES.has(cod) && !NO.has(cod))
      return void errors.push(`Line ${n}: COD must be yes or no, not "${codText}"`);
    const serviceable = serviceableText.toLowerCase();
    if (!YES.has(serviceable) && !NO.has(serviceable)) {
      return void errors.push(`Line ${n}: serviceable must be yes or no, not "${serviceableText}"`);
    }
    if (!/^\d+$/.test(daysText) || Number(daysText) < 1 || Number(daysText) > 30) {
      return void errors.push(
        `Line ${n}: days must be a whole number from 1 to 30, not "${daysText}"`,
      );
    }
    seen.add(pin);
    rows.push({
      pin,
      cod: YES.has(cod) ? 1 : 0,
      days: Number(daysText),
      serviceable: YES.has(serviceable) ? 1 : 0,
    });
  });
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, 20) };
  if (rows.length === 0) return { ok: false, errors: ["The file has no PIN lines"] };
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 200) {
      await trx
        .insertInto("pin_serviceability")
        .values(rows.slice(i, i + 200).map((r) => ({ ...r, updated_at: at })))
        .onConflict((oc) =>
          oc.column("pin").doUpdateSet((eb) => ({
            cod: eb.ref("excluded.cod"),
            days: eb.ref("excluded.days"),
            serviceable: eb.ref("excluded.serviceable"),
            updated_at: at,
          })),
        )
        .execute();
    }
  });
  return { ok: true, count: rows.length };
}

export async function countServiceabilityOverrides(db: Kysely<DB>): Promise<number> {
  const { n } = await db
    .selectFrom("pin_serviceability")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** What "Check delivery" shows for a typed PIN: a message for the field, or the delivery check. */
export type DeliveryAnswer = {
  pin: string;
  error: string | null;
  /** For a product's check, `cod` is whether cash on delivery is offered for that product there. */
  delivery: DeliveryCheck | null;
  /**
   * The cash on delivery limit when it alone refuses COD for the product: even one unit of it
   * costs more (the PIN would allow it). Null otherwise.
   */
  codLimitPaise: number | null;
};

/**
 * "Check delivery" for a typed PIN; with `productId` (a product page), cash on delivery is also
 * checked against the admin's COD limit for one unit of that product, as checkout would.
 */
export async function answerDeliveryCheck(
  db: Kysely<DB>,
  typed: string,
  options: { now?: Date; productId?: number } = {},
): Promise<DeliveryAnswer> {
  const pin = typed.replace(/\s/g, "");
  if (!/^[1-9]\d{5}$/.test(pin))
    return {
      pin: typed.slice(0, 20),
      error: "Enter a 6-digit PIN code",
      delivery: null,
      codLimitPaise: null,
    };
  const settings = await getSettings(db);
  const delivery = await checkDelivery(db, pin, { now: options.now, settings });
  if (!delivery)
    return {
      pin,
      error: `PIN code ${pin} does not exist. Please check it.`,
      delivery: null,
      codLimitPaise: null,
    };
  if (
    delivery.cod &&
    options.productId !== undefined &&
    (await oneUnitOverCodLimit(db, options.productId, delivery.zone, settings, options.now))
  ) {
    return {
      pin,
      error: null,
      delivery: { ...delivery, cod: false },
      codLimitPaise: settings.codLimitPaise,
    };
  }
  return { pin, error: null, delivery, codLimitPaise: null };
}

/**
 * Whether the smallest order of a product, one unit, is over the COD limit in a zone: its price,
 * its shipping and the COD fee, the total checkout compares with the limit (computeCharges).
 * False for a product that does not exist.
 */
async function oneUnitOverCodLimit(
  db: Kysely<DB>,
  productId: number,
  zone: Zone,
  settings: ShopSettings,
  now?: Date,
): Promise<boolean> {
  const product = await db
    .selectFrom("products")
    .select("price_paise")
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product) return false;
  const unitPaise = product.price_paise;
  const [{ weightGrams }] = await productTaxes(db, [{ productId, unitPricePaise: unitPaise }], now);
  return overCodLimit(settings, unitPaise, shippingCharge(settings, zone, weightGrams, unitPaise));
}

/** Whether goods and their shipping, with the COD fee, come to more than cash on delivery allows. */
export function overCodLimit(settings: ShopSettings, goodsPaise: number, shippingPaise: number) {
  return goodsPaise + shippingPaise + settings.codFeePaise > settings.codLimitPaise;
}
