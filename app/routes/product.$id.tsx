import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { Price } from "~/components/price";
import { FitBadge, ProductGrid } from "~/components/product-card";
import { ProductGallery } from "~/components/product-gallery";
import { DeliveryCheck } from "~/components/delivery-check";
import { db } from "~/db/db.server";
import {
  descriptionPoints,
  findProductIdBySlug,
  getProduct,
  getVehicle,
  listRecommendations,
} from "~/models/catalog.server";
import { imageUrl } from "~/utils/images";
import { listPricePaise } from "~/utils/money";
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
  const wanted = new URL(request.url).searchParams.get("color")?.toLowerCase();
  const color = product.colors.find((c) => c.name.toLowerCase() === wanted) ?? product.colors[0] ?? null;
  const recommendations = await listRecommendations(db, product.category, product.id, 6, shopper?.id ?? null);
  // "Check delivery": a `?pin=` from the form (remembered), else the remembered PIN.
  const typedPin = new URL(request.url).searchParams.get("pin");
  const pin = typedPin ?? (await readPin(request));
  const delivery = pin === null ? null : await answerDeliveryCheck(db, pin);
  const remember = typedPin !== null && delivery?.delivery ? await pinCookieHeader(delivery.delivery.pin) : null;
  const page = {
    product,
    color: color?.name ?? null,
    points: descriptionPoints(product.description),
    recommendations,
    shopperVehicle: shopper?.name ?? null,
    delivery,
  };
  return remember ? data(page, { headers: { "Set-Cookie": remember } }) : page;
}

export default function ProductPage() {
  const { product: p, color, points, recommendations, shopperVehicle, delivery } = useLoaderData<typeof loader>();
  const root = useRootData();
  const [quantity, setQuantity] = useState(1);
  const [size, setSize] = useState(p.sizes[0]?.label ?? "");
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
                      to={`?color=${encodeURIComponent(c.name)}`}
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
          <p className={`font-semibold ${p.inStock ? "text-emerald-700" : "text-red-700"}`}>{p.inStock ? "InStock" : "Sold Out"}</p>
          {shopperVehicle && p.fits !== undefined ? <FitBadge fits={p.fits} vehicleName={shopperVehicle} /> : null}
          {p.universalFit ? (
            <p className="text-sm text-gray-700">Universal fit: suits any vehicle.</p>
          ) : p.vehicles.length > 0 ? (
            <p className="text-sm text-gray-700">Fits: {p.vehicles.map((v) => v.name).join(", ")}</p>
          ) : null}

          <Form method="post" action="/cart" className="flex flex-col gap-5">
            <input type="hidden" name="productId" value={p.id} />
            {color ? <input type="hidden" name="color" value={color} /> : null}
            {p.sizes.length > 0 ? (
              <fieldset>
                <legend className="mb-2 font-semibold">Wheel size</legend>
                <div className="flex flex-wrap gap-2">
                  {p.sizes.map((s, i) => (
                    <label
                      key={s.id}
                      className="flex cursor-pointer flex-col rounded-lg border-2 border-gray-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
                    >
                      <span className="flex items-center gap-2">
                        <input
                          type="radio"
                          name="size"
                          value={s.label}
                          defaultChecked={i === 0}
                          onChange={() => setSize(s.label)}
                          className="sr-only"
                        />
                        <span className="font-semibold">{s.label}</span>
                      </span>
                      <span className="text-xs text-gray-600">Part {s.partNumber}</span>
                    </label>
                  ))}
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
            {p.inStock ? (
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
                      <tr key={s.id} aria-selected={s.label === size} className={`border-t border-gray-200 ${s.label === size ? "bg-brand-500/10 font-semibold" : ""}`}>
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
