import { Writable } from "node:stream";
import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { boot, onStartup } from "./boot.server";
import { db } from "./db/db.server";
import { analyzeDatabase, scheduleOptimize } from "./db/planner-stats.server";
import { releaseJobsLease, stopWatchingCatalogVersion } from "./db/postgres.server";
import { getEnv } from "./utils/env.server";
import { log } from "./utils/log.server";
import { NonceProvider } from "./utils/nonce";
import {
  applyPrivateCaching,
  applySecurityHeaders,
  createNonce,
  documentPolicy,
  installSecurityHeaderHook,
} from "./utils/security-headers.server";

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
export { brandSlugs, catalogVersion, vehicleSlugs } from "./models/catalog-version.server";

/** server.mjs calls this once the last request of a graceful stop is answered. */
export async function closeDatabase() {
  await releaseJobsLease();
  await stopWatchingCatalogVersion();
  await db.destroy();
}

/** An unexpected error in a loader or action: one log line with the request id (the shopper sees the error page). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  log("error", "unexpected error", {
    requestId: request.headers.get("x-shop-request-id") ?? undefined,
    path: new URL(request.url).pathname,
    error,
  });
};

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
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
  // The whole page is rendered before it is answered: nothing in the app is deferred, so the shell
  // and the rest are ready together, and server.mjs compresses the page in one piece.
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={streamTimeout}
          nonce={nonce}
        />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(Buffer.concat(chunks), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              done();
            },
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

/** Loader and action data fetched by the browser (single fetch) get the same headers as pages. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applySecurityHeaders(response.headers, { isHttps: getEnv().isHttps });
  applyPrivateCaching(request, response.headers);
  return response;
};
