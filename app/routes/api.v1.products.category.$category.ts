import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { emptyListingQuery, listProducts } from "~/models/catalog.server";
import { getCategory } from "~/models/taxonomy.server";
import { productSummaryJson } from "~/models/product-detail.server";
import { apiNotFound } from "~/utils/responses.server";

/** GET /api/v1/products/category/{category}: that category's products, newest first; `?page=` pages by 24. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const category = await getCategory(db, params.category ?? "");
  if (!category) return apiNotFound("Category not found");
  const page = new URL(request.url).searchParams.get("page");
  const listing = await listProducts(db, {
    ...emptyListingQuery,
    categories: [category.slug],
    page: Number(page) || 1,
    pageSize: page ? emptyListingQuery.pageSize : 100,
  });
  return Response.json(listing.items.map(productSummaryJson), {
    headers: { "X-Total-Count": String(listing.total), "X-Page-Count": String(listing.pageCount) },
  });
}
