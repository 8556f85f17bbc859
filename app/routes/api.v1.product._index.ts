import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { listRecommendations, productSummaryJson } from "~/models/catalog.server";

/**
 * GET /api/v1/product?category=: products of a category for recommendations, newest first.
 * `exclude` leaves one product out and `limit` caps the list (default 6, at most 100), so
 * `?category=c&exclude=id` answers exactly the product page's recommendations.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const category = params.get("category")?.trim() ?? "";
  if (!category) {
    return Response.json({ message: "category is required", errors: { category: "Required" } }, { status: 400 });
  }
  const exclude = Number(params.get("exclude"));
  const limit = Math.min(Math.max(Number(params.get("limit")) || 6, 1), 100);
  const items = await listRecommendations(db, category, Number.isSafeInteger(exclude) && exclude > 0 ? exclude : null, limit);
  return Response.json(items.map(productSummaryJson));
}
