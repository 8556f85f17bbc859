import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { PageLoadError } from "~/components/error-panel";
import { Pagination } from "~/components/pagination";
import { ProductGrid } from "~/components/product-card";
import { db } from "~/db/db.server";
import { emptyListing, emptyListingQuery, listProducts } from "~/models/catalog.server";
import { getVehicle } from "~/models/taxonomy.server";
import { pageMeta } from "~/utils/seo";
import { vehicleBanner } from "~/utils/storefront-content";
import { readVehicleSlug } from "~/utils/vehicle.server";

const SKELETONS = 10;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data && !data.notFound
    ? pageMeta(matches, {
        title: `Parts for ${data.vehicle.name}`,
        description: `Wheels, suspension, recovery gear and body parts that fit the ${data.vehicle.name}.`,
        path: `/vehicles/${data.vehicle.slug}${data.page > 1 ? `?page=${data.page}` : ""}`,
        image: data.banner,
      })
    : [{ title: "Vehicle not found" }];

/** Four statements: this vehicle, the shopper's vehicle, a count and one page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const vehicle = await getVehicle(db, params.brand ?? "");
  if (!vehicle) {
    // An unknown vehicle has no parts: its page says so, as an empty one would, with a 404.
    return data(
      {
        vehicle: { slug: "", name: (params.brand ?? "").slice(0, 80) },
        banner: null,
        shopperVehicle: null,
        notFound: true,
        ...emptyListing,
      },
      { status: 404 },
    );
  }
  if (vehicle.slug !== params.brand) throw redirect(`/vehicles/${vehicle.slug}${url.search}`, 301);
  const shopper = await getVehicle(db, (await readVehicleSlug(request)) ?? "");
  const listing = await listProducts(
    db,
    {
      ...emptyListingQuery,
      forVehicleId: vehicle.id,
      page: Number(url.searchParams.get("page")) || 1,
    },
    shopper?.id ?? null,
  );
  return {
    vehicle: { slug: vehicle.slug, name: vehicle.name },
    banner: vehicleBanner(vehicle.slug, url.searchParams.get("img")),
    shopperVehicle: shopper?.name ?? null,
    notFound: false,
    ...listing,
  };
}

export default function VehiclePage() {
  const { vehicle, banner, items, total, page, pageCount, shopperVehicle } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const pending =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/vehicles/");
  return (
    <>
      <div className="relative h-48 overflow-hidden bg-ink-900 md:h-72">
        {banner ? (
          <img
            src={banner}
            alt=""
            width={1600}
            height={400}
            fetchPriority="high"
            className="absolute inset-0 h-full w-full object-cover"
          />
        ) : null}
        <div className="relative mx-auto flex h-full max-w-7xl items-end px-4 pb-6">
          <h1 className="text-3xl font-extrabold uppercase tracking-wide text-white drop-shadow md:text-5xl">
            {vehicle.name}
          </h1>
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <p className="mb-6 text-gray-700">
          {total === 1 ? "1 part fits this vehicle" : `${total} parts fit this vehicle`}
        </p>
        <ProductGrid
          headingLevel={2}
          products={items}
          pending={pending}
          skeletons={SKELETONS}
          vehicleName={shopperVehicle}
          empty="No parts found for this brand."
        />
        {pending ? null : <Pagination page={page} pageCount={pageCount} search={location.search} />}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <PageLoadError failed="Failed to load products." />;
}
