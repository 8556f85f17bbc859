import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { ProductGrid } from "~/components/product-card";
import { db } from "~/db/db.server";
import { emptyListingQuery, listProducts, listSwatches } from "~/models/catalog.server";
import { getBrand, getVehicle } from "~/models/taxonomy.server";
import { pageMeta } from "~/utils/seo";
import { readVehicleSlug } from "~/utils/vehicle.server";
import { invariantResponse } from "~/utils/responses.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta(matches, {
        title: data.brand.name,
        description: data.brand.description || `Every ${data.brand.name} product in the shop.`,
        path: `/${data.brand.slug}${data.page > 1 ? `?page=${data.page}` : ""}`,
        image: data.brand.logo,
      })
    : [{ title: "Page not found" }];

/**
 * A maker's page (/method, /warn, /arb, /noco, /safari, /oldman: the Explore links of /brands).
 * Any other single-segment address that is not a brand is a 404. At most five statements.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.brand ?? "";
  const brand = /^[a-z0-9_-]{1,60}$/i.test(slug) ? await getBrand(db, slug) : null;
  invariantResponse(brand);
  const shopper = await getVehicle(db, (await readVehicleSlug(request)) ?? "");
  const listing = await listProducts(
    db,
    {
      ...emptyListingQuery,
      brands: [brand.slug],
      page: Number(new URL(request.url).searchParams.get("page")) || 1,
    },
    shopper?.id ?? null,
  );
  const wheels = listing.items.filter((p) => p.category === "wheels").map((p) => p.id);
  return {
    brand: { slug: brand.slug, name: brand.name, description: brand.description, logo: brand.logo },
    swatches: await listSwatches(db, wheels),
    shopperVehicle: shopper?.name ?? null,
    ...listing,
  };
}

export default function BrandPage() {
  const { brand, items, swatches, total, page, pageCount, shopperVehicle } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const pending =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-col items-start gap-6 sm:flex-row sm:items-center">
        <img
          src={brand.logo ?? "/placeholder.svg"}
          alt={`${brand.name} logo`}
          width={120}
          height={120}
          className="h-[120px] w-[120px] object-contain"
        />
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">{brand.name}</h1>
          {brand.description ? (
            <p className="mt-2 max-w-2xl text-gray-700">{brand.description}</p>
          ) : null}
          <p className="mt-2 text-sm text-gray-600">
            {total === 1 ? "1 product" : `${total} products`}
          </p>
        </div>
      </div>
      <div className="mt-8">
        <ProductGrid
          headingLevel={2}
          products={items}
          swatches={swatches}
          pending={pending}
          vehicleName={shopperVehicle}
          empty="No products from this brand yet."
        />
      </div>
      {pending ? null : <Pagination page={page} pageCount={pageCount} search={location.search} />}
    </div>
  );
}
