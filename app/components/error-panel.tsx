import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

/** The body of an error page: its status, what went wrong, and where to go from here. */
function ErrorPanel({
  status,
  title,
  children,
}: {
  status: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">{status}</p>
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

// Plain links: after an error the next page is loaded afresh, with or without JavaScript.
const backToShop = (
  <a href="/" className="rounded-md bg-ink-900 px-4 py-2 font-semibold text-white hover:bg-black">
    Back to the shop
  </a>
);

function NotFound() {
  return (
    <ErrorPanel status={404} title="Page not found">
      <p className="text-gray-600">
        We couldn&apos;t find that page. It may have moved, or the link may be wrong.
      </p>
      {backToShop}
    </ErrorPanel>
  );
}

/** The error of a route as a status, logged when it is not an answer the app meant to give. */
function useErrorStatus(): { status: number; notFound: boolean } {
  const error = useRouteError();
  const answered = isRouteErrorResponse(error);
  if (!answered) console.error(error);
  const status = answered ? error.status : 500;
  return { status, notFound: status === 404 };
}

/** "Try again": the same address loaded afresh. */
function TryAgain() {
  const location = useLocation();
  return (
    <a
      href={location.pathname + location.search}
      className="rounded-md border border-gray-300 px-4 py-2 font-semibold hover:bg-gray-50"
    >
      Try again
    </a>
  );
}

/**
 * The root's boundary: a page not found, or anything else that went wrong. A phone that lost its
 * connection while moving to another page lands here too (every loader of the page failed, the
 * root's with them), so it offers to try the same address again.
 */
export function RootError() {
  const { status, notFound } = useErrorStatus();
  if (notFound) return <NotFound />;
  return (
    <ErrorPanel status={status} title="Something went wrong">
      <p className="text-gray-600">
        Sorry, the page did not load. Please check your connection and try again in a moment.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <TryAgain />
        {backToShop}
      </div>
    </ErrorPanel>
  );
}

/**
 * A page's own boundary, with the spec's message for a page that did not load (SPEC section 8:
 * 'Failed to load products.', 'Error loading cart', ...) when its own loader failed on the server.
 * It stands inside the root's frame, so the header, the cart and the footer stay. A 404 the page
 * answered stays "Page not found".
 */
export function PageLoadError({ failed }: { failed: string }) {
  const { status, notFound } = useErrorStatus();
  if (notFound) return <NotFound />;
  return (
    <ErrorPanel status={status} title={failed}>
      <p className="text-gray-600">Sorry, this page did not load. Please try again in a moment.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <TryAgain />
        {backToShop}
      </div>
    </ErrorPanel>
  );
}
