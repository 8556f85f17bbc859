import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/utils/env.server";
import { isCrossSiteRequest } from "~/utils/http.server";
import { type TestDb, withAppDb } from "../../support/db";

const SHOP = "http://localhost:3000";

describe("isCrossSiteRequest", () => {
  const post = (headers: Record<string, string>, url = SHOP + "/cart") =>
    new Request(url, { method: "POST", headers });

  it("refuses a post whose Origin is another site, or null", () => {
    expect(isCrossSiteRequest(post({ Origin: "https://evil.example" }), SHOP)).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "http://localhost:3001" }), SHOP)).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "null" }), SHOP)).toBe(true);
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "cross-site" }), SHOP)).toBe(true);
    // No Origin (an old browser), but the form was on another site's page.
    expect(isCrossSiteRequest(post({ Referer: "https://evil.example/form" }), SHOP)).toBe(true);
    expect(isCrossSiteRequest(post({ Referer: `${SHOP}/product/1` }), SHOP)).toBe(false);
    expect(isCrossSiteRequest(post({ Referer: "not a url" }), SHOP)).toBe(false);
  });

  it("accepts the shop's own origin (PUBLIC_URL or the address it was sent to) and non-browser clients", () => {
    expect(isCrossSiteRequest(post({ Origin: SHOP }), SHOP)).toBe(false);
    expect(
      isCrossSiteRequest(
        post({ Origin: "https://shop.example" }, "https://shop.example/cart"),
        SHOP,
      ),
    ).toBe(false);
    expect(
      isCrossSiteRequest(post({ Origin: "https://shop.example" }), "https://shop.example"),
    ).toBe(false);
    expect(isCrossSiteRequest(post({}), SHOP)).toBe(false);
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "same-origin" }), SHOP)).toBe(false);
  });

  it("leaves reads alone", () => {
    expect(
      isCrossSiteRequest(
        new Request(SHOP + "/", { headers: { Origin: "https://evil.example" } }),
        SHOP,
      ),
    ).toBe(false);
  });
});

// Every action of every route, whoever wrote it, must refuse a cross-site form post before it does
// anything. Exempt: the payment callback and webhook (their senders are other sites by design);
// bearer-token API calls answer 401 without a token (a browser on another site has none).
const EXEMPT = new Set(["/checkout/callback", "/api/v1/webhooks/razorpay"]);
const routes = import.meta.glob<Record<string, unknown>>("../../../app/routes/**/*.{ts,tsx}");
const routeName = (file: string) => file.replace(/^.*\/app\/routes\//, "").replace(/\.tsx?$/, "");
/** The URL of a flat-routes file name: `checkout_.callback` -> /checkout/callback, `$id` -> 1. */
const routePath = (name: string) =>
  "/" +
  name
    .split(".")
    .filter((segment) => !segment.startsWith("_"))
    .map((segment) =>
      segment
        .replace(/_$/, "")
        .replace(/^\$(\w+)$/, "1")
        .replace(/^\$$/, "x"),
    )
    .join("/");

describe("cross-site form posts to every route action", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await withAppDb();
    process.env.SESSION_SECRET = "unit-test-secret-0123456789abcdef";
    delete process.env.PUBLIC_URL;
    resetEnvCache();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("are refused (403; 401 for a bearer-token API call without its token)", async () => {
    const checked: string[] = [];
    const accepted: string[] = [];
    for (const [file, load] of Object.entries(routes)) {
      const name = routeName(file);
      const path = routePath(name);
      if (EXEMPT.has(path)) continue;
      const mod = await load();
      if (typeof mod.action !== "function") continue;
      const body = new URLSearchParams({
        intent: "add",
        productId: "1",
        quantity: "1",
        email: "a@example.com",
        password: "password-1",
      });
      const request = new Request(SHOP + path, {
        method: "POST",
        body,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://evil.example",
          "Sec-Fetch-Site": "cross-site",
        },
      });
      let status: number;
      try {
        const res = await (mod.action as (a: ActionFunctionArgs) => Promise<unknown>)({
          request,
          params: { id: "1", "*": "x", orderId: "1", slug: "x" },
          context: {},
        });
        status =
          res instanceof Response
            ? res.status
            : ((res as { init?: ResponseInit })?.init?.status ?? 200);
      } catch (error) {
        status = error instanceof Response ? error.status : 500;
      }
      // A form can only POST; an API route that takes another method answers 405 (no body is read);
      // the API's catch-all answers 404 to every method, and does nothing.
      const allowed =
        name === "api.v1.$" ? [404] : name.startsWith("api.v1.") ? [401, 403, 405] : [403];
      if (!allowed.includes(status)) accepted.push(`${name} answered ${status}`);
      checked.push(name);
    }
    expect(
      accepted,
      "actions that accepted a cross-site post (call assertSameOrigin first)",
    ).toEqual([]);
    expect(checked).toEqual(
      expect.arrayContaining(["login", "signup", "logout", "api.v1.register", "api.v1.login"]),
    );
  });
});
