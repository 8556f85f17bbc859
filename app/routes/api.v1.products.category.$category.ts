import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { listProductsForApi } from "~/models/catalog.server";
import { getCategory } from "~/models/taxonomy.server";
import { productSummaryJson } from "~/models/product-detail.server";
import { apiInvalid, apiMethodNotAllowed, apiPage } from "~/utils/responses.server";
import { readPaging } from "~/forms/api-paging";

/**
 * GET /api/v1/products/category/{category}: that category's products, newest first; `?page=` pages
 * by 24; `[]` for an unknown category or a page past the last; 400 for a malformed page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const paging = readPaging(new URL(request.url).searchParams);
  if (!paging.success) return apiInvalid("Invalid page", paging.error);
  const { page } = paging.data;
  const category = await getCategory(db, params.category ?? "");
  // The spec's client shows "No products found in this category." for an empty list, and an
  // error for anything else: an unknown category has no products (as an unknown brand has none).
  if (!category) return apiPage([], 0, 0);
  const listing = await listProductsForApi(db, { categories: [category.slug] }, page);
  return apiPage(listing.items.map(productSummaryJson), listing.total, listing.pageCount);
}

export function action() {
  return apiMethodNotAllowed("GET");
}
