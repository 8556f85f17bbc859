import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { PageLoadError } from "~/components/error-panel";
import { Pagination } from "~/components/pagination";
import { ProductGrid } from "~/components/product-card";
import { db } from "~/db/db.server";
import {
  emptyListing,
  emptyListingQuery,
  listProducts,
  listSwatches,
} from "~/models/catalog.server";
import { getCategory, getVehicle } from "~/models/taxonomy.server";
import { pageMeta } from "~/utils/seo";
import { readVehicleSlug } from "~/utils/vehicle.server";

const SKELETONS = 8;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data && !data.notFound
    ? pageMeta(matches, {
        title: `${data.category.name}`,
        description: `Shop ${data.category.name.toLowerCase()} for off-road and overland 4x4s: ${data.total} products in stock and on order, delivered across India.`,
        path: `/category/${data.category.slug}${data.page > 1 ? `?page=${data.page}` : ""}`,
      })
    : [{ title: "Category not found" }];

/** At most five statements: the category, the shopper's vehicle, a count, one page, wheel colours. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const slug = params.category ?? "";
  const category = await getCategory(db, slug);
  if (!category) {
    const lower = slug.toLowerCase() === slug ? null : await getCategory(db, slug.toLowerCase());
    if (lower) throw redirect(`/category/${lower.slug}${url.search}`, 301);
    // An unknown category has no products: its page says so, as an empty one would, with a 404.
    return data(
      {
        category: { slug: "", name: slug.slice(0, 80) },
        swatches: [],
        shopperVehicle: null,
        notFound: true,
        ...emptyListing,
      },
      { status: 404 },
    );
  }
  const shopper = await getVehicle(db, (await readVehicleSlug(request)) ?? "");
  const listing = await listProducts(
    db,
    {
      ...emptyListingQuery,
      categories: [category.slug],
      page: Number(url.searchParams.get("page")) || 1,
    },
    shopper?.id ?? null,
  );
  const wheels = listing.items.filter((p) => p.category === "wheels").map((p) => p.id);
  return {
    category: { slug: category.slug, name: category.name },
    swatches: await listSwatches(db, wheels),
    shopperVehicle: shopper?.name ?? null,
    notFound: false,
    ...listing,
  };
}

export default function CategoryPage() {
  const { category, items, swatches, total, page, pageCount, shopperVehicle } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const pending =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/category/");
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">
        Products in {category.name} Category
      </h1>
      <p className="mb-6 mt-2 text-gray-700">{total === 1 ? "1 product" : `${total} products`}</p>
      <ProductGrid
        headingLevel={2}
        products={items}
        swatches={swatches}
        pending={pending}
        skeletons={SKELETONS}
        vehicleName={shopperVehicle}
        empty="No products found in this category."
      />
      {pending ? null : <Pagination page={page} pageCount={pageCount} search={location.search} />}
    </div>
  );
}

export function ErrorBoundary() {
  return <PageLoadError failed="Failed to load products" />;
}
