import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { getProduct, productDetailJson } from "~/models/product-detail.server";
import { submitProductFromApi } from "~/forms/product-api.server";
import { getEnv } from "~/utils/env.server";
import { jsonNoStore } from "~/utils/http.server";
import { securityEvent } from "~/utils/log.server";
import { apiMethodNotAllowed } from "~/utils/responses.server";

export async function loader() {
  return apiMethodNotAllowed("POST");
}

/** POST /api/v1/products/upload (multipart, SPEC section 7): creates a product. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const admin = await requireApiAdmin(request);
  const outcome = await submitProductFromApi(db, null, request, {
    uploadsDir: getEnv().UPLOADS_DIR,
  });
  if (!("id" in outcome)) return jsonNoStore(outcome.body, { status: outcome.status });
  securityEvent("admin.product", {
    adminId: admin.id,
    productId: outcome.id,
    action: "create",
    via: "api",
  });
  const product = await getProduct(db, outcome.id);
  return jsonNoStore(
    {
      message: "Product uploaded!",
      product: product ? productDetailJson(product) : { id: outcome.id },
    },
    { status: 201, headers: { Location: `/api/v1/product/${outcome.id}` } },
  );
}
