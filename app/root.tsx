import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { Toaster } from "~/components/toaster";
import { getUser } from "~/auth/session.server";
import { getEnv } from "~/utils/env.server";
import { useNonce } from "~/utils/nonce";
import { takeToasts } from "~/utils/toast.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Overland 4x4 Gear | Wheels, winches, suspension and more" },
  {
    name: "description",
    content: "Off-road and overland gear for Toyota, Suzuki, Isuzu, Jeep, Mitsubishi and Ford 4x4s in India.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  const { toasts, headers } = await takeToasts(request);
  const user = await getUser(request);
  return data(
    {
      user,
      toasts,
      shopPhone: env.SHOP_PHONE,
      paymentSandbox: env.paymentSandbox,
      year: new Date().getFullYear(),
    },
    { headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

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

function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 bg-ink-900 text-white">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-3">
        <Link to="/" className="text-lg font-extrabold tracking-tight">
          Overland<span className="text-brand-500">4x4</span>
        </Link>
        <Link to="/" className="text-sm hover:text-brand-500">
          Home
        </Link>
      </nav>
    </header>
  );
}

function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="mt-auto bg-ink-900 px-4 py-8 text-sm text-gray-300">
      <p className="mx-auto max-w-7xl">© {year} Overland 4x4 Gear. All rights reserved.</p>
    </footer>
  );
}

export default function App() {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      {root?.paymentSandbox ? (
        <p className="bg-amber-300 px-4 py-1 text-center text-xs font-semibold text-amber-950">
          Test payments, no money moves.
        </p>
      ) : null}
      <SiteHeader />
      <Toaster toasts={root?.toasts ?? []} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter year={root?.year ?? new Date().getFullYear()} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">{status}</p>
      <h1 className="text-3xl font-bold">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="text-gray-600">
        {notFound
          ? "We couldn't find that page. It may have moved, or the link may be wrong."
          : "Sorry, something went wrong on our side. Please try again in a moment."}
      </p>
      <Link to="/" className="rounded-md bg-ink-900 px-4 py-2 font-semibold text-white hover:bg-black">
        Back to the shop
      </Link>
    </main>
  );
}
