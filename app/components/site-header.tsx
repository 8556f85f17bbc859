import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Cached } from "./cached";
import { VehiclePicker, type VehicleOption } from "./vehicle-picker";

const SearchOverlay = lazy(() =>
  import("./search-overlay").then((m) => ({ default: m.SearchOverlay })),
);

export type HeaderUser = { email: string } | null;

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/brands", label: "Brands" },
  { to: "/vehicles", label: "Vehicles" },
  { to: "/about", label: "About" },
  { to: "/contactus", label: "Contact Us" },
] as const;

export function Logo() {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 text-base font-extrabold tracking-tight sm:text-lg"
      aria-label="Overland 4x4 Gear, home"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="7" fill="#e8590c" />
        <path d="M4 23l7-10 5 6 4-4 8 8z" fill="#111418" />
        <circle cx="22" cy="9" r="3" fill="#fff" />
      </svg>
      {/* The link's name says it; on the narrowest phones the mark alone leaves room for the header's buttons. */}
      <span className="hidden min-[420px]:inline">
        {/* "Overland 4x4", spaced as the link's name says it (label in name). */}
        Overland <span className="text-brand-500">4x4</span>
      </span>
    </Link>
  );
}

/**
 * Closes a <details> menu when the page changes (with JavaScript; without it the new page starts
 * closed), and on Esc, giving focus back to its button when it was inside the menu.
 */
function useCloseOnNavigate() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.key]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const details = ref.current;
      if (e.key !== "Escape" || !details?.open) return;
      const focusInside = details.contains(document.activeElement);
      details.removeAttribute("open");
      if (focusInside) details.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return ref;
}

function AccountMenu({ user }: { user: NonNullable<HeaderUser> }) {
  const ref = useCloseOnNavigate();
  const letter = user.email.charAt(0).toUpperCase();
  return (
    <details ref={ref} className="relative">
      <summary
        aria-label={`Account menu (${user.email})`}
        className="flex h-9 w-9 cursor-pointer list-none items-center justify-center rounded-full bg-brand-600 font-bold text-white [&::-webkit-details-marker]:hidden"
      >
        <span aria-hidden="true">{letter}</span>
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-48 rounded-lg bg-white py-2 text-sm text-ink-900 shadow-xl ring-1 ring-black/10">
        <p className="truncate px-4 pb-2 text-xs text-gray-500">{user.email}</p>
        <Link to="/userOrders" className="block px-4 py-2 hover:bg-gray-100">
          Order
        </Link>
        <Link to="/addresses" className="block px-4 py-2 hover:bg-gray-100">
          Saved addresses
        </Link>
        <Link to="/account/password" className="block px-4 py-2 hover:bg-gray-100">
          Change password
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="block w-full px-4 py-2 text-left hover:bg-gray-100">
            Logout
          </button>
        </Form>
      </div>
    </details>
  );
}

function CartLink({ count }: { count: number }) {
  return (
    <Link
      to="/cart"
      className="relative rounded-md p-2 hover:bg-white/10"
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart"}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="17" cy="20" r="1.5" />
      </svg>
      {count > 0 ? (
        <span
          data-testid="cart-badge"
          aria-hidden="true"
          className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}

/** The menu of narrow screens: the same for every shopper, but for whether one is logged in. */
function MobileMenu({ loggedIn, loginTo }: { loggedIn: boolean; loginTo: string }) {
  const ref = useCloseOnNavigate();
  // With JavaScript, the open menu keeps Tab inside it (from its last item back to its close
  // button and the other way), as the page behind is covered; a tap on that cover closes it.
  const keepFocusInside = (e: React.KeyboardEvent<HTMLElement>) => {
    const details = ref.current;
    if (e.key !== "Tab" || !details?.open) return;
    const items = [...details.querySelectorAll<HTMLElement>("summary, a[href], button")];
    const edge = e.shiftKey ? items[0] : items.at(-1);
    if (document.activeElement !== edge) return;
    e.preventDefault();
    (e.shiftKey ? items.at(-1) : items[0])?.focus();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Tab within the open menu; its items handle the rest
    <details ref={ref} id="mobile-menu" className="group lg:hidden" onKeyDown={keepFocusInside}>
      <summary
        aria-label="Menu"
        className="relative z-[55] flex cursor-pointer list-none items-center rounded-md p-2 hover:bg-white/10 [&::-webkit-details-marker]:hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6 group-open:hidden"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="hidden h-6 w-6 group-open:block"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </summary>
      <div className="slide-in fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-1 overflow-y-auto bg-ink-900 px-5 pb-5 pt-16 shadow-2xl">
        <nav aria-label="Mobile" className="flex flex-col">
          {NAV_LINKS.map((l) => (
            <Link key={l.to} to={l.to} className="rounded-md px-3 py-2 hover:bg-white/10">
              {l.label}
            </Link>
          ))}
          <Link to="/all-products" className="rounded-md px-3 py-2 hover:bg-white/10">
            All Products
          </Link>
          <Link to="/userOrders" className="rounded-md px-3 py-2 hover:bg-white/10">
            My Orders
          </Link>
          {loggedIn ? (
            <>
              <Link to="/addresses" className="rounded-md px-3 py-2 hover:bg-white/10">
                Saved addresses
              </Link>
              <Link to="/account/password" className="rounded-md px-3 py-2 hover:bg-white/10">
                Change password
              </Link>
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="w-full rounded-md px-3 py-2 text-left hover:bg-white/10"
                >
                  Logout
                </button>
              </Form>
            </>
          ) : (
            <Link to={loginTo} className="rounded-md px-3 py-2 hover:bg-white/10">
              Login
            </Link>
          )}
        </nav>
      </div>
      {/* A pointer's way to close; Esc and the close button are the keyboard's. */}
      <div
        aria-hidden="true"
        className="fixed inset-0 z-40 bg-black/50"
        onClick={() => ref.current?.removeAttribute("open")}
      />
    </details>
  );
}

/** The main links of wide screens; the one for the page's section is highlighted. */
function MainNav() {
  return (
    <nav aria-label="Main" className="ml-4 hidden items-center gap-1 lg:flex">
      {NAV_LINKS.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          end={l.to === "/"}
          prefetch="intent"
          className={({ isActive }) =>
            `rounded-md px-3 py-2 text-sm font-medium hover:bg-white/10 ${isActive ? "text-brand-500" : ""}`
          }
        >
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** Pages a login should not come back to: the home page (the default) and the account pages. */
const NO_RETURN = /^\/(?:login|signup|forgot-password|reset-password|logout)(?:\/|$)/i;

/** The header's Login link: back to this page once logged in. */
function loginHref(pathname: string, search: string): string {
  if (pathname === "/" || NO_RETURN.test(pathname)) return "/login";
  return `/login?${new URLSearchParams({ redirectTo: pathname + search })}`;
}

/**
 * The main link NavLink shows as active on this path (its rule: the same path, or a path under it
 * unless `end`; letter case aside), or null: what the cached main navigation is keyed on.
 */
export function activeNavLink(pathname: string): string | null {
  const path = pathname.toLowerCase();
  for (const { to } of NAV_LINKS) {
    if (path === to || (to !== "/" && path.startsWith(to) && path.charAt(to.length) === "/"))
      return to;
  }
  return null;
}

export function SiteHeader({
  user,
  cartCount,
  vehicles,
  vehicle,
}: {
  user: HeaderUser;
  cartCount: number;
  vehicles: VehicleOption[];
  vehicle: VehicleOption | null;
}) {
  const [searchOpen, setSearchOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { pathname, search } = useLocation();
  // Only a guest's menus hold it: a logged-in shopper's is the same on every page.
  const loginTo = user ? "" : loginHref(pathname, search);
  return (
    <header className="sticky top-0 z-40 bg-ink-900 text-white">
      <div className="mx-auto flex max-w-7xl items-center gap-1 px-4 py-2 sm:gap-4">
        <Cached name="mobile-menu" keys={[user !== null, loginTo]}>
          <MobileMenu loggedIn={user !== null} loginTo={loginTo} />
        </Cached>
        <Cached name="main-nav" keys={[activeNavLink(pathname)]}>
          <Logo />
          <MainNav />
        </Cached>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <VehiclePicker vehicles={vehicles} current={vehicle} />
          <Link
            to="/search"
            aria-label="Search"
            // Once the page runs, this opens the search overlay in place: a button. Before (or
            // without JavaScript) it is a link to the search page.
            role={hydrated ? "button" : undefined}
            aria-haspopup={hydrated ? "dialog" : undefined}
            onClick={(e) => {
              if (!hydrated) return;
              e.preventDefault();
              setSearchOpen(true);
            }}
            className="rounded-md p-2 hover:bg-white/10"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <circle cx="11" cy="11" r="7" />
              <path d="M20 20l-3.5-3.5" />
            </svg>
          </Link>
          <CartLink count={cartCount} />
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <Link
              to={loginTo}
              className="rounded-md px-2 py-2 text-sm font-semibold hover:bg-white/10 sm:px-3"
            >
              Login
            </Link>
          )}
        </div>
      </div>
      {searchOpen ? (
        <Suspense fallback={null}>
          <SearchOverlay onClose={() => setSearchOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
