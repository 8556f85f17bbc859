/**
 * GST arithmetic that needs no database: GSTIN format and check digit, state codes, the split of a
 * GST-inclusive price into taxable value and tax, the financial year in India time, and amounts in
 * words in the Indian system (lakh, crore). Imported by the models, the invoice and the tests.
 */

/** GST state codes (the first two digits of a GSTIN), by the state names of INDIAN_STATES. */
export const GST_STATE_CODES: Record<string, string> = {
  "Jammu and Kashmir": "01",
  "Himachal Pradesh": "02",
  Punjab: "03",
  Chandigarh: "04",
  Uttarakhand: "05",
  Haryana: "06",
  Delhi: "07",
  Rajasthan: "08",
  "Uttar Pradesh": "09",
  Bihar: "10",
  Sikkim: "11",
  "Arunachal Pradesh": "12",
  Nagaland: "13",
  Manipur: "14",
  Mizoram: "15",
  Tripura: "16",
  Meghalaya: "17",
  Assam: "18",
  "West Bengal": "19",
  Jharkhand: "20",
  Odisha: "21",
  Chhattisgarh: "22",
  "Madhya Pradesh": "23",
  Gujarat: "24",
  "Dadra and Nagar Haveli and Daman and Diu": "26",
  Maharashtra: "27",
  Karnataka: "29",
  Goa: "30",
  Lakshadweep: "31",
  Kerala: "32",
  "Tamil Nadu": "33",
  Puducherry: "34",
  "Andaman and Nicobar Islands": "35",
  Telangana: "36",
  "Andhra Pradesh": "37",
  Ladakh: "38",
};

const STATE_BY_CODE = new Map(Object.entries(GST_STATE_CODES).map(([name, code]) => [code, name]));

/** The state's name for a two-digit GST state code, or null. */
export function stateOfCode(code: string): string | null {
  return STATE_BY_CODE.get(code) ?? null;
}

/** A state (name, any case) or a two-digit code, as `{ name, code }`; null when it is neither. */
export function resolveState(value: string): { name: string; code: string } | null {
  const v = value.trim();
  if (/^\d{1,2}$/.test(v)) {
    const code = v.padStart(2, "0");
    const name = stateOfCode(code);
    return name ? { name, code } : null;
  }
  const lower = v.replace(/\s+/g, " ").toLowerCase();
  for (const [name, code] of Object.entries(GST_STATE_CODES)) {
    if (name.toLowerCase() === lower) return { name, code };
  }
  return null;
}

const GSTIN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters (GSTN's Luhn mod 36: each value is
 * multiplied by 1 and 2 in turn, the quotient and remainder by 36 are added).
 */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36];
}

export type GstinCheck =
  { ok: true; gstin: string; stateCode: string } | { ok: false; message: string };

/** A buyer's or the shop's GSTIN: 15 characters, a known state code, and the right check character. */
export function checkGstin(value: string): GstinCheck {
  const gstin = value.trim().toUpperCase().replace(/\s/g, "");
  if (!GSTIN_FORMAT.test(gstin)) {
    return { ok: false, message: "Enter a 15-character GSTIN such as 29ABCDE1234F1Z5" };
  }
  const stateCode = gstin.slice(0, 2);
  if (!stateOfCode(stateCode) && stateCode !== "97") {
    return { ok: false, message: "This GSTIN does not start with a state code of India" };
  }
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) {
    return { ok: false, message: "This GSTIN's check digit is wrong: please check it for typos" };
  }
  return { ok: true, gstin, stateCode };
}

// ---------------------------------------------------------------------------------------------
// Tax on a GST-inclusive amount

/** Rates are kept in basis points (18 % = 1800), so that rates such as 0.25 % stay whole numbers. */
export type RateBp = number;

export type TaxSplit = {
  grossPaise: number;
  taxablePaise: number;
  rateBp: RateBp;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

/**
 * Splits a GST-inclusive amount, so that taxable value + tax is always the gross to the paisa.
 * Outside the shop's state the taxable value is gross x 10000 / (10000 + rate), rounded half up to
 * the paisa, and the tax (IGST) is the rest. Within it CGST and SGST are each half the tax and must
 * be equal: half the tax is rounded half up to the paisa, CGST and SGST are both that half, and the
 * taxable value is the rest (so it is at most a paisa from the exact value, never an odd paisa of
 * tax on one side).
 */
export function splitInclusive(grossPaise: number, rateBp: RateBp, intraState: boolean): TaxSplit {
  const divisor = 10000 + rateBp;
  if (intraState) {
    // gross x rate / (2 x divisor), rounded half up.
    const halfPaise = Math.floor((grossPaise * rateBp + divisor) / (2 * divisor));
    return {
      grossPaise,
      taxablePaise: grossPaise - 2 * halfPaise,
      rateBp,
      cgstPaise: halfPaise,
      sgstPaise: halfPaise,
      igstPaise: 0,
    };
  }
  const taxablePaise = Math.floor((grossPaise * 10000 * 2 + divisor) / (divisor * 2));
  return {
    grossPaise,
    taxablePaise,
    rateBp,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: grossPaise - taxablePaise,
  };
}

/** "18%" or "0.25%". */
export function formatRate(rateBp: RateBp): string {
  return `${rateBp / 100}%`;
}

// ---------------------------------------------------------------------------------------------
// The financial year (April to March) in India time

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The date in India (UTC+5:30) as year, month (1-12), day and weekday (0 Sunday). */
export function indiaDate(at: Date): { year: number; month: number; day: number; weekday: number } {
  const d = new Date(at.getTime() + IST_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
  };
}

/** The financial year of a moment in India time, as in invoice numbers: "26-27" from 1 April 2026. */
export function financialYear(at: Date): string {
  const { year, month } = indiaDate(at);
  const start = month >= 4 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, "0");
  return `${two(start)}-${two(start + 1)}`;
}

// ---------------------------------------------------------------------------------------------
// Amounts in words, Indian system

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : "");
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", rest ? belowHundred(rest) : ""]
    .filter(Boolean)
    .join(" ");
}

/** A whole number in words with crore, lakh and thousand (crores above 99 are said in words too). */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole amount: ${n}`);
  if (n === 0) return "Zero";
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${numberInWords(crore)} Crore` : "",
    lakh ? `${belowHundred(lakh)} Lakh` : "",
    thousand ? `${belowHundred(thousand)} Thousand` : "",
    rest ? belowThousand(rest) : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** "Rupees One Crore Twenty-Three Lakh ... and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${numberInWords(rupees)}${p ? ` and ${belowHundred(p)} Paise` : ""} Only`;
}
