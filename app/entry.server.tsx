import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { boot, onStartup } from "./boot.server";
import { FragmentContext } from "./components/cached";
import { db } from "./db/db.server";
import { analyzeDatabase, scheduleOptimize } from "./db/planner-stats.server";
import { releaseJobsLease, stopWatchingCatalogVersion } from "./db/postgres.server";
import { catalogVersion } from "./models/catalog-version.server";
import { getEnv } from "./utils/env.server";
import { createFragmentRender } from "./utils/fragments.server";
import { NonceProvider } from "./utils/nonce";
import {
  applyPrivateCaching,
  applySecurityHeaders,
  createNonce,
  documentPolicy,
  installSecurityHeaderHook,
} from "./utils/security-headers.server";
import { logUnexpectedError } from "./utils/server-errors.server";

// Query planner statistics, gathered after the seed (see db/planner-stats.server.ts).
onStartup(async (log) => {
  log(`analysed the database in ${await analyzeDatabase(db)} ms`);
  scheduleOptimize(db);
});

// Migrate and seed before the server answers its first request.
await boot();
// Every response of this server, resource routes and static files included, gets the security headers.
installSecurityHeaderHook({ isHttps: getEnv().isHttps });

// server.mjs keys its cache of anonymous pages on the catalogue version, and on the shopper's vehicle when it is one of these;
// of the one-segment paths it caches the brands' pages.
// startRequest lets the version read as a request starts serve the rest of that turn; startTurn
// reads it again as a queued render starts.
export {
  brandSlugs,
  catalogVersion,
  startRequest,
  startTurn,
  vehicleSlugs,
} from "./models/catalog-version.server";

/** server.mjs calls this once the last request of a graceful stop is answered. */
export async function closeDatabase() {
  await releaseJobsLease();
  await stopWatchingCatalogVersion();
  await db.destroy();
}

/** An unexpected error in a loader or action: one log line (not Remix's own 404 and 405 answers). */
export const handleError: HandleErrorFunction = logUnexpectedError;

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const env = getEnv();
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, {
    isHttps: env.isHttps,
    policy: documentPolicy({
      nonce,
      isHttps: env.isHttps,
      dev: env.NODE_ENV === "development",
      inlineStyles: new URL(request.url).pathname.startsWith("/checkout"),
    }),
  });
  applyPrivateCaching(request, responseHeaders);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Nothing in the app is deferred, so the page is rendered whole, as one string, and server.mjs
  // compresses it in one piece (docs/decisions/0012-cheaper-renders.md). The loader data for
  // hydration is read first, so the render never suspends on it.
  const handoff = await readHandoff(remixContext);
  // Pieces of the page the same for every shopper come from the fragment store (components/cached.tsx),
  // kept under the catalogue version read before the loaders ran (server.mjs passes it): a
  // fragment may be newer than its version, never older.
  const version =
    typeof loadContext.catalogVersion === "number" ? loadContext.catalogVersion : catalogVersion();
  const fragments = createFragmentRender(version, env.NODE_ENV !== "development");
  const html = renderToString(
    <FragmentContext.Provider value={fragments}>
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>
    </FragmentContext.Provider>,
  );
  const body = toBytes([
    "<!DOCTYPE html>",
    ...fragments.finish(html),
    handoffScripts(remixContext, handoff, nonce),
  ]);
  // server.mjs takes the bytes themselves (renderedBody) and sends them: the Response needs no body
  // (a stream's machinery costs about 30 µs a page). Any other server reads them from a stream of
  // the buffer itself (a Buffer given as the body would be copied).
  const stream =
    loadContext.takesRenderedBody === true
      ? null
      : new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(body);
            controller.close();
          },
        });
  const response = new Response(stream, { headers: responseHeaders, status: responseStatusCode });
  renderedBodies.set(response, body);
  return response;
}

/** The pieces of a page written one after the other into one buffer, as UTF-8. */
function toBytes(pieces: string[]): Buffer {
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const piece of pieces) at += bytes.write(piece, at);
  return bytes;
}

const renderedBodies = new WeakMap<Response, Buffer>();

/**
 * The body of a page this entry rendered, for server.mjs: the bytes themselves, so that it need
 * not read them back through the Response's stream (a copy and a stream's machinery per page).
 */
export function renderedBody(response: Response): Buffer | undefined {
  return renderedBodies.get(response);
}

/**
 * The loader data the browser hydrates from (single fetch's turbo-stream), read whole. Remix would
 * render it chunk by chunk, suspending on each (StreamTransfer); taken from the context, it is
 * written once after the page by handoffScripts.
 */
async function readHandoff(context: EntryContext): Promise<string | null> {
  const stream = context.serverHandoffStream;
  if (!stream) return null;
  context.serverHandoffStream = undefined;
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    text += decoder.decode(chunk.value, { stream: true });
  return text + decoder.decode();
}

/** What Remix's StreamTransfer writes for the data, in one piece, when the page has its Scripts. */
function handoffScripts(context: EntryContext, handoff: string | null, nonce: string): string {
  if (handoff === null || !context.renderMeta?.didRenderScripts) return "";
  const controller = "window.__remixContext.streamController";
  return (
    `<script nonce="${nonce}">${controller}.enqueue(${escapeScript(JSON.stringify(handoff))});</script>` +
    `<script nonce="${nonce}">${controller}.close();</script>`
  );
}

const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** JSON made safe inside an inline script: no "</script>", no HTML entities, no line separators. */
function escapeScript(json: string): string {
  return json.replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]);
}

/** Loader and action data fetched by the browser (single fetch) get the same headers as pages. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applySecurityHeaders(response.headers, { isHttps: getEnv().isHttps });
  applyPrivateCaching(request, response.headers);
  return response;
};
