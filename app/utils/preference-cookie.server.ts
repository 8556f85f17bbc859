import { createCookie, type Cookie } from "@remix-run/node";
import { rememberParsed } from "./cookie-memo.server";
import { getEnv } from "./env.server";

/**
 * A shopper's preference kept without an account (the vehicle, the delivery PIN): a year long,
 * unreadable by scripts, made on first use (secure when the shop is on https). Only a preference:
 * its value is checked wherever it is read.
 */
export function preferenceCookie(name: string): () => Cookie {
  let cookie: Cookie | undefined;
  return () =>
    (cookie ??= rememberParsed(
      createCookie(name, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: getEnv().isHttps,
        maxAge: 60 * 60 * 24 * 365,
      }),
    ));
}
