import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import type { ReactNode } from "react";
import { Cached } from "~/components/cached";
import { RootError } from "~/components/error-panel";
import { ProgressBar } from "~/components/progress-bar";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import { WhatsAppButton } from "~/components/whatsapp-button";
import { db } from "~/db/db.server";
import { countCartQuantity } from "~/models/cart.server";
import { findVehicle, listVehicles, shopMenus } from "~/models/taxonomy.server";
import { getUser } from "~/auth/session.server";
import { getEnv } from "~/utils/env.server";
import { useNonce } from "~/utils/nonce";
import { unpack } from "~/utils/packed";
import { takeToasts } from "~/utils/toast.server";
import { readVehicleSlug } from "~/utils/vehicle.server";
import stylesheet from "~/tailwind.css?url";
import { useRootData } from "~/utils/root-data";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Overland 4x4 Gear | Wheels, winches, suspension and more" },
  {
    name: "description",
    content:
      "Off-road and overland gear for Toyota, Suzuki, Isuzu, Jeep, Mitsubishi and Ford 4x4s in India.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  const { toasts, headers } = await takeToasts(request);
  // Shop by vehicle: the shopper's vehicle from its cookie, found in the catalogue's list.
  const vehicle = findVehicle(await listVehicles(db), await readVehicleSlug(request));
  const user = await getUser(request);
  const cartCount = user ? await countCartQuantity(db, user.id) : 0;
  return data(
    {
      user,
      cartCount,
      toasts,
      shopPhone: env.SHOP_PHONE,
      paymentSandbox: env.paymentSandbox,
      year: new Date().getFullYear(),
      publicUrl: env.PUBLIC_URL,
      // The vehicle picker's list and the footer's brands, as one value (utils/packed.ts).
      menus: await shopMenus(db),
      vehicle: vehicle ? { slug: vehicle.slug, name: vehicle.name } : null,
    },
    { headers },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111418" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-ink-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The frame of every page, error pages included: notices, header, main, footer, chat button. */
function Shell({ children }: { children: ReactNode }) {
  // Absent (an error page without the loader's data), the header shows a guest.
  const root = useRootData();
  const year = root?.year ?? new Date().getFullYear();
  const menus = root ? unpack(root.menus) : null;
  const brands = menus?.featuredBrands ?? [];
  return (
    <>
      {root?.paymentSandbox ? (
        <aside
          aria-label="Payment mode"
          className="bg-amber-300 px-4 py-1 text-center text-xs font-semibold text-amber-950"
        >
          Test payments, no money moves.
        </aside>
      ) : null}
      <ProgressBar />
      <a
        href="#main"
        className="sr-only z-[80] rounded-md bg-white px-3 py-2 font-semibold text-ink-900 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <SiteHeader
        user={root?.user ?? null}
        cartCount={root?.cartCount ?? 0}
        vehicles={menus?.vehicles ?? []}
        vehicle={root?.vehicle ?? null}
      />
      <Toaster toasts={root?.toasts ?? []} />
      <main id="main" className="flex-1">
        {children}
      </main>
      {/* Keyed on how many brands too: an error page without the root's data lists none. */}
      <Cached name="footer" keys={[year, brands.length]}>
        <SiteFooter year={year} brands={brands} />
      </Cached>
      {root?.shopPhone ? <WhatsAppButton phone={root.shopPhone} /> : null}
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <RootError />
    </Shell>
  );
}
