import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { deleteProduct } from "~/models/product-admin.server";
import { getEnv } from "~/utils/env.server";
import { jsonNoStore } from "~/utils/http.server";
import { securityEvent } from "~/utils/log.server";
import { apiMethodNotAllowed, apiNotFound, idParam } from "~/utils/responses.server";

export async function loader() {
  return apiMethodNotAllowed("DELETE");
}

/** DELETE /api/v1/products/delete/{id}: erased, or hidden when orders refer to it. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return loader();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id);
  const outcome =
    id === null ? "not-found" : await deleteProduct(db, id, { uploadsDir: getEnv().UPLOADS_DIR });
  if (outcome === "not-found") return apiNotFound("Product not found");
  securityEvent("admin.product", {
    adminId: admin.id,
    productId: id,
    action: "delete",
    via: "api",
  });
  return jsonNoStore({ message: "Product deleted successfully", outcome });
}
