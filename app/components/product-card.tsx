import { Link } from "@remix-run/react";
import type { ProductSummary } from "~/models/catalog.server";
import { imageSrcSet, imageUrl } from "~/utils/images";
import { Price } from "./price";

export function ProductCard({ product, eager = false }: { product: ProductSummary; eager?: boolean }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white">
      <img
        src={imageUrl(product.image, 320)}
        srcSet={imageSrcSet(product.image)}
        sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
        width={320}
        height={320}
        alt={product.title}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-square w-full bg-gray-50 object-contain"
      />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs uppercase tracking-wide text-gray-500">{product.brand}</p>
        <h3 className="line-clamp-2 text-sm font-semibold">
          <Link to={`/product/${product.id}`} prefetch="intent" className="after:absolute after:inset-0">
            {product.title}
          </Link>
        </h3>
        <Price paise={product.pricePaise} className="mt-auto font-bold" />
        {!product.inStock ? <p className="text-xs font-semibold text-red-700">Sold Out</p> : null}
      </div>
    </article>
  );
}
