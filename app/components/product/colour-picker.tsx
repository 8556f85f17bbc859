import { Link } from "@remix-run/react";
import type { ProductColor } from "~/models/product-detail.server";
import { imageUrl } from "~/utils/images";

/** The colours as links (`?color=`, keeping the chosen size), each with its first image. */
export function ColourPicker({
  colors,
  color,
  sizeId,
  fallbackImage,
}: {
  colors: ProductColor[];
  /** The chosen colour's name. */
  color: string | null;
  sizeId: number | null;
  fallbackImage: string | null;
}) {
  return (
    <nav aria-label="Colours">
      <p className="mb-2 text-sm font-semibold">
        Colour: <span className="font-normal">{color}</span>
      </p>
      <ul className="flex flex-wrap gap-2">
        {colors.map((c) => (
          <li key={c.id}>
            <Link
              to={`?${new URLSearchParams({ color: c.name, ...(sizeId !== null ? { size: String(sizeId) } : {}) })}`}
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
