import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "~/db/schema";

export const newsletterSchema = z.object({
  email: z
    .string({ required_error: "Enter your e-mail address" })
    .trim()
    .min(1, "Enter your e-mail address")
    .max(254, "Enter a valid e-mail address")
    .email("Enter a valid e-mail address")
    .transform((v) => v.toLowerCase()),
});

/** Stores a sign-up once per address; answers whether it was new. */
export async function subscribeNewsletter(
  db: Kysely<DB>,
  email: string,
): Promise<"created" | "exists"> {
  const result = await db
    .insertInto("newsletter_subscribers")
    .values({ email })
    .onConflict((oc) => oc.column("email").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? "created" : "exists";
}
