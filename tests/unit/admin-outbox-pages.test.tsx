// The admin's Messages page as Remix renders it on the server: its pages are links both ways.
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import AdminOutbox from "~/routes/admin.outbox";

async function render(url: string, page: number, pageCount: number) {
  const routes = [
    {
      id: "outbox",
      path: "/admin/outbox",
      loader: () => ({
        entries: [],
        counts: { waiting: 0, sent: 120, failed: 0 },
        status: new URL(url).searchParams.get("status"),
        page,
        pageCount,
      }),
      Component: AdminOutbox,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

describe("the Messages page's pages", () => {
  it("link back to the previous and first pages as well as on, keeping the status tab", async () => {
    const html = await render("http://localhost/admin/outbox?status=sent&page=2", 2, 3);
    expect(html).toContain("Previous");
    expect(hrefs(html)).toEqual(
      expect.arrayContaining(["/admin/outbox?status=sent", "/admin/outbox?status=sent&amp;page=3"]),
    );
  });
});
