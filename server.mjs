// The production server (`npm run serve`, `npm start`): the Remix build on plain node:http, with
// - the client build served from memory (hashed assets immutable for a year),
// - anonymous catalogue pages and JSON answered from an in-process cache that the catalogue
//   version invalidates, with ETag/304 (server/page-cache.mjs),
// - compression of everything else,
// - renders started in the order their requests arrived, one per turn (server/render-queue.mjs),
// - every request URL built from PUBLIC_URL and the path (an unknown Host is refused), and every
//   body capped before it is read (server/request-guard.mjs).
// - one JSON line per request and per error on stdout (server/log.mjs, LOG_LEVEL),
// - one process per data folder (server/data-lock.mjs), and a graceful stop on SIGTERM,
// - SHOP_WORKERS processes sharing the port, one per core by default (server/workers.mjs).
// Why a server of our own rather than remix-serve: docs/decisions/0004-own-production-server.md.
//
// Environment: PORT (3000), HOST (0.0.0.0), BUILD_DIR (build), SHOP_WORKERS, and whatever the app reads.
import cluster from "node:cluster";
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";
import { DataFolderBusy, DataFolderUnwritable, lockDataFolder } from "./server/data-lock.mjs";
import { clientAddressOf } from "./server/client-address.mjs";
import { compressBody, isCompressible, pickEncoding } from "./server/encoding.mjs";
import { log } from "./server/log.mjs";
import { cacheLookup, createPageCache, sendEntry } from "./server/page-cache.mjs";
import {
  answerOptions,
  applyCors,
  bodyLimit,
  busy,
  checkMethod,
  ClientGone,
  corsOrigins,
  createOriginResolver,
  isUploadPath,
  limitedStream,
  METHODS,
  readBody,
  refuseCrossSitePost,
  RequestRefused,
  tooLarge,
} from "./server/request-guard.mjs";
import { createRenderQueue } from "./server/render-queue.mjs";
import { createStaticFiles } from "./server/static-files.mjs";
import {
  answerStats,
  processStats,
  runPrimary,
  serveHandedConnections,
  workerCount,
} from "./server/workers.mjs";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const port = Number(process.env.PORT) || 3000;
const host = process.env.HOST || "0.0.0.0";
if (cluster.isPrimary) {
  // The data folder the app will use (DATA_DIR, else the SQLite database's folder, else data/):
  // ours alone, before migrations.
  const databaseUrl = process.env.DATABASE_URL || "data/shop.db";
  const dataDir =
    process.env.DATA_DIR ||
    (/^postgres(ql)?:\/\//i.test(databaseUrl) ? "data" : path.dirname(databaseUrl));
  try {
    await lockDataFolder(dataDir);
  } catch (error) {
    if (!(error instanceof DataFolderBusy || error instanceof DataFolderUnwritable)) throw error;
    log("error", error.message);
    process.exit(1);
  }
  let workers;
  try {
    workers = workerCount(process.env.SHOP_WORKERS);
  } catch (error) {
    log("error", `Invalid environment: ${error.message}`);
    process.exit(1);
  }
  // With several workers this process only listens, hands connections over and watches the
  // workers: it never goes past this line.
  if (workers > 1) await runPrimary(workers, { port, host });
}
// Remix is loaded here, past the primary, which needs none of it (10 MB less in that process). It
// is CommonJS: its exports object is the namespace's `default` (the release's bundle gives only that).
const remixNode = await import("@remix-run/node");
const { createRequestHandler, installGlobals, writeReadableStreamToWritable } =
  remixNode.default ?? remixNode;
installGlobals({ nativeFetch: true });
// Importing the build runs the app's boot (migrations, seed) before we listen.
const build = await import(url.pathToFileURL(path.join(buildDir, "server", "index.js")).href);
const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
const serveStatic = createStaticFiles(path.join(buildDir, "client"), build.publicPath);

// The app exports its catalogue version from entry.server; without it nothing is cached. Pages for
// a vehicle cookie are cached only for the vehicles it lists (vehicleSlugs).
const { catalogVersion, startRequest, startTurn, vehicleSlugs, brandSlugs, renderedBody } =
  build.entry?.module ?? {};
const pageCache =
  typeof catalogVersion === "function" ? createPageCache({ version: catalogVersion }) : null;
if (!pageCache) log("warn", "the build exports no catalogVersion: the page cache is off");
const isVehicle =
  typeof vehicleSlugs === "function" ? (slug) => vehicleSlugs().has(slug) : undefined;
const isBrand = typeof brandSlugs === "function" ? (slug) => brandSlugs().has(slug) : undefined;
/** How many requests one connection may have waiting for a render; past that it is closed. */
const PIPELINED_RENDERS = 16;
/** Renders start in their requests' order, one per turn (server/render-queue.mjs). */
const renders = createRenderQueue({ beforeEach: startTurn, perOwner: PIPELINED_RENDERS });

/** The header the app reads for the TCP peer's address (never taken from the client). */
const SOCKET_ADDRESS_HEADER = "x-shop-socket-address";
/** The header that carries this request's id to the app, for its error log lines. */
const REQUEST_ID_HEADER = "x-shop-request-id";
/** How many proxies append to X-Forwarded-For (TRUST_PROXY, read by the app's env.server.ts too). */
const proxyHops = process.env.TRUST_PROXY === "true" ? 1 : Number(process.env.TRUST_PROXY) || 0;
const trustProxy = proxyHops > 0;

/** The proxy's X-Request-Id when we trust the proxy and it looks like an id, else a new one. */
function requestIdOf(req) {
  const given = req.headers["x-request-id"];
  return trustProxy && typeof given === "string" && /^[\w.:-]{1,64}$/.test(given)
    ? given
    : crypto.randomUUID();
}

const resolveOrigin = createOriginResolver({
  publicUrl: process.env.PUBLIC_URL || `http://localhost:${port}`,
});
const apiCorsOrigins = corsOrigins(process.env.API_CORS_ORIGINS);

/**
 * The Fetch Request for Remix: `url` is built from the public origin (never from `Host`), and
 * `body` is the body already read under its cap (or a capped stream for uploads).
 */
function toRequest(req, res, url, body) {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (key === SOCKET_ADDRESS_HEADER || key === REQUEST_ID_HEADER || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  // The host Remix compares a post's Origin with (its own CSRF check) is the public one, whatever
  // the client or a proxy wrote: refuseCrossSitePost has checked Origin against it already.
  headers.set("host", new URL(url).host);
  headers.delete("x-forwarded-host");
  headers.set(SOCKET_ADDRESS_HEADER, req.socket.remoteAddress ?? "");
  headers.set(REQUEST_ID_HEADER, String(res.getHeader("x-request-id") ?? ""));
  const init = { method: req.method, headers };
  // A request that may change something is aborted when its client goes away, so Remix renders no
  // answer for it (what it did stays done). A GET or HEAD is not: a signal of ours costs undici's
  // Request about three times the rest of it (it links the two through a FinalizationRegistry),
  // and a page rendered for a client that left is only wasted work (a cached page's render also
  // serves the others waiting for it).
  if (req.method !== "GET" && req.method !== "HEAD") {
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    init.signal = controller.signal;
  }
  if (body !== undefined) {
    init.body = body;
    if (body instanceof ReadableStream) init.duplex = "half";
    headers.delete("transfer-encoding");
    if (Buffer.isBuffer(body)) headers.set("content-length", String(body.length));
  }
  return new Request(url, init);
}

/**
 * The request's body under its cap: undefined for GET/HEAD. Throws RequestRefused (408, 413, 415,
 * 503) or ClientGone (see readBody).
 */
async function requestBody(req, pathname, state) {
  const limit = bodyLimit(req.method, pathname, req.headers);
  if (limit === 0) return undefined;
  if (
    isUploadPath(pathname) &&
    String(req.headers["content-type"] ?? "")
      .toLowerCase()
      .startsWith("multipart/")
  ) {
    return limitedStream(req, limit, state);
  }
  return readBody(req, limit);
}

/**
 * A refused request: its status and message (JSON under /api/, a small page for a browser, else
 * text), and the connection closed when a body is left unread.
 */
function refuse(req, res, error) {
  const json = (req.url ?? "").startsWith("/api/");
  const page = !json && /\btext\/html\b/i.test(String(req.headers.accept ?? ""));
  const body = json
    ? JSON.stringify({ message: error.message })
    : page
      ? refusalPage(error, /^multipart\//i.test(String(req.headers["content-type"] ?? "")))
      : error.message;
  res.shouldKeepAlive = false;
  res.writeHead(error.status, {
    "content-type": json
      ? "application/json; charset=utf-8"
      : page
        ? "text/html; charset=utf-8"
        : "text/plain; charset=utf-8",
    "cache-control": "no-store",
    connection: "close",
    ...error.headers,
    ...(error.status === 405 && { allow: METHODS }),
    ...(page && { "content-security-policy": REFUSAL_POLICY }),
  });
  res.end(body);
}

/** The refusal page runs and loads nothing. */
const REFUSAL_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * What a browser shows for a refused form post (a too-large upload, say): why, and the way back.
 * `upload`: the form sent files.
 */
function refusalPage(error, upload) {
  const escape = (text) =>
    text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const next =
    error.status === 413 && upload
      ? "Go back, choose fewer or smaller files, and send the form again."
      : "Go back and try again.";
  return `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Not sent | Overland 4x4 Gear</title></head>
<body><h1>The shop could not take this request.</h1><p role="alert">${escape(error.message)}</p><p>${next}</p><p><a href="/">Home</a></p></body></html>`;
}

/**
 * The types of what Remix renders (pages, single-fetch data, JSON): read whole and compressed in one
 * call. Nothing in the app streams (no `defer`), and one compression of the whole body costs a
 * fraction of compressing and flushing it chunk by chunk.
 */
const WHOLE_BODY = /^(text\/html|text\/x-script|application\/json)/i;

/** Remix's answer to a request, with the body of a page or data answer read whole. */
async function renderResponse(request) {
  // The catalogue version as the request starts, before its loaders read anything: what the
  // page's cached fragments are stored under (entry.server), so none holds older data than its version says.
  // takesRenderedBody: a page's Response comes without a body, its bytes from renderedBody.
  const response = await handleRequest(request, {
    catalogVersion: catalogVersion?.(),
    takesRenderedBody: renderedBody !== undefined,
  });
  // A page's bytes as entry.server made them; other answers of those types read whole.
  const rendered = renderedBody?.(response);
  if (rendered) return { response, body: rendered };
  const whole = response.body && WHOLE_BODY.test(response.headers.get("content-type") ?? "");
  return { response, body: whole ? Buffer.from(await response.arrayBuffer()) : undefined };
}

/**
 * Sends a Remix Response (`body`: its body already read, for pages and data), compressed when the
 * client accepts it and the type is worth it.
 */
async function sendResponse(req, res, response, body) {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [key, value] of response.headers) {
    if (key === "vary") addVary(res, value);
    else if (key !== "set-cookie") res.setHeader(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if ((!response.body && !body) || req.method === "HEAD") {
    res.end();
    return;
  }
  const type = response.headers.get("content-type") ?? "";
  const encoding =
    !response.headers.has("content-encoding") && isCompressible(type)
      ? pickEncoding(req.headers["accept-encoding"])
      : "identity";
  if (body) {
    if (encoding !== "identity" && body.length >= 1024) {
      body = await compressBody(body, encoding);
      setEncoding(res, encoding);
    }
    res.setHeader("content-length", body.length);
    res.end(body);
    return;
  }
  const length = Number(response.headers.get("content-length") ?? Infinity);
  if (encoding === "identity" || length < 1024) {
    await writeReadableStreamToWritable(response.body, res);
    return;
  }
  setEncoding(res, encoding);
  // A streamed body (a download): flushed after every chunk so it arrives as it is made.
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

function setEncoding(res, encoding) {
  res.removeHeader("content-length");
  res.setHeader("content-encoding", encoding);
  addVary(res, "Accept-Encoding");
}

/** Adds to the answer's Vary, keeping what an earlier step put there (CORS's Origin). */
function addVary(res, value) {
  const vary = res.getHeader("vary");
  res.setHeader("vary", vary ? `${vary}, ${value}` : value);
}

async function render(req, res, target) {
  const state = { tooLarge: false, busy: false, answered: res.closed, release: undefined };
  // An upload's bytes count against its budget until its answer is sent (or its client leaves).
  if (req.method !== "GET" && req.method !== "HEAD")
    res.once("close", () => {
      state.answered = true;
      state.release?.();
    });
  const q = target.path.indexOf("?");
  const pathname = q === -1 ? target.path : target.path.slice(0, q);
  const body = await requestBody(req, pathname, state);
  const answer = await renderResponse(toRequest(req, res, target.origin + target.path, body));
  if (state.tooLarge) throw tooLarge(bodyLimit(req.method, pathname, req.headers));
  if (state.busy) throw busy();
  await sendResponse(req, res, answer.response, answer.body);
}

/**
 * A cacheable request that missed: rendered once (concurrent misses wait) and stored. It was
 * queued, so its page may have been stored meanwhile.
 */
async function renderCached(req, res, target, key) {
  const stored = pageCache.get(key);
  if (stored) return sendEntry(req, res, stored);
  const { promise, leader } = pageCache.once(key, async () => {
    const renderedAt = pageCache.version();
    // Render as a GET without conditional headers and with no cookie but the vehicle's, so the
    // stored answer is the full page and depends on nothing the key leaves out.
    const getReq = Object.assign(Object.create(req), {
      method: "GET",
      headers: { ...req.headers, "if-none-match": undefined, cookie: target.cookie },
    });
    const answer = await renderResponse(toRequest(getReq, res, target.origin + target.path));
    const { response } = answer;
    if (
      response.status !== 200 ||
      response.headers.has("set-cookie") ||
      (!answer.body && !response.body)
    )
      return answer;
    const body = answer.body ?? Buffer.from(await response.arrayBuffer());
    const entry = pageCache.set(
      key,
      { status: response.status, headers: response.headers, body },
      renderedAt,
    );
    return entry ? { entry } : { response, body };
  });
  let result;
  try {
    result = await promise;
  } catch (error) {
    if (leader) throw error;
    result = {};
  }
  if (result.entry) {
    await result.entry.ready;
    sendEntry(req, res, result.entry, { "x-cache": "miss" });
  } else if (leader && result.response) {
    await sendResponse(req, res, result.response, result.body);
  } else {
    await render(req, res, target);
  }
}

/**
 * One line per request when its answer is sent (or the client went away); the query string stays
 * out, and log() blanks the path's secret segments (a password-reset token).
 */
function logRequest(req, res, started) {
  // Read now: a socket that closed has no peer address any more.
  const address = clientAddressOf(
    req.headers["x-forwarded-for"],
    proxyHops,
    req.socket.remoteAddress,
  );
  res.once("close", () => {
    log(
      res.writableFinished ? "info" : "warn",
      res.writableFinished ? "request" : "request aborted",
      {
        method: req.method,
        path: (req.url ?? "/").split("?")[0],
        address,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        requestId: res.getHeader("x-request-id"),
        ...worker,
      },
    );
  });
}

/** The error and its stack go to the log; the client gets a plain 500 with the request id. */
function onError(req, res, error) {
  // Nobody to answer; the request's log line says it was aborted.
  if (error instanceof ClientGone) return res.destroy();
  if (error instanceof RequestRefused) {
    if (!res.headersSent) return refuse(req, res, error);
    return res.destroy();
  }
  const requestId = res.getHeader("x-request-id");
  log("error", "request failed", { requestId, error });
  if (!res.headersSent) {
    res
      .writeHead(500, { "content-type": "text/plain; charset=utf-8" })
      .end(`Internal Server Error (request ${requestId})`);
  } else res.destroy();
}

/** Set by SIGTERM: the server takes no new connection and closes each one as its answer ends. */
let stopping = false;
let exiting = false;

/** A GET or HEAD whose client has gone is not worth rendering; anything else still runs. */
function clientGone(req) {
  return (req.method === "GET" || req.method === "HEAD") && req.socket.destroyed;
}

/** Queues a render; a connection that pipelines more than PIPELINED_RENDERS of them is closed. */
function queueRender(req, run) {
  if (clientGone(req)) return;
  if (renders.push(run, { gone: () => clientGone(req), owner: req.socket })) return;
  if (req.socket.destroyed) return;
  log("warn", "closed a connection that pipelined too many requests", {
    limit: PIPELINED_RENDERS,
    ...worker,
  });
  req.socket.destroy();
}

// Static files and cache hits are answered synchronously; everything else goes to Remix, queued.
const server = http.createServer((req, res) => {
  logRequest(req, res, performance.now());
  res.setHeader("x-request-id", requestIdOf(req));
  // While stopping, every answer closes its connection, so no client sends another request on it.
  if (stopping) res.setHeader("connection", "close");
  res.once("finish", () => {
    if (stopping) setImmediate(() => server.closeIdleConnections());
  });
  try {
    const target = resolveOrigin(req);
    checkMethod(req.method);
    if (serveStatic(req, res)) return;
    // The catalogue version, read once as the request starts (for the cache and the loaders).
    const requestEnded = startRequest?.(req.method);
    if (requestEnded) res.once("close", requestEnded);
    const q = target.path.indexOf("?");
    const pathname = q === -1 ? target.path : target.path.slice(0, q);
    if (applyCors(req, res, pathname, apiCorsOrigins)) return;
    if (answerOptions(req, res, pathname)) return;
    refuseCrossSitePost(req, target.origin, pathname);
    const cached = pageCache
      ? cacheLookup(req.method, target.path, req.headers, isVehicle, isBrand)
      : null;
    if (cached) {
      // The key and the rendered URL are the canonical one: parameters no route reads are gone.
      const key = target.origin + cached.key;
      const hit = pageCache.get(key);
      if (hit) sendEntry(req, res, hit);
      else
        queueRender(req, () =>
          renderCached(
            req,
            res,
            { origin: target.origin, path: cached.path, cookie: cached.cookie },
            key,
          ).catch((error) => onError(req, res, error)),
        );
      return;
    }
    queueRender(req, () => render(req, res, target).catch((error) => onError(req, res, error)));
  } catch (error) {
    onError(req, res, error);
  }
});
// Idle keep-alive connections stay open longer than a proxy's or a client's own idle timeout, so
// neither sends a request on a connection the server is closing at that moment (a reset).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

/** A worker's number, in its log lines. */
const worker = cluster.worker ? { worker: Number(process.env.SHOP_WORKER) } : {};
// A worker serves the connections the primary accepts; a single process listens itself.
const handed = cluster.worker ? serveHandedConnections(server) : null;
if (handed) log("info", "worker ready", { pid: process.pid, ...worker });
else {
  // A port in use or a HOST that is no address of this machine: one line, as with several workers.
  server.on("error", (error) => {
    log("error", `cannot listen on ${host}:${port}`, { error });
    process.exit(1);
  });
  server.listen(port, host, () =>
    log("info", `listening on http://${host}:${port}`, { pid: process.pid }),
  );
}

// `kill -USR2 <pid>`: one log line of memory and cache figures (the primary's sums the workers').
process.on("SIGUSR2", () => log("info", "stats", { ...processStats(pageCache), ...worker }));
if (cluster.worker) {
  answerStats(() => processStats(pageCache));
  // The primary disconnects a worker to stop it, after the last connection it handed over. If the
  // primary dies instead, node:cluster ends the worker at once: a worker never outlives it, or it
  // would keep running background jobs beside the next start's.
  process.on("disconnect", () => stop("disconnected"));
  if (!process.connected) stop("disconnected");
}

// A graceful stop: accept nothing new, let the requests in flight finish (a checkout post, a payment
// callback), close the database, exit; whatever is still running after 9 s is cut off.
function stop(signal) {
  const first = !stopping;
  if (first) {
    stopping = true;
    log("info", "stopping", { signal, ...worker });
    setTimeout(() => {
      log("error", "requests still running 9 s after the stop signal: exiting anyway");
      process.exit(1);
    }, 9000).unref();
  }
  if (handed) {
    // The primary hands this worker nothing more and then disconnects it; once disconnected, every
    // connection it handed over has arrived, and the last one to close ends the process.
    if (process.connected) return process.send({ type: "stopping" });
    server.closeIdleConnections();
    return handed.whenAllClosed(exit);
  }
  if (!first) return;
  // Close the listener after one more turn of the event loop, whose poll accepts the connections
  // already waiting in the kernel's backlog (closing the listener would reset them).
  setImmediate(() =>
    setImmediate(() => {
      server.close(exit);
      server.closeIdleConnections();
    }),
  );
}

async function exit() {
  if (exiting) return;
  exiting = true;
  await build.entry?.module?.closeDatabase?.();
  log("info", "stopped", worker);
  process.exit(0);
}
// `on`, not `once`: a worker may get the signal twice (from systemd and from the primary).
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stop(signal));
