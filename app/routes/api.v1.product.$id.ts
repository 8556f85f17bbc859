import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { getProduct, productDetailJson } from "~/models/product-detail.server";
import { apiMethodNotAllowed, apiNotFound, idParam } from "~/utils/responses.server";

/** GET /api/v1/product/{id}: one product with its colours (image URLs), sizes and fitment. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = idParam(params.id);
  const product = id === null ? null : await getProduct(db, id);
  if (!product) return apiNotFound("Product not found");
  return Response.json(productDetailJson(product));
}

export function action() {
  return apiMethodNotAllowed("GET");
}
