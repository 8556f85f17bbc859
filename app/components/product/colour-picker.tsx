import { Link } from "@remix-run/react";
import type { ProductColor } from "~/models/product-detail.server";
import { imageUrl } from "~/utils/images";

/**
 * The colours as links (`?color=`, keeping the chosen size and a quantity other than 1 from the
 * page's URL), each with its first image.
 */
export function ColourPicker({
  colors,
  color,
  sizeId,
  quantity = 1,
  fallbackImage,
}: {
  colors: ProductColor[];
  /** The chosen colour's name. */
  color: string | null;
  sizeId: number | null;
  quantity?: number;
  fallbackImage: string | null;
}) {
  const link = (name: string) => {
    const params = new URLSearchParams({ color: name });
    if (sizeId !== null) params.set("size", String(sizeId));
    if (quantity !== 1) params.set("quantity", String(quantity));
    return `?${params}`;
  };
  return (
    <nav aria-label="Colours">
      <p className="mb-2 text-sm font-semibold">
        Colour: <span className="font-normal">{color}</span>
      </p>
      <ul className="flex flex-wrap gap-2">
        {colors.map((c) => (
          <li key={c.id}>
            <Link
              to={link(c.name)}
              replace
              preventScrollReset
              aria-current={c.name === color ? "true" : undefined}
              className={`block rounded-lg border-2 p-1 ${c.name === color ? "border-brand-600" : "border-gray-200 hover:border-gray-400"}`}
            >
              <img
                src={imageUrl(c.images[0] ?? fallbackImage, 320)}
                alt={c.name}
                width={56}
                height={56}
                className="h-14 w-14 object-contain"
              />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
