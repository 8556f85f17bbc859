import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { emptyListingQuery, listProducts } from "~/models/catalog.server";
import { getVehicle } from "~/models/taxonomy.server";
import { productSummaryJson } from "~/models/product-detail.server";

/**
 * GET /api/v1/products/brand/{vehicle}: the parts listed for a vehicle (the spec calls vehicles
 * "brands" here), newest first; `?page=` for one page of 24 like /vehicles/{vehicle}; `[]` for an
 * unknown one.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const vehicle = await getVehicle(db, params.brand ?? "");
  // The spec's client shows whatever list comes back: an unknown vehicle has no parts.
  if (!vehicle)
    return Response.json([], { headers: { "X-Total-Count": "0", "X-Page-Count": "0" } });
  const page = new URL(request.url).searchParams.get("page");
  const listing = await listProducts(db, {
    ...emptyListingQuery,
    forVehicleId: vehicle.id,
    page: Number(page) || 1,
    pageSize: page ? emptyListingQuery.pageSize : 100,
  });
  return Response.json(listing.items.map(productSummaryJson), {
    headers: { "X-Total-Count": String(listing.total), "X-Page-Count": String(listing.pageCount) },
  });
}
