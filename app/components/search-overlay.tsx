import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Price } from "./price";

/** What `/api/v1/search` answers for each product. */
export type SearchHit = { id: number; title: string; image: string; price: number; brand: string };

export const SEARCH_DEBOUNCE_MS = 400;

/**
 * The full-screen search of the header. Typing asks `/api/v1/search` through a fetcher, 400 ms after
 * the last key; Enter (or no JavaScript at all) goes to the `/search?q=` page with the same results.
 */
export function SearchOverlay({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<SearchHit[]>();
  const [text, setText] = useState("");
  const [waiting, setWaiting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const close = useRef(onClose);
  close.current = onClose;

  // A modal <dialog>: the page behind it is out of reach of Tab and screen readers while it is
  // open, and focus goes back to what opened it once it closes.
  useEffect(() => {
    const opener = document.activeElement;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    if (!dialog.current?.open) dialog.current?.showModal();
    input.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  const query = text.trim();
  useEffect(() => {
    if (!query) {
      setWaiting(false);
      return;
    }
    setWaiting(true);
    const timer = setTimeout(() => {
      setWaiting(false);
      load.current(`/api/v1/search?query=${encodeURIComponent(query)}`);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const searching = query !== "" && (waiting || fetcher.state === "loading");
  const results = query !== "" && Array.isArray(fetcher.data) ? fetcher.data : [];

  return (
    <dialog
      ref={dialog}
      aria-label="Search"
      onClose={() => close.current()}
      // Esc closes at once, also from a search box holding text (which would only clear it).
      onKeyDown={(e) => {
        if (e.key !== "Escape") return;
        e.preventDefault();
        close.current();
      }}
      className="fixed inset-0 z-[60] m-0 h-full max-h-none w-full max-w-none overflow-y-auto border-0 bg-ink-900/95 p-0 text-white"
    >
      <div className="mx-auto max-w-5xl px-4 py-6">
        <div className="flex items-center gap-3">
          <Form method="get" action="/search" className="flex-1" onSubmit={onClose}>
            <label htmlFor="search-overlay-input" className="sr-only">
              Search products...
            </label>
            <input
              ref={input}
              id="search-overlay-input"
              type="search"
              name="q"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Search products..."
              autoComplete="off"
              maxLength={200}
              className="w-full rounded-lg border border-white/20 bg-white/10 px-4 py-3 text-lg text-white placeholder:text-gray-400"
            />
          </Form>
          <button
            type="button"
            onClick={onClose}
            className="rounded-md px-3 py-2 text-sm font-semibold hover:bg-white/10"
          >
            Close
          </button>
        </div>
        <div aria-live="polite" className="mt-6">
          {searching ? <p className="text-gray-300">Searching...</p> : null}
          {!searching && query !== "" && fetcher.data !== undefined && results.length === 0 ? (
            <p className="text-gray-300">No results found.</p>
          ) : null}
          {!searching && results.length > 0 ? (
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4">
              {results.map((p) => (
                <li key={p.id}>
                  <Link
                    to={`/product/${p.id}`}
                    onClick={onClose}
                    className="flex h-full flex-col overflow-hidden rounded-lg bg-white text-ink-900 hover:ring-2 hover:ring-brand-500"
                  >
                    <img
                      src={p.image}
                      alt=""
                      width={320}
                      height={320}
                      loading="lazy"
                      className="aspect-square w-full object-contain"
                    />
                    <span className="line-clamp-2 px-3 pt-2 text-sm font-semibold">{p.title}</span>
                    <Price paise={p.price} className="px-3 pb-3 pt-1 text-sm font-bold" />
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
