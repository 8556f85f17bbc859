import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { getProduct, productDetailJson } from "~/models/product-detail.server";
import { submitProductFromApi } from "~/forms/product-api.server";
import { getEnv } from "~/utils/env.server";
import { jsonNoStore } from "~/utils/http.server";
import { securityEvent } from "~/utils/log.server";
import { apiMethodNotAllowed, apiNotFound, idParam } from "~/utils/responses.server";

export async function loader() {
  return apiMethodNotAllowed("PUT");
}

/**
 * PUT /api/v1/products/update/{id}: the upload's multipart. Absent `colors` or `size` leave those
 * as they are; a listed colour keeps the images of the same-named colour and adds the new files.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return loader();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id);
  if (id === null) return apiNotFound("Product not found");
  const outcome = await submitProductFromApi(db, id, request, { uploadsDir: getEnv().UPLOADS_DIR });
  if (!("id" in outcome)) return jsonNoStore(outcome.body, { status: outcome.status });
  securityEvent("admin.product", {
    adminId: admin.id,
    productId: outcome.id,
    action: "update",
    via: "api",
  });
  const product = await getProduct(db, outcome.id);
  return jsonNoStore({
    message: "Product updated!",
    product: product ? productDetailJson(product) : { id: outcome.id },
  });
}
