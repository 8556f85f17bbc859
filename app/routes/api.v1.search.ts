import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { productSummaryJson } from "~/models/product-detail.server";
import { searchProducts } from "~/models/catalog.server";
import { apiMethodNotAllowed } from "~/utils/responses.server";

/** GET /api/v1/search?query=: products matching by word prefix, best first. Empty text: []. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = (params.get("query") ?? params.get("q") ?? "").slice(0, 200);
  const results = query.trim() ? await searchProducts(db, query) : [];
  return Response.json(results.map(productSummaryJson));
}

export function action() {
  return apiMethodNotAllowed("GET");
}
