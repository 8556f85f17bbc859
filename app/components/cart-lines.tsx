import { Link, useFetcher, useFetchers } from "@remix-run/react";
import { sizeText } from "~/utils/variant";
import { useId, type ReactNode } from "react";
import type { CartLine } from "~/models/cart.server";
import { imageUrl } from "~/utils/images";
import { MAX_CART_LINE_QUANTITY } from "~/utils/validation";
import { FetcherFlag } from "./fetcher-flag";
import { Price } from "./price";

/** The fetcher key of a cart line: its quantity and remove forms share it. */
export const cartLineFetcherKey = (lineId: number) => `cart-line-${lineId}`;

type Pending = { quantity?: number; removing?: boolean };

/**
 * What the shopper has asked for but the server has not confirmed yet: new quantities and
 * removals from in-flight cart fetchers. Once the server answers and the loaders revalidate,
 * the page shows the server's numbers again (the true quantity when a change was refused).
 */
function usePendingLineChanges(): Map<number, Pending> {
  const pending = new Map<number, Pending>();
  for (const fetcher of useFetchers()) {
    const form = fetcher.formData;
    if (!form || !fetcher.key.startsWith("cart-line-")) continue;
    const lineId = Number(form.get("lineId"));
    const intent = form.get("intent");
    if (intent === "remove") pending.set(lineId, { removing: true });
    if (intent === "update") {
      const quantity = Number(form.get("quantity"));
      if (Number.isInteger(quantity) && quantity >= 1)
        pending.set(lineId, { ...pending.get(lineId), quantity });
    }
  }
  return pending;
}

/** Shipping as the server estimated it for the cart (null: no PIN known yet). */
export type CartShipping =
  | { pin: string; ok: true; shippingPaise: number }
  | { pin: string; ok: false; message: string }
  | null;

export function CartView({
  lines,
  shipping = null,
  emptyState,
}: {
  lines: CartLine[];
  shipping?: CartShipping;
  emptyState: ReactNode;
}) {
  const pending = usePendingLineChanges();
  const shown = lines
    .filter((l) => !pending.get(l.id)?.removing)
    .map((l) => ({ ...l, quantity: pending.get(l.id)?.quantity ?? l.quantity }));
  if (shown.length === 0) return <>{emptyState}</>;
  const totalPaise = shown.reduce((n, l) => n + l.pricePaise * l.quantity, 0);
  const totalQuantity = shown.reduce((n, l) => n + l.quantity, 0);
  const unavailable = shown.some((l) => !l.inStock || l.quantity > l.stock);

  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
      <ul
        aria-label="Cart items"
        className="min-w-0 divide-y divide-gray-200 border-y border-gray-200"
      >
        {shown.map((line) => (
          <CartLineRow key={line.id} line={line} />
        ))}
      </ul>
      <section aria-labelledby="cart-summary" className="h-fit rounded-lg bg-gray-50 p-5">
        <h2 id="cart-summary" className="text-lg font-bold">
          Summary
        </h2>
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between">
            <dt>Items</dt>
            <dd>{totalQuantity}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd data-testid="cart-total">
              <Price paise={totalPaise} />
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt>{shipping ? `Shipping to ${shipping.pin}` : "Shipping"}</dt>
            <dd data-testid="cart-shipping" className="text-right">
              {!shipping ? (
                "Calculated at checkout"
              ) : !shipping.ok ? (
                <span className="text-red-700">{shipping.message}</span>
              ) : shipping.shippingPaise === 0 ? (
                "Free"
              ) : (
                <Price paise={shipping.shippingPaise} />
              )}
            </dd>
          </div>
          {shipping?.ok ? (
            <div className="flex justify-between border-t border-gray-200 pt-2 text-base font-bold">
              <dt>Total</dt>
              <dd data-testid="cart-grand-total">
                <Price paise={totalPaise + shipping.shippingPaise} />
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-2 text-xs text-gray-600">Prices include GST.</p>
        {unavailable ? (
          <p className="mt-3 text-sm text-red-700">
            Some items are sold out or short of stock. Remove them or lower the quantity to check
            out.
          </p>
        ) : null}
        <Link
          to="/checkout"
          className="mt-5 block rounded-md bg-brand-600 px-4 py-3 text-center font-semibold text-white hover:bg-brand-700"
        >
          Proceed to Checkout
        </Link>
      </section>
    </div>
  );
}

/**
 * Why a line's quantity cannot go up, said by the quantity and read with its "+" button: the
 * variant's stock, or the most one line may hold; null when it can (or the line is sold out, which
 * the line says already).
 */
function raiseLimitText(line: CartLine): string | null {
  if (line.quantity < line.maxQuantity || !line.inStock) return null;
  return line.stock <= MAX_CART_LINE_QUANTITY
    ? `Only ${line.stock} in stock`
    : `At most ${MAX_CART_LINE_QUANTITY} of one item`;
}

function CartLineRow({ line }: { line: CartLine }) {
  const fetcher = useFetcher({ key: cartLineFetcherKey(line.id) });
  const subtotal = line.pricePaise * line.quantity;
  const canRaise = line.quantity < line.maxQuantity;
  const limit = raiseLimitText(line);
  const uid = useId();
  const soldOutId = `${uid}-sold-out`;
  const limitId = `${uid}-limit`;
  const buttonClass =
    "flex h-9 w-9 items-center justify-center rounded-md border border-gray-300 text-lg font-bold hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40";

  return (
    <li className="flex gap-4 py-5">
      <img
        src={imageUrl(line.image, 320)}
        alt={line.title}
        width={96}
        height={96}
        loading="lazy"
        className="h-24 w-24 shrink-0 rounded-md bg-gray-50 object-contain"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:justify-between">
        <div className="min-w-0 space-y-1 break-words">
          <p className="text-xs uppercase tracking-wide text-gray-500">{line.brand}</p>
          <h2 className="font-semibold">
            <Link to={`/product/${line.productId}`} className="hover:underline">
              {line.title}
            </Link>
          </h2>
          {line.sizeLabel ? <p className="text-sm text-gray-600">Size: {sizeText(line)}</p> : null}
          {line.colorName ? (
            <p className="text-sm text-gray-600">Colour: {line.colorName}</p>
          ) : null}
          <p className="text-sm">
            <Price paise={line.pricePaise} /> each
          </p>
          {!line.inStock ? (
            <p id={soldOutId} className="text-sm font-semibold text-red-700">
              Sold Out
            </p>
          ) : null}
        </div>
        <div className="flex flex-row flex-wrap items-center gap-x-4 gap-y-2 sm:flex-col sm:flex-nowrap sm:items-end">
          <fetcher.Form method="post" action="/cart" className="flex items-center gap-2">
            <FetcherFlag />
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="lineId" value={line.id} />
            <button
              type="submit"
              name="quantity"
              value={line.quantity - 1}
              disabled={line.quantity <= 1}
              aria-label={`Decrease quantity of ${line.title}`}
              className={buttonClass}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output
              aria-label={`Quantity of ${line.title}`}
              aria-live="polite"
              className="w-8 text-center font-semibold"
            >
              {line.quantity}
            </output>
            <button
              type="submit"
              name="quantity"
              value={line.quantity + 1}
              disabled={!canRaise}
              aria-label={`Increase quantity of ${line.title}`}
              aria-describedby={!line.inStock ? soldOutId : limit ? limitId : undefined}
              className={buttonClass}
            >
              <span aria-hidden="true">+</span>
            </button>
          </fetcher.Form>
          {limit ? (
            <p id={limitId} className="text-sm text-gray-700">
              {limit}
            </p>
          ) : null}
          <p className="text-sm">
            Subtotal: <Price paise={subtotal} className="font-bold" />
          </p>
          <fetcher.Form method="post" action="/cart">
            <FetcherFlag />
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineId" value={line.id} />
            <button
              type="submit"
              className="text-sm font-semibold text-red-700 underline-offset-2 hover:underline"
            >
              Remove<span className="sr-only"> {line.title}</span>
            </button>
          </fetcher.Form>
        </div>
      </div>
    </li>
  );
}
