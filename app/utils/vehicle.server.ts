import { createCookie } from "@remix-run/node";
import { getEnv } from "./env.server";

/**
 * The shopper's vehicle (a vehicle slug), remembered for a year without an account.
 * Only a preference: the slug is checked against the catalogue wherever it is used.
 */
let cookie: ReturnType<typeof createCookie> | undefined;
function vehicleCookie() {
  const env = getEnv();
  cookie ??= createCookie("vehicle", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.isHttps,
    maxAge: 60 * 60 * 24 * 365,
  });
  return cookie;
}

export async function readVehicleSlug(request: Request): Promise<string | null> {
  const value = await vehicleCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[a-z0-9_-]{1,80}$/i.test(value) ? value : null;
}

/** A Set-Cookie value that remembers `slug`, or forgets the vehicle when it is null. */
export async function vehicleCookieHeader(slug: string | null): Promise<string> {
  return slug === null
    ? vehicleCookie().serialize("", { maxAge: 0 })
    : vehicleCookie().serialize(slug);
}
