import { getEnv } from "./env.server";

const BASE = "http://shop.invalid";

/**
 * The one check for a redirect target that came from a request (a `redirectTo` field or query
 * parameter, a Referer): a path on this site, or `fallback`. The target is normalised first, as a
 * browser would (dot segments, backslashes, tabs), and the normalised path is what is checked and
 * returned, so "/.//evil.example", "/%2e//x" and "/\evil.example" cannot become "//evil.example".
 */
export function safeRedirectPath(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

/**
 * Where the form that was posted came from, when that page is on this site and is a safe target
 * (see safeRedirectPath); else `fallback`.
 */
export function refererPath(request: Request, fallback: string): string {
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    const ours =
      from.origin === new URL(request.url).origin ||
      from.origin === new URL(getEnv().PUBLIC_URL).origin;
    return ours ? safeRedirectPath(from.pathname + from.search, fallback) : fallback;
  } catch {
    return fallback;
  }
}
