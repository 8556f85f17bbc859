import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OrderCharges, type OrderChargesView } from "../../app/components/order-charges";

const charges: OrderChargesView = {
  paymentMethod: "razorpay",
  goodsPaise: 1_250_000,
  shippingPaise: 0,
  codFeePaise: 0,
  buyerGstin: null,
  buyerBusinessName: null,
  invoiceNumber: null,
  creditNoteNumber: null,
  cashCollectedAt: null,
};

/** The text of the "Payment method" row. */
function paymentMethod(view: OrderChargesView, paid: boolean) {
  const html = renderToStaticMarkup(
    <OrderCharges charges={view} invoiceHref="/order/1/invoice" paid={paid} />,
  );
  return /Payment method<\/dt><dd[^>]*>([^<]*)<\/dd>/.exec(html)?.[1];
}

describe("the order page's payment method", () => {
  it("says whether an online payment has been made", () => {
    expect(paymentMethod(charges, true)).toBe("Paid online");
    expect(paymentMethod(charges, false)).toBe("Online payment (not paid)");
  });

  it("says cash on delivery, and when the courier has collected the cash", () => {
    const cod = { ...charges, paymentMethod: "cod" as const, codFeePaise: 4_900 };
    expect(paymentMethod(cod, false)).toBe("Cash on delivery");
    expect(paymentMethod({ ...cod, cashCollectedAt: "2026-11-20T10:00:00.000Z" }, true)).toBe(
      "Cash on delivery (cash collected)",
    );
  });
});

describe("the order page's business buyer", () => {
  it("names the business and its GSTIN in words that suit the shopper and the admin alike", () => {
    const html = renderToStaticMarkup(
      <OrderCharges
        charges={{
          ...charges,
          buyerGstin: "29ABCDE1234F1ZW",
          buyerBusinessName: "Trail Traders Pvt Ltd",
        }}
        invoiceHref="/order/1/invoice"
        paid
      />,
    );
    expect(html).toMatch(/Invoiced to business<\/dt><dd[^>]*>Trail Traders Pvt Ltd<\/dd>/);
    expect(html).toMatch(/Buyer&#x27;s GSTIN<\/dt><dd[^>]*>29ABCDE1234F1ZW<\/dd>/);
    expect(html).not.toContain("Your GSTIN");
  });
});
