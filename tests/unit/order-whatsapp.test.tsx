// The order page's WhatsApp line as the server renders it: a plain form that stops the updates.
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { OrderFacts } from "~/components/admin/order-detail";
import { OrderWhatsApp } from "~/components/order-whatsapp";
import type { AdminOrderView } from "~/models/order/index.server";

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

describe("the admin's order facts", () => {
  const order = {
    email: "alice@example.com",
    createdAt: "2026-11-20T10:00:00.000Z",
    amountPaise: 150_000,
    razorpayPaymentId: null,
    trackingNumber: null,
    address: {
      fullName: "Alice Rao",
      phone: "9876543210",
      address1: "12 MG Road",
      address2: "",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
    },
  } as unknown as AdminOrderView;
  const facts = (whatsapp: "on" | "stopped" | null) =>
    text(renderToString(<OrderFacts order={order} whatsapp={whatsapp} />));

  it("say whether the shopper gets WhatsApp updates, or stopped them", () => {
    expect(facts("on")).toContain("WhatsApp updatesOn (agreed at checkout)");
    expect(facts("stopped")).toContain("WhatsApp updatesStopped by the shopper");
    expect(facts(null)).not.toContain("WhatsApp");
  });
});
