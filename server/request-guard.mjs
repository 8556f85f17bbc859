// What the production server checks before a request reaches the app: the request target, the
// Host header and the body's size. Every URL the app sees is built here from the shop's public
// origin and the path, never from what the client wrote in `Host`.

const KB = 1024;
const MB = 1024 * KB;

/** Body caps by kind of request. Uploads are counted again, per file, by the app. */
export const BODY_LIMITS = {
  form: 1 * MB,
  json: 1 * MB,
  webhook: 256 * KB,
  // The product form's whole-request cap (PRODUCT_UPLOAD_LIMITS.maxTotalSize) plus multipart framing.
  upload: 50 * MB + 64 * KB,
};

/**
 * The only addresses that take multipart bodies: the admin product form and its API twin, the
 * courier CSV import, and a shopper's return request with its photos.
 */
const UPLOAD_PATHS = [
  /^\/admin\/shipping(\.data)?$/,
  /^\/admin\/products\/new(\.data)?$/,
  /^\/admin\/products\/[^/]+\/edit(\.data)?$/,
  /^\/api\/v1\/products\/upload$/,
  /^\/api\/v1\/products\/update\/[^/]+$/,
  /^\/order\/\d+\/return(\.data)?$/,
];
const WEBHOOK_PATH = /^\/api\/v1\/webhooks\//;

const LOOPBACK_HOST =
  /^(localhost|127\.0\.0\.1|\[::1\])(:([1-9]\d{0,3}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d\d|655[0-2]\d|6553[0-5]))?$/;

/**
 * A path the app would read differently from what this file checks: a dot segment (`/a/../b`),
 * an encoded slash, backslash or dot, or a raw backslash. No page or API address has one.
 */
const AMBIGUOUS_PATH = /(^|\/)\.\.?(\/|$)|%2f|%5c|%2e|\\/i;

export class RequestRefused extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * @param {{ publicUrl: string }} options PUBLIC_URL (the shop's public origin)
 * @returns {(req: { url?: string, headers: Record<string, string | string[] | undefined> }) => { origin: string, path: string }}
 *   Checks the request target and Host; throws RequestRefused (400) when either is not ours.
 */
export function createOriginResolver({ publicUrl }) {
  const pub = new URL(publicUrl);
  const publicOrigin = pub.origin;
  const defaultPort = pub.protocol === "https:" ? "443" : "80";
  const publicHosts = new Set([
    pub.host.toLowerCase(),
    `${pub.hostname.toLowerCase()}:${pub.port || defaultPort}`,
  ]);
  const publicIsLoopback = LOOPBACK_HOST.test(pub.host);

  return function resolve(req) {
    const target = req.url ?? "";
    // Only origin-form targets ("/path?query"): an absolute-form target would let the client
    // choose the URL the app sees.
    if (!target.startsWith("/")) throw new RequestRefused(400, "Bad request target.");
    const q = target.indexOf("?");
    if (AMBIGUOUS_PATH.test(q === -1 ? target : target.slice(0, q)))
      throw new RequestRefused(400, "Bad request target.");
    // Two Host headers: Node keeps the first, a proxy in front may have used the other.
    if (req.rawHeaders && countHeader(req.rawHeaders, "host") > 1)
      throw new RequestRefused(400, "Bad Host header.");
    const host = String(req.headers.host ?? "").toLowerCase();
    if (host === "" || publicHosts.has(host)) return { origin: publicOrigin, path: target };
    if (LOOPBACK_HOST.test(host)) {
      // On a laptop or in tests the shop is reached as localhost or 127.0.0.1, and the browser's
      // Origin must match the URL the app sees. A deployed shop answers loopback probes (health
      // checks on the server itself) as its public origin.
      return { origin: publicIsLoopback ? `${pub.protocol}//${host}` : publicOrigin, path: target };
    }
    throw new RequestRefused(400, "Unknown host.");
  };
}

function countHeader(rawHeaders, name) {
  let n = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].toLowerCase() === name) n++;
  return n;
}

/** Whether a path takes multipart uploads. */
export function isUploadPath(pathname) {
  return UPLOAD_PATHS.some((re) => re.test(pathname));
}

/**
 * The largest body this request may send, in bytes; throws RequestRefused (413, 415) when it
 * declares more, or a multipart body where no upload is taken.
 */
export function bodyLimit(method, pathname, headers) {
  if (method === "GET" || method === "HEAD") return 0;
  const type = String(headers["content-type"] ?? "").toLowerCase();
  let limit;
  if (WEBHOOK_PATH.test(pathname)) limit = BODY_LIMITS.webhook;
  else if (!pathname.startsWith("/api/") && !isFormType(type)) {
    // A page's action reads a form: anything else would fail inside it as a 500.
    throw new RequestRefused(
      415,
      "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
    );
  } else if (type.startsWith("multipart/")) {
    if (!isUploadPath(pathname))
      throw new RequestRefused(415, "This address does not take file uploads.");
    limit = BODY_LIMITS.upload;
  } else limit = type.includes("json") ? BODY_LIMITS.json : BODY_LIMITS.form;
  const declared = headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) throw tooLarge(limit);
  return limit;
}

/** The bodies a page's form sends (HTML forms, Remix's fetchers and Razorpay's callback). */
function isFormType(type) {
  return (
    type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")
  );
}

export function tooLarge(limit) {
  const size = limit >= MB ? `${Math.round(limit / MB)} MB` : `${Math.round(limit / KB)} KB`;
  return new RequestRefused(413, `The request body is too large (at most ${size}).`);
}

/**
 * Reads a whole body of at most `limit` bytes; rejects with RequestRefused (413) as soon as more
 * arrives, without keeping it.
 * @param {import("node:http").IncomingMessage} req
 * @returns {Promise<Buffer>}
 */
export function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        req.pause();
        chunks.length = 0;
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks, size)));
    req.once("error", reject);
  });
}

/**
 * A request body that errors once more than `limit` bytes have passed (for uploads, which stream
 * through to the app's own per-file limits). `state.tooLarge` tells the server to answer 413.
 * @param {import("node:http").IncomingMessage} req
 */
export function limitedStream(req, limit, state) {
  let size = 0;
  return new ReadableStream({
    start(controller) {
      req.on("data", (chunk) => {
        size += chunk.length;
        if (size > limit) {
          state.tooLarge = true;
          req.pause();
          controller.error(tooLarge(limit));
          return;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.once("end", () => {
        if (!state.tooLarge) controller.close();
      });
      req.once("error", (error) => controller.error(error));
    },
    pull() {
      if (!state.tooLarge) req.resume();
    },
    cancel() {
      req.resume();
    },
  });
}

/** Resource routes that other sites post to on purpose: Razorpay's checkout callback and its webhooks. */
const CROSS_SITE_POST_PATHS = [/^\/checkout\/callback$/, /^\/api\//];

/** The origin of a Referer header; `fallback` when there is none or it is not a URL. */
function refererOrigin(referer, fallback) {
  if (!referer) return fallback;
  try {
    return new URL(referer).origin;
  } catch {
    return fallback;
  }
}

/**
 * Throws RequestRefused (403) for a form post from another site to a page: its `Origin` is not the
 * shop's (the origin built from PUBLIC_URL, never `Host`), or it has none and the browser says
 * `Sec-Fetch-Site: cross-site` (or its Referer is another site's page). Refused here, before
 * Remix, whose own check would throw a 500.
 * The JSON API checks its own requests (bearer tokens, CORS).
 */
export function refuseCrossSitePost(req, origin, pathname) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return;
  if (CROSS_SITE_POST_PATHS.some((re) => re.test(pathname))) return;
  const from = req.headers.origin;
  const crossSite = from
    ? from !== origin
    : req.headers["sec-fetch-site"] === "cross-site" ||
      // An old browser sends no Origin but may name the page the form was on.
      refererOrigin(req.headers.referer, origin) !== origin;
  if (crossSite) throw new RequestRefused(403, "Cross-site form posts are not accepted.");
}

/**
 * CORS for the bearer-token API (`/api/v1/*`, webhooks aside), for origins listed in
 * API_CORS_ORIGINS. Answers a preflight itself (returns true); for other requests from an allowed
 * origin sets the CORS headers and drops the Cookie header, so a session cookie never authenticates
 * a cross-origin call (only a bearer token does).
 * @param {Set<string>} allowed
 */
export function applyCors(req, res, pathname, allowed) {
  if (!pathname.startsWith("/api/v1/") || pathname.startsWith("/api/v1/webhooks/")) return false;
  // The answer depends on Origin, sent or not, so a shared cache must keep them apart (a cached
  // answer adds its own Vary to this one: page-cache.mjs sendEntry).
  if (allowed.size > 0) res.setHeader("vary", "Origin");
  const origin = req.headers.origin;
  if (!origin) return false;
  if (!allowed.has(origin)) {
    if (req.method !== "OPTIONS") return false;
    res.writeHead(403, { "content-type": "application/json; charset=utf-8", vary: "Origin" });
    res.end(JSON.stringify({ message: "This origin may not call the API." }));
    return true;
  }
  res.setHeader("access-control-allow-origin", origin);
  res.setHeader(
    "access-control-expose-headers",
    "X-Total-Count, X-Page-Count, Retry-After, Location",
  );
  if (req.method === "OPTIONS") {
    res.writeHead(204, {
      "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE",
      // X-XSRF-TOKEN: the spec's HTTP client has it among its defaults.
      "access-control-allow-headers": "Authorization, Content-Type, Idempotency-Key, X-XSRF-TOKEN",
      "access-control-max-age": "600",
    });
    res.end();
    return true;
  }
  delete req.headers.cookie;
  return false;
}

/** The methods the shop answers; any other (TRACE, PROPFIND...) is refused before it reaches Remix. */
export const METHODS = "OPTIONS, GET, HEAD, POST, PUT, PATCH, DELETE";
const TAKEN = new Set(METHODS.split(", "));

/** Throws RequestRefused (405) for a method the shop does not take. */
export function checkMethod(method) {
  if (!TAKEN.has(method)) throw new RequestRefused(405, "Method not allowed.");
}

/**
 * Any other OPTIONS request (no CORS preflight from an allowed origin) is answered here with the
 * methods the paths take, and never reaches a route: Remix would run a route's loader for it,
 * uncached, so that `OPTIONS /api/v1/allProducts` would build the whole catalogue each time.
 * A route still refuses a method it does not take with 405 and its own `Allow`.
 */
export function answerOptions(req, res, pathname) {
  if (req.method !== "OPTIONS") return false;
  const allow = pathname.startsWith("/api/") ? METHODS : "OPTIONS, GET, HEAD, POST";
  res.writeHead(204, { allow, "cache-control": "no-store" });
  res.end();
  return true;
}

/** The origins of API_CORS_ORIGINS (comma-separated), each normalised; invalid entries are an error. */
export function corsOrigins(value = "") {
  const out = new Set();
  for (const entry of value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const url = new URL(entry);
    if (url.origin === "null")
      throw new Error(`API_CORS_ORIGINS: ${entry} is not an http(s) origin`);
    out.add(url.origin);
  }
  return out;
}
