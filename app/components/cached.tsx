import { createContext, useContext, type ReactNode } from "react";

/**
 * What the server's render of one page offers `Cached` (app/utils/fragments.server.ts): the HTML
 * kept for a key, and the id that marks the fragment's place in this page.
 */
export type FragmentRender = {
  place(key: string): { id: string; html: string | undefined };
};

/** Provided by entry.server; absent in the browser, where `Cached` renders its children. */
export const FragmentContext = createContext<FragmentRender | null>(null);

type Key = string | number | boolean | null;

/**
 * A piece of a page that is the same for every shopper who sees it with the same `keys` at one
 * catalogue version: the server renders it once and pastes its HTML into the next pages (Rails
 * calls this fragment caching). The browser renders and hydrates it as usual: the HTML is the
 * children's own, byte for byte.
 *
 * The rules (tests/unit/fragments.test.tsx holds the store to its part; tests/e2e/fragments.spec.ts
 * holds the pages to theirs: no hydration mismatch, nothing of one shopper in another's page):
 * - `keys` name everything the children read that is not the catalogue: a vehicle, a colour, the
 *   path when a link inside is relative. Nothing of the shopper's own (their name, cart, address)
 *   goes inside: that is what keeps a logged-in page from ever being served to anyone else.
 * - The children start and end with an element, read no `useId` and write no inline script.
 */
export function Cached({
  name,
  keys,
  children,
}: {
  name: string;
  keys: readonly Key[];
  children: ReactNode;
}) {
  const render = useContext(FragmentContext);
  if (!render) return <>{children}</>;
  const { id, html } = render.place(`${name}:${JSON.stringify(keys)}`);
  if (html !== undefined) return <template data-fragment={id} />;
  return (
    <>
      <template data-fragment={id} />
      {children}
      <template data-fragment-end={id} />
    </>
  );
}
