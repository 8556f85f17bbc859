import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { getProduct, productDetailJson } from "~/models/catalog.server";
import { readProductApi, submitProduct } from "~/models/product-admin.server";
import { getEnv } from "~/utils/env.server";
import { jsonNoStore } from "~/utils/http.server";
import { isMultipart, parseMultipartUpload, UploadTooLargeError } from "~/utils/upload.server";

export async function loader() {
  return jsonNoStore({ message: "Use PUT." }, { status: 405, headers: { Allow: "PUT" } });
}

/**
 * PUT /api/v1/products/update/{id}: the upload's multipart. Absent `colors` or `size` leave those
 * as they are; a listed colour keeps the images of the same-named colour and adds the new files.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return loader();
  await requireApiAdmin(request);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return jsonNoStore({ message: "Product not found" }, { status: 404 });
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
  const result = await submitProduct(db, id, raw, {
    uploadsDir: getEnv().UPLOADS_DIR,
    extraErrors: { ...errors, ...parsed.fileErrors },
  });
  if (!result.ok) {
    if (result.notFound) return jsonNoStore({ message: "Product not found" }, { status: 404 });
    return jsonNoStore({ message: Object.values(result.errors)[0] ?? "Operation failed", errors: result.errors }, { status: 400 });
  }
  const product = await getProduct(db, result.id);
  return jsonNoStore({ message: "Product updated!", product: product ? productDetailJson(product) : { id: result.id } });
}
