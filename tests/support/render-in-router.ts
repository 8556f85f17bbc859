import type { ReactElement } from "react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";

/**
 * The HTML a component renders on the server inside a router (Remix's `Form` and `Link` need
 * one), without a whole route module around it.
 */
export async function renderInRouter(element: ReactElement): Promise<string> {
  const handler = createStaticHandler([{ path: "/", element }]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error(`the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  );
}
