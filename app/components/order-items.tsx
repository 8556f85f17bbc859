import { imageUrl } from "~/utils/images";
import { sizeText } from "~/utils/variant";
import { Price } from "./price";

type Item = {
  id: number;
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

/** The items of an order: image, title, quantity and price times quantity. */
export function OrderItems({ items, showBrand = false }: { items: Item[]; showBrand?: boolean }) {
  return (
    <ul aria-label="Items" className="divide-y divide-gray-200">
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-4 py-3">
          <img
            src={imageUrl(item.image, 320)}
            alt={item.title || "Product"}
            width={56}
            height={56}
            loading="lazy"
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
