import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { PageLoadError } from "~/components/error-panel";
import { useState } from "react";
import { Cached } from "~/components/cached";
import { Price } from "~/components/price";
import { FitBadge, ProductGrid } from "~/components/product-card";
import { ProductGallery } from "~/components/product-gallery";
import { DeliveryCheck } from "~/components/delivery-check";
import { BUY_FORM_ID, BuyForm } from "~/components/product/buy-form";
import { ColourPicker } from "~/components/product/colour-picker";
import { ProductBreadcrumb, ProductOverview } from "~/components/product/product-overview";
import { SpecsTable } from "~/components/product/specs-table";
import { StockText } from "~/components/product/stock-text";
import { db } from "~/db/db.server";
import {
  descriptionPoints,
  findProductIdBySlug,
  getProductForPage,
  listRecommendationsForPage,
} from "~/models/product-detail.server";
import { getVehicle } from "~/models/taxonomy.server";
import { imageUrl } from "~/utils/images";
import { listPricePaise } from "~/utils/money";
import { sizeStockFor } from "~/utils/variant";
import { pageMeta, publicOrigin, whatsappUrl } from "~/utils/seo";
import { readVehicleSlug } from "~/utils/vehicle.server";
import { answerDeliveryCheck } from "~/models/shipping.server";
import { pinCookieHeader, readPin } from "~/utils/pin.server";
import { idParam, invariantResponse, notFound } from "~/utils/responses.server";
import { quantitySchema } from "~/utils/validation";
import { useRootData } from "~/utils/root-data";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "Product not found" }];
  const p = data.product;
  const origin = publicOrigin(matches);
  const url = `${origin}/product/${p.id}`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.title,
    sku: p.slug,
    description: p.description,
    category: p.categoryName,
    image: [`${origin}${imageUrl(p.image, 1024)}`],
    brand: { "@type": "Brand", name: p.brand },
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "INR",
      price: (p.pricePaise / 100).toFixed(2),
      availability: p.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
  return [
    ...pageMeta(matches, {
      title: `${p.title} by ${p.brand}`,
      description: (p.description || `${p.title} by ${p.brand}.`).slice(0, 160),
      path: `/product/${p.id}`,
      image: imageUrl(p.image, 1024),
      type: "product",
    }),
    { property: "product:price:amount", content: (p.pricePaise / 100).toFixed(2) },
    { property: "product:price:currency", content: "INR" },
    { "script:ld+json": jsonLd },
  ];
};

/**
 * Six statements: the shopper's vehicle, the product (row, colours with images, sizes, fitment)
 * and the recommendations; only the vehicle's once the catalogue cache holds the product for this
 * catalogue version. A slug URL answers a permanent redirect to the numeric one.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const raw = params.id ?? "";
  if (!/^\d{1,12}$/.test(raw)) {
    const id = await findProductIdBySlug(db, raw.toLowerCase());
    if (id === null) notFound();
    throw redirect(`/product/${id}${new URL(request.url).search}`, 301);
  }
  // Digits past the largest id name no product (and PostgreSQL refuses them in a query).
  const id = idParam(raw);
  if (id === null) notFound();
  const shopper = await getVehicle(db, (await readVehicleSlug(request)) ?? "");
  const product = await getProductForPage(db, id, shopper?.id ?? null);
  invariantResponse(product);
  const search = new URL(request.url).searchParams;
  const wanted = search.get("color")?.toLowerCase();
  const color =
    product.colors.find((c) => c.name.toLowerCase() === wanted) ?? product.colors[0] ?? null;
  // The size: `?size=ID` (or the buy form's `sizeId`, sent with a PIN check without JavaScript)
  // when it is one of the product's, else the first one left in this colour.
  const sizeStock = sizeStockFor(product.variants, color?.id ?? null);
  const askedSize = search.get("size") ?? search.get("sizeId");
  const sizeId =
    product.sizes.find((s) => String(s.id) === askedSize)?.id ??
    product.sizes.find((s) => (sizeStock.get(s.id) ?? 0) > 0)?.id ??
    product.sizes[0]?.id ??
    null;
  // The quantity chosen in the buy form, sent with a PIN check without JavaScript; else 1.
  const quantity = quantitySchema.catch(1).parse(search.get("quantity"));
  const recommendations = await listRecommendationsForPage(db, product, shopper?.id ?? null);
  // "Check delivery": a `?pin=` from the form (remembered), else the remembered PIN.
  const typedPin = new URL(request.url).searchParams.get("pin");
  const pin = typedPin ?? (await readPin(request));
  const delivery =
    pin === null ? null : await answerDeliveryCheck(db, pin, { productId: product.id });
  const remember =
    typedPin !== null && delivery?.delivery ? await pinCookieHeader(delivery.delivery.pin) : null;
  const page = {
    product,
    color: color?.name ?? null,
    colorId: color?.id ?? null,
    sizeId,
    quantity,
    points: descriptionPoints(product.description),
    recommendations,
    shopperVehicle: shopper?.name ?? null,
    delivery,
  };
  return remember ? data(page, { headers: { "Set-Cookie": remember } }) : page;
}

export default function ProductPage() {
  const {
    product: p,
    color,
    colorId,
    sizeId: chosenSizeId,
    quantity,
    points,
    recommendations,
    shopperVehicle,
    delivery,
  } = useLoaderData<typeof loader>();
  const root = useRootData();
  const { pathname } = useLocation();
  const [sizeId, setSizeId] = useState(chosenSizeId);
  // A new colour or `?size=` from the server (a link followed) wins over the last click.
  const [fromServer, setFromServer] = useState(chosenSizeId);
  if (fromServer !== chosenSizeId) {
    setFromServer(chosenSizeId);
    setSizeId(chosenSizeId);
  }
  const sizeStock = sizeStockFor(p.variants, colorId);
  const size = p.sizes.find((s) => s.id === sizeId) ?? null;
  // What is left of the chosen variant (the product's own stock when it has no sizes or colours).
  const stock = size
    ? (sizeStock.get(size.id) ?? 0)
    : (p.variants.find((v) => v.sizeId === null && v.colorId === colorId)?.stock ?? 0);
  const chosen = p.colors.find((c) => c.name === color);
  const images = chosen && chosen.images.length > 0 ? chosen.images : [p.image];
  const chat = whatsappUrl(
    root?.shopPhone ?? "",
    `Hi! I'd like expert advice on ${p.title} (product #${p.id}${color ? `, ${color}` : ""}): ${root?.publicUrl ?? ""}/product/${p.id}`,
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ProductBreadcrumb category={p.category} categoryName={p.categoryName} title={p.title} />
      <div className="grid grid-cols-1 gap-10 md:grid-cols-2">
        <Cached name="product-gallery" keys={[pathname, color, size?.id ?? null, quantity]}>
          <div className="flex min-w-0 flex-col gap-4">
            <ProductGallery images={images} alt={color ? `${p.title} in ${color}` : p.title} />
            {p.colors.length > 0 ? (
              <ColourPicker
                colors={p.colors}
                color={color}
                sizeId={size?.id ?? null}
                quantity={quantity}
                fallbackImage={p.image}
              />
            ) : null}
          </div>
        </Cached>

        <div className="flex min-w-0 flex-col gap-5">
          <Cached
            name="product-buy"
            keys={[pathname, color, size?.id ?? null, quantity, shopperVehicle]}
          >
            <div>
              <p className="text-sm uppercase tracking-wide text-gray-500">{p.brand}</p>
              <h1 className="mt-1 text-3xl font-extrabold tracking-tight">{p.title}</h1>
            </div>
            <div className="flex flex-wrap items-baseline gap-3">
              <Price paise={p.pricePaise} className="text-2xl font-bold" />
              <s className="text-gray-500" aria-label="Original price">
                <Price paise={listPricePaise(p.pricePaise)} />
              </s>
              <span className="font-semibold text-emerald-700">(Save 25%)</span>
            </div>
            <StockText stock={stock} />
            {shopperVehicle && p.fitment !== undefined ? (
              <FitBadge fitment={p.fitment} vehicleName={shopperVehicle} />
            ) : null}
            {p.universalFit ? (
              <p className="text-sm text-gray-700">Universal fit: suits any vehicle.</p>
            ) : p.vehicles.length > 0 ? (
              <p className="text-sm text-gray-700">
                Fits: {p.vehicles.map((v) => v.name).join(", ")}
              </p>
            ) : null}

            <BuyForm
              productId={p.id}
              pricePaise={p.pricePaise}
              color={color}
              colorId={colorId}
              sizes={p.sizes}
              sizeStock={sizeStock}
              size={size}
              onSizeChange={setSizeId}
              stock={stock}
              quantity={quantity}
            />
          </Cached>

          {/* Its PIN field and button join the buy form: the colour, size and quantity chosen
              travel with the PIN when the check is a GET of this page (without JavaScript). */}
          <DeliveryCheck initial={delivery} productId={p.id} form={BUY_FORM_ID} />

          <Cached name="product-specs" keys={[pathname, color, sizeId]}>
            <a
              href={chat}
              target="_blank"
              rel="noopener noreferrer"
              className="w-fit rounded-md bg-[#25d366] px-4 py-2 font-semibold text-ink-900 hover:brightness-95"
            >
              Chat with an expert on WhatsApp
            </a>

            {p.sizes.length > 0 ? <SpecsTable sizes={p.sizes} sizeId={sizeId} /> : null}
          </Cached>
        </div>
      </div>

      {/* The description and what else to look at: the same for every shopper with this vehicle. */}
      <Cached name="product-more" keys={[pathname, color, shopperVehicle]}>
        <ProductOverview color={color} description={p.description} points={points} />
        {recommendations.length > 0 ? (
          <section aria-labelledby="recommended" className="mt-12">
            <h2 id="recommended" className="mb-4 text-xl font-bold">
              You may also like
            </h2>
            <ProductGrid
              products={recommendations}
              vehicleName={shopperVehicle}
              empty=""
              eagerCount={0}
            />
          </section>
        ) : null}
      </Cached>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageLoadError failed="Product load failed" />;
}
