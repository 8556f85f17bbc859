import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "~/db/schema";
import { addressKey, retryText, take, type Limit } from "./throttle.server";

export const newsletterSchema = z.object({
  email: z
    .string({ required_error: "Enter your e-mail address" })
    .trim()
    .min(1, "Enter your e-mail address")
    .max(254, "Enter a valid e-mail address")
    .email("Enter a valid e-mail address")
    .transform((v) => v.toLowerCase()),
});

/** Sign-ups one client (IPv4 address or IPv6 /64) may send an hour. */
export const NEWSLETTER_PER_ADDRESS: Limit = { limit: 5, windowMs: 60 * 60 * 1000 };

/**
 * Stores a sign-up once per e-mail address, under a limit per client. Whether the address was
 * signed up before is not told: the answer is the same either way.
 */
export async function subscribeNewsletter(
  db: Kysely<DB>,
  email: string,
  { clientAddress, now }: { clientAddress?: string | null; now?: Date } = {},
): Promise<{ ok: true } | { ok: false; message: string; retryAfterMs: number }> {
  const key = addressKey(clientAddress);
  if (key) {
    const allowed = await take(db, "newsletter-address", key, NEWSLETTER_PER_ADDRESS, now);
    if (!allowed.ok) {
      return {
        ok: false,
        message: `Too many sign-ups. Try again in ${retryText(allowed.retryAfterMs)}.`,
        retryAfterMs: allowed.retryAfterMs,
      };
    }
  }
  await db
    .insertInto("newsletter_subscribers")
    .values({ email })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  return { ok: true };
}
