// GST arithmetic, PIN directory and delivery dates: pure functions, no database.
import { describe, expect, it } from "vitest";
import { previousMonth } from "~/models/gst-report.server";
import { lookupPin, pinCount, pinStateProblem } from "~/models/pin-directory.server";
import { estimateDelivery, zoneOf } from "~/models/shipping.server";
import { pickRate } from "~/models/tax.server";
import {
  amountInWords,
  checkGstin,
  financialYear,
  gstinCheckChar,
  numberInWords,
  resolveState,
  splitInclusive,
} from "~/utils/gst";

describe("GSTIN", () => {
  it("accepts GSTINs whose check character is right, and names the problem of the others", () => {
    // A GSTIN often quoted as an example, and another with a correct check character.
    for (const ok of ["27AAPFU0939F1ZV", "29AAGCB7383J1Z4"]) {
      expect(checkGstin(ok), ok).toMatchObject({ ok: true, gstin: ok });
    }
    expect(checkGstin(" 27aapfu0939f1zv ")).toMatchObject({
      ok: true,
      gstin: "27AAPFU0939F1ZV",
      stateCode: "27",
    });
    expect(checkGstin("27AAPFU0939F1ZW")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/check digit/),
    });
    expect(checkGstin("27AAPFU0939F1Z")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/15-character/),
    });
    expect(checkGstin("00AAPFU0939F1ZV")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/state code/),
    });
    expect(gstinCheckChar("27AAPFU0939F1Z")).toBe("V");
  });

  it("resolves states by name or two-digit code", () => {
    expect(resolveState("karnataka")).toEqual({ name: "Karnataka", code: "29" });
    expect(resolveState("27")).toEqual({ name: "Maharashtra", code: "27" });
    expect(resolveState("38")).toEqual({ name: "Ladakh", code: "38" });
    expect(resolveState("Atlantis")).toBeNull();
  });
});

describe("tax on GST-inclusive prices", () => {
  it("splits each line so taxable value and tax add up to the price to the paisa", () => {
    expect(splitInclusive(118_00, 1800, true)).toEqual({
      grossPaise: 118_00,
      taxablePaise: 100_00,
      rateBp: 1800,
      cgstPaise: 9_00,
      sgstPaise: 9_00,
      igstPaise: 0,
    });
    expect(splitInclusive(118_00, 1800, false)).toMatchObject({
      taxablePaise: 100_00,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_00,
    });
    // 999.99 at 18 %: 847.449... rounds half up to 847.45, and the tax of 152.54 halves evenly.
    expect(splitInclusive(99_999, 1800, true)).toMatchObject({
      taxablePaise: 84_745,
      cgstPaise: 7_627,
      sgstPaise: 7_627,
    });
    expect(splitInclusive(100_001, 1800, true)).toMatchObject({
      taxablePaise: 84_747,
      cgstPaise: 7_627,
      sgstPaise: 7_627,
    });
    expect(splitInclusive(100_000, 1800, true)).toMatchObject({
      taxablePaise: 84_746,
      cgstPaise: 7_627,
      sgstPaise: 7_627,
    });
    // An odd paisa of tax is not given to one side: CGST and SGST are always equal halves, and
    // the taxable value takes the paisa instead (₹32,997.99 was CGST ₹2,516.80, SGST ₹2,516.79).
    expect(splitInclusive(3_299_799, 1800, true)).toEqual({
      grossPaise: 3_299_799,
      taxablePaise: 2_796_439,
      rateBp: 1800,
      cgstPaise: 251_680,
      sgstPaise: 251_680,
      igstPaise: 0,
    });
    expect(splitInclusive(3_299_799, 1800, false)).toMatchObject({
      taxablePaise: 2_796_440,
      igstPaise: 503_359,
    });
    expect(splitInclusive(1_000, 1800, true)).toMatchObject({
      taxablePaise: 848,
      cgstPaise: 76,
      sgstPaise: 76,
    });
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 2000; i++) {
      const gross = random() % 10_000_000;
      const rate = [0, 500, 1800, 4000, 25][i % 5];
      for (const intra of [true, false]) {
        const s = splitInclusive(gross, rate, intra);
        expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(gross);
        expect(s.cgstPaise).toBe(s.sgstPaise);
        // Between states the taxable value is the nearest paisa to gross / (1 + rate); within the
        // state each half of the tax is the nearest paisa to its exact value, so the taxable
        // value is within a paisa of it.
        const exactTaxable = (gross * 10000) / (10000 + rate);
        expect(Math.abs(s.taxablePaise - exactTaxable)).toBeLessThanOrEqual(intra ? 1 : 0.5);
        if (intra)
          expect(Math.abs(s.cgstPaise - (gross - exactTaxable) / 2)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it("picks the rate in force: longest HSN prefix, latest date on or before the day, price slabs", () => {
    const rows = [
      { hsn_prefix: "", rate_bp: 1800, effective_from: "2017-07-01", max_unit_paise: null },
      { hsn_prefix: "8708", rate_bp: 2800, effective_from: "2017-07-01", max_unit_paise: null },
      { hsn_prefix: "8708", rate_bp: 1800, effective_from: "2025-09-22", max_unit_paise: null },
      { hsn_prefix: "64", rate_bp: 1800, effective_from: "2025-09-22", max_unit_paise: null },
      { hsn_prefix: "64", rate_bp: 500, effective_from: "2025-09-22", max_unit_paise: 250_000 },
    ];
    expect(pickRate(rows, "87087000", 500_000, "2025-09-21")).toBe(2800);
    expect(pickRate(rows, "87087000", 500_000, "2025-09-22")).toBe(1800);
    expect(pickRate(rows, "64041990", 250_000, "2026-11-23")).toBe(500);
    expect(pickRate(rows, "64041990", 250_001, "2026-11-23")).toBe(1800);
    expect(pickRate(rows, "85044010", 100, "2026-11-23")).toBe(1800);
  });
});

describe("amounts in words", () => {
  it("says rupees and paise in lakh and crore", () => {
    expect(amountInWords(123_456_78_50)).toBe(
      "Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Fifty Paise Only",
    );
    expect(amountInWords(100)).toBe("Rupees One Only");
    expect(amountInWords(1_00_000_00)).toBe("Rupees One Lakh Only");
    expect(amountInWords(5)).toBe("Rupees Zero and Five Paise Only");
    expect(numberInWords(1_234_00_00_000)).toBe("One Thousand Two Hundred Thirty-Four Crore");
  });
});

describe("financial year in India time", () => {
  it("turns over at midnight between 31 March and 1 April in India, not in UTC", () => {
    expect(financialYear(new Date("2027-03-31T18:29:59.999Z"))).toBe("26-27"); // 23:59:59 IST, 31 March
    expect(financialYear(new Date("2027-03-31T18:30:00.000Z"))).toBe("27-28"); // 00:00 IST, 1 April
    expect(financialYear(new Date("2026-04-01T00:00:00.000Z"))).toBe("26-27");
    expect(financialYear(new Date("2099-12-31T12:00:00.000Z"))).toBe("99-00");
  });
});

describe("the GST report's month", () => {
  it("is last month in India, the one filed this month", () => {
    expect(previousMonth(new Date("2026-11-28T12:00:00.000Z"))).toBe("2026-10");
    expect(previousMonth(new Date("2027-01-05T12:00:00.000Z"))).toBe("2026-12");
    // 00:30 IST on 1 December is already December in India.
    expect(previousMonth(new Date("2026-11-30T19:00:00.000Z"))).toBe("2026-11");
    expect(previousMonth(new Date("2026-11-30T18:00:00.000Z"))).toBe("2026-10");
  });
});

describe("PIN directory and delivery dates", () => {
  it("knows every PIN's district and state and refuses a PIN of another state", () => {
    expect(pinCount()).toBeGreaterThan(19_000);
    expect(lookupPin("560001")).toEqual({
      pin: "560001",
      district: "Bengaluru",
      state: "Karnataka",
    });
    expect(lookupPin("400001")).toMatchObject({ district: "Mumbai", state: "Maharashtra" });
    expect(lookupPin("194101")).toMatchObject({ state: "Ladakh" });
    expect(lookupPin("999999")).toBeNull();
    expect(pinStateProblem("560001", "Karnataka")).toBeNull();
    expect(pinStateProblem("560001", "Kerala")).toBe("PIN 560001 is in Karnataka, not Kerala.");
    expect(pinStateProblem("999999", "Kerala")).toMatch(/does not exist/);
  });

  it("puts a destination in its zone seen from the shop", () => {
    const blr = lookupPin("560001");
    expect(zoneOf(lookupPin("560002")!, blr)).toBe("local");
    expect(zoneOf(lookupPin("570001")!, blr)).toBe("state");
    expect(zoneOf(lookupPin("400001")!, blr)).toBe("metro");
    expect(zoneOf(lookupPin("302001")!, blr)).toBe("national");
    expect(zoneOf(lookupPin("781001")!, blr)).toBe("special");
    expect(zoneOf(lookupPin("194101")!, blr)).toBe("special");
  });

  it("counts delivery days from the cut-off in India time and skips Sundays", () => {
    // Monday 23 November 2026, 10:00 IST: leaves today, 3 days -> Thursday.
    expect(estimateDelivery(new Date("2026-11-23T04:30:00Z"), 3, "14:00")).toEqual({
      date: "2026-11-26",
      label: "Thu, 26 Nov",
    });
    // 14:00 IST is past the cut-off: leaves Tuesday -> Friday.
    expect(estimateDelivery(new Date("2026-11-23T08:30:00Z"), 3, "14:00").label).toBe(
      "Fri, 27 Nov",
    );
    // Friday morning, 2 days: Saturday, (Sunday skipped) Monday.
    expect(estimateDelivery(new Date("2026-11-27T04:30:00Z"), 2, "14:00").label).toBe(
      "Mon, 30 Nov",
    );
    // Saturday evening: leaves Monday (not Sunday), 1 day -> Tuesday.
    expect(estimateDelivery(new Date("2026-11-28T13:00:00Z"), 1, "14:00").label).toBe("Tue, 1 Dec");
    // 23:00 UTC on Sunday is already Monday 04:30 in India: leaves Monday.
    expect(estimateDelivery(new Date("2026-11-29T23:00:00Z"), 1, "14:00").label).toBe("Tue, 1 Dec");
  });
});
