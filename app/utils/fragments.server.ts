import type { FragmentRender } from "~/components/cached";

/**
 * The HTML of the `Cached` fragments (app/components/cached.tsx), one store per server process,
 * emptied when the catalogue version moves. A page's render marks each fragment with empty
 * `<template>` elements; `finish` pastes in the stored ones and stores the new ones, so the
 * markers never reach the browser.
 */

/** What the fragments of one process may hold; the oldest go first beyond it. */
export const FRAGMENT_BYTES = 8 * 1024 * 1024;

type Store = { version: number; entries: Map<string, string>; bytes: number };
let store: Store = { version: Number.NaN, entries: new Map(), bytes: 0 };

/** Stored fragments now (for tests and the figures). */
export function fragmentStats() {
  return { entries: store.entries.size, bytes: store.bytes };
}

/** Empties the store (tests). */
export function clearFragments() {
  store = { version: Number.NaN, entries: new Map(), bytes: 0 };
}

function keep(own: Store, key: string, html: string) {
  // A fragment with a nonce would carry one page's script permission into another's.
  if (own !== store || own.entries.has(key) || html.includes(" nonce=")) return;
  const size = key.length + html.length;
  if (size > FRAGMENT_BYTES / 4) return;
  own.entries.set(key, html);
  own.bytes += size;
  for (const [oldKey, oldHtml] of own.entries) {
    if (own.bytes <= FRAGMENT_BYTES) break;
    own.entries.delete(oldKey);
    own.bytes -= oldKey.length + oldHtml.length;
  }
}

/** The fragments of one page's render at a catalogue version (`enabled` false: none are used). */
export function createFragmentRender(
  version: number,
  enabled = true,
): FragmentRender & { finish(html: string): string } {
  if (store.version !== version) store = { version, entries: new Map(), bytes: 0 };
  const own = store;
  const placed: { key: string; html: string | undefined }[] = [];
  return {
    place(key) {
      const html = enabled ? own.entries.get(key) : undefined;
      placed.push({ key, html });
      return { n: placed.length - 1, html };
    },
    finish(page) {
      // Last placed first: a fragment inside another is final before its outer one is stored.
      for (let n = placed.length - 1; n >= 0; n--) {
        const start = `<template data-fragment="${n}"></template>`;
        const i = page.indexOf(start);
        if (i === -1) continue; // thrown away by the render (a retried component)
        const { key, html } = placed[n];
        if (html !== undefined) {
          page = page.slice(0, i) + html + page.slice(i + start.length);
          continue;
        }
        const end = `<template data-fragment-end="${n}"></template>`;
        const j = page.indexOf(end, i);
        if (j === -1) {
          page = page.slice(0, i) + page.slice(i + start.length);
          continue;
        }
        const fragment = page.slice(i + start.length, j);
        if (enabled) keep(own, key, fragment);
        page = page.slice(0, i) + fragment + page.slice(j + end.length);
      }
      return page;
    },
  };
}
