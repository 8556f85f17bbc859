import crypto from "node:crypto";
import type { Executor } from "~/db/db.server";
import type { Role } from "~/db/schema";
import { isUniqueViolation } from "~/db/unique-violation";
import { COMMON_PASSWORD, isCommonPassword } from "~/utils/common-passwords.server";
import {
  DEFAULT_COST,
  hashPassword,
  needsRehash,
  verifyPassword,
  type ScryptCost,
} from "~/utils/password.server";
import {
  beginLoginAttempt,
  loginFailed,
  loginSucceeded,
  tooManyAttemptsMessage,
} from "./login-throttle.server";
import { addressKey, retryText, takeAll, type Limit } from "./throttle.server";

/** What the rest of the shop may know about a user: never the password hash. */
export type PublicUser = { id: number; email: string; role: Role };

export const INVALID_LOGIN = "Invalid e-mail or password.";
export const EMAIL_TAKEN = "An account with this e-mail already exists.";

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function getUserById(db: Executor, id: number): Promise<PublicUser | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "role"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

export async function getUserByEmail(db: Executor, email: string): Promise<PublicUser | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "role"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", normalizeEmail(email)))
    .executeTakeFirst();
  return row ?? null;
}

export type CreateUserResult =
  | { ok: true; user: PublicUser }
  | { ok: false; field: "email"; error: typeof EMAIL_TAKEN }
  | { ok: false; field: "password"; error: typeof COMMON_PASSWORD };

/** A new customer (or admin) account; the e-mail is stored lower-cased; a common password is refused. */
export async function createUser(
  db: Executor,
  input: { email: string; password: string; role?: Role },
  cost: ScryptCost = DEFAULT_COST,
): Promise<CreateUserResult> {
  const email = normalizeEmail(input.email);
  if (await isCommonPassword(input.password))
    return { ok: false, field: "password", error: COMMON_PASSWORD };
  if (await getUserByEmail(db, email)) return { ok: false, field: "email", error: EMAIL_TAKEN };
  const passwordHash = await hashPassword(input.password, cost);
  try {
    const user = await db
      .insertInto("users")
      .values({ email, password_hash: passwordHash, role: input.role ?? "customer" })
      .returning(["id", "email", "role"])
      .executeTakeFirstOrThrow();
    return { ok: true, user };
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error, "users", ["email", "users_email_lower"])) {
      return { ok: false, field: "email", error: EMAIL_TAKEN };
    }
    throw error;
  }
}

/** Sign-ups per client address, and for the whole shop: each one costs a full password hash. */
export const SIGNUP_PER_ADDRESS: Limit = { limit: 10, windowMs: 60 * 60 * 1000 };
export const SIGNUP_OVERALL: Limit = { limit: 120, windowMs: 10 * 60 * 1000 };

export type SignUpResult =
  CreateUserResult | { ok: false; field: null; error: string; retryAfterMs: number };

/** A shopper's sign-up: createUser under the sign-up throttle (throws PasswordHashingBusy when the hash queue is full). */
export async function signUp(
  db: Executor,
  input: { email: string; password: string; clientAddress?: string | null },
  options: { now?: Date; cost?: ScryptCost } = {},
): Promise<SignUpResult> {
  const checks = [{ bucket: "signup", key: "all", rule: SIGNUP_OVERALL }];
  const address = addressKey(input.clientAddress);
  if (address) checks.push({ bucket: "signup-address", key: address, rule: SIGNUP_PER_ADDRESS });
  const allowed = await db.transaction().execute((trx) => takeAll(trx, checks, options.now));
  if (!allowed.ok) {
    return {
      ok: false,
      field: null,
      error: `Too many sign-ups. Try again in ${retryText(allowed.retryAfterMs)}.`,
      retryAfterMs: allowed.retryAfterMs,
    };
  }
  return createUser(db, { email: input.email, password: input.password }, options.cost);
}

/** Ends every session and API token of a user (all of them, or all but the session `keepSessionId`, a SHA-256 id). */
export async function endUserSessions(
  db: Executor,
  userId: number,
  keepSessionId?: string,
): Promise<void> {
  let sessions = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepSessionId) sessions = sessions.where("id", "!=", keepSessionId);
  await sessions.execute();
  await db
    .updateTable("api_tokens")
    .set({ revoked_at: new Date().toISOString() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

/**
 * Creates the admin account, or sets its password and role when the e-mail exists. A changed
 * password ends that admin's sessions and API tokens.
 */
export async function ensureAdmin(
  db: Executor,
  input: { email: string; password: string },
  cost: ScryptCost = DEFAULT_COST,
): Promise<{ user: PublicUser; created: boolean }> {
  const existing = await db
    .selectFrom("users")
    .select(["id", "password_hash", "role"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", normalizeEmail(input.email)))
    .executeTakeFirst();
  if (!existing) {
    const result = await createUser(db, { ...input, role: "admin" }, cost);
    if (!result.ok) throw new Error(result.error);
    return { user: result.user, created: true };
  }
  const same =
    !needsRehash(existing.password_hash, cost) &&
    (await verifyPassword(input.password, existing.password_hash));
  const user = await db
    .updateTable("users")
    .set({
      role: "admin",
      ...(same ? {} : { password_hash: await hashPassword(input.password, cost) }),
    })
    .where("id", "=", existing.id)
    .returning(["id", "email", "role"])
    .executeTakeFirstOrThrow();
  if (!same) await endUserSessions(db, user.id);
  return { user, created: false };
}

export type LoginResult =
  | { status: "ok"; user: PublicUser }
  | { status: "invalid"; message: typeof INVALID_LOGIN }
  | { status: "throttled"; message: string; waitMs: number; scope: "account" | "address" };

/** Stands in for the hash of an unknown e-mail, so a wrong e-mail costs what a wrong password does. */
function decoyHash(cost: ScryptCost) {
  const random = (n: number) => crypto.randomBytes(n).toString("base64");
  return ["scrypt", cost.N, cost.r, cost.p, random(16), random(32)].join("$");
}

/**
 * Checks an e-mail and password under the login throttle (login-throttle.server.ts): repeated
 * failures make the next attempt wait, except the right password from an address the account has
 * logged in from. A wrong e-mail and a wrong password give the same answer in about the same time.
 */
export async function verifyLogin(
  db: Executor,
  input: { email: string; password: string; clientAddress?: string | null },
  options: { now?: Date; cost?: ScryptCost } = {},
): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  const cost = options.cost ?? DEFAULT_COST;
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "role", "password_hash"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .executeTakeFirst();
  const keys = { email, address: input.clientAddress, userId: row?.id ?? null };
  const attempt = await beginLoginAttempt(db, keys, options.now);
  if (attempt.throttled) {
    return {
      status: "throttled",
      message: tooManyAttemptsMessage(attempt.waitMs),
      waitMs: attempt.waitMs,
      scope: attempt.scope,
    };
  }
  const matches = await verifyPassword(input.password, row?.password_hash ?? decoyHash(cost));
  if (!row || !matches) {
    await loginFailed(db, attempt.attemptIds, options.now);
    return { status: "invalid", message: INVALID_LOGIN };
  }

  await loginSucceeded(db, { ...keys, userId: row.id }, attempt.attemptIds, options.now);
  if (needsRehash(row.password_hash, cost)) {
    const passwordHash = await hashPassword(input.password, cost);
    await db
      .updateTable("users")
      .set({ password_hash: passwordHash })
      .where("id", "=", row.id)
      .execute();
  }
  return { status: "ok", user: { id: row.id, email: row.email, role: row.role } };
}

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";
export const SAME_PASSWORD = "Choose a new password, not the one you have now.";

export type ChangePasswordResult =
  { ok: true } | { ok: false; field: "currentPassword" | "newPassword"; error: string };

/**
 * Sets a new password after checking the current one (the same password again is refused); every
 * other session and API token of the user ends (`keepSessionId`, the SHA-256 id of the session
 * asking, stays).
 */
export async function changePassword(
  db: Executor,
  input: { userId: number; currentPassword: string; newPassword: string; keepSessionId?: string },
  cost: ScryptCost = DEFAULT_COST,
): Promise<ChangePasswordResult> {
  const row = await db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", input.userId)
    .executeTakeFirst();
  if (!row || !(await verifyPassword(input.currentPassword, row.password_hash))) {
    return { ok: false, field: "currentPassword", error: WRONG_CURRENT_PASSWORD };
  }
  // Checked once the current password is known to be right: before that, a new password equal
  // to what was typed as the current one says nothing about the password the account has.
  if (input.newPassword === input.currentPassword)
    return { ok: false, field: "newPassword", error: SAME_PASSWORD };
  if (await isCommonPassword(input.newPassword))
    return { ok: false, field: "newPassword", error: COMMON_PASSWORD };
  const passwordHash = await hashPassword(input.newPassword, cost);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash })
      .where("id", "=", input.userId)
      .execute();
    await endUserSessions(trx, input.userId, input.keepSessionId);
  });
  return { ok: true };
}
