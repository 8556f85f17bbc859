// The production server (`npm run serve`, `npm start`): the Remix build on plain node:http, with
// - the client build served from memory (hashed assets immutable for a year),
// - anonymous catalogue pages and JSON answered from an in-process cache that the catalogue
//   version invalidates, with ETag/304 (server/page-cache.mjs),
// - compression of everything else,
// - a one-line log of each request Remix renders,
// - every request URL built from PUBLIC_URL and the path (an unknown Host is refused), and every
//   body capped before it is read (server/request-guard.mjs).
// Why a server of our own rather than remix-serve: docs/decisions/0004-own-production-server.md.
//
// Environment: PORT (3000), HOST (0.0.0.0), BUILD_DIR (build), and whatever the app reads.
import http from "node:http";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";
import {
  createRequestHandler,
  installGlobals,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import { isCompressible, pickEncoding } from "./server/encoding.mjs";
import { cacheTarget, createPageCache, sendEntry } from "./server/page-cache.mjs";
import {
  bodyLimit,
  createOriginResolver,
  isUploadPath,
  limitedStream,
  readBody,
  RequestRefused,
  tooLarge,
} from "./server/request-guard.mjs";
import { createStaticFiles } from "./server/static-files.mjs";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
installGlobals({ nativeFetch: true });

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
// Importing the build runs the app's boot (migrations, seed) before we listen.
const build = await import(url.pathToFileURL(path.join(buildDir, "server", "index.js")).href);
const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
const serveStatic = createStaticFiles(build.assetsBuildDirectory ?? path.join(buildDir, "client"), build.publicPath);

// The app exports its catalogue version from entry.server; without it nothing is cached.
const catalogVersion = build.entry?.module?.catalogVersion;
const pageCache = typeof catalogVersion === "function" ? createPageCache({ version: catalogVersion }) : null;
if (!pageCache) console.warn("[server] the build exports no catalogVersion: the page cache is off");

/** The header the app reads for the TCP peer's address (never taken from the client). */
const SOCKET_ADDRESS_HEADER = "x-shop-socket-address";

const port = Number(process.env.PORT) || 3000;
const resolveOrigin = createOriginResolver({ publicUrl: process.env.PUBLIC_URL || `http://localhost:${port}` });

/**
 * The Fetch Request for Remix: `url` is built from the public origin (never from `Host`), and
 * `body` is the body already read under its cap (or a capped stream for uploads).
 */
function toRequest(req, res, url, body) {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (key === SOCKET_ADDRESS_HEADER || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  headers.set(SOCKET_ADDRESS_HEADER, req.socket.remoteAddress ?? "");
  const init = { method: req.method, headers, signal: controller.signal };
  if (body !== undefined) {
    init.body = body;
    if (body instanceof ReadableStream) init.duplex = "half";
    headers.delete("transfer-encoding");
    if (Buffer.isBuffer(body)) headers.set("content-length", String(body.length));
  }
  return new Request(url, init);
}

/** The request's body under its cap: undefined for GET/HEAD. Throws RequestRefused (413, 415). */
async function requestBody(req, pathname, state) {
  const limit = bodyLimit(req.method, pathname, req.headers);
  if (limit === 0) return undefined;
  if (isUploadPath(pathname) && String(req.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/")) {
    return limitedStream(req, limit, state);
  }
  return readBody(req, limit);
}

/** A refused request: its status and message (JSON under /api/), and the connection closed when a body is left unread. */
function refuse(req, res, error) {
  const json = (req.url ?? "").startsWith("/api/");
  const body = json ? JSON.stringify({ message: error.message }) : error.message;
  res.shouldKeepAlive = false;
  res.writeHead(error.status, {
    "content-type": json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
    "cache-control": "no-store",
    connection: "close",
  });
  res.end(body);
  logRequest(req, error.status, performance.now());
}

/** Sends a Remix Response, compressed when the client accepts it and the type is worth it. */
async function sendResponse(req, res, response) {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [key, value] of response.headers) if (key !== "set-cookie") res.setHeader(key, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  const length = Number(response.headers.get("content-length") ?? Infinity);
  const encoding =
    !response.headers.has("content-encoding") && isCompressible(response.headers.get("content-type")) && length >= 1024
      ? pickEncoding(req.headers["accept-encoding"])
      : "identity";
  if (encoding === "identity") {
    await writeReadableStreamToWritable(response.body, res);
    return;
  }
  res.removeHeader("content-length");
  res.setHeader("content-encoding", encoding);
  const vary = res.getHeader("vary");
  res.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  // Flush after every chunk so streamed (deferred) HTML still arrives as it renders.
  const compressor =
    encoding === "br"
      ? zlib.createBrotliCompress({
          flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
        })
      : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 });
  compressor.pipe(res);
  await writeReadableStreamToWritable(response.body, compressor);
}

async function render(req, res, target) {
  const started = performance.now();
  const state = { tooLarge: false };
  const q = target.path.indexOf("?");
  const pathname = q === -1 ? target.path : target.path.slice(0, q);
  const body = await requestBody(req, pathname, state);
  const response = await handleRequest(toRequest(req, res, target.origin + target.path, body));
  if (state.tooLarge) throw tooLarge(bodyLimit(req.method, pathname, req.headers));
  await sendResponse(req, res, response);
  logRequest(req, response.status, started);
}

/** A cacheable request that missed: rendered once (concurrent misses wait) and stored. */
async function renderCached(req, res, target, key) {
  const started = performance.now();
  const { promise, leader } = pageCache.once(key, async () => {
    const renderedAt = pageCache.version();
    // Render as a GET without conditional headers, so the stored answer is the full page.
    const getReq = Object.assign(Object.create(req), {
      method: "GET",
      headers: { ...req.headers, "if-none-match": undefined },
    });
    const response = await handleRequest(toRequest(getReq, res, key));
    if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) return { response };
    const body = Buffer.from(await response.arrayBuffer());
    const entry = pageCache.set(key, { status: response.status, headers: response.headers, body }, renderedAt);
    return entry ? { entry } : { response: new Response(body, response) };
  });
  let result;
  try {
    result = await promise;
  } catch (error) {
    if (leader) throw error;
    result = {};
  }
  if (result.entry) {
    sendEntry(req, res, result.entry, { "x-cache": "miss" });
    if (leader) logRequest(req, 200, started);
  } else if (leader && result.response) {
    await sendResponse(req, res, result.response);
    logRequest(req, result.response.status, started);
  } else {
    await render(req, res, target);
  }
}

function logRequest(req, status, started) {
  console.log(`${req.method} ${req.url} ${status} - ${(performance.now() - started).toFixed(3)} ms`);
}

function onError(req, res, error) {
  if (error instanceof RequestRefused) {
    if (!res.headersSent) return refuse(req, res, error);
    return res.destroy();
  }
  console.error(error);
  if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Internal Server Error");
  else res.destroy();
}

// Static files and cache hits are answered synchronously; everything else goes to Remix.
const server = http.createServer((req, res) => {
  try {
    const target = resolveOrigin(req);
    if (serveStatic(req, res)) return;
    const path = pageCache ? cacheTarget(req.method, target.path, req.headers) : null;
    if (path !== null) {
      // The key and the rendered URL are the canonical one: parameters no route reads are gone.
      const key = target.origin + path;
      const hit = pageCache.get(key);
      if (hit) sendEntry(req, res, hit);
      else renderCached(req, res, { origin: target.origin, path }, key).catch((error) => onError(req, res, error));
      return;
    }
    render(req, res, target).catch((error) => onError(req, res, error));
  } catch (error) {
    onError(req, res, error);
  }
});

const host = process.env.HOST || "0.0.0.0";
server.listen(port, host, () => console.log(`[server] http://localhost:${port} (listening on ${host})`));
// `kill -USR2 <pid>` (or `systemctl kill -s USR2 shop`): one JSON line of memory and cache figures.
process.on("SIGUSR2", () => {
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  const cache = pageCache ? { entries: pageCache.size, bytes: pageCache.bytes, ...pageCache.stats } : null;
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", event: "stats", rss, heapUsed, heapTotal, external, cache }));
});
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
    server.closeIdleConnections();
  });
}
