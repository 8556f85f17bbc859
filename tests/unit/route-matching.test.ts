// The server's route matching keeps ranked branches and the branch each path matched
// (patches/@remix-run+router): a path matched again gives what the full scan gave, in new objects.
import { matchRoutes, type AgnosticRouteObject as RouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

const routes: RouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "product", path: "product/:id" },
      { id: "cart", path: "cart" },
      { id: "brand", path: ":brand" },
      { id: "splat", path: "*" },
    ],
  },
];

const summary = (path: string) =>
  matchRoutes(routes, path)?.map((m) => `${m.route.id} ${JSON.stringify(m.params)}`) ?? null;

describe("route matching on the server", () => {
  it("gives the same matches for a path the second time, in objects of its own", () => {
    const paths = ["/", "/product/7", "/product/8", "/cart", "/arb", "/a/b/c", "/product/7/x"];
    const first = paths.map(summary);
    expect(first).toEqual([
      ["root {}", "index {}"],
      ['root {"id":"7"}', 'product {"id":"7"}'],
      ['root {"id":"8"}', 'product {"id":"8"}'],
      ["root {}", "cart {}"],
      ['root {"brand":"arb"}', 'brand {"brand":"arb"}'],
      ['root {"*":"a/b/c"}', 'splat {"*":"a/b/c"}'],
      ['root {"*":"product/7/x"}', 'splat {"*":"product/7/x"}'],
    ]);
    expect(paths.map(summary)).toEqual(first);

    const a = matchRoutes(routes, "/product/7")!;
    const b = matchRoutes(routes, "/product/7")!;
    expect(b).not.toBe(a);
    expect(b[1].params).not.toBe(a[1].params);
    (a[1].params as Record<string, string>).id = "changed";
    expect(matchRoutes(routes, "/product/7")![1].params.id).toBe("7");
  });

  it("sees a new routes array as new routes", () => {
    expect(summary("/cart")).toEqual(["root {}", "cart {}"]);
    const other: RouteObject[] = [{ id: "only", path: "cart" }];
    expect(matchRoutes(other, "/cart")?.map((m) => m.route.id)).toEqual(["only"]);
    expect(matchRoutes(other, "/product/7")).toBeNull();
  });
});
