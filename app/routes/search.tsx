import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { ProductGrid } from "~/components/product-card";
import { db } from "~/db/db.server";
import { getVehicle } from "~/models/taxonomy.server";
import { searchProducts } from "~/models/catalog.server";
import { pageMeta } from "~/utils/seo";
import { readVehicleSlug } from "~/utils/vehicle.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.q ? `Search: ${data.q}` : "Search",
    description: "Search wheels, winches, suspension, lights and accessories.",
    path: "/search",
    noindex: true,
  });

/** Two statements: the shopper's vehicle and the search (the overlay's API uses the same model). */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const shopper = await getVehicle(db, (await readVehicleSlug(request)) ?? "");
  const results = q.trim() ? await searchProducts(db, q, undefined, shopper?.id ?? null) : [];
  return { q, results, shopperVehicle: shopper?.name ?? null };
}

export default function SearchPage() {
  const { q, results, shopperVehicle } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">
        {q.trim() ? `Results for “${q}”` : "Search"}
      </h1>
      <Form
        method="get"
        action="/search"
        role="search"
        className="mt-6 flex max-w-2xl gap-2"
        key={q}
      >
        <label htmlFor="search-page-input" className="sr-only">
          Search products
        </label>
        <input
          id="search-page-input"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Search products..."
          maxLength={200}
          className="flex-1 rounded-md border border-gray-300 px-3 py-2"
        />
        <button
          type="submit"
          className="rounded-md bg-ink-900 px-4 py-2 font-semibold text-white hover:bg-black"
        >
          Search
        </button>
      </Form>
      <div className="mt-8" aria-live="polite">
        {searching ? (
          <p>Searching...</p>
        ) : q.trim() ? (
          <>
            {results.length > 0 ? (
              <p className="mb-4 text-gray-700">
                {results.length === 1 ? "1 result" : `${results.length} results`}
              </p>
            ) : null}
            <ProductGrid
              headingLevel={2}
              products={results}
              vehicleName={shopperVehicle}
              empty="No results found."
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
