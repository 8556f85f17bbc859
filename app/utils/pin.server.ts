import { preferenceCookie } from "./preference-cookie.server";

/** The shopper's delivery PIN, remembered for a year without an account (like the vehicle). */
const pinCookie = preferenceCookie("pin");

export async function readPin(request: Request): Promise<string | null> {
  const value = await pinCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[1-9]\d{5}$/.test(value) ? value : null;
}

/** A Set-Cookie value that remembers a valid PIN. */
export async function pinCookieHeader(pin: string): Promise<string> {
  return pinCookie().serialize(pin);
}
