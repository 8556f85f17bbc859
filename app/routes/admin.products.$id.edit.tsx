import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { ProductForm } from "~/components/admin/product-form";
import { db } from "~/db/db.server";
import { getProductForEdit, handleProductForm, productFormOptions, readProductForm } from "~/models/product-admin.server";
import { getEnv } from "~/utils/env.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormBody, UploadTooLargeError } from "~/utils/upload.server";

export const meta: MetaFunction = () => [{ title: "Edit product | Admin" }];

function productId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = productId(params.id);
  const [product, options] = await Promise.all([getProductForEdit(db, id), productFormOptions(db)]);
  if (!product) throw new Response("Not Found", { status: 404 });
  return { id: product.id, values: product.values, options };
}

/** Back to the list, keeping its search and page. */
function listUrl(request: Request) {
  const params = new URL(request.url).searchParams;
  params.delete("index");
  const qs = params.toString();
  return `/admin/products${qs ? `?${qs}` : ""}`;
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = productId(params.id);
  let body;
  try {
    body = await readFormBody(request);
  } catch (error) {
    const message = error instanceof UploadTooLargeError ? error.message : "The form could not be read.";
    return data({ values: null, errors: { form: message }, formError: "Operation failed" }, { status: error instanceof UploadTooLargeError ? 413 : 400 });
  }
  try {
    const outcome = await handleProductForm(db, id, body.formData, body.fileErrors, { uploadsDir: getEnv().UPLOADS_DIR });
    if (outcome.kind === "saved") {
      return redirectWithToast(listUrl(request), { type: "success", message: "Product updated!" }, request);
    }
    if (outcome.kind === "rows") return { values: outcome.values, errors: {}, formError: undefined };
    if (outcome.kind === "invalid") {
      return data({ values: outcome.values, errors: outcome.errors, formError: "Operation failed" }, { status: 400 });
    }
    throw new Response("Not Found", { status: 404 });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(error);
    return data(
      { values: readProductForm(body.formData).values, errors: {}, formError: "Operation failed" },
      { status: 500 },
    );
  }
}

export default function EditProduct() {
  const { id, values, options } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  return (
    <>
      <h1 id="product-form-title" className="mb-6 pr-16 text-2xl font-extrabold tracking-tight">
        Edit product <span className="text-base font-semibold text-gray-500">#{id}</span>
      </h1>
      <ProductForm
        key={id}
        mode="edit"
        values={result?.values ?? values}
        errors={result?.errors}
        formError={result?.formError}
        options={options}
        cancelTo={`/admin/products${location.search}`}
      />
    </>
  );
}
