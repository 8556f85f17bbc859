// Each page's error boundary, rendered by React Router as Remix renders it on the server: a loader
// that fails shows the spec's message for that page (SPEC section 8) with a way to try again; a 404
// the loader answered stays "Page not found".
import { renderToString } from "react-dom/server";
import { Outlet } from "react-router-dom";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary as RootBoundary } from "~/root";
import * as adminDashboard from "~/routes/admin.dashboard";
import * as adminProducts from "~/routes/admin.products";
import * as cart from "~/routes/cart";
import * as category from "~/routes/category.$category";
import * as home from "~/routes/_index";
import * as product from "~/routes/product.$id";
import * as userOrders from "~/routes/userOrders";
import * as vehicle from "~/routes/vehicles.$brand";

const PAGES: [string, { ErrorBoundary: () => JSX.Element }, string][] = [
  ["home", home, "Unable to fetch trending products."],
  ["a vehicle's page", vehicle, "Failed to load products."],
  ["a category", category, "Failed to load products"],
  ["the cart", cart, "Error loading cart"],
  ["a product", product, "Product load failed"],
  ["your orders", userOrders, "Failed to load orders."],
  ["the admin's products", adminProducts, "Failed to fetch products"],
  ["the admin's dashboard", adminDashboard, "Failed to fetch stats."],
];

/** The HTML of `/page?x=1` whose loader throws `thrown`, under a frame that rendered fine. */
async function render(Boundary: () => JSX.Element, thrown: unknown) {
  const routes = [
    {
      id: "frame",
      path: "/",
      Component: () => (
        <div id="frame">
          <Outlet />
        </div>
      ),
      children: [
        {
          id: "page",
          path: "page",
          loader: () => {
            throw thrown;
          },
          Component: () => <p>the page</p>,
          ErrorBoundary: Boundary,
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/page?x=1"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
  return { html, status: context.statusCode };
}

describe("a page that fails to load", () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  for (const [name, mod, message] of PAGES) {
    it(`${name} says '${message}' inside the frame, with a way to try again`, async () => {
      const { html, status } = await render(mod.ErrorBoundary, new Error("database is locked"));
      expect(status).toBe(500);
      expect(html).toMatch(/^<div id="frame">/);
      expect(html).toContain(
        `<h1 class="text-3xl font-bold">${message.replace("'", "&#x27;")}</h1>`,
      );
      expect(html).toContain('href="/page?x=1"');
      expect(html).not.toContain("database is locked");
    });

    it(`${name} answers a 404 as "Page not found"`, async () => {
      const { html, status } = await render(
        mod.ErrorBoundary,
        new Response(null, { status: 404, statusText: "Not Found" }),
      );
      expect(status).toBe(404);
      expect(html).toContain("Page not found");
      expect(html).not.toContain(message);
    });
  }

  it("anything else reaches the root's boundary: something went wrong, try again", async () => {
    const { html } = await render(() => <RootBoundary />, new Error("boom"));
    expect(html).toContain("Something went wrong");
    expect(html).toContain('href="/page?x=1"');
  });
});
