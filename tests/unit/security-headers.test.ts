import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress, SOCKET_ADDRESS_HEADER } from "~/utils/http.server";
import {
  applySecurityHeaders,
  createNonce,
  documentPolicy,
  installSecurityHeaderHook,
  NON_DOCUMENT_POLICY,
} from "~/utils/security-headers.server";

let server: http.Server;
let base: string;
const seen: Record<string, string | undefined> = {};

beforeAll(async () => {
  installSecurityHeaderHook({ isHttps: true });
  server = http.createServer((req, res) => {
    seen.address = req.headers[SOCKET_ADDRESS_HEADER] as string | undefined;
    if (req.url === "/page") {
      res.setHeader("Content-Security-Policy", documentPolicy({ nonce: "abc", isHttps: true }));
      res.setHeader("Content-Type", "text/html");
      res.end("<p>page</p>");
    } else if (req.url === "/own-nosniff") {
      res.writeHead(200, {
        "X-Content-Type-Options": "nosniff",
        "Content-Type": "application/json",
      });
      res.end("{}");
    } else {
      res.statusCode = 303;
      res.setHeader("Location", "/");
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("security headers on every response", () => {
  it("fills in the headers a response lacks, whoever wrote it (a bare redirect here)", async () => {
    const res = await fetch(base + "/somewhere", { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("content-security-policy")).toBe(NON_DOCUMENT_POLICY);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d{8}/);
  });

  it("keeps a page's own policy and never doubles a header", async () => {
    const page = await fetch(base + "/page");
    expect(page.headers.get("content-security-policy")).toContain("'nonce-abc'");
    const own = await fetch(base + "/own-nosniff");
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("records the peer address itself, whatever the client sends", async () => {
    await fetch(base + "/x", {
      headers: { [SOCKET_ADDRESS_HEADER]: "6.6.6.6" },
      redirect: "manual",
    });
    expect(seen.address).toBe("127.0.0.1");
    const request = new Request("http://shop/login", {
      headers: { [SOCKET_ADDRESS_HEADER]: "127.0.0.1", "X-Forwarded-For": "203.0.113.5" },
    });
    expect(clientAddress(request, 0)).toBe("127.0.0.1");
    expect(clientAddress(request, 1)).toBe("203.0.113.5");
  });

  it("behind a proxy takes the address the proxy added, not one the client wrote", () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; Caddy appended the address it saw.
    const request = new Request("http://shop/login", {
      headers: { [SOCKET_ADDRESS_HEADER]: "127.0.0.1", "X-Forwarded-For": "6.6.6.6, 203.0.113.5" },
    });
    expect(clientAddress(request, 1)).toBe("203.0.113.5");
    // Two proxies: the CDN appended the client, the local proxy appended the CDN.
    const twice = new Request("http://shop/login", {
      headers: {
        [SOCKET_ADDRESS_HEADER]: "127.0.0.1",
        "X-Forwarded-For": "6.6.6.6, 203.0.113.5, 198.51.100.9",
      },
    });
    expect(clientAddress(twice, 2)).toBe("203.0.113.5");
  });
});

describe("applySecurityHeaders (pages and data answers of the app)", () => {
  it("keeps a route's own stricter Referrer-Policy (the reset-password page's same-origin)", () => {
    const own = new Headers({ "Referrer-Policy": "same-origin", "X-Frame-Options": "SAMEORIGIN" });
    applySecurityHeaders(own, { isHttps: false });
    expect(own.get("referrer-policy")).toBe("same-origin");
    // The others are the shop's whatever a route wrote.
    expect(own.get("x-frame-options")).toBe("DENY");
    const none = new Headers();
    applySecurityHeaders(none, { isHttps: false });
    expect(none.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(none.get("content-security-policy")).toBe(NON_DOCUMENT_POLICY);
  });
});

describe("the page policy", () => {
  const policy = documentPolicy({ nonce: "n0nce", isHttps: false });
  const directive = (name: string) => policy.split("; ").find((d) => d.startsWith(name + " "));

  it("allows our own scripts, the nonce and Razorpay's checkout, and nothing inline without the nonce", () => {
    expect(directive("script-src")).toBe(
      "script-src 'self' 'nonce-n0nce' https://checkout.razorpay.com https://cdn.razorpay.com",
    );
    expect(directive("frame-src")).toBe("frame-src https://api.razorpay.com");
    expect(directive("connect-src")).toBe("connect-src 'self' https://api.razorpay.com");
    expect(directive("form-action")).toBe(
      "form-action 'self' https://api.razorpay.com https://wa.me https://api.whatsapp.com",
    );
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive("object-src")).toBe("object-src 'none'");
    expect(directive("img-src")).toBe("img-src 'self'");
    expect(directive("default-src")).toBe("default-src 'self'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(documentPolicy({ nonce: "x", isHttps: true })).toContain("upgrade-insecure-requests");
  });

  it("allows no inline style except on the checkout, where Razorpay's overlay writes its own", () => {
    expect(directive("style-src")).toBe("style-src 'self' 'nonce-n0nce'");
    expect(policy).not.toContain("unsafe-inline");
    expect(documentPolicy({ nonce: "x", isHttps: false, inlineStyles: true })).toContain(
      "style-src 'self' 'unsafe-inline'",
    );
  });
});

describe("createNonce", () => {
  it("gives 128 random bits in base64, never the same twice across refills of its pool", () => {
    const nonces = Array.from({ length: 1000 }, createNonce);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
