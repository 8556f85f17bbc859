import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { db } from "~/db/db.server";
import { listBrands } from "~/models/taxonomy.server";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Our brands",
    description:
      "Method Race Wheels, WARN, ARB, NOCO Genius, Safari Snorkel and Old Man Emu: the makers we stock.",
    path: "/brands",
  });

/** One statement. */
export async function loader() {
  const brands = await listBrands(db);
  return {
    brands: brands
      .filter((b) => b.featured)
      .map(({ slug, name, description, logo }) => ({ slug, name, description, logo })),
  };
}

export default function Brands() {
  const { brands } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Our brands</h1>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {brands.map((b) => (
          <li
            key={b.slug}
            className="flex flex-col items-center gap-4 rounded-xl border border-gray-200 p-6 text-center"
          >
            <img
              src={b.logo ?? "/placeholder.svg"}
              alt={`${b.name} logo`}
              width={120}
              height={120}
              className="h-[120px] w-[120px] object-contain"
            />
            <h2 className="text-xl font-bold">{b.name}</h2>
            <p className="text-sm text-gray-700">{b.description}</p>
            <Link
              to={`/${b.slug}`}
              aria-label={`Explore ${b.name}`}
              className="mt-auto rounded-md bg-ink-900 px-5 py-2 font-semibold text-white hover:bg-black"
            >
              Explore
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
