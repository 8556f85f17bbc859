import { Link } from "@remix-run/react";
import type { Fitment, ProductSummary, Swatch } from "~/models/catalog.server";
import { imageSrcSet, imageUrl } from "~/utils/images";
import { Price } from "./price";

/**
 * A product tile. Given `swatches` (wheels), it shows the colour thumbnails on hover or focus,
 * or 'No Colors'. Given the shopper's vehicle, it says whether the part fits it, does not, or is unknown.
 */
export function ProductCard({
  product,
  eager = false,
  swatches,
  vehicleName,
  headingLevel = 3,
}: {
  product: ProductSummary;
  eager?: boolean;
  swatches?: Swatch[];
  vehicleName?: string | null;
  /** 2 when the cards sit right under the page's h1, 3 under a section's h2: headings never skip a level. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-lg">
      {/*
        One link holds the picture and the title, above its own stretched layer (after:): a tap on
        either lands on them, inside the link; a tap on the price lands on the layer, the link too.
      */}
      <Link
        to={`/product/${product.id}`}
        prefetch="intent"
        aria-label={product.title}
        className="flex flex-col after:absolute after:inset-0 focus:outline-none"
      >
        <div className="relative z-[1]">
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
          {swatches ? (
            <div className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-white/90 p-2 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
              {swatches.length === 0 ? (
                <span className="text-xs text-gray-600">No Colors</span>
              ) : (
                swatches.map((s) => (
                  <img
                    key={s.name}
                    src={imageUrl(s.image, 320)}
                    alt={s.name}
                    title={s.name}
                    width={32}
                    height={32}
                    loading="lazy"
                    decoding="async"
                    className="h-8 w-8 rounded border border-gray-300 bg-white object-contain"
                  />
                ))
              )}
            </div>
          ) : null}
        </div>
        <div className="relative z-[1] flex flex-col gap-1 px-3 pt-3">
          <p className="text-xs uppercase tracking-wide text-gray-500">{product.brand}</p>
          <Heading className="line-clamp-2 text-sm font-semibold">{product.title}</Heading>
        </div>
      </Link>
      <div className="flex flex-1 flex-col gap-1 px-3 pb-3 pt-1">
        <Price paise={product.pricePaise} className="mt-auto font-bold" />
        {vehicleName && product.fitment !== undefined ? (
          <FitBadge fitment={product.fitment} vehicleName={vehicleName} />
        ) : null}
        {!product.inStock ? <p className="text-xs font-semibold text-red-700">Sold Out</p> : null}
      </div>
    </article>
  );
}

/**
 * How a part stands with the shopper's vehicle. A part that lists other vehicles only says so
 * plainly (a vague "Check fitment" there hid a clear no); "Check fitment" is left for a part that
 * lists none, where the shop cannot say.
 */
export function FitBadge({ fitment, vehicleName }: { fitment: Fitment; vehicleName: string }) {
  if (fitment === "fits")
    return <p className="text-xs font-semibold text-emerald-700">Fits your {vehicleName}</p>;
  if (fitment === "doesNotFit")
    return <p className="text-xs font-semibold text-red-700">Does not fit your {vehicleName}</p>;
  return <p className="text-xs font-semibold text-amber-700">Check fitment</p>;
}

export function ProductCardSkeleton() {
  return (
    <div
      data-skeleton
      className="flex animate-pulse flex-col overflow-hidden rounded-lg border border-gray-200 bg-white motion-reduce:animate-none"
    >
      <div className="aspect-square w-full bg-gray-200" />
      <div className="flex flex-col gap-2 p-3">
        <div className="h-3 w-1/3 rounded bg-gray-200" />
        <div className="h-4 w-4/5 rounded bg-gray-200" />
        <div className="h-4 w-1/4 rounded bg-gray-200" />
      </div>
    </div>
  );
}

export function ProductGrid({
  products,
  swatches,
  vehicleName,
  pending = false,
  skeletons = 8,
  empty,
  eagerCount = 4,
  headingLevel = 3,
}: {
  products: ProductSummary[];
  swatches?: Record<number, Swatch[]>;
  vehicleName?: string | null;
  pending?: boolean;
  skeletons?: number;
  empty: string;
  eagerCount?: number;
  headingLevel?: 2 | 3;
}) {
  if (pending) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading products"
        className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
      >
        {Array.from({ length: skeletons }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (products.length === 0) return <p className="py-12 text-center text-gray-600">{empty}</p>;
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        <ProductCard
          key={p.id}
          product={p}
          eager={i < eagerCount}
          swatches={swatches && p.category === "wheels" ? (swatches[p.id] ?? []) : undefined}
          vehicleName={vehicleName}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  );
}
