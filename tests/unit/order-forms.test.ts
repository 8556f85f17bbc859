import { describe, expect, it } from "vitest";
import { readAddToCart, readApiAddToCart, readCartUpdate } from "~/forms/cart";
import { readCreateOrder, refusedField } from "~/forms/create-order.server";

describe("readCreateOrder", () => {
  it("reads the server's cart when no product is named, with the header's key before the body's", () => {
    const read = readCreateOrder({ idempotencyKey: "body-key-123" }, "  header-key-456 ");
    expect(read).toMatchObject({ ok: true, order: { source: { type: "cart" }, sent: null } });
    expect(read.ok && read.order.key).toBe("header-key-456");
    const bodyKey = readCreateOrder({ idempotencyKey: "body-key-123" }, null);
    expect(bodyKey.ok && bodyKey.order.key).toBe("body-key-123");
    const fresh = readCreateOrder({}, null);
    expect(fresh.ok && fresh.order.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(readCreateOrder({}, "short")).toEqual({
      ok: false,
      errors: { idempotencyKey: "Use 8 to 100 characters" },
    });
  });

  it("reads a Buy Now from the top level or from cartItems[0], and names its fields as sent", () => {
    const top = readCreateOrder({ productId: "7", quantity: "2", sizeId: 3 }, null);
    expect(top).toMatchObject({
      ok: true,
      order: {
        source: { type: "single", productId: 7, quantity: 2, sizeId: 3 },
        sent: { prefix: "", productField: "productId" },
      },
    });
    const item = readCreateOrder(
      { checkoutType: "single", cartItems: [{ id: 9, wheelSize: '17"', price: 1 }] },
      null,
    );
    expect(item).toMatchObject({
      ok: true,
      order: {
        source: { type: "single", productId: 9, quantity: 1, sizeLabel: '17"' },
        sent: { prefix: "cartItems.0.", productField: "id" },
      },
    });
    if (!item.ok) return;
    const refusal = { code: "product", status: 409, message: "Gone" } as const;
    expect(refusedField(refusal as never, item.order.sent)).toBe("cartItems.0.id");
    expect(refusedField(refusal as never, null)).toBe("cart");
  });

  it("refuses a Buy Now without a usable item, field by field", () => {
    expect(readCreateOrder({ checkoutType: "single" }, null)).toEqual({
      ok: false,
      errors: { productId: "Choose a product" },
    });
    const bad = readCreateOrder({ checkoutType: "single", cartItems: [{ id: "x" }] }, null);
    expect(bad.ok).toBe(false);
    expect(Object.keys(!bad.ok ? bad.errors : {})).toEqual(["cartItems.0.id"]);
    const wrong = readCreateOrder({ paymentMethod: "cheque", whatsappOptIn: "maybe" }, null);
    expect(Object.keys(!wrong.ok ? wrong.errors : {}).sort()).toEqual([
      "paymentMethod",
      "whatsappOptIn",
    ]);
  });
});

describe("cart forms", () => {
  it("read the page's form rows as numbers, and say what is wrong by field", () => {
    expect(readAddToCart({ productId: "4", quantity: "2", sizeId: "5" })).toEqual({
      ok: true,
      data: { productId: 4, quantity: 2, size: "", color: "", sizeId: 5 },
    });
    const bad = readAddToCart({ productId: "4", quantity: "99" });
    expect(bad.ok).toBe(false);
    expect(Object.keys(!bad.ok ? bad.errors : {})).toEqual(["quantity"]);
    expect(readCartUpdate({ lineId: "3", quantity: "8" })).toEqual({
      ok: true,
      data: { lineId: 3, quantity: 8 },
    });
    expect(readCartUpdate({ lineId: "3", quantity: "0" })).toEqual({
      ok: false,
      errors: { quantity: "Quantity cannot be less than 1" },
    });
  });

  it("read the API's add with the quantity defaulting to one and the variant by id or label", () => {
    const read = readApiAddToCart({ productId: 4, wheelSize: '16"', colorId: 2 });
    expect(read).toMatchObject({
      ok: true,
      input: { productId: 4, quantity: 1, size: '16"', sizeId: null, colorId: 2, color: "" },
    });
    expect(readApiAddToCart({ quantity: 1 }).ok).toBe(false);
  });
});
