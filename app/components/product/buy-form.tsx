import { Form } from "@remix-run/react";
import { useState } from "react";
import { Price } from "~/components/price";
import type { ProductSize } from "~/models/product-detail.server";
import { offsetText } from "~/utils/variant";
import { SizePicker } from "./size-picker";

const QUANTITIES = [1, 2, 3, 4, 5, 6];

/** The buy form's id: the page's "Check delivery" joins it (its PIN field and button). */
export const BUY_FORM_ID = "buy-form";

/**
 * Size, quantity and the total, then Buy Now (a GET to the checkout) or Add to cart (a post to the
 * cart), both from one form so they work without JavaScript; Sold Out when none is left.
 * "Check delivery" (outside, joined by `form`) is a GET of the product page with the same fields.
 */
export function BuyForm({
  productId,
  pricePaise,
  color,
  colorId,
  sizes,
  sizeStock,
  size,
  onSizeChange,
  stock,
  quantity: initialQuantity = 1,
}: {
  productId: number;
  pricePaise: number;
  color: string | null;
  colorId: number | null;
  sizes: ProductSize[];
  sizeStock: Map<number, number>;
  /** The chosen size, if the product has sizes. */
  size: ProductSize | null;
  onSizeChange: (sizeId: number) => void;
  /** Units left of the chosen variant. */
  stock: number;
  /** The quantity chosen first (from the page's `?quantity=`). */
  quantity?: number;
}) {
  const [quantity, setQuantity] = useState(initialQuantity);
  return (
    <Form id={BUY_FORM_ID} method="post" action="/cart" className="flex flex-col gap-5">
      {/* The form's default button (its first), which Enter in a field presses: Enter in the PIN
          field checks delivery, as its button does, rather than Buy Now. With JavaScript the PIN
          field handles its own Enter, and Enter elsewhere does nothing. */}
      <button
        type="submit"
        hidden
        formMethod="get"
        formAction={`/product/${productId}`}
        onClick={(event) => event.preventDefault()}
      />
      <input type="hidden" name="productId" value={productId} />
      {color ? <input type="hidden" name="color" value={color} /> : null}
      {colorId ? <input type="hidden" name="colorId" value={colorId} /> : null}
      {sizes.length > 0 ? (
        <SizePicker
          sizes={sizes}
          sizeStock={sizeStock}
          sizeId={size?.id ?? null}
          onChange={onSizeChange}
        />
      ) : null}
      <div className="flex flex-wrap items-end gap-6">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Quantity
          <select
            name="quantity"
            value={quantity}
            onChange={(e) => setQuantity(Number(e.target.value))}
            className="w-24 rounded-md border border-gray-300 px-2 py-2 font-normal"
          >
            {QUANTITIES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <p className="text-sm">
          Total: <Price paise={pricePaise * quantity} className="text-lg font-bold" />
        </p>
      </div>
      {size ? (
        <p className="text-sm text-gray-700" data-testid="chosen-size">
          Chosen: {size.label}, bolt pattern {size.boltPattern}, offset {offsetText(size.offset)},
          part {size.partNumber}
        </p>
      ) : null}
      {stock > 0 ? (
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            formMethod="get"
            formAction="/checkout"
            className="flex-1 rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
          >
            Buy Now
          </button>
          <button
            type="submit"
            name="intent"
            value="add"
            className="flex-1 rounded-md border-2 border-ink-900 px-6 py-3 font-semibold hover:bg-ink-900 hover:text-white"
          >
            Add to cart
          </button>
        </div>
      ) : (
        <button
          type="button"
          disabled
          className="cursor-not-allowed rounded-md bg-gray-300 px-6 py-3 font-semibold text-gray-700"
        >
          Sold Out
        </button>
      )}
    </Form>
  );
}
