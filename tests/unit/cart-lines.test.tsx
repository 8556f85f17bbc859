// A cart line as the server renders it: why its "+" is disabled, said by the quantity and read
// with the button.
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { CartView } from "~/components/cart-lines";
import type { CartLine } from "~/models/cart.server";
import { MAX_CART_LINE_QUANTITY } from "~/utils/validation";

const line = (over: Partial<CartLine>): CartLine => ({
  id: 1,
  productId: 9,
  title: "Recovery Shackle",
  brand: "ARB",
  slug: "recovery-shackle",
  image: null,
  pricePaise: 250_000,
  quantity: 2,
  sizeId: null,
  colorId: null,
  sizeLabel: "",
  colorName: "",
  boltPattern: "",
  offsetMm: null,
  partNumber: "",
  inStock: true,
  stock: 3,
  maxQuantity: 3,
  ...over,
});

async function render(l: CartLine) {
  const routes = [
    { id: "cart", path: "/cart", Component: () => <CartView lines={[l]} emptyState={null} /> },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/cart"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** The "+" button's tag and the text of the element that describes it (or null). */
function plus(html: string) {
  const button = /<button[^>]*aria-label="Increase quantity of Recovery Shackle"[^>]*>/.exec(
    html,
  )![0];
  const id = /aria-describedby="([^"]+)"/.exec(button)?.[1];
  const described = id
    ? new RegExp(`id="${id.replace(/[:]/g, "\\$&")}"[^>]*>([^<]*)<`).exec(html)?.[1]
    : null;
  return { disabled: / disabled=""/.test(button), described: described ?? null };
}

describe("a cart line's plus button", () => {
  it("below the stock: enabled, nothing said", async () => {
    const html = await render(line({ quantity: 2 }));
    expect(plus(html)).toEqual({ disabled: false, described: null });
    expect(html).not.toContain("in stock");
  });

  it("at the stock: disabled, and 'Only 3 in stock' by the quantity describes it", async () => {
    expect(plus(await render(line({ quantity: 3 })))).toEqual({
      disabled: true,
      described: "Only 3 in stock",
    });
  });

  it("at the most one line may hold, or sold out: says that", async () => {
    const many = line({
      quantity: MAX_CART_LINE_QUANTITY,
      stock: 500,
      maxQuantity: MAX_CART_LINE_QUANTITY,
    });
    expect(plus(await render(many))).toEqual({
      disabled: true,
      described: `At most ${MAX_CART_LINE_QUANTITY} of one item`,
    });
    const soldOut = line({ quantity: 1, stock: 0, maxQuantity: 0, inStock: false });
    expect(plus(await render(soldOut))).toEqual({ disabled: true, described: "Sold Out" });
  });
});
