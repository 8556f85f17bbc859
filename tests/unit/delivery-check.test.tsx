import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CashOnDelivery } from "../../app/components/delivery-check";

const text = (cod: boolean, codLimitPaise: number | null) =>
  renderToStaticMarkup(<CashOnDelivery cod={cod} codLimitPaise={codLimitPaise} />).replace(
    /<[^>]+>/g,
    "",
  );

describe("Check delivery's cash on delivery line", () => {
  it("says COD is not available for this item, with the limit, when the price alone refuses it", () => {
    expect(text(false, 5_000_000)).toBe(
      "Cash on delivery not available for this item: only for orders up to ₹50,000.00",
    );
  });

  it("otherwise says it is available, or not for this PIN", () => {
    expect(text(true, null)).toBe("Cash on delivery available");
    expect(text(false, null)).toBe("Cash on delivery not available for this PIN");
  });
});
