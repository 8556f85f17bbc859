import { Form, Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Price } from "~/components/price";
import { imageUrl } from "~/utils/images";

/** The admin's product list: the table, the delete confirmation and the form's dialog. */

type ProductRow = {
  id: number;
  slug: string;
  title: string;
  brand: string;
  category: string;
  pricePaise: number;
  image: string | null;
  stock: number;
};

/** `search` with `change` applied (null removes a parameter), as "?..." or "". */
export function withParams(search: string, change: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(change)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

/** The product form (new / edit) as a dialog over the list; it is a page of its own underneath. */
export function FormDialog({ children, closeTo }: { children: ReactNode; closeTo: string }) {
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

/** Where a cancelled confirmation sends the focus back: the Delete link of that product's row. */
type ReturnFocus = { focusDelete?: number };

const deleteLinkId = (productId: number) => `delete-product-${productId}`;

/**
 * "Are you sure?" for the product the list's `?delete=` names; the post deletes it. With
 * JavaScript it takes the focus (its "Yes, delete" button) as it appears, Esc cancels it, and
 * cancelling gives the focus back to the row's Delete link. Without JavaScript, Delete and Cancel
 * are plain links to the list with and without `?delete=`.
 */
export function DeleteConfirm({
  product: confirm,
  back,
  deleting,
}: {
  product: { id: number; title: string };
  back: string;
  deleting: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const yes = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const returnFocus: ReturnFocus = { focusDelete: confirm.id };

  useEffect(() => {
    // The row's Delete link may be far down the list while the question sits at its top: the
    // whole question is brought into view, then its button takes the focus.
    box.current?.scrollIntoView({ block: "nearest" });
    yes.current?.focus({ preventScroll: true });
  }, [confirm.id]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      // Under the product form's dialog the list is inert: that dialog's Esc is its own.
      if (box.current?.closest("[inert]")) return;
      // Esc in a field outside the question (the search box clears itself) is the field's.
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest("input, select, textarea") && !box.current?.contains(target)) return;
      const state: ReturnFocus = { focusDelete: confirm.id };
      navigate(back, { state, preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [back, confirm.id, navigate]);

  return (
    <div
      ref={box}
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
            ref={yes}
            type="submit"
            disabled={deleting}
            className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            {deleting ? "Deleting..." : "Yes, delete"}
          </button>
        </Form>
        <Link
          to={back}
          state={returnFocus}
          preventScrollReset
          className="rounded-md px-4 py-2 text-sm font-semibold text-gray-700 hover:bg-white"
        >
          Cancel
        </Link>
      </div>
    </div>
  );
}

/**
 * After a cancelled confirmation (with JavaScript), the focus goes back to the Delete link it
 * was opened from, rather than to the top of the page.
 */
function useDeleteLinkFocus() {
  const location = useLocation();
  const focusDelete = (location.state as ReturnFocus | null)?.focusDelete;
  useEffect(() => {
    if (focusDelete) document.getElementById(deleteLinkId(focusDelete))?.focus();
  }, [location.key, focusDelete]);
}

/** The products of one page, each with its edit and delete links (which keep the list's query). */
export function ProductTable({ rows, listSearch }: { rows: ProductRow[]; listSearch: string }) {
  useDeleteLinkFocus();
  return (
    <div className="relative mt-2 overflow-x-auto rounded-lg border border-gray-200">
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
          {rows.map((p) => (
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
                  id={deleteLinkId(p.id)}
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
  );
}
