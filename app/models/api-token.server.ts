import type { Executor } from "~/db/db.server";
import { newToken, tokenHash } from "~/utils/secret-token.server";
import type { PublicUser } from "./user.server";

/** Bearer tokens of the JSON API last this long unless revoked. */
export const API_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A new random token for the user; only its hash is stored. */
export async function issueApiToken(
  db: Executor,
  userId: number,
  options: { now?: Date; ttlMs?: number } = {},
): Promise<{ token: string; expiresAt: string }> {
  const now = options.now ?? new Date();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + (options.ttlMs ?? API_TOKEN_TTL_MS)).toISOString();
  await db
    .insertInto("api_tokens")
    .values({
      user_id: userId,
      token_hash: tokenHash(token),
      expires_at: expiresAt,
      created_at: now.toISOString(),
    })
    .execute();
  await pruneApiTokens(db, now);
  return { token, expiresAt };
}

/** The user a token belongs to, when it exists, has not expired and was not revoked. */
export async function userForApiToken(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<PublicUser | null> {
  if (!token) return null;
  const row = await db
    .selectFrom("api_tokens")
    .innerJoin("users", "users.id", "api_tokens.user_id")
    .select(["users.id", "users.email", "users.role"])
    .where("api_tokens.token_hash", "=", tokenHash(token))
    .where("api_tokens.revoked_at", "is", null)
    .where("api_tokens.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ?? null;
}

/** Revokes a token; true when it was live. */
export async function revokeApiToken(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable("api_tokens")
    .set({ revoked_at: now.toISOString() })
    .where("token_hash", "=", tokenHash(token))
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Drops tokens that expired or were revoked more than a day ago. */
export async function pruneApiTokens(db: Executor, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  await db
    .deleteFrom("api_tokens")
    .where((eb) => eb.or([eb("expires_at", "<", dayAgo), eb("revoked_at", "<", dayAgo)]))
    .execute();
}
