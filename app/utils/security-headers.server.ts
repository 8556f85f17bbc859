import crypto from "node:crypto";
import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { markSocketAddressKnown, SOCKET_ADDRESS_HEADER } from "./http.server";

/**
 * Security headers for every response the shop sends. Documents get a Content-Security-Policy
 * with a fresh nonce from entry.server.tsx; everything else (redirects, JSON, images, static
 * files) gets a policy that allows nothing, filled in by the request hook below just before the
 * status line is written. See docs/decisions/0003-security-headers-at-the-node-server.md.
 */

// checkout.js, and the risk-detection script it loads from Razorpay's CDN.
const RAZORPAY_SCRIPT = "https://checkout.razorpay.com https://cdn.razorpay.com";
const RAZORPAY_API = "https://api.razorpay.com";
const WHATSAPP = "https://wa.me https://api.whatsapp.com";

const NONCE_BYTES = 16;
const NONCES_PER_FILL = 256;
const noncePool = Buffer.alloc(NONCE_BYTES * NONCES_PER_FILL);
let noncesUsed = NONCES_PER_FILL;

/**
 * A fresh 128-bit nonce for a page, each from bytes no other nonce used. The bytes come from the
 * system's random source 4 kB at a time, as Node does for randomUUID: one call per nonce cost a
 * system call each page.
 */
export function createNonce(): string {
  if (noncesUsed === NONCES_PER_FILL) {
    crypto.randomFillSync(noncePool);
    noncesUsed = 0;
  }
  const start = NONCE_BYTES * noncesUsed++;
  return noncePool.toString("base64", start, start + NONCE_BYTES);
}

/**
 * The policy of an HTML page: our own files, the nonce'd inline scripts Remix emits, and Razorpay's
 * checkout. Styles come from our stylesheet only (React sets the few dynamic ones through the
 * CSSOM, which a policy does not restrict); the checkout page alone allows inline styles, because
 * Razorpay's checkout.js writes its overlay's styles inline.
 */
export function documentPolicy({
  nonce,
  isHttps,
  dev = false,
  inlineStyles = false,
}: {
  nonce: string;
  isHttps: boolean;
  dev?: boolean;
  inlineStyles?: boolean;
}) {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${RAZORPAY_SCRIPT}`,
    inlineStyles || dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self'",
    "font-src 'self'",
    // Vite's live reload talks over a WebSocket while developing.
    `connect-src 'self' ${RAZORPAY_API}${dev ? " ws: wss:" : ""}`,
    `frame-src ${RAZORPAY_API}`,
    // The contact form without JavaScript posts here and is redirected to a WhatsApp chat.
    `form-action 'self' ${RAZORPAY_API} ${WHATSAPP}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ];
  if (isHttps) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The policy of anything that is not a page: nothing may load, nothing may frame it. */
export const NON_DOCUMENT_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Pages that show one person's data: no cache (a browser's back button included) may keep them.
 * Routes match paths in any case (`/ORDER/1` is `/order/1`), so this does too.
 */
const PRIVATE_PATHS =
  /^\/(cart|checkout|order|userOrders|addresses|admin|account|billing|login|signup)(\/|\.data$|$)/i;
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * A page rendered for a session or with a toast (the account menu, the cart's count, a message), or
 * for the shopper's delivery PIN (a product page's delivery estimate names it: where they live).
 */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:(?:__Host-)?(?:session|toast)|pin)=/;
export const PERSONAL_CACHE_CONTROL = "private, no-cache";

/**
 * Marks the answer to a private page `Cache-Control: private, no-store`. Any other page rendered
 * for a request with a session, a toast or a delivery PIN gets `private, no-cache`: no shared cache
 * may keep it for someone else. (Anonymous catalogue pages are rendered without those cookies and carry the
 * page cache's public policy.)
 */
export function applyPrivateCaching(request: Request, headers: Headers) {
  if (PRIVATE_PATHS.test(new URL(request.url).pathname))
    headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  else if (PERSONAL_COOKIE.test(request.headers.get("Cookie") ?? ""))
    headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
}

/** The headers every response carries, whatever it is. */
export function commonSecurityHeaders(isHttps: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": `camera=(), microphone=(), geolocation=(), usb=(), payment=(self "${RAZORPAY_API}")`,
  };
  if (isHttps) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/**
 * Headers a route may set stricter than the default, whose own value then stands: the reset-password
 * page sends `Referrer-Policy: same-origin`, so that its token never leaves for another site.
 */
const ROUTE_MAY_TIGHTEN = new Set(["referrer-policy"]);

/** Sets the common headers (and, when missing, `policy`) on a Response's headers. */
export function applySecurityHeaders(
  headers: Headers,
  options: { isHttps: boolean; policy?: string },
) {
  for (const [name, value] of Object.entries(commonSecurityHeaders(options.isHttps))) {
    if (ROUTE_MAY_TIGHTEN.has(name.toLowerCase()) && headers.has(name)) continue;
    headers.set(name, value);
  }
  if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", options.policy ?? NON_DOCUMENT_POLICY);
  }
}

type RequestStart = { request: IncomingMessage; response: ServerResponse; socket: Socket };

const installed = globalThis as unknown as { __shopSecurityHook?: { isHttps: boolean } };

/**
 * Hooks Node's HTTP server (through its public `http.server.request.start` diagnostics channel)
 * so that every response of this process, whoever wrote it, gets the security headers it lacks,
 * and records the TCP peer address for per-address login throttling. Idempotent.
 */
export function installSecurityHeaderHook({ isHttps }: { isHttps: boolean }) {
  if (installed.__shopSecurityHook) {
    installed.__shopSecurityHook.isHttps = isHttps;
    return;
  }
  const state = { isHttps };
  installed.__shopSecurityHook = state;
  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const { request, response, socket } = message as RequestStart;
    // Overwritten on every request, so a client cannot choose it.
    request.headers[SOCKET_ADDRESS_HEADER] = socket.remoteAddress ?? "";
    const writeHead = response.writeHead;
    response.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
      if (!this.headersSent) {
        for (const [name, value] of Object.entries(commonSecurityHeaders(state.isHttps))) {
          if (!this.hasHeader(name)) this.setHeader(name, value);
        }
        if (!this.hasHeader("Content-Security-Policy"))
          this.setHeader("Content-Security-Policy", NON_DOCUMENT_POLICY);
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
  });
  markSocketAddressKnown();
}
