import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";
import { FEATURED_VEHICLES, vehicleCardImage, vehicleHref } from "~/utils/storefront-content";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Shop by vehicle",
    description:
      "Parts that fit your Toyota Hilux, Suzuki Jimny, Jeep Wrangler, Toyota Fortuner, Isuzu D-Max, Mitsubishi Pajero or Ford Endeavor.",
    path: "/vehicles",
  });

export default function Vehicles() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Shop by vehicle</h1>
      <p className="mt-2 text-gray-700">Pick your 4x4 to see the parts made for it.</p>
      <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURED_VEHICLES.map((v, i) => (
          <li key={v.slug}>
            <Link
              to={vehicleHref(v)}
              prefetch="intent"
              className="group block overflow-hidden rounded-xl bg-ink-900 text-white"
            >
              <img
                src={vehicleCardImage(v.slug)!}
                alt=""
                width={600}
                height={400}
                loading={i < 3 ? "eager" : "lazy"}
                className="aspect-[3/2] w-full object-cover transition-transform group-hover:scale-105"
              />
              <span className="block p-4 text-lg font-extrabold tracking-wide">{v.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
