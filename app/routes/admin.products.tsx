import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useOutlet,
} from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireAdmin } from "~/auth/guards.server";
import { safeRedirectPath } from "~/utils/redirect.server";
import { Pagination } from "~/components/pagination";
import { Price } from "~/components/price";
import { db } from "~/db/db.server";
import { parseAdminProductQuery } from "~/forms/product-form.server";
import { deleteProduct } from "~/models/product-admin.server";
import {
  findAdminProduct,
  listAdminProducts,
  productFormOptions,
} from "~/models/product-admin-list.server";
import { getEnv } from "~/utils/env.server";
import { imageUrl } from "~/utils/images";
import { redirectWithToast } from "~/utils/toast.server";
import { securityEvent } from "~/utils/log.server";

export const meta: MetaFunction = () => [{ title: "Products | Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = parseAdminProductQuery(params);
  const deleteId = Number(params.get("delete"));
  const [list, options, confirm] = await Promise.all([
    listAdminProducts(db, query),
    productFormOptions(db),
    Number.isInteger(deleteId) && deleteId > 0 ? findAdminProduct(db, deleteId) : null,
  ]);
  return { list, query, categories: options.categories, confirm };
}

/** Delete (the spec's texts): a product orders refer to is hidden instead of erased. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const back = safeRedirectPath(form.get("back"), "/admin/products");
  const to = back.startsWith("/admin/products") ? back : "/admin/products";
  const id = Number(form.get("id"));
  if (form.get("intent") !== "delete" || !Number.isInteger(id) || id <= 0) {
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

function withParams(search: string, change: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(change)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

/** The product form (new / edit) as a dialog over the list; it is a page of its own underneath. */
function FormDialog({ children, closeTo }: { children: React.ReactNode; closeTo: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeTo);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    <div className="fixed inset-0 z-50 overflow-y-auto bg-black/50 px-2 py-6 sm:px-6">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby="product-form-title"
        tabIndex={-1}
        className="relative mx-auto max-w-5xl rounded-lg bg-white p-5 shadow-2xl sm:p-8"
      >
        <Link
          to={closeTo}
          className="absolute right-4 top-4 rounded-md px-2 py-1 text-sm font-semibold text-gray-600 hover:bg-gray-100"
        >
          Close
        </Link>
        {children}
      </div>
    </div>
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

        {confirm ? (
          <div
            role="alertdialog"
            aria-labelledby="confirm-delete"
            aria-describedby="confirm-delete-what"
            className="mt-4 rounded-lg border-2 border-red-600 bg-red-50 p-4"
          >
            <p id="confirm-delete" className="font-bold text-red-900">
              Are you sure you want to delete this product?
            </p>
            <p id="confirm-delete-what" className="mt-1 text-sm text-red-900">
              {confirm.title} (#{confirm.id})
            </p>
            <div className="mt-3 flex gap-3">
              <Form method="post" action="/admin/products">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={confirm.id} />
                <input type="hidden" name="back" value={back} />
                <button
                  type="submit"
                  disabled={deleting}
                  className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
                >
                  {deleting ? "Deleting..." : "Yes, delete"}
                </button>
              </Form>
              <Link
                to={back}
                className="rounded-md px-4 py-2 text-sm font-semibold text-gray-700 hover:bg-white"
              >
                Cancel
              </Link>
            </div>
          </div>
        ) : null}

        <p className="mt-4 text-sm text-gray-600" aria-live="polite">
          {list.total} {list.total === 1 ? "product" : "products"}
          {query.outOfStock ? " out of stock" : ""}
        </p>
        {list.rows.length === 0 ? (
          <p className="mt-6 text-gray-600">No products match.</p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-lg border border-gray-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Products, newest first</caption>
              <thead className="bg-gray-50 text-xs uppercase text-gray-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Image</span>
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Title
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Brand
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Category
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Price
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Stock
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {list.rows.map((p) => (
                  <tr key={p.id}>
                    <td className="px-3 py-2">
                      <img
                        src={imageUrl(p.image, 320)}
                        alt=""
                        width={40}
                        height={40}
                        loading="lazy"
                        className="h-10 w-10 rounded object-contain"
                      />
                    </td>
                    <th scope="row" className="px-3 py-2 font-semibold">
                      <Link to={`/product/${p.id}`} className="hover:underline">
                        {p.title}
                      </Link>
                      <span className="block text-xs font-normal text-gray-500">
                        #{p.id} · {p.slug}
                      </span>
                    </th>
                    <td className="px-3 py-2">{p.brand}</td>
                    <td className="px-3 py-2">{p.category}</td>
                    <td className="px-3 py-2 text-right">
                      <Price paise={p.pricePaise} />
                    </td>
                    <td
                      className={`px-3 py-2 text-right ${p.stock === 0 ? "font-semibold text-red-700" : ""}`}
                    >
                      {p.stock === 0 ? "Sold out" : p.stock}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">
                      <Link
                        to={`/admin/products/${p.id}/edit${listSearch}`}
                        aria-label={`Edit ${p.title}`}
                        className="rounded-md px-2 py-1 font-semibold text-brand-700 hover:bg-gray-100"
                      >
                        Edit
                      </Link>
                      <Link
                        to={`/admin/products${withParams(listSearch, { delete: String(p.id) })}`}
                        aria-label={`Delete ${p.title}`}
                        className="ml-1 rounded-md px-2 py-1 font-semibold text-red-700 hover:bg-red-50"
                      >
                        Delete
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={list.page} pageCount={list.pages} search={listSearch} />
      </div>
      {outlet ? <FormDialog closeTo={back}>{outlet}</FormDialog> : null}
    </>
  );
}
