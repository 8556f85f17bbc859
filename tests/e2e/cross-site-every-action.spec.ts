// Every page action, found by reading app/routes (whoever adds one later), gets a form post from
// another site against the running server: 403, never a 500 or a change. No browser: once, in `js`.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server test, no page");

const ROUTES = path.resolve("app/routes");
// Other sites post here by design (Razorpay's redirect after a payment).
const EXEMPT = new Set(["checkout_.callback"]);

/** The route files (not under api.v1) that export an action. */
function pageActions(): string[] {
  return fs
    .readdirSync(ROUTES)
    .filter((f) => /\.(tsx?|jsx?)$/.test(f) && !f.startsWith("api.v1."))
    .filter((f) =>
      /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/.test(
        fs.readFileSync(path.join(ROUTES, f), "utf8"),
      ),
    )
    .map((f) => f.replace(/\.(tsx?|jsx?)$/, ""))
    .filter((name) => !EXEMPT.has(name));
}

/** A concrete URL of a flat-routes name: `order_.$orderId.cancel` -> /order/1/cancel, `$` -> /x. */
function concreteUrl(name: string): string {
  const segments = name
    .split(".")
    .filter((s) => !s.startsWith("_") && s !== "_index")
    .map((s) =>
      s
        .replace(/_$/, "")
        .replace(/^\$\w+$/, "1")
        .replace(/^\$$/, "x")
        .replace(/^\[(.*)\]$/, "$1"),
    );
  return "/" + segments.join("/");
}

test("a cross-site form post to every page action answers 403, never 500", async ({ request }) => {
  const names = pageActions();
  // The enumeration found the actions it must (a broken pattern would silently test nothing).
  expect(names).toEqual(
    expect.arrayContaining([
      "login",
      "signup",
      "cart",
      "checkout",
      "admin.products.$id.edit",
      "order_.$orderId.cancel",
    ]),
  );
  const answers: string[] = [];
  for (const name of names) {
    for (const url of [concreteUrl(name), `${concreteUrl(name)}.data`]) {
      const res = await request.post(url, {
        headers: {
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        data: "intent=add&productId=1&quantity=1&email=a%40example.com&password=password-1",
        maxRedirects: 0,
      });
      answers.push(`${name} ${url} ${res.status()}`);
    }
  }
  expect(answers.filter((a) => !a.endsWith(" 403"))).toEqual([]);
});
