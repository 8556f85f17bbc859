import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ProductGrid } from "~/components/product-card";
import { db } from "~/db/db.server";
import { getVehicle } from "~/models/taxonomy.server";
import { countSearchResults, SEARCH_LIMIT, searchProducts } from "~/models/catalog.server";
import { pageMeta } from "~/utils/seo";
import { readVehicleSlug } from "~/utils/vehicle.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.q ? `Search: ${data.q}` : "Search",
    description: "Search wheels, winches, suspension, lights and accessories.",
    path: "/search",
    noindex: true,
  });

/**
 * Two statements: the shopper's vehicle and the search (the overlay's API uses the same model),
 * SEARCH_LIMIT results a page (`?page=`), one more asked for to know whether a next page exists.
 * A page past the last (an old link, an edited URL) comes back empty: only then a third counts
 * the results, so that the page says there are some and links back to the last page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const searchParams = new URL(request.url).searchParams;
  const q = (searchParams.get("q") ?? "").slice(0, 200);
  const asked = searchParams.get("page") ?? "";
  const page = /^\d{1,3}$/.test(asked) && Number(asked) > 0 ? Number(asked) : 1;
  const shopper = await getVehicle(db, (await readVehicleSlug(request)) ?? "");
  const found = q.trim()
    ? await searchProducts(db, q, SEARCH_LIMIT + 1, shopper?.id ?? null, (page - 1) * SEARCH_LIMIT)
    : [];
  const pastLast = found.length === 0 && page > 1 ? await countSearchResults(db, q) : 0;
  return {
    q,
    page,
    results: found.slice(0, SEARCH_LIMIT),
    /** Past the last page: how many results there are, and the last page that holds some. */
    pastLast:
      pastLast > 0 ? { total: pastLast, lastPage: Math.ceil(pastLast / SEARCH_LIMIT) } : null,
    hasMore: found.length > SEARCH_LIMIT,
    /** The number of this page's first result. */
    first: (page - 1) * SEARCH_LIMIT + 1,
    shopperVehicle: shopper?.name ?? null,
  };
}

/** The search page's URL for a query and a page. */
const pageUrl = (q: string, page: number) =>
  `/search?${new URLSearchParams(page > 1 ? { q, page: String(page) } : { q })}`;

export default function SearchPage() {
  const { q, page, results, hasMore, first, pastLast, shopperVehicle } =
    useLoaderData<typeof loader>();
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
          Search products...
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
                {page === 1 && !hasMore
                  ? results.length === 1
                    ? "1 result"
                    : `${results.length} results`
                  : `Results ${first} to ${first + results.length - 1}`}
              </p>
            ) : null}
            {pastLast ? (
              <p className="py-12 text-center text-gray-600">
                No more results: there{" "}
                {pastLast.total === 1 ? "is 1 result" : `are ${pastLast.total} results`} for “{q}”.{" "}
                <Link to={pageUrl(q, pastLast.lastPage)} className="font-semibold underline">
                  {pastLast.lastPage === 1
                    ? "See the results"
                    : `Back to the last page (${pastLast.lastPage})`}
                </Link>
              </p>
            ) : (
              <ProductGrid
                headingLevel={2}
                products={results}
                vehicleName={shopperVehicle}
                empty="No results found."
              />
            )}
            {results.length > 0 && (page > 1 || hasMore) ? (
              <nav aria-label="Search result pages" className="mt-8 flex gap-4 font-semibold">
                {page > 1 ? (
                  <Link to={pageUrl(q, page - 1)} className="underline">
                    Previous results
                  </Link>
                ) : null}
                {hasMore ? (
                  <Link to={pageUrl(q, page + 1)} className="underline">
                    More results
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
