import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { getProduct, productDetailJson } from "~/models/catalog.server";
import { readProductApi, submitProduct } from "~/models/product-admin.server";
import { getEnv } from "~/utils/env.server";
import { jsonNoStore } from "~/utils/http.server";
import { isMultipart, parseMultipartUpload, UploadTooLargeError } from "~/utils/upload.server";

export async function loader() {
  return jsonNoStore({ message: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}

/** POST /api/v1/products/upload (multipart, SPEC section 7): creates a product. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  await requireApiAdmin(request);
  if (!isMultipart(request)) {
    return jsonNoStore({ message: "Send the product as multipart/form-data." }, { status: 415 });
  }
  let parsed;
  try {
    parsed = await parseMultipartUpload(request);
  } catch (error) {
    if (error instanceof UploadTooLargeError) return jsonNoStore({ message: error.message }, { status: 413 });
    return jsonNoStore({ message: "The form could not be read." }, { status: 400 });
  }
  const { raw, errors } = readProductApi(parsed.formData);
  const result = await submitProduct(db, null, raw, {
    uploadsDir: getEnv().UPLOADS_DIR,
    extraErrors: { ...errors, ...parsed.fileErrors },
  });
  if (!result.ok) {
    return jsonNoStore({ message: Object.values(result.errors)[0] ?? "Operation failed", errors: result.errors }, { status: 400 });
  }
  const product = await getProduct(db, result.id);
  return jsonNoStore(
    { message: "Product uploaded!", product: product ? productDetailJson(product) : { id: result.id } },
    { status: 201, headers: { Location: `/api/v1/product/${result.id}` } },
  );
}
