import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { Price } from "~/components/price";
import { FitBadge, ProductGrid } from "~/components/product-card";
import { ProductGallery } from "~/components/product-gallery";
import { DeliveryCheck } from "~/components/delivery-check";
import { db } from "~/db/db.server";
import { descriptionPoints, findProductIdBySlug, getProduct, listRecommendations } from "~/models/product-detail.server";
import { getVehicle } from "~/models/taxonomy.server";
import { imageUrl } from "~/utils/images";
import { listPricePaise } from "~/utils/money";
import { offsetText } from "~/utils/variant";
import { pageMeta, publicOrigin, whatsappUrl } from "~/utils/seo";
import { readVehicleSlug } from "~/utils/vehicle.server";
import { answerDeliveryCheck } from "~/models/shipping.server";
import { pinCookieHeader, readPin } from "~/utils/pin.server";
import { invariantResponse, notFound } from "~/utils/responses.server";
import { useRootData } from "~/utils/root-data";

const QUANTITIES = [1, 2, 3, 4, 5, 6];

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
 * and the recommendations. A slug URL answers a permanent redirect to the numeric one.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const raw = params.id ?? "";
  if (!/^\d{1,12}$/.test(raw)) {
    const id = await findProductIdBySlug(db, raw.toLowerCase());
    if (id === null) notFound();
    throw redirect(`/product/${id}${new URL(request.url).search}`, 301);
  }
  const shopper = await getVehicle(db, (await readVehicleSlug(request)) ?? "");
  const product = await getProduct(db, Number(raw), shopper?.id ?? null);
  invariantResponse(product);
  const search = new URL(request.url).searchParams;
  const wanted = search.get("color")?.toLowerCase();
  const color = product.colors.find((c) => c.name.toLowerCase() === wanted) ?? product.colors[0] ?? null;
  // The size: `?size=ID` when it is one of the product's, else the first one left in this colour.
  const sizeStock = sizeStockFor(product.variants, color?.id ?? null);
  const sizeId =
    product.sizes.find((s) => String(s.id) === search.get("size"))?.id ??
    product.sizes.find((s) => (sizeStock.get(s.id) ?? 0) > 0)?.id ??
    product.sizes[0]?.id ??
    null;
  const recommendations = await listRecommendations(db, product.category, product.id, 6, shopper?.id ?? null);
  // "Check delivery": a `?pin=` from the form (remembered), else the remembered PIN.
  const typedPin = new URL(request.url).searchParams.get("pin");
  const pin = typedPin ?? (await readPin(request));
  const delivery = pin === null ? null : await answerDeliveryCheck(db, pin);
  const remember = typedPin !== null && delivery?.delivery ? await pinCookieHeader(delivery.delivery.pin) : null;
  const page = {
    product,
    color: color?.name ?? null,
    colorId: color?.id ?? null,
    sizeId,
    points: descriptionPoints(product.description),
    recommendations,
    shopperVehicle: shopper?.name ?? null,
    delivery,
  };
  return remember ? data(page, { headers: { "Set-Cookie": remember } }) : page;
}

/** Units left of each size in one colour (null: the product has no colours). */
function sizeStockFor(variants: { sizeId: number | null; colorId: number | null; stock: number }[], colorId: number | null) {
  const map = new Map<number, number>();
  for (const v of variants) if (v.sizeId !== null && v.colorId === colorId) map.set(v.sizeId, v.stock);
  return map;
}

/** "Only N left" from this many down. */
const FEW_LEFT = 5;

function StockText({ stock }: { stock: number }) {
  return (
    <p className={`font-semibold ${stock > 0 ? "text-emerald-700" : "text-red-700"}`} aria-live="polite" data-testid="stock-text">
      {stock > 0 ? "InStock" : "Sold Out"}
      {stock > 0 && stock <= FEW_LEFT ? <span className="ml-2 font-normal text-amber-800">Only {stock} left</span> : null}
    </p>
  );
}

export default function ProductPage() {
  const { product: p, color, colorId, sizeId: chosenSizeId, points, recommendations, shopperVehicle, delivery } =
    useLoaderData<typeof loader>();
  const root = useRootData();
  const [quantity, setQuantity] = useState(1);
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
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-gray-600">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/" className="hover:underline">Home</Link> /
          </li>
          <li>
            <Link to={`/category/${p.category}`} className="hover:underline">{p.categoryName}</Link> /
          </li>
          <li aria-current="page" className="text-ink-900">{p.title}</li>
        </ol>
      </nav>
      <div className="grid grid-cols-1 gap-10 md:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4">
          <ProductGallery images={images} alt={color ? `${p.title} in ${color}` : p.title} />
          {p.colors.length > 0 ? (
            <nav aria-label="Colours">
              <p className="mb-2 text-sm font-semibold">
                Colour: <span className="font-normal">{color}</span>
              </p>
              <ul className="flex flex-wrap gap-2">
                {p.colors.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={`?${new URLSearchParams({ color: c.name, ...(size ? { size: String(size.id) } : {}) })}`}
                      replace
                      preventScrollReset
                      aria-current={c.name === color ? "true" : undefined}
                      className={`block rounded-lg border-2 p-1 ${c.name === color ? "border-brand-600" : "border-gray-200 hover:border-gray-400"}`}
                    >
                      <img src={imageUrl(c.images[0] ?? p.image, 320)} alt={c.name} width={56} height={56} className="h-14 w-14 object-contain" />
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>

        <div className="flex min-w-0 flex-col gap-5">
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
          {shopperVehicle && p.fits !== undefined ? <FitBadge fits={p.fits} vehicleName={shopperVehicle} /> : null}
          {p.universalFit ? (
            <p className="text-sm text-gray-700">Universal fit: suits any vehicle.</p>
          ) : p.vehicles.length > 0 ? (
            <p className="text-sm text-gray-700">Fits: {p.vehicles.map((v) => v.name).join(", ")}</p>
          ) : null}

          <Form method="post" action="/cart" className="flex flex-col gap-5">
            <input type="hidden" name="productId" value={p.id} />
            {color ? <input type="hidden" name="color" value={color} /> : null}
            {colorId ? <input type="hidden" name="colorId" value={colorId} /> : null}
            {p.sizes.length > 0 ? (
              <fieldset>
                <legend className="mb-2 font-semibold">Wheel size</legend>
                <div className="flex flex-wrap gap-2">
                  {p.sizes.map((s) => {
                    const left = sizeStock.get(s.id) ?? 0;
                    return (
                      <label
                        key={s.id}
                        className={`flex flex-col rounded-lg border-2 border-gray-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${left > 0 ? "cursor-pointer" : "cursor-not-allowed bg-gray-50 text-gray-500"}`}
                      >
                        <span className="flex items-center gap-2">
                          <input
                            type="radio"
                            name="sizeId"
                            value={s.id}
                            checked={s.id === sizeId}
                            disabled={left <= 0}
                            onChange={() => setSizeId(s.id)}
                            className="sr-only"
                          />
                          <span className="font-semibold">
                            {s.label} · {s.boltPattern}
                            {left <= 0 ? " (Sold out)" : ""}
                          </span>
                        </span>
                        <span className="text-xs text-gray-600">
                          Part {s.partNumber} · offset {offsetText(s.offset)}
                          {left > 0 && left <= FEW_LEFT ? ` · only ${left} left` : ""}
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
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
                Total: <Price paise={p.pricePaise * quantity} className="text-lg font-bold" />
              </p>
            </div>
            {size ? (
              <p className="text-sm text-gray-700" data-testid="chosen-size">
                Chosen: {size.label}, bolt pattern {size.boltPattern}, offset {offsetText(size.offset)}, part {size.partNumber}
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
              <button type="button" disabled className="cursor-not-allowed rounded-md bg-gray-300 px-6 py-3 font-semibold text-gray-700">
                Sold Out
              </button>
            )}
          </Form>

          <DeliveryCheck initial={delivery} />

          <a
            href={chat}
            target="_blank"
            rel="noopener noreferrer"
            className="w-fit rounded-md bg-[#25d366] px-4 py-2 font-semibold text-ink-900 hover:brightness-95"
          >
            Chat with an expert on WhatsApp
          </a>

          {p.sizes.length > 0 ? (
            <section aria-labelledby="specs">
              <h2 id="specs" className="mb-2 text-lg font-bold">Specifications</h2>
              {/* Focusable, so a keyboard can scroll a table wider than a phone. */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
              <div className="overflow-x-auto" role="region" aria-label="Specifications table" tabIndex={0}>
                <table className="w-full text-left text-sm">
                  <thead className="bg-gray-50">
                    <tr>
                      <th scope="col" className="px-2 py-2">Size</th>
                      <th scope="col" className="px-2 py-2">Part number</th>
                      <th scope="col" className="px-2 py-2">Diameter (in)</th>
                      <th scope="col" className="px-2 py-2">Width (in)</th>
                      <th scope="col" className="px-2 py-2">Bolt pattern</th>
                      <th scope="col" className="px-2 py-2">Offset (mm)</th>
                      <th scope="col" className="px-2 py-2">Hub bore (mm)</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.sizes.map((s) => (
                      <tr key={s.id} aria-selected={s.id === sizeId} className={`border-t border-gray-200 ${s.id === sizeId ? "bg-brand-500/10 font-semibold" : ""}`}>
                        <th scope="row" className="px-2 py-2">{s.label}</th>
                        <td className="px-2 py-2">{s.partNumber}</td>
                        <td className="px-2 py-2">{s.diameter}</td>
                        <td className="px-2 py-2">{s.width}</td>
                        <td className="px-2 py-2">{s.boltPattern}</td>
                        <td className="px-2 py-2">{s.offset}</td>
                        <td className="px-2 py-2">{s.hubBore}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ) : null}
        </div>
      </div>

      <section aria-labelledby="overview" className="mt-12 max-w-3xl">
        <h2 id="overview" className="text-xl font-bold">Overview</h2>
        {color ? <p className="mt-2 text-sm text-gray-600">Colour: {color}</p> : null}
        <p className="mt-2 text-gray-700">{p.description}</p>
        {points.length > 0 ? (
          <>
            <h3 className="mt-6 font-bold">Details</h3>
            <ul className="mt-2 list-disc space-y-1 pl-6 text-gray-700">
              {points.map((pt, i) => (
                <li key={i}>{pt}</li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      {recommendations.length > 0 ? (
        <section aria-labelledby="recommended" className="mt-12">
          <h2 id="recommended" className="mb-4 text-xl font-bold">You may also like</h2>
          <ProductGrid products={recommendations} vehicleName={shopperVehicle} empty="" eagerCount={0} />
        </section>
      ) : null}
    </div>
  );
}
