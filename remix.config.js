/**
 * Remix options, handed to the `remix()` Vite plugin by vite.config.ts.
 * Every v3 future flag is on so a later move to React Router 7 is cheap.
 * @type {import('@remix-run/dev').VitePluginConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  // Tests build into their own folder so parallel runs never overwrite each other.
  buildDirectory: process.env.REMIX_BUILD_DIR || "build",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
  },
};
