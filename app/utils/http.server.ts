import { getEnv } from "./env.server";
import { securityEvent } from "./log.server";
import { clientAddressOf } from "../../server/client-address.mjs";

/**
 * Request helpers shared by every route: the cross-site POST refusal, the client address,
 * and reading a JSON or form body.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request comes from another site: its `Origin` is neither the
 * shop's PUBLIC_URL nor the origin it was addressed to (or is "null"), or, without `Origin`,
 * the browser says `Sec-Fetch-Site: cross-site` or its `Referer` is another site's page. Requests
 * without any of them (curl, API clients) are not browsers acting for someone else and pass.
 */
export function isCrossSiteRequest(
  request: Request,
  publicUrl = getEnv().PUBLIC_URL,
  apiOrigins: string[] = getEnv().API_CORS_ORIGINS,
): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get("Origin");
  if (origin) {
    if (origin === "null") return true;
    const url = new URL(request.url);
    // The API's CORS origins may call it (the server drops their cookies: only a token counts).
    if (url.pathname.startsWith("/api/v1/") && apiOrigins.includes(origin)) return false;
    return origin !== new URL(publicUrl).origin && origin !== url.origin;
  }
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return true;
  // An old browser sends no Origin but may name the page the form was on.
  const from = refererOrigin(request.headers.get("Referer"));
  return (
    from !== null && from !== new URL(publicUrl).origin && from !== new URL(request.url).origin
  );
}

/** The origin of a Referer header, or null when there is none (or it is not a URL). */
function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

export const CROSS_SITE_MESSAGE = "Cross-site form posts are not accepted.";

/**
 * Throws 403 for a cross-site state-changing request. `requireUser`/`requireAdmin` call it, so
 * every guarded action has it; actions open to visitors call it first thing.
 */
export function assertSameOrigin(request: Request): void {
  if (isCrossSiteRequest(request)) {
    logCrossSite(request);
    throw new Response(CROSS_SITE_MESSAGE, {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}

/** Like assertSameOrigin, answering JSON (for API routes that take no bearer token). */
export function assertSameOriginApi(request: Request): void {
  if (isCrossSiteRequest(request)) {
    logCrossSite(request);
    throw Response.json({ message: CROSS_SITE_MESSAGE }, { status: 403 });
  }
}

function logCrossSite(request: Request) {
  securityEvent("request.cross_site", {
    method: request.method,
    path: new URL(request.url).pathname,
    origin: request.headers.get("Origin"),
    address: clientAddress(request),
  });
}

/** Header the server's request hook sets from the socket (see security-headers.server.ts). */
export const SOCKET_ADDRESS_HEADER = "x-shop-socket-address";

/**
 * The client's address when it is known: behind TRUST_PROXY=n proxies the n-th `X-Forwarded-For`
 * entry from the right, else the TCP peer that the request hook recorded (server/client-address.mjs).
 */
export function clientAddress(
  request: Request,
  trustProxy: number | boolean = getEnv().TRUST_PROXY,
): string | null {
  return clientAddressOf(
    request.headers.get("X-Forwarded-For"),
    Number(trustProxy),
    socketAddressKnown ? request.headers.get(SOCKET_ADDRESS_HEADER) : null,
  );
}

let socketAddressKnown = false;
/** Called by the request hook once it overwrites SOCKET_ADDRESS_HEADER on every request. */
export function markSocketAddressKnown() {
  socketAddressKnown = true;
}

export const BODY_NOT_JSON = "The request body is not valid JSON.";
export const BODY_NOT_OBJECT = "The request body must be a JSON object.";
export const BODY_TYPE_UNSUPPORTED = "Send the body as JSON (Content-Type: application/json).";

/**
 * The fields of a JSON object body or a form body (a form's as strings; files are left out). No
 * body is no fields. Throws the JSON API's answer for a body it cannot take: 400 for malformed JSON
 * or JSON that is not an object, 415 for another content type (such as JSON sent as text/plain).
 */
export async function readFields(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.includes("form")) {
    const form = await request.formData().catch(() => null);
    return form
      ? Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"))
      : {};
  }
  const text = await request.text().catch(() => "");
  if (text.trim() === "") return {};
  if (!/^application\/(?:[\w.+-]+\+)?json\b/.test(type)) {
    throw jsonNoStore({ message: BODY_TYPE_UNSUPPORTED }, { status: 415 });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw jsonNoStore({ message: BODY_NOT_JSON, errors: {} }, { status: 400 });
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw jsonNoStore({ message: BODY_NOT_OBJECT, errors: {} }, { status: 400 });
  }
  return body as Record<string, unknown>;
}

/** A JSON answer that no cache keeps. */
export function jsonNoStore(value: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(value, { ...init, headers });
}
