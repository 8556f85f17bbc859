import { createCookie } from "@remix-run/node";
import { getEnv } from "./env.server";

/** The shopper's delivery PIN, remembered for a year without an account (like the vehicle). */
let cookie: ReturnType<typeof createCookie> | undefined;
function pinCookie() {
  const env = getEnv();
  cookie ??= createCookie("pin", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.isHttps,
    maxAge: 60 * 60 * 24 * 365,
  });
  return cookie;
}

export async function readPin(request: Request): Promise<string | null> {
  const value = await pinCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[1-9]\d{5}$/.test(value) ? value : null;
}

/** A Set-Cookie value that remembers a valid PIN. */
export async function pinCookieHeader(pin: string): Promise<string> {
  return pinCookie().serialize(pin);
}
