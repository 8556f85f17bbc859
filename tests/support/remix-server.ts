import { createRequestHandler, type HandleErrorFunction, type ServerBuild } from "@remix-run/node";

type ServerRouteModule = ServerBuild["routes"][string]["module"];

/**
 * Remix's own request handler (the one server.mjs runs) over the given route modules, with the
 * app's handleError: what Remix itself answers, and logs, for a method a route does not take or
 * a URL that only a splat route claims. `routes`: route id -> its path (as flat routes makes it,
 * `api/v1/product/:id`, `*`) and its module. A page renders as an empty body with Remix's status.
 */
export function remixHandler(
  routes: Record<string, { path: string; module: object }>,
  handleError: HandleErrorFunction,
) {
  const manifest: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: { default: () => null } as ServerRouteModule },
  };
  const assets: ServerBuild["assets"]["routes"] = { root: entryRoute("root", undefined, {}) };
  for (const [id, route] of Object.entries(routes)) {
    const module = route.module as ServerRouteModule;
    manifest[id] = { id, parentId: "root", path: route.path, module };
    assets[id] = entryRoute(id, "root", route.module);
  }
  const build: ServerBuild = {
    mode: "production",
    entry: {
      module: {
        default: (_request, status, headers) => new Response(null, { status, headers }),
        handleError,
      },
    },
    routes: manifest,
    assets: { entry: { imports: [], module: "" }, routes: assets, url: "", version: "test" },
    publicPath: "/assets/",
    assetsBuildDirectory: "",
    future: { v3_singleFetch: true } as ServerBuild["future"],
    isSpaMode: false,
  };
  return createRequestHandler(build, "production");
}

function entryRoute(id: string, parentId: string | undefined, module: object) {
  const has = (name: string) => typeof (module as Record<string, unknown>)[name] === "function";
  return {
    id,
    parentId,
    module: "",
    hasAction: has("action"),
    hasLoader: has("loader"),
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
  };
}
