import { describe, expect, it } from "vitest";
import { formatPaise, listPricePaise, MAX_PRICE_PAISE, rupeesToPaise } from "~/utils/money";

describe("money", () => {
  it("formats paise as rupees with Indian digit grouping", () => {
    expect(formatPaise(12345600)).toBe("₹1,23,456.00");
    expect(formatPaise(149950)).toBe("₹1,499.50");
    expect(formatPaise(0)).toBe("₹0.00");
    expect(formatPaise(1234567890)).toBe("₹1,23,45,678.90");
  });

  it("formats each amount right again after its memory of recent amounts fills up", () => {
    for (let paise = 0; paise < 12_000; paise++) formatPaise(paise);
    expect(formatPaise(12345600)).toBe("₹1,23,456.00");
    expect(formatPaise(11_999)).toBe("₹119.99");
    expect(formatPaise(5)).toBe("₹0.05");
  });

  it("shows the original price at 125%", () => {
    expect(listPricePaise(100000)).toBe(125000);
    expect(listPricePaise(333)).toBe(416);
  });

  it("turns typed rupees into integer paise without float error", () => {
    expect(rupeesToPaise("1499.5")).toBe(149950);
    expect(rupeesToPaise("1499")).toBe(149900);
    expect(rupeesToPaise("1,499.99")).toBe(149999);
    expect(rupeesToPaise("0.285")).toBe(29);
    expect(rupeesToPaise("0.284")).toBe(28);
    expect(rupeesToPaise("₹ 12")).toBe(1200);
    expect(rupeesToPaise(19.9)).toBe(1990);
    expect(rupeesToPaise("1,23,456.50")).toBe(12345650);
    expect(rupeesToPaise("123,456")).toBe(12345600);
    expect(rupeesToPaise("999999999.994")).toBe(MAX_PRICE_PAISE);
    expect(rupeesToPaise("999999999.995")).toBeNull();
    for (const bad of ["", "-1", "abc", "1e5", "1.2.3", "NaN", "12,34", "1,2345", "1 499", ",499"])
      expect(rupeesToPaise(bad), bad).toBeNull();
  });
});
