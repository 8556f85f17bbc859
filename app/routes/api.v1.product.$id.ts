import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { getProduct, productDetailJson } from "~/models/catalog.server";

/** GET /api/v1/product/{id}: one product with its colours (image URLs), sizes and fitment. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  const product = Number.isSafeInteger(id) ? await getProduct(db, id) : null;
  if (!product) return Response.json({ message: "Product not found" }, { status: 404 });
  return Response.json(productDetailJson(product));
}
