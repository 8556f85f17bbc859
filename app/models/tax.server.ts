import type { Kysely } from "kysely";
import { prepared } from "~/db/prepared.server";
import type { DB } from "~/db/schema";
import { indiaDate, type RateBp } from "~/utils/gst";
import { versionedCache } from "./catalog-cache.server";

/**
 * GST rates as data: rows of gst_rates by HSN prefix and effective date (GST 2.0 from
 * 22 September 2025), and each product's HSN code and shipping weight (its own, else its
 * category's default). The next change of rates is new rows, not a release.
 */

export const FALLBACK_HSN = "87089900";
export const FALLBACK_WEIGHT_GRAMS = 1000;

type RateRow = {
  hsn_prefix: string;
  rate_bp: number;
  effective_from: string;
  max_unit_paise: number | null;
};

/** The products' own HSN codes and weights, and their categories' defaults. */
const taxFactsQuery = (db: Kysely<DB>, productIds: number[]) =>
  db
    .selectFrom("products as p")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .leftJoin("category_tax_defaults as d", "d.category_slug", "c.slug")
    .where("p.id", "in", productIds)
    .select([
      "p.id",
      "p.hsn_code",
      "p.weight_grams",
      "d.hsn_code as default_hsn",
      "d.weight_grams as default_weight",
    ]);

/** The query prepared once for each number of products up to a cart's usual size. */
const taxFactsFor = new Map<number, (db: Kysely<DB>, ...ids: number[]) => Promise<TaxFacts[]>>();
type TaxFacts = Awaited<ReturnType<ReturnType<typeof taxFactsQuery>["execute"]>>[number];

function readTaxFacts(db: Kysely<DB>, productIds: number[]): Promise<TaxFacts[]> {
  if (productIds.length > 20) return taxFactsQuery(db, productIds).execute();
  let query = taxFactsFor.get(productIds.length);
  if (!query) {
    query = prepared((db, ...ids: number[]) => taxFactsQuery(db, ids));
    taxFactsFor.set(productIds.length, query);
  }
  return query(db, ...productIds);
}

/**
 * Each product's facts, kept per catalogue version: products and the categories' defaults bump
 * it. The products not kept yet are read together, in one statement.
 */
const cachedFacts = versionedCache<TaxFacts | undefined>(5_000);
function taxFacts(db: Kysely<DB>, productIds: number[]): Promise<(TaxFacts | undefined)[]> {
  const missing: number[] = [];
  let read: Promise<TaxFacts[]> | undefined;
  return Promise.all(
    productIds.map((id) =>
      cachedFacts(db, String(id), () => {
        missing.push(id);
        // Started after this loop, so that it reads every product missing, not just the first.
        read ??= Promise.resolve().then(() => readTaxFacts(db, missing));
        return read.then((rows) => rows.find((row) => row.id === id));
      }),
    ),
  );
}

/** Every rate row, read once per catalogue version (the table's triggers bump it). */
const cachedRates = versionedCache<RateRow[]>(1);
function gstRates(db: Kysely<DB>): Promise<RateRow[]> {
  return cachedRates(db, "all", () =>
    db
      .selectFrom("gst_rates")
      .select(["hsn_prefix", "rate_bp", "effective_from", "max_unit_paise"])
      .execute(),
  );
}

/** The rate in force for an HSN code and unit price on a day (YYYY-MM-DD, India time). */
export function pickRate(rows: RateRow[], hsn: string, unitPaise: number, day: string): RateBp {
  const candidates = rows
    .filter((r) => hsn.startsWith(r.hsn_prefix) && r.effective_from <= day)
    .filter((r) => r.max_unit_paise == null || unitPaise <= r.max_unit_paise)
    .sort(
      (a, b) =>
        b.hsn_prefix.length - a.hsn_prefix.length ||
        b.effective_from.localeCompare(a.effective_from) ||
        (a.max_unit_paise ?? Infinity) - (b.max_unit_paise ?? Infinity),
    );
  return candidates[0]?.rate_bp ?? 1800;
}

export function indiaDay(at: Date): string {
  const d = indiaDate(at);
  return `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
}

export type ProductTax = { hsnCode: string; rateBp: RateBp; weightGrams: number };

/** HSN code, GST rate and weight of each product at its unit price, on the day `at`. */
export async function productTaxes(
  db: Kysely<DB>,
  lines: { productId: number; unitPricePaise: number }[],
  at: Date = new Date(),
): Promise<ProductTax[]> {
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.map((l) => l.productId))];
  const products = await taxFacts(db, ids);
  const rates = await gstRates(db);
  const day = indiaDay(at);
  return lines.map((line) => {
    const p = products[ids.indexOf(line.productId)];
    const hsnCode = p?.hsn_code ?? p?.default_hsn ?? FALLBACK_HSN;
    return {
      hsnCode,
      rateBp: pickRate(rates, hsnCode, line.unitPricePaise, day),
      weightGrams: p?.weight_grams ?? p?.default_weight ?? FALLBACK_WEIGHT_GRAMS,
    };
  });
}
