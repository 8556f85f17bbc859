import { Link } from "@remix-run/react";

/** Page links that keep every other query parameter (the URL is the state of a listing). */
export function Pagination({
  page,
  pageCount,
  search,
}: {
  page: number;
  pageCount: number;
  search: string;
}) {
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const qs = params.toString();
    return qs ? `?${qs}` : "?";
  };
  const pages: number[] = [];
  for (let n = Math.max(1, page - 2); n <= Math.min(pageCount, page + 2); n++) pages.push(n);
  if (pages[0] !== 1) pages.unshift(1);
  if (pages[pages.length - 1] !== pageCount) pages.push(pageCount);
  const base = "rounded-md border px-3 py-2 text-sm font-semibold";
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={href(page - 1)}
          rel="prev"
          className={`${base} border-gray-300 hover:bg-gray-100`}
        >
          Previous
        </Link>
      ) : null}
      {pages.map((n, i) => (
        <span key={n} className="flex items-center gap-2">
          {i > 0 && n - pages[i - 1] > 1 ? <span aria-hidden="true">…</span> : null}
          {n === page ? (
            <span aria-current="page" className={`${base} border-ink-900 bg-ink-900 text-white`}>
              <span className="sr-only">Page </span>
              {n}
            </span>
          ) : (
            <Link
              to={href(n)}
              aria-label={`Page ${n}`}
              className={`${base} border-gray-300 hover:bg-gray-100`}
            >
              {n}
            </Link>
          )}
        </span>
      ))}
      {page < pageCount ? (
        <Link
          to={href(page + 1)}
          rel="next"
          className={`${base} border-gray-300 hover:bg-gray-100`}
        >
          Next
        </Link>
      ) : null}
    </nav>
  );
}
