// What the production server checks before a request reaches the app: the request target, the
// Host header and the body's size. Every URL the app sees is built here from the shop's public
// origin and the path, never from what the client wrote in `Host`.

const KB = 1024;
const MB = 1024 * KB;

/** Body caps by kind of request. Uploads are counted again, per file, by the app. */
export const BODY_LIMITS = {
  // A page's form (urlencoded): its largest field is 1,000 characters (9 kB percent-encoded if
  // every one is Devanagari). A page that refuses a form shows what was typed again: at 1 MB, one
  // login post cost 250 ms of its process's event loop, answering nobody else meanwhile.
  form: 64 * KB,
  // The JSON API's bodies, JSON or a form.
  json: 1 * MB,
  webhook: 256 * KB,
  // The product form's whole-request cap (PRODUCT_UPLOAD_LIMITS.maxTotalSize) plus multipart framing.
  upload: 50 * MB + 64 * KB,
};

/**
 * A body read whole (a form, JSON, a webhook) must have arrived within this long: legitimate ones
 * are a few kB. Without it a client that sends 1 MB but its last byte stays inside Node's
 * `requestTimeout` (300 s) with that megabyte held: 400 such connections took one process from
 * 121 MB to 508 MB of memory (the service's MemoryMax is 600 MB).
 */
export const BODY_TIMEOUT_MS = 30_000;

/**
 * What the bodies being read whole may hold together in one process. A body that would go past it
 * is refused with 503 and Retry-After: many slow clients make other posts wait a few seconds, and
 * never take the process's memory. (Uploads stream to the app, which reads them only for an admin
 * or a shopper's own order.)
 */
export const BODY_BUDGET_BYTES = 32 * MB;

/**
 * What the uploads (multipart bodies streamed to the app) may have passed on together in one process
 * and not yet answered: the app reads a whole upload into memory before it answers (images are
 * checked and re-encoded). 8 product forms of 45 MB at once took a process from 131 MB to 551 MB.
 * An upload past it is refused with 503 and Retry-After; two product forms of 45 MB fit.
 */
export const UPLOAD_BUDGET_BYTES = 96 * MB;

/**
 * Most fields in an `application/x-www-form-urlencoded` body (the largest form has a few dozen). A
 * megabyte of `a=&a=&...` (340,000 fields) cost 0.3 to 0.6 s of one process's event loop to parse,
 * during which it answered nobody.
 */
export const MAX_FORM_FIELDS = 1000;

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
  /** @param {number} status @param {string} message @param {Record<string, string>} [headers] */
  constructor(status, message, headers = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

/** The client closed its connection before its request body had arrived: nothing to answer. */
export class ClientGone extends Error {
  constructor() {
    super("The client closed the connection before its request body arrived.");
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
  } else limit = pathname.startsWith("/api/") ? BODY_LIMITS.json : BODY_LIMITS.form;
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

/** Bytes of the bodies readBody is reading now, in this process (see BODY_BUDGET_BYTES). */
let heldBodyBytes = 0;

/** The bytes of the bodies being read whole now, in this process (for tests). */
export function bodiesHeld() {
  return heldBodyBytes;
}

/** How many times `byte` occurs in `chunk`, counting no further than `max`. */
function countByte(chunk, byte, max) {
  let n = 0;
  for (let i = chunk.indexOf(byte); i !== -1 && n <= max; i = chunk.indexOf(byte, i + 1)) n++;
  return n;
}

const AMPERSAND = 0x26;

/**
 * Reads a whole body of at most `limit` bytes. Rejects, without keeping what arrived, with
 * RequestRefused: 413 as soon as more arrives (or, for a urlencoded form, more than
 * `maxFields` fields), 408 when it has not all arrived within `timeoutMs`, 503 when the bodies
 * this process is reading would hold more than `budget` bytes together; with ClientGone when the
 * client closes the connection first.
 * @param {import("node:http").IncomingMessage} req
 * @param {number} limit
 * @param {{ timeoutMs?: number, budget?: number, maxFields?: number }} [options]
 * @returns {Promise<Buffer>}
 */
export function readBody(
  req,
  limit,
  { timeoutMs = BODY_TIMEOUT_MS, budget = BODY_BUDGET_BYTES, maxFields = MAX_FORM_FIELDS } = {},
) {
  const urlencoded = String(req.headers["content-type"] ?? "")
    .toLowerCase()
    .startsWith("application/x-www-form-urlencoded");
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    // A urlencoded body of n fields has n - 1 ampersands.
    let fields = 1;
    let settled = false;
    const settle = (error) => {
      if (settled) return;
      settled = true;
      heldBodyBytes -= size;
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onAborted);
      if (!error) {
        resolve(Buffer.concat(chunks, size));
        return;
      }
      chunks.length = 0;
      // What is left unread is never read: refuse() closes the connection.
      req.pause();
      reject(error);
    };
    const onData = (chunk) => {
      if (size + chunk.length > limit) return settle(tooLarge(limit));
      if (urlencoded) {
        fields += countByte(chunk, AMPERSAND, maxFields);
        if (fields > maxFields) return settle(tooManyFields(maxFields));
      }
      if (heldBodyBytes + chunk.length > budget) return settle(busy());
      size += chunk.length;
      heldBodyBytes += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => settle(null);
    const onAborted = () => settle(new ClientGone());
    const onError = (error) => settle(req.destroyed ? new ClientGone() : error);
    const timer = setTimeout(
      () =>
        settle(
          new RequestRefused(
            408,
            `The request body did not arrive within ${Math.round(timeoutMs / 1000)} s.`,
          ),
        ),
      timeoutMs,
    );
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onError);
    req.once("aborted", onAborted);
  });
}

function tooManyFields(max) {
  return new RequestRefused(413, `The form has too many fields (at most ${max}).`);
}

/** The answer to a body past its budget (BODY_BUDGET_BYTES, UPLOAD_BUDGET_BYTES). */
export function busy() {
  return new RequestRefused(503, "The shop is busy receiving other requests. Try again shortly.", {
    "retry-after": "5",
  });
}

/** Bytes the uploads of this process have passed on and not yet answered (UPLOAD_BUDGET_BYTES). */
let heldUploadBytes = 0;

/** The bytes of the uploads passed on to the app and not yet answered, in this process (for tests). */
export function uploadsHeld() {
  return heldUploadBytes;
}

/**
 * A request body that errors once more than `limit` bytes have passed (for uploads, which stream
 * through to the app's own per-file limits), or once the uploads of this process would hold more
 * than `budget` bytes. `state.tooLarge` or `state.busy` tells the server to answer 413 or 503;
 * `state.release()`, called when the answer is sent, gives back what this body counted (nothing is
 * counted once `state.answered`).
 * @param {import("node:http").IncomingMessage} req
 * @param {number} limit
 * @param {{ tooLarge?: boolean, busy?: boolean, answered?: boolean, release?: () => void }} state
 * @param {{ budget?: number }} [options]
 */
export function limitedStream(req, limit, state, { budget = UPLOAD_BUDGET_BYTES } = {}) {
  let size = 0;
  let counted = 0;
  state.release = () => {
    heldUploadBytes -= counted;
    counted = 0;
  };
  const stopped = () => state.tooLarge || state.busy;
  return new ReadableStream({
    start(controller) {
      req.on("data", (chunk) => {
        if (stopped()) return;
        size += chunk.length;
        // A body refused gives back what it counted at once: the app lets go of it as its read fails.
        if (size > limit) {
          state.tooLarge = true;
          state.release();
          req.pause();
          controller.error(tooLarge(limit));
          return;
        }
        if (heldUploadBytes + chunk.length > budget) {
          state.busy = true;
          state.release();
          req.pause();
          controller.error(busy());
          return;
        }
        if (!state.answered) {
          heldUploadBytes += chunk.length;
          counted += chunk.length;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.once("end", () => {
        if (!stopped()) controller.close();
      });
      req.once("error", (error) => controller.error(error));
    },
    pull() {
      if (!stopped()) req.resume();
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
