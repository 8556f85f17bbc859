import { getEnv } from "./env.server";

/**
 * The path (and query) of the page a form was posted from, when that page is on this site;
 * else null. Pass it through `safeRedirectPath` before redirecting to it.
 */
export function refererPath(request: Request): string | null {
  const referer = request.headers.get("Referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    const ours = from.origin === new URL(request.url).origin || from.origin === new URL(getEnv().PUBLIC_URL).origin;
    return ours ? from.pathname + from.search : null;
  } catch {
    return null;
  }
}
