import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";

export const meta: MetaFunction = () => [
  { title: "Admin | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return { email: admin.email };
}

const LINKS = [
  { to: "/admin/dashboard", label: "Overview", end: true },
  { to: "/admin/products", label: "View Products", end: true },
  { to: "/admin/products/new", label: "Upload Product", end: true },
  { to: "/admin/orders", label: "Admin Orders", end: false },
  { to: "/admin/outbox", label: "Messages", end: true },
  { to: "/admin/shipping", label: "Shipping and COD", end: true },
];

/** The admin area: a sidebar (Overview, View Products, Upload Product, Admin Orders, Logout) and the page. */
export default function AdminLayout() {
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-600 text-white" : "text-gray-200 hover:bg-white/10"}`;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
      <aside className="md:w-56 md:shrink-0">
        <nav aria-label="Admin" className="rounded-lg bg-ink-900 p-3 md:sticky md:top-20">
          <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-gray-400">
            Admin
          </p>
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end} className={linkClass}>
                  {l.label}
                </NavLink>
              </li>
            ))}
            <li>
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="block w-full rounded-md px-3 py-2 text-left text-sm font-semibold text-gray-200 hover:bg-white/10"
                >
                  Logout
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
