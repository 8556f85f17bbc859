import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation, useOutlet } from "@remix-run/react";
import { PageLoadError } from "~/components/error-panel";
import { requireAdmin } from "~/auth/guards.server";
import { safeRedirectPath } from "~/utils/redirect.server";
import { idParam } from "~/utils/responses.server";
import { Pagination } from "~/components/pagination";
import {
  DeleteConfirm,
  FormDialog,
  ProductTable,
  withParams,
} from "~/components/admin/product-list";
import { db } from "~/db/db.server";
import { parseAdminProductQuery } from "~/forms/product-form.server";
import { deleteProduct } from "~/models/product-admin.server";
import {
  findAdminProduct,
  listAdminProducts,
  productFormOptions,
} from "~/models/product-admin-list.server";
import { getEnv } from "~/utils/env.server";
import { redirectWithToast } from "~/utils/toast.server";
import { securityEvent } from "~/utils/log.server";

export const meta: MetaFunction = () => [{ title: "Products | Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseAdminProductQuery(params);
  const deleteId = idParam(params.get("delete") ?? undefined);
  const [list, options, confirm] = await Promise.all([
    listAdminProducts(db, query),
    productFormOptions(db),
    deleteId === null ? null : findAdminProduct(db, deleteId),
  ]);
  return { list, query, categories: options.categories, confirm };
}

/** Delete (the spec's texts): a product orders refer to is hidden instead of erased. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const back = safeRedirectPath(form.get("back"), "/admin/products");
  const to = back.startsWith("/admin/products") ? back : "/admin/products";
  const id = idParam(String(form.get("id") ?? ""));
  if (form.get("intent") !== "delete" || id === null) {
    return redirectWithToast(to, { type: "error", message: "Delete failed" }, request);
  }
  try {
    const outcome = await deleteProduct(db, id, { uploadsDir: getEnv().UPLOADS_DIR });
    if (outcome === "not-found")
      return redirectWithToast(to, { type: "error", message: "Delete failed" }, request);
  } catch (error) {
    console.error(error);
    return redirectWithToast(to, { type: "error", message: "Delete failed" }, request);
  }
  securityEvent("admin.product", { adminId: admin.id, productId: id, action: "delete" });
  return redirectWithToast(
    to,
    { type: "success", message: "Product deleted successfully" },
    request,
  );
}

export default function AdminProducts() {
  const { list, query, categories, confirm } = useLoaderData<typeof loader>();
  const outlet = useOutlet();
  const location = useLocation();
  const navigation = useNavigation();
  const deleting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const listSearch = withParams(location.search, { delete: null });
  const back = `/admin/products${listSearch}`;

  return (
    <>
      <div {...(outlet ? { inert: "" } : {})}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-extrabold tracking-tight">Products</h1>
          <Link
            to={`/admin/products/new${listSearch}`}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Upload Product
          </Link>
        </div>

        <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="admin-q" className="block text-sm font-semibold">
              Search products
            </label>
            <input
              id="admin-q"
              name="q"
              type="search"
              defaultValue={query.q}
              placeholder="Title, slug, brand or id"
              className="mt-1 rounded-md border border-gray-300 px-3 py-2 text-sm"
            />
          </div>
          <div>
            <label htmlFor="admin-category" className="block text-sm font-semibold">
              Category
            </label>
            <select
              id="admin-category"
              name="category"
              defaultValue={query.category}
              className="mt-1 rounded-md border border-gray-300 px-3 py-2 text-sm"
            >
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          {query.outOfStock ? <input type="hidden" name="stock" value="out" /> : null}
          <button
            type="submit"
            className="rounded-md bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-black"
          >
            Filter
          </button>
          {query.q || query.category || query.outOfStock ? (
            <Link
              to="/admin/products"
              className="px-2 py-2 text-sm font-semibold text-brand-700 hover:underline"
            >
              Clear
            </Link>
          ) : null}
        </Form>

        {confirm ? <DeleteConfirm product={confirm} back={back} deleting={deleting} /> : null}

        <p className="mt-4 text-sm text-gray-600" aria-live="polite">
          {list.total} {list.total === 1 ? "product" : "products"}
          {query.outOfStock ? " out of stock" : ""}
        </p>
        {list.rows.length === 0 ? (
          <p className="mt-6 text-gray-600">No products match.</p>
        ) : (
          <ProductTable rows={list.rows} listSearch={listSearch} />
        )}
        <Pagination page={list.page} pageCount={list.pages} search={listSearch} />
      </div>
      {outlet ? <FormDialog closeTo={back}>{outlet}</FormDialog> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <PageLoadError failed="Failed to fetch products" />;
}
