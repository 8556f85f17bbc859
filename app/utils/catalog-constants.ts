/** Catalogue constants shared by the server models and the pages (spec section 9). */

export const SORTS = ["newest", "price-asc", "price-desc"] as const;
export type Sort = (typeof SORTS)[number];

export const PAGE_SIZE = 24;
/** Default price filter bounds, in rupees. */
export const PRICE_MIN_RUPEES = 0;
export const PRICE_MAX_RUPEES = 1_000_000;
/** Shown next to the max price when it is below the min price (no product can match). */
export const PRICE_RANGE_MESSAGE = "The max price is below the min price: no product can match.";
export const RECOMMENDATIONS = 6;

/**
 * The spec's client catalogue names vehicles with hyphens (`toyota-hilux`, read as `toyota_hilux`);
 * these two differ from ours by more than that.
 */
export const SPEC_VEHICLE_ALIASES: Record<string, string> = {
  "maruti-jimny": "suzuki_jimny",
  "ford-endeavour": "ford_endeavor",
};
