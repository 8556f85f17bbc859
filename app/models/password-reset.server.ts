import type { Executor } from "~/db/db.server";
import { COMMON_PASSWORD, isCommonPassword } from "~/utils/common-passwords.server";
import { securityEvent } from "~/utils/log.server";
import { DEFAULT_COST, hashPassword, type ScryptCost } from "~/utils/password.server";
import { newToken, TOKEN_SHAPE, tokenHash } from "~/utils/secret-token.server";
import { enqueueMessage } from "./outbox.server";
import { addressKey, retryText, take, type Limit } from "./throttle.server";
import { endUserSessions } from "./user.server";

/**
 * Password reset: a random token goes out by mail (through the outbox) and only its SHA-256 is
 * stored; it works once, for RESET_MINUTES. Asking gives the same answer whether or not the e-mail
 * has an account. Using it sets the password and ends every session and API token of the user.
 */

export const RESET_MINUTES = 30;
/** Reset mails per e-mail address (beyond it, the same answer and no mail). */
export const FORGOT_PER_EMAIL: Limit = { limit: 3, windowMs: 3600_000 };
/** Requests per client address (beyond it, 429 whatever the e-mail). */
export const FORGOT_PER_ADDRESS: Limit = { limit: 20, windowMs: 3600_000 };

export const FORGOT_ANSWER =
  "If an account exists for that e-mail, we have sent a link to reset its password. It works for 30 minutes.";
export const RESET_INVALID =
  "This reset link is invalid, was already used or has expired. Ask for a new one.";

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export type ForgotResult =
  { ok: true; sent: boolean } | { ok: false; retryAfterMs: number; message: string };

/**
 * Asks for a reset mail, and writes the security log line either way. `sent` is for tests only:
 * callers answer FORGOT_ANSWER whenever the result is ok.
 */
export async function requestPasswordReset(
  db: Executor,
  input: { email: string; clientAddress?: string | null },
  now: Date = new Date(),
): Promise<ForgotResult> {
  const result = await askForReset(db, input, now);
  const address = input.clientAddress ?? undefined;
  if (result.ok) securityEvent("password.reset_requested", { email: input.email, address });
  else securityEvent("password.reset_throttled", { address });
  return result;
}

async function askForReset(
  db: Executor,
  input: { email: string; clientAddress?: string | null },
  now: Date,
): Promise<ForgotResult> {
  const email = normalizeEmail(input.email);
  return db.transaction().execute(async (trx): Promise<ForgotResult> => {
    const from = addressKey(input.clientAddress);
    if (from) {
      const allowed = await take(trx, "forgot-address", from, FORGOT_PER_ADDRESS, now);
      if (!allowed.ok) {
        return {
          ok: false,
          retryAfterMs: allowed.retryAfterMs,
          message: `Too many requests. Try again in ${retryText(allowed.retryAfterMs)}.`,
        };
      }
    }
    const perEmail = await take(trx, "forgot-email", email, FORGOT_PER_EMAIL, now);
    if (!perEmail.ok) return { ok: true, sent: false };
    const user = await trx
      .selectFrom("users")
      .select(["id", "email"])
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
      .executeTakeFirst();
    if (!user) return { ok: true, sent: false };
    const token = newToken();
    await trx
      .insertInto("password_resets")
      .values({
        user_id: user.id,
        token_hash: tokenHash(token),
        expires_at: new Date(now.getTime() + RESET_MINUTES * 60_000).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    await enqueueMessage(trx, {
      channel: "email",
      recipient: user.email,
      payload: { kind: "password_reset", email: user.email, token, minutes: RESET_MINUTES },
      userId: user.id,
      now,
    });
    return { ok: true, sent: true };
  });
}

/** Whether a token from a link can still be used (for the reset page's loader). */
export async function resetTokenUsable(
  db: Executor,
  token: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false;
  const row = await db
    .selectFrom("password_resets")
    .select("id")
    .where("token_hash", "=", tokenHash(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Boolean(row);
}

export type ResetResult =
  | { ok: true; userId: number; email: string }
  | { ok: false; field: "token" | "password"; error: string };

/**
 * Sets a new password with a reset token, once: the token and every other open token of the user
 * stop working, and every session and API token of the user ends. Throws PasswordHashingBusy when
 * the hashing queue is full (nothing is used up then).
 */
export async function resetPassword(
  db: Executor,
  input: { token: string; password: string },
  options: { now?: Date; cost?: ScryptCost } = {},
): Promise<ResetResult> {
  const now = options.now ?? new Date();
  if (!(await resetTokenUsable(db, input.token, now))) {
    return { ok: false, field: "token", error: RESET_INVALID };
  }
  if (await isCommonPassword(input.password)) {
    return { ok: false, field: "password", error: COMMON_PASSWORD };
  }
  const passwordHash = await hashPassword(input.password, options.cost ?? DEFAULT_COST);
  return db.transaction().execute(async (trx): Promise<ResetResult> => {
    // Guarded by used_at and expires_at: two tabs with one link set the password once.
    const used = await trx
      .updateTable("password_resets")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", tokenHash(input.token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .returning("user_id")
      .executeTakeFirst();
    if (!used) return { ok: false, field: "token", error: RESET_INVALID };
    const user = await trx
      .updateTable("users")
      .set({ password_hash: passwordHash })
      .where("id", "=", used.user_id)
      .returning(["id", "email"])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("password_resets")
      .set({ used_at: now.toISOString() })
      .where("user_id", "=", user.id)
      .where("used_at", "is", null)
      .execute();
    await endUserSessions(trx, user.id);
    return { ok: true, userId: user.id, email: user.email };
  });
}
