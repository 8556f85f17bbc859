import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageLoadError } from "~/components/error-panel";
import { Cached } from "~/components/cached";
import { HeroSlider } from "~/components/hero-slider";
import { ProductGrid } from "~/components/product-card";
import { RevealHeading } from "~/components/reveal-heading";
import { Slider } from "~/components/slider";
import { db } from "~/db/db.server";
import { getVehicle, listBrands, listCategoryTiles } from "~/models/taxonomy.server";
import { listNewestProducts } from "~/models/catalog.server";
import { imageUrl } from "~/utils/images";
import { pageMeta } from "~/utils/seo";
import {
  BUILDS,
  HOME_VEHICLE_CARDS,
  vehicleCardImage,
  vehicleHref,
  WHY_CHOOSE_US,
  WHY_TEXT,
} from "~/utils/storefront-content";
import { readVehicleSlug } from "~/utils/vehicle.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Overland 4x4 Gear | Off-road parts and accessories in India",
    description:
      "Method wheels, WARN winches, ARB and Old Man Emu suspension, lights and recovery gear for Toyota, Suzuki, Isuzu, Jeep, Mitsubishi and Ford 4x4s, delivered across India.",
    path: "/",
    image: "/art/hero/desktop-1.svg",
  });

/** Four statements: the shopper's vehicle, trending, category tiles, brands. */
export async function loader({ request }: LoaderFunctionArgs) {
  const vehicle = await getVehicle(db, (await readVehicleSlug(request)) ?? "");
  const [trending, categories, brands] = [
    await listNewestProducts(db, 4, vehicle?.id ?? null),
    await listCategoryTiles(db),
    await listBrands(db),
  ];
  return {
    trending,
    categories,
    brands: brands
      .filter((b) => b.featured)
      .map((b) => ({ slug: b.slug, name: b.name, logo: b.logo })),
    vehicle: vehicle ? { slug: vehicle.slug, name: vehicle.name } : null,
  };
}

export default function Home() {
  const { trending, categories, brands, vehicle } = useLoaderData<typeof loader>();
  // The whole page is the same for every shopper with this vehicle.
  return (
    <Cached name="home" keys={[vehicle?.slug ?? null]}>
      <HeroSlider />

      <section aria-labelledby="popular-category" className="mx-auto max-w-7xl px-4 pt-12">
        <h2 id="popular-category" className="text-2xl font-extrabold tracking-tight">
          Popular Category
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {categories.map((c) => (
            <li key={c.slug}>
              <Link
                to={`/category/${c.slug}`}
                prefetch="intent"
                className="group flex flex-col items-center gap-2 rounded-lg border border-gray-200 p-4 text-center hover:border-brand-500 hover:shadow"
              >
                <img
                  src={imageUrl(c.image, 320)}
                  alt=""
                  width={120}
                  height={120}
                  loading="lazy"
                  decoding="async"
                  className="h-24 w-24 object-contain transition-transform group-hover:scale-105"
                />
                <span className="font-semibold">{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="explore-builds"
        className="mx-auto mt-16 grid max-w-7xl grid-cols-1 items-center gap-8 px-4 md:grid-cols-2"
      >
        <div className="flex flex-col gap-4">
          <h2 id="explore-builds" className="text-2xl font-extrabold tracking-tight">
            Explore Builds
          </h2>
          <p className="text-gray-700">
            See how Indian overlanders kit out their rigs: suspension, wheels, protection and
            recovery, chosen to work together.
          </p>
          <Link
            to="/all-products"
            className="w-fit rounded-md bg-ink-900 px-5 py-3 font-semibold text-white hover:bg-black"
          >
            Shop all products
          </Link>
        </div>
        <Slider
          label="Builds"
          className="overflow-hidden rounded-xl"
          slides={BUILDS.map((b) => (
            <Link key={b.slug} to={b.href} className="relative block">
              <img
                src={`/art/builds/${b.slug}.svg`}
                alt=""
                width={800}
                height={500}
                loading="lazy"
                className="aspect-[8/5] w-full object-cover"
              />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 p-4 pb-8 text-white">
                <span className="block text-lg font-bold">{b.title}</span>
                <span className="block text-sm">{b.text}</span>
              </span>
            </Link>
          ))}
        />
      </section>

      <section aria-labelledby="trending" className="mx-auto mt-16 max-w-7xl px-4">
        <div className="flex items-end justify-between gap-4">
          <h2 id="trending" className="text-2xl font-extrabold tracking-tight">
            Trending Products
          </h2>
          <Link to="/all-products" className="font-semibold text-brand-700 hover:underline">
            View All
          </Link>
        </div>
        <div className="mt-6">
          <ProductGrid
            products={trending}
            vehicleName={vehicle?.name}
            empty="No products yet."
            eagerCount={0}
          />
        </div>
      </section>

      <section aria-labelledby="explore-vehicle" className="mx-auto mt-16 max-w-7xl px-4">
        <RevealHeading id="explore-vehicle" className="text-2xl font-extrabold tracking-tight">
          Explore by vehicle
        </RevealHeading>
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
          {HOME_VEHICLE_CARDS.map((v) => (
            <li key={v.slug}>
              <Link
                to={vehicleHref(v)}
                className="group block overflow-hidden rounded-xl bg-ink-900 text-white"
              >
                <img
                  src={vehicleCardImage(v.slug)!}
                  alt=""
                  width={600}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/2] w-full object-cover transition-transform group-hover:scale-105"
                />
                <span className="block p-4 text-lg font-extrabold tracking-wide">{v.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="why-choose" className="mx-auto mt-16 max-w-7xl px-4">
        <h2 id="why-choose" className="text-2xl font-extrabold tracking-tight">
          Why Choose Us?
        </h2>
        {/* On phones a sideways-scrolling row: focusable, so the keyboard can scroll it too. */}
        <ul
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2 md:grid md:grid-cols-4 md:overflow-visible"
        >
          {WHY_CHOOSE_US.map((title) => (
            <li
              key={title}
              className="w-64 shrink-0 snap-start rounded-xl border border-gray-200 p-5 md:w-auto"
            >
              <h3 className="font-bold">{title}</h3>
              <p className="mt-2 text-sm text-gray-600">{WHY_TEXT}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="our-brands" className="mt-16 bg-gray-50 py-10">
        <h2
          id="our-brands"
          className="mx-auto max-w-7xl px-4 text-2xl font-extrabold tracking-tight"
        >
          Our brands
        </h2>
        <div className="marquee mt-6 overflow-hidden">
          <ul className="marquee-track flex w-max gap-6">
            {[...brands, ...brands].map((b, i) => (
              <li key={`${b.slug}-${i}`} aria-hidden={i >= brands.length ? true : undefined}>
                <Link
                  to={`/${b.slug}`}
                  tabIndex={i >= brands.length ? -1 : undefined}
                  className="flex h-[100px] w-[250px] items-center justify-center rounded-lg bg-white shadow-sm"
                >
                  <img
                    src={b.logo ?? "/placeholder.svg"}
                    alt={b.name}
                    width={120}
                    height={120}
                    loading="lazy"
                    className="h-[120px] w-[120px] object-contain"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </Cached>
  );
}

export function ErrorBoundary() {
  return <PageLoadError failed="Unable to fetch trending products." />;
}
