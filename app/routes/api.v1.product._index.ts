import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { listRecommendations, productSummaryJson } from "~/models/product-detail.server";
import { apiMethodNotAllowed, idParam } from "~/utils/responses.server";

/**
 * GET /api/v1/product?category=: products of a category for recommendations, newest first.
 * The spec's client drops the product it shows and takes six, so without `exclude` the answer has
 * seven (six remain whichever one it drops); `exclude` leaves one product out and then six come
 * back, exactly the product page's recommendations. `limit` caps the list (at most 100).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const category = params.get("category")?.trim() ?? "";
  if (!category) {
    return Response.json(
      { message: "category is required", errors: { category: "Required" } },
      { status: 400 },
    );
  }
  const excluded = idParam(params.get("exclude") ?? undefined);
  const limit = Math.min(Math.max(Number(params.get("limit")) || (excluded ? 6 : 7), 1), 100);
  const items = await listRecommendations(db, category, excluded, limit);
  return Response.json(items.map(productSummaryJson));
}

export function action() {
  return apiMethodNotAllowed("GET");
}
