// In-process cache of rendered anonymous catalogue pages and JSON (see docs/decisions/0004).
//
// - Only GET/HEAD requests without an Authorization header, on the public catalogue paths below,
//   are looked up or stored, and only when the cookies a page reads allow it (see cookieVariant):
//   a page is kept per vehicle for the shopper's vehicle cookie (real vehicles only); cookies no
//   page reads and a consumed toast are ignored; a session cookie (logged in or not) or a toast
//   waiting to be shown always gets a fresh render. The catalogue's JSON API reads no cookie: its
//   answers are rendered without cookies and kept once for everyone, logged-in shoppers included.
// - Only 200 answers that set no cookie and do not say private/no-store are stored.
// - Every entry carries the catalogue version it was rendered at; when the catalogue changes
//   (catalogVersion() moves) every entry is dropped, so nothing stale is ever served. As a safety
//   net for a change that forgets to bump the version, an entry also expires after `ttlMs` (60 s).
// - Bodies are compressed once (br, gzip) off the event loop and answered with an ETag;
//   If-None-Match gets a 304. Until that is done an entry has a quick gzip (the settings of a
//   rendered answer), which the miss that stored it waits for: no answer goes out uncompressed
//   because the cache was cold.
// - Bounded by bytes (bodies plus a fixed overhead per entry) and by entry count, least recently
//   used first; query parameters a route does not read are dropped from the key, and tiny answers
//   are not kept, so random query strings cannot flood it (see cacheTarget).
import crypto from "node:crypto";
import {
  compressBody,
  encodeVariantsAsync,
  etagMatches,
  etagOf,
  isCompressible,
  pickEncoding,
  variantsSize,
} from "./encoding.mjs";

const LISTING = ["brand", "category", "color", "max", "min", "page", "sort", "vehicle"];

/**
 * Public catalogue URLs (the same for every anonymous visitor), each with the query parameters
 * its route reads. Anything else in a query string is dropped before the lookup and the render, so
 * `/?utm_source=x` is the home page's entry and a flood of made-up parameters adds nothing.
 * `.data` is Remix's single-fetch twin (it also reads `_routes`).
 */
export const PUBLIC_ROUTES = [
  { path: /^\/(_root\.data)?$/, params: [] },
  { path: /^\/all-products(\.data)?$/, params: LISTING },
  { path: /^\/search(\.data)?$/, params: ["page", "q"] },
  { path: /^\/(brands|vehicles|about|contactus|privacy|terms)(\.data)?$/, params: [] },
  // A brand's page (the `$brand` route), when the database knows the brand (see cacheTarget).
  { path: /^\/([^/.]+)(\.data)?$/, params: ["page"], brand: true },
  { path: /^\/category\/[^/]+(\.data)?$/, params: ["page"] },
  { path: /^\/product\/[^/]+(\.data)?$/, params: ["color", "pin", "quantity", "size", "sizeId"] },
  { path: /^\/vehicles\/[^/]+(\.data)?$/, params: ["img", "page"] },
  // The catalogue's JSON API reads no cookie: one answer for every visitor, logged in or not.
  { path: /^\/api\/v1\/allProducts$/, params: LISTING, anyCookie: true },
  { path: /^\/api\/v1\/search$/, params: ["q", "query"], anyCookie: true },
  // The header's search asks it through a fetcher: single fetch runs that one loader (`_routes`).
  {
    path: /^\/api\/v1\/search\.data$/,
    params: ["q", "query"],
    anyCookie: true,
    onlyRoute: "routes/api.v1.search",
  },
  { path: /^\/api\/v1\/product$/, params: ["category", "exclude", "limit"], anyCookie: true },
  { path: /^\/api\/v1\/product\/[^/.]+$/, params: [], anyCookie: true },
  {
    path: /^\/api\/v1\/products\/(brand|category)\/[^/.]+$/,
    params: ["page"],
    anyCookie: true,
  },
  { path: /^\/(sitemap\.xml|robots\.txt)$/, params: [] },
];

export const HTML_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const JSON_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=300";

const MAX_URL_LENGTH = 1024;
/** Headers of the rendered answer that are not replayed (recomputed or per-connection). */
const DROPPED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "cache-control",
  "set-cookie",
]);

/** The app's cookies a page reads (app/auth/session.server.ts, app/utils/toast.server.ts, app/utils/vehicle.server.ts). */
// The delivery PIN (app/utils/pin.server.ts) is read by product pages: like a session, it makes the
// page this request's own (there are too many PINs to keep a page per PIN).
const SESSION_COOKIES = new Set(["session", "__Host-session", "pin"]);
const TOAST_COOKIES = new Set(["toast", "__Host-toast"]);
const VEHICLE_COOKIE = "vehicle";

/** The vehicle cookie's value for `slug`, as the app's unsigned Remix cookie writes it (base64 of the JSON). */
export function vehicleCookieValue(slug) {
  return encodeURIComponent(Buffer.from(JSON.stringify(slug), "utf8").toString("base64"));
}

/** The slug a vehicle cookie names, or null when the value is not exactly what the app writes. */
function vehicleSlugOf(value) {
  let slug;
  try {
    slug = JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8"));
  } catch {
    return null;
  }
  if (
    typeof slug !== "string" ||
    decodeURIComponent(vehicleCookieValue(slug)) !== decodeURIComponent(value)
  )
    return null;
  return slug;
}

const NO_VEHICLE = { vehicle: "", cookie: undefined };

/**
 * What a request's cookies make of a cacheable page: `{ vehicle: "" }` when it carries none a page
 * reads (no cookie, cookies of other sites' scripts, a consumed toast), `{ vehicle: slug, cookie }`
 * for the cookie of a real vehicle (`isVehicle(slug)`), or null when the page is this request's
 * own: any session cookie, a toast waiting to be shown, an unknown vehicle or an odd cookie value.
 * `cookie` is the only Cookie header the page is rendered with, so what is stored depends on the
 * vehicle alone.
 * @param {string | undefined} header the Cookie header
 * @param {(slug: string) => boolean} isVehicle
 */
export function cookieVariant(header, isVehicle) {
  if (!header) return NO_VEHICLE;
  let vehicle = null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    const name = (eq === -1 ? part : part.slice(0, eq)).trim();
    const value = eq === -1 ? "" : part.slice(eq + 1).trim();
    if (SESSION_COOKIES.has(name)) return null;
    if (TOAST_COOKIES.has(name)) {
      if (value !== "" && value !== '""') return null;
    } else if (name === VEHICLE_COOKIE) {
      if (vehicle !== null) return null;
      vehicle = vehicleSlugOf(value);
      if (vehicle === null || (vehicle !== "" && !isVehicle(vehicle))) return null;
    }
  }
  return vehicle
    ? { vehicle, cookie: `${VEHICLE_COOKIE}=${vehicleCookieValue(vehicle)}` }
    : NO_VEHICLE;
}

/** @type {(slug: string) => boolean} */
const noVehicles = () => false;
/** @type {(slug: string) => boolean} */
const noBrands = () => false;

/**
 * The cache key of a request the cache may answer (see cacheTarget and cookieVariant) with the
 * path to render and the Cookie header to render it with, or null when it may not.
 * @param {(slug: string) => boolean} [isVehicle]
 */
export function cacheLookup(method, url, headers, isVehicle = noVehicles, isBrand = noBrands) {
  const target = matchTarget(method, url, headers, isBrand);
  if (target === null) return null;
  const { path, route } = target;
  // Rendered without any cookie, and the same for everyone.
  if (route.anyCookie) return { path, key: path, cookie: undefined };
  const variant = cookieVariant(headers.cookie, isVehicle);
  if (variant === null) return null;
  return {
    path,
    key: variant.vehicle ? `${path}\n${variant.vehicle}` : path,
    cookie: variant.cookie,
  };
}

/**
 * The canonical target of a request the cache may answer (path, then the parameters its route
 * reads in name order), or null when it may not: not a GET/HEAD, a bearer token, or not a public
 * URL. Cookies are cookieVariant's part.
 */
export function cacheTarget(method, url, headers, isBrand = noBrands) {
  return matchTarget(method, url, headers, isBrand)?.path ?? null;
}

/** cacheTarget's path with the public route it matched, or null. */
function matchTarget(method, url, headers, isBrand) {
  if (method !== "GET" && method !== "HEAD") return null;
  if (headers.authorization) return null;
  if (!url || url.length > MAX_URL_LENGTH) return null;
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  const route = PUBLIC_ROUTES.find((r) => {
    const match = r.path.exec(pathname);
    return match !== null && (!r.brand || isBrand(match[1]));
  });
  if (!route) return null;
  if (q === -1) return route.onlyRoute ? null : { path: pathname, route };
  let search;
  try {
    search = new URLSearchParams(url.slice(q + 1));
  } catch {
    return null;
  }
  if (route.onlyRoute && search.getAll("_routes").join() !== route.onlyRoute) return null;
  const keep = pathname.endsWith(".data") ? [...route.params, "_routes"].sort() : route.params;
  const kept = new URLSearchParams();
  for (const name of keep) for (const value of search.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return { path: query ? `${pathname}?${query}` : pathname, route };
}

/** Whether this request may be answered from (and stored in) the cache. */
export function isCacheableRequest(
  method,
  url,
  headers,
  isVehicle = noVehicles,
  isBrand = noBrands,
) {
  return cacheLookup(method, url, headers, isVehicle, isBrand) !== null;
}

/** Whether a rendered answer (status and a Headers object) may be stored. */
export function isStorableResponse(status, headers) {
  if (status !== 200) return false;
  if (headers.has("set-cookie")) return false;
  if (/\b(private|no-store|no-cache)\b/i.test(headers.get("cache-control") ?? "")) return false;
  return Boolean(headers.get("content-type"));
}

/**
 * A page rendered with a Content-Security-Policy nonce can't be replayed with that nonce (a nonce
 * must never be reused). The stored copy instead allows exactly its own inline scripts and styles
 * by hash. Returns the policy to store, or null when the page can't be expressed that way
 * (something external carries the nonce).
 */
export function policyWithHashes(policy, html) {
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce) return policy;
  const hashes = { script: [], style: [] };
  const tagRe = /<(script|style|link)\b([^>]*)>/gi;
  let m;
  while ((m = tagRe.exec(html))) {
    const [, tag, attrs] = m;
    if (!attrs.includes(`nonce="${nonce}"`)) continue;
    const kind = tag.toLowerCase();
    if (kind === "link" || /\bsrc=/i.test(attrs)) return null;
    const close = html.indexOf(`</${kind}>`, tagRe.lastIndex);
    if (close === -1) return null;
    const content = html.slice(tagRe.lastIndex, close);
    hashes[kind].push(
      `'sha256-${crypto.createHash("sha256").update(content, "utf8").digest("base64")}'`,
    );
    tagRe.lastIndex = close;
  }
  return policy
    .split(";")
    .map((directive) => {
      const name = directive.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
      const kind = name.startsWith("script-src")
        ? "script"
        : name.startsWith("style-src")
          ? "style"
          : null;
      const replacement = kind ? [...new Set(hashes[kind])].join(" ") : "";
      return directive.replace(/\s*'nonce-[^']+'/g, replacement ? ` ${replacement}` : "");
    })
    .join(";");
}

/** What an entry costs beside its bodies (the Map slot, its headers and their prepared copies). */
export const ENTRY_OVERHEAD_BYTES = 2048;
/** Answers smaller than this are cheap to render and not worth an entry (e.g. an empty search's `[]`). */
export const MIN_BODY_BYTES = 256;

/**
 * @param {{ version: () => number | string, maxBytes?: number, maxEntries?: number, maxEntryBytes?: number, ttlMs?: number, now?: () => number }} options
 */
export function createPageCache({
  version,
  maxBytes = 64 * 1024 * 1024,
  maxEntries = 4096,
  maxEntryBytes = 8 * 1024 * 1024,
  ttlMs = 60_000,
  now = Date.now,
}) {
  /** @type {Map<string, any>} */
  const entries = new Map();
  /** @type {Map<string, Promise<any>>} */
  const pending = new Map();
  /** @type {Set<Promise<void>>} */
  const compressing = new Set();
  let bytes = 0;
  let seenVersion = version();
  const stats = { hits: 0, misses: 0, stores: 0, evictions: 0 };

  function checkVersion() {
    const v = version();
    if (v !== seenVersion) {
      entries.clear();
      bytes = 0;
      seenVersion = v;
    }
    return v;
  }

  function remove(key) {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= e.size;
  }

  function evict() {
    for (const [oldKey] of entries) {
      if (bytes <= maxBytes && entries.size <= maxEntries) break;
      remove(oldKey);
      stats.evictions += 1;
    }
  }

  /**
   * Compresses an entry's body on libuv's thread pool, never on the event loop; until it is done the
   * entry answers uncompressed. At most two at a time: a flood of misses queues nothing, and an
   * entry that missed its turn is compressed at its next hit.
   */
  function compressLater(key, entry) {
    if (entry.compressed || entry.compressing || compressing.size >= 2) return;
    if (entry.variants.identity.length < 1024 || !isCompressible(entry.headers["content-type"])) {
      entry.compressed = true;
      return;
    }
    entry.compressing = true;
    const job = encodeVariantsAsync(entry.variants.identity, entry.headers["content-type"])
      .then((variants) => {
        entry.compressed = true;
        if (entries.get(key) !== entry) return;
        const size = variantsSize(variants) + key.length + ENTRY_OVERHEAD_BYTES;
        bytes += size - entry.size;
        entry.size = size;
        entry.variants = variants;
        entry.prepared = undefined;
        evict();
      })
      .catch(() => {})
      .finally(() => {
        entry.compressing = false;
        compressing.delete(job);
      });
    compressing.add(job);
  }

  /**
   * Gives a new entry a gzip variant at once, with the fast settings a rendered answer gets (in line
   * when small, on the thread pool when large), until compressLater's better ones replace it.
   * Resolves when the entry may be sent.
   */
  async function compressFirst(key, entry) {
    const { identity } = entry.variants;
    if (identity.length < 1024 || !isCompressible(entry.headers["content-type"])) return;
    const gzip = await compressBody(identity, "gzip");
    if (entry.compressed || gzip.length >= identity.length) return;
    entry.variants = { identity, gzip };
    entry.prepared = undefined;
    if (entries.get(key) !== entry) return;
    bytes += gzip.length;
    entry.size += gzip.length;
    evict();
  }

  /** The fresh entry for `key`, or undefined. */
  function get(key) {
    checkVersion();
    const e = entries.get(key);
    if (!e || now() - e.storedAt > ttlMs) {
      if (e) remove(key);
      stats.misses += 1;
      return undefined;
    }
    // Most recently used last.
    entries.delete(key);
    entries.set(key, e);
    stats.hits += 1;
    if (!e.compressed) compressLater(key, e);
    return e;
  }

  /**
   * Stores a rendered answer; returns the entry, or null when it may not be stored.
   * `renderedAt` is the catalogue version read before rendering began: an answer rendered while
   * the catalogue changed is served once but never stored. The entry's `ready` resolves once it
   * has a compressed variant (compressFirst): the miss waits for it before answering.
   */
  function set(key, { status, headers, body }, renderedAt) {
    if (!isStorableResponse(status, headers) || body.length > maxEntryBytes) return null;
    const kept = {};
    for (const [name, value] of headers) if (!DROPPED.has(name)) kept[name] = value;
    const type = headers.get("content-type") ?? "";
    const isHtml = /^text\/html/i.test(type);
    const csp = headers.get("content-security-policy");
    if (csp && isHtml) {
      const hashed = policyWithHashes(csp, body.toString("utf8"));
      if (hashed === null) return null;
      kept["content-security-policy"] = hashed;
    }
    const entry = {
      status,
      headers: kept,
      etag: etagOf(body),
      cacheControl: /json/i.test(type) ? JSON_CACHE_CONTROL : HTML_CACHE_CONTROL,
      variants: /** @type {Record<string, Buffer>} */ ({ identity: body }),
      size: body.length + key.length + ENTRY_OVERHEAD_BYTES,
      storedAt: now(),
      compressed: false,
      compressing: false,
      /** Resolves once the entry has a compressed variant (compressFirst). */
      ready: Promise.resolve(),
    };
    if (renderedAt === checkVersion() && entry.size <= maxBytes && body.length >= MIN_BODY_BYTES) {
      remove(key);
      entries.set(key, entry);
      bytes += entry.size;
      stats.stores += 1;
      evict();
      compressLater(key, entry);
    }
    entry.ready = compressFirst(key, entry).catch(() => {});
    return entry;
  }

  /**
   * One render per key at a time: concurrent misses for the same URL wait for the first.
   * `render` resolves to an entry, or to null when the answer was not storable.
   */
  function once(key, render) {
    let p = pending.get(key);
    if (!p) {
      p = render().finally(() => pending.delete(key));
      pending.set(key, p);
      return { promise: p, leader: true };
    }
    return { promise: p, leader: false };
  }

  return {
    get,
    set,
    once,
    version: checkVersion,
    /** Resolves when no compression is running (for tests). */
    async idle() {
      while (compressing.size > 0) await Promise.all([...compressing]);
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    stats,
  };
}

const acceptMemo = new Map();
/** pickEncoding, remembered per Accept-Encoding value (browsers send a handful of them). */
function encodingFor(acceptEncoding = "", variants) {
  let best = acceptMemo.get(acceptEncoding);
  if (best === undefined) {
    best = pickEncoding(acceptEncoding, ["br", "gzip"]);
    if (acceptMemo.size < 100) acceptMemo.set(acceptEncoding, best);
  }
  return variants[best] ? best : pickEncoding(acceptEncoding, Object.keys(variants));
}

/** The headers of each answer an entry gives, built once (a hit only picks one). */
function prepared(entry) {
  if (entry.prepared) return entry.prepared;
  const common = {
    ...entry.headers,
    etag: entry.etag,
    "cache-control": entry.cacheControl,
    vary: "Accept-Encoding, Cookie",
    "x-cache": "hit",
  };
  const out = { notModified: common };
  for (const [encoding, body] of Object.entries(entry.variants)) {
    const headers = { ...common, "content-length": String(body.length) };
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    out[encoding] = headers;
  }
  entry.prepared = out;
  return out;
}

/** Writes a cached entry to a node:http response (304 when the client holds it already). */
export function sendEntry(req, res, entry, extraHeaders) {
  const ready = prepared(entry);
  // A Vary set before (CORS's Origin) is kept, with the entry's own after it.
  const vary = res.getHeader("vary");
  if (vary) extraHeaders = { ...extraHeaders, vary: `${vary}, ${ready.notModified.vary}` };
  if (etagMatches(req.headers["if-none-match"], entry.etag)) {
    // A 304 updates the headers the browser stored with the page: send the page's own (its
    // Content-Security-Policy above all), not defaults meant for bodiless answers.
    res.writeHead(
      304,
      extraHeaders ? { ...ready.notModified, ...extraHeaders } : ready.notModified,
    );
    res.end();
    return;
  }
  const chosen = encodingFor(req.headers["accept-encoding"], entry.variants);
  const headers = ready[chosen];
  res.writeHead(entry.status, extraHeaders ? { ...headers, ...extraHeaders } : headers);
  res.end(req.method === "HEAD" ? undefined : entry.variants[chosen]);
}
