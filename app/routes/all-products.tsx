import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { ProductGrid } from "~/components/product-card";
import { db } from "~/db/db.server";
import { getVehicle, listBrands, listCategories, listColorNames } from "~/models/taxonomy.server";
import {
  listingQueryFromParams,
  listProducts,
  listSwatches,
  parseListingParams,
} from "~/models/catalog.server";
import {
  PRICE_MAX_RUPEES,
  PRICE_MIN_RUPEES,
  PRICE_RANGE_MESSAGE,
  type Sort,
} from "~/utils/catalog-constants";
import { pageMeta } from "~/utils/seo";
import { readVehicleSlug } from "~/utils/vehicle.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: "All products",
    description:
      "Every wheel, winch, suspension kit, light, charger and accessory in the shop, with filters for price, category, brand, colour and vehicle fitment.",
    path: `/all-products${data && data.page > 1 ? `?page=${data.page}` : ""}`,
  });

const SORT_LABELS: Record<Sort, string> = {
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

/**
 * The URL is the state: every filter is a query parameter of a plain GET form.
 * At most eight statements: the shopper's vehicle, the filter's vehicle, the three option lists,
 * a count, one page and the wheels' colours.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = parseListingParams(new URL(request.url).searchParams);
  const shopper = await getVehicle(db, (await readVehicleSlug(request)) ?? "");
  const fitVehicle = params.vehicle ? await getVehicle(db, params.vehicle) : null;
  const [categories, brands, colors] = [
    await listCategories(db),
    await listBrands(db),
    await listColorNames(db),
  ];
  const listing = await listProducts(
    db,
    listingQueryFromParams(params, fitVehicle?.id ?? null),
    shopper?.id ?? null,
  );
  const wheels = listing.items.filter((p) => p.category === "wheels").map((p) => p.id);
  return {
    filters: { ...params, vehicle: fitVehicle ? fitVehicle.slug : null },
    options: {
      categories: categories.map((c) => ({ value: c.slug, label: c.name })),
      brands: brands.map((b) => ({ value: b.slug, label: b.name })),
      colors: colors.map((c) => ({ value: c, label: c })),
    },
    fitVehicle: fitVehicle ? { slug: fitVehicle.slug, name: fitVehicle.name } : null,
    shopperVehicle: shopper ? { slug: shopper.slug, name: shopper.name } : null,
    swatches: await listSwatches(db, wheels),
    ...listing,
  };
}

function Checkboxes({
  legend,
  name,
  options,
  checked,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  checked: string[];
}) {
  if (options.length === 0) return null;
  const lower = checked.map((c) => c.toLowerCase());
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={name}
            value={o.value}
            defaultChecked={lower.includes(o.value.toLowerCase())}
            className="h-4 w-4"
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

export default function AllProducts() {
  const data = useLoaderData<typeof loader>();
  const { filters, options, items, swatches, total, page, pageCount, shopperVehicle, fitVehicle } =
    data;
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const pending =
    navigation.state === "loading" && navigation.location.pathname === "/all-products";
  const fitChoice = fitVehicle ?? shopperVehicle;
  const rangeWrong = filters.minRupees > filters.maxRupees;
  const active =
    filters.categories.length +
    filters.brands.length +
    filters.colors.length +
    (filters.vehicle ? 1 : 0) +
    (filters.minRupees !== PRICE_MIN_RUPEES || filters.maxRupees !== PRICE_MAX_RUPEES ? 1 : 0);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">All Products</h1>
      {/* key: a new URL (back button, links) resets the uncontrolled fields to what it says. */}
      <Form
        key={location.search}
        method="get"
        action="/all-products"
        className="mt-6 flex flex-col gap-4"
        onChange={(e) => {
          // Checkboxes and the sort apply at once; typed prices wait for Enter or Apply.
          if ((e.target as HTMLInputElement).type === "number") return;
          submit(e.currentTarget, { preventScrollReset: true, replace: true });
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p role="status" className="text-gray-700">
            {total === 1 ? "1 product" : `${total} products`}
          </p>
          <label className="flex items-center gap-2 text-sm">
            <span className="font-semibold">Sort by</span>
            <select
              name="sort"
              defaultValue={filters.sort}
              className="rounded-md border border-gray-300 px-2 py-2"
            >
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <details className="rounded-lg border border-gray-200" open={active > 0 ? true : undefined}>
          <summary className="cursor-pointer px-4 py-3 font-semibold">
            Filters{active > 0 ? ` (${active} active)` : ""}
          </summary>
          <div className="grid gap-6 border-t border-gray-200 p-4 sm:grid-cols-2 lg:grid-cols-5">
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-semibold">Price (₹)</legend>
              <label className="flex flex-col text-sm">
                Min price
                <input
                  type="number"
                  name="min"
                  min={PRICE_MIN_RUPEES}
                  max={PRICE_MAX_RUPEES}
                  step={1}
                  defaultValue={filters.minRupees}
                  className="rounded-md border border-gray-300 px-2 py-1"
                />
              </label>
              <label className="flex flex-col text-sm">
                Max price
                <input
                  type="number"
                  name="max"
                  min={PRICE_MIN_RUPEES}
                  max={PRICE_MAX_RUPEES}
                  step={1}
                  defaultValue={filters.maxRupees}
                  aria-invalid={rangeWrong || undefined}
                  aria-describedby={rangeWrong ? "price-range-error" : undefined}
                  className="rounded-md border border-gray-300 px-2 py-1"
                />
              </label>
              {rangeWrong ? (
                <p id="price-range-error" className="text-sm text-red-700">
                  {PRICE_RANGE_MESSAGE}
                </p>
              ) : null}
            </fieldset>
            <Checkboxes
              legend="Category"
              name="category"
              options={options.categories}
              checked={filters.categories}
            />
            <Checkboxes
              legend="Brand"
              name="brand"
              options={options.brands}
              checked={filters.brands}
            />
            <Checkboxes
              legend="Colour"
              name="color"
              options={options.colors}
              checked={filters.colors}
            />
            {fitChoice ? (
              <fieldset className="flex flex-col gap-1">
                <legend className="mb-1 font-semibold">Fitment</legend>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="vehicle"
                    value={fitChoice.slug}
                    defaultChecked={filters.vehicle === fitChoice.slug}
                    className="h-4 w-4"
                  />
                  Only parts that fit my {fitChoice.name}
                </label>
              </fieldset>
            ) : (
              <p className="text-sm text-gray-600">
                Select your vehicle at the top of the page to see only the parts that fit it.
              </p>
            )}
          </div>
          <div className="flex gap-3 border-t border-gray-200 p-4">
            <button
              type="submit"
              className="rounded-md bg-ink-900 px-4 py-2 font-semibold text-white hover:bg-black"
            >
              Apply filters
            </button>
            <Link
              to="/all-products"
              className="rounded-md border border-gray-300 px-4 py-2 font-semibold hover:bg-gray-100"
            >
              Clear filters
            </Link>
          </div>
        </details>
        <noscript>
          <button
            type="submit"
            className="w-fit rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold"
          >
            Apply sort
          </button>
        </noscript>
      </Form>
      <div className="mt-6">
        <ProductGrid
          headingLevel={2}
          products={items}
          swatches={swatches}
          pending={pending}
          skeletons={8}
          vehicleName={shopperVehicle?.name}
          empty="No products match these filters."
        />
      </div>
      {pending ? null : <Pagination page={page} pageCount={pageCount} search={location.search} />}
    </div>
  );
}
