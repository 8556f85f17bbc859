import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { listProductsForApi } from "~/models/catalog.server";
import { getVehicle } from "~/models/taxonomy.server";
import { productSummaryJson } from "~/models/product-detail.server";
import { apiInvalid, apiMethodNotAllowed, apiPage } from "~/utils/responses.server";
import { readPaging } from "~/forms/api-paging";

/**
 * GET /api/v1/products/brand/{vehicle}: the parts listed for a vehicle (the spec calls vehicles
 * "brands" here), newest first; `?page=` for one page of 24 like /vehicles/{vehicle}; `[]` for an
 * unknown one or a page past the last; 400 for a malformed page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const paging = readPaging(new URL(request.url).searchParams);
  if (!paging.success) return apiInvalid("Invalid page", paging.error);
  const { page } = paging.data;
  const vehicle = await getVehicle(db, params.brand ?? "");
  // The spec's client shows whatever list comes back: an unknown vehicle has no parts.
  if (!vehicle) return apiPage([], 0, 0);
  const listing = await listProductsForApi(db, { forVehicleId: vehicle.id }, page);
  return apiPage(listing.items.map(productSummaryJson), listing.total, listing.pageCount);
}

export function action() {
  return apiMethodNotAllowed("GET");
}
