// A page of search results past the last one (an old link, an edited URL) says that there are
// results and links back to them; "No results found." stays for a search that finds nothing. The
// page is rendered from its real loader, as the server renders it.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_LIMIT } from "~/models/catalog.server";
import SearchPage, { loader } from "~/routes/search";
import { loader as allProducts } from "~/routes/all-products";
import { loader as categoryPage } from "~/routes/category.$category";
import { insertCatalogFixture } from "../../support/catalog-fixture";
import { routeArgs } from "../../support/route";
import { type TestDb, withAppDb } from "../../support/db";

let t: TestDb;
beforeAll(async () => {
  t = await withAppDb({ SESSION_SECRET: "search-pages-secret-0123456789abcdef" });
  await insertCatalogFixture(t.db);
});
afterAll(async () => {
  await t.cleanup();
});

/** The search page at `url`: its loader's answer and its text and links as rendered. */
async function searchPage(url: string) {
  const handler = createStaticHandler([
    {
      id: "search",
      path: "/search",
      loader: ({ request }) => loader(routeArgs(request)),
      Component: SearchPage,
    },
  ]);
  const context = await handler.query(new Request(`http://shop.test${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  );
  const text = html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
  const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((m) => ({
    href: m[1].replace(/&amp;/g, "&"),
    text: m[2].replace(/<[^>]+>/g, ""),
  }));
  return { data: context.loaderData.search as Awaited<ReturnType<typeof loader>>, text, links };
}

describe("search pages", () => {
  it("past the last page: says how many results there are and links back to them", async () => {
    const first = await searchPage("/search?q=winch");
    const total = first.data.results.length;
    expect(total).toBeGreaterThan(1);
    expect(first.text).toContain(`${total} results`);

    const past = await searchPage("/search?q=winch&page=999");
    expect(past.data.results).toEqual([]);
    expect(past.text).not.toContain("No results found.");
    expect(past.text).toContain(`No more results: there are ${total} results for “winch”.`);
    expect(past.links).toContainEqual({ href: "/search?q=winch", text: "See the results" });
    // No "Previous results" to page 998, which is empty as well.
    expect(past.links.map((l) => l.href)).not.toContain("/search?q=winch&page=998");
  });

  it("a search that finds nothing says 'No results found.', on any page", async () => {
    for (const url of ["/search?q=zzqxnothing", "/search?q=zzqxnothing&page=3"]) {
      const page = await searchPage(url);
      expect(page.text).toContain("No results found.");
      expect(page.text).not.toContain("No more results");
      expect(page.links.map((l) => l.href)).not.toContain("/search?q=zzqxnothing&page=2");
    }
  });

  it("past the last of several pages: links back to that last page", async () => {
    const { id: category } = await t.db
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", "winches")
      .executeTakeFirstOrThrow();
    const { id: brand } = await t.db.selectFrom("brands").select("id").executeTakeFirstOrThrow();
    // Old products (not the shop's newest), so that the results span two pages.
    for (let i = 0; i < SEARCH_LIMIT; i++) {
      await t.db
        .insertInto("products")
        .values({
          slug: `extra-winch-${i}`,
          title: `Extra Trail Winch ${i}`,
          brand_id: brand,
          category_id: category,
          price_paise: 25_000_00,
          stock: 3,
          created_at: "2024-01-01T00:00:00.000Z",
        })
        .execute();
    }
    const second = await searchPage("/search?q=winch&page=2");
    expect(second.data.hasMore).toBe(false);
    const total = SEARCH_LIMIT + second.data.results.length;
    const past = await searchPage("/search?q=winch&page=9");
    expect(past.text).toContain(`No more results: there are ${total} results for “winch”.`);
    expect(past.links).toContainEqual({
      href: "/search?q=winch&page=2",
      text: "Back to the last page (2)",
    });
  });

  it("the product listings show their last page for a page past it", async () => {
    const request = (path: string) => new Request(`http://shop.test${path}`);
    const all = (await allProducts(routeArgs(request("/all-products?page=999")))) as {
      page: number;
      pageCount: number;
      items: unknown[];
    };
    expect(all.page).toBe(all.pageCount);
    expect(all.items.length).toBeGreaterThan(0);
    const category = (await categoryPage(
      routeArgs(request("/category/winches?page=999"), { category: "winches" }),
    )) as { page: number; pageCount: number; items: unknown[] };
    expect(category.page).toBe(category.pageCount);
    expect(category.items.length).toBeGreaterThan(0);
  });
});
