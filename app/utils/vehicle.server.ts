import { preferenceCookie } from "./preference-cookie.server";

/** The shopper's vehicle (a vehicle slug), remembered for a year without an account. */
const vehicleCookie = preferenceCookie("vehicle");

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
