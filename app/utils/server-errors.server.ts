import type { HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { log } from "./log.server";

/**
 * Remix's own answer to a client's mistake, not a fault of the shop: no route at that URL (404),
 * or a method the route does not take (405, e.g. a POST to a page without an action).
 */
export function isClientMistake(error: unknown): boolean {
  return isRouteErrorResponse(error) && (error.status === 404 || error.status === 405);
}

/**
 * The server's handleError (entry.server): an unexpected error in a loader or action is one log
 * line with the request id (the shopper sees the error page). A request the client gave up on, and
 * Remix's 404 and 405 answers, are not logged: anyone could fill the error log with them.
 */
export const logUnexpectedError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isClientMistake(error)) return;
  log("error", "unexpected error", {
    requestId: request.headers.get("x-shop-request-id") ?? undefined,
    path: new URL(request.url).pathname,
    error,
  });
};
