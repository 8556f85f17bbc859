import crypto from "node:crypto";
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

/**
 * Markers carry a secret of this process and the render's number, so that text in a page (a
 * product description, say) can never pass for one.
 */
const SECRET = crypto.randomBytes(9).toString("base64url");
let renders = 0;
const MARKER = /<template data-fragment(-end)?="([\w-]+)\.(\d+)"><\/template>/g;

/** The fragments of one page's render at a catalogue version (`enabled` false: none are used). */
export function createFragmentRender(
  version: number,
  enabled = true,
): FragmentRender & { finish(html: string): string[] } {
  // Versions only grow: a newer one empties the store; a render that started before the newest
  // (its data may be older) neither reads nor keeps fragments.
  if (!(store.version >= version)) store = { version, entries: new Map(), bytes: 0 };
  const own = store.version === version && enabled ? store : null;
  const id = `${SECRET}-${(renders = (renders + 1) % Number.MAX_SAFE_INTEGER)}`;
  const placed: { key: string; html: string | undefined }[] = [];
  return {
    place(key) {
      const html = own?.entries.get(key);
      placed.push({ key, html });
      return { id: `${id}.${placed.length - 1}`, html };
    },
    finish(page) {
      // One pass over the page: stored fragments pasted at their markers, new ones (possibly
      // holding others) collected between theirs, every marker left out. The page comes back in
      // pieces, written into its answer's bytes one after the other (never joined into one string).
      const out: string[] = [];
      const open: { n: number; from: number }[] = [];
      let last = 0;
      for (const m of page.matchAll(MARKER)) {
        if (m[2] !== id) continue;
        out.push(page.slice(last, m.index));
        last = m.index + m[0].length;
        const n = Number(m[3]);
        const fragment = placed[n];
        if (!fragment) continue;
        if (m[1] === undefined) {
          if (fragment.html !== undefined) out.push(fragment.html);
          else open.push({ n, from: out.length });
          continue;
        }
        const at = open.findLastIndex((o) => o.n === n);
        if (at === -1) continue;
        const { from } = open[at];
        open.length = at;
        if (own) keep(own, fragment.key, out.slice(from).join(""));
      }
      out.push(page.slice(last));
      return out;
    },
  };
}
