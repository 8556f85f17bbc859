import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { getVehicle } from "~/models/taxonomy.server";
import {
  listAllProducts,
  listingQueryFromParams,
  listProducts,
  parseListingParams,
} from "~/models/catalog.server";
import { productSummaryJson } from "~/models/product-detail.server";
import { apiInvalid, apiMethodNotAllowed, apiNotFound, apiPage } from "~/utils/responses.server";
import { readPaging } from "~/forms/api-paging";

const LISTING_PARAMS = ["category", "brand", "color", "min", "max", "vehicle", "sort", "page"];

/**
 * GET /api/v1/allProducts: a plain array of every visible product, oldest first (the spec's client
 * reverses it and takes the first four as "Trending"). With any of the
 * /all-products query parameters it answers that listing's page instead (same model, same order),
 * with the match count in X-Total-Count and the page count in X-Page-Count; a page past the last
 * is `[]`, a malformed `page` a 400.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  if (!LISTING_PARAMS.some((p) => search.has(p))) {
    return Response.json((await listAllProducts(db)).map(productSummaryJson));
  }
  const paging = readPaging(search);
  if (!paging.success) return apiInvalid("Invalid page", paging.error);
  const params = parseListingParams(search);
  const vehicle = params.vehicle ? await getVehicle(db, params.vehicle) : null;
  if (params.vehicle && !vehicle) return apiNotFound("Vehicle not found");
  const listing = await listProducts(db, {
    ...listingQueryFromParams(params, vehicle?.id ?? null),
    page: paging.data.page ?? 1,
    pastLastPage: "empty",
  });
  return apiPage(listing.items.map(productSummaryJson), listing.total, listing.pageCount);
}

export function action() {
  return apiMethodNotAllowed("GET");
}
