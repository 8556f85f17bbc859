const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

/** Amounts formatted lately: a page shows the same few prices many times, and Intl is slow. */
const formatted = new Map<number, string>();

/** The one formatter of money: integer paise to `₹1,23,456.00` (Indian digit grouping). */
export function formatPaise(paise: number): string {
  let text = formatted.get(paise);
  if (text === undefined) {
    text = inr.format(paise / 100);
    if (formatted.size >= 10_000) formatted.clear();
    formatted.set(paise, text);
  }
  return text;
}

/** The displayed "original" price: 125% of the price, rounded to whole paise. */
export function listPricePaise(paise: number): number {
  return Math.round((paise * 125) / 100);
}

/** The highest price rupeesToPaise reads (nine digits of rupees): ₹99,99,99,999.99. */
export const MAX_PRICE_PAISE = 99_999_999_999;

/**
 * Rupees typed by a person ("1499", "1,499.50", "1499.5") to integer paise, rounded half up
 * on the third decimal. Returns null for anything that is not a non-negative amount of at most
 * MAX_PRICE_PAISE.
 */
export function rupeesToPaise(input: string | number): number | null {
  const typed = String(input).trim().replace(/^₹\s*/, "");
  // Commas only where a grouping puts them (Indian 1,23,456 or 123,456): "12,34" is no amount.
  const [integer = "", ...rest] = typed.split(".");
  if (integer.includes(",") && !/^(?:\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+)$/.test(integer))
    return null;
  const text = [integer.replace(/,/g, ""), ...rest].join(".");
  const m = /^(\d{1,9})(?:\.(\d*))?$/.exec(text);
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = (m[2] ?? "").padEnd(3, "0");
  const paise = Number(frac.slice(0, 2));
  const roundUp = Number(frac[2]) >= 5 ? 1 : 0;
  const total = whole * 100 + paise + roundUp;
  // ₹99,99,99,999.995 rounds up past the highest price: no amount either.
  return total > MAX_PRICE_PAISE ? null : total;
}
