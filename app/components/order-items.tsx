import { sizeText } from "~/utils/variant";
import { Price } from "./price";
import { Thumbnail } from "./thumbnail";

type Item = {
  id: number | string;
  title: string;
  brand?: string;
  image: string | null;
  quantity: number;
  unitPricePaise: number;
  sizeLabel: string;
  boltPattern?: string;
  offsetMm?: number | null;
  partNumber?: string;
  colorName?: string;
};

/**
 * The items of an order (or of a checkout): image, title, quantity and price times quantity.
 * `framed` draws a border round the list, as the checkout summary does.
 */
export function OrderItems({
  items,
  showBrand = false,
  framed = false,
}: {
  items: Item[];
  showBrand?: boolean;
  framed?: boolean;
}) {
  return (
    <ul
      aria-label="Items"
      className={
        framed
          ? "mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200"
          : "divide-y divide-gray-200"
      }
    >
      {items.map((item) => (
        <li key={item.id} className={`flex items-center gap-4 ${framed ? "p-4" : "py-3"}`}>
          <Thumbnail
            image={item.image}
            size={56}
            alt={item.title || "Product"}
            lazy
            className="size-14 rounded bg-gray-50 object-contain"
          />
          <div className="flex-1 text-sm">
            <p className="font-semibold">{item.title || "Product"}</p>
            {showBrand && item.brand ? <p className="text-gray-600">{item.brand}</p> : null}
            <p className="text-gray-600">
              Quantity: {item.quantity}
              {item.sizeLabel ? <> · Size: {sizeText(item)}</> : null}
              {item.colorName ? <> · Colour: {item.colorName}</> : null}
            </p>
          </div>
          <Price paise={item.unitPricePaise * item.quantity} className="font-semibold" />
        </li>
      ))}
    </ul>
  );
}

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** en-IN date with a short month, e.g. "3 Mar 2026". */
export function formatOrderDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
