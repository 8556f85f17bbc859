// The order page's WhatsApp line as the server renders it: a plain form that stops the updates.
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { OrderWhatsApp } from "~/components/order-whatsapp";

async function render(updates: "on" | "stopped" | null) {
  const routes = [
    {
      id: "order",
      path: "/order/:id",
      Component: () => <OrderWhatsApp orderId={7} updates={updates} />,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/order/7"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "");

describe("the order page's WhatsApp updates", () => {
  it("asked for at checkout: a form posted to the order's /whatsapp, without JavaScript too", async () => {
    const html = await render("on");
    expect(html).toMatch(/<form method="post" action="\/order\/7\/whatsapp"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Stop WhatsApp updates<\/button>/);
  });

  it("stopped: says so, with no button; never asked: nothing", async () => {
    expect(text(await render("stopped"))).toBe("WhatsApp updates for this order are stopped.");
    expect(await render(null)).toBe("");
  });
});
