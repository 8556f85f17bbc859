import crypto from "node:crypto";
import type { Executor } from "~/db/db.server";
import type { Role } from "~/db/schema";
import { DEFAULT_COST, hashPassword, needsRehash, verifyPassword, type ScryptCost } from "~/utils/password.server";
import { beginLoginAttempt, forgetFailures, tooManyAttemptsMessage } from "./login-attempts.server";

/** What the rest of the shop may know about a user: never the password hash. */
export type PublicUser = { id: number; email: string; role: Role };

export const INVALID_LOGIN = "Invalid e-mail or password.";
export const EMAIL_TAKEN = "An account with this e-mail already exists.";

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function getUserById(db: Executor, id: number): Promise<PublicUser | null> {
  const row = await db.selectFrom("users").select(["id", "email", "role"]).where("id", "=", id).executeTakeFirst();
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

export type CreateUserResult = { ok: true; user: PublicUser } | { ok: false; error: typeof EMAIL_TAKEN };

/** A new customer (or admin) account; the e-mail is stored lower-cased. */
export async function createUser(
  db: Executor,
  input: { email: string; password: string; role?: Role },
  cost: ScryptCost = DEFAULT_COST,
): Promise<CreateUserResult> {
  const email = normalizeEmail(input.email);
  if (await getUserByEmail(db, email)) return { ok: false, error: EMAIL_TAKEN };
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
    if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) {
      return { ok: false, error: EMAIL_TAKEN };
    }
    throw error;
  }
}

/** Creates the admin account, or sets its password and role when the e-mail exists. */
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
  const same = !needsRehash(existing.password_hash, cost) && (await verifyPassword(input.password, existing.password_hash));
  const user = await db
    .updateTable("users")
    .set({
      role: "admin",
      ...(same ? {} : { password_hash: await hashPassword(input.password, cost) }),
    })
    .where("id", "=", existing.id)
    .returning(["id", "email", "role"])
    .executeTakeFirstOrThrow();
  return { user, created: false };
}

export type LoginResult =
  | { status: "ok"; user: PublicUser }
  | { status: "invalid"; message: typeof INVALID_LOGIN }
  | { status: "locked"; message: string; waitMs: number };

/** Stands in for the hash of an unknown e-mail, so a wrong e-mail costs what a wrong password does. */
function decoyHash(cost: ScryptCost) {
  const random = (n: number) => crypto.randomBytes(n).toString("base64");
  return ["scrypt", cost.N, cost.r, cost.p, random(16), random(32)].join("$");
}

/**
 * Checks an e-mail and password. Failed attempts are counted per account and per client
 * address; after too many the answer is "locked" (even for the right password) until the
 * window passes. A wrong e-mail and a wrong password give the same answer in about the same time.
 */
export async function verifyLogin(
  db: Executor,
  input: { email: string; password: string; clientAddress?: string | null },
  options: { now?: Date; cost?: ScryptCost } = {},
): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  const cost = options.cost ?? DEFAULT_COST;
  const attempt = await beginLoginAttempt(db, { email, address: input.clientAddress }, options.now);
  if (attempt.locked) {
    return { status: "locked", message: tooManyAttemptsMessage(attempt.waitMs), waitMs: attempt.waitMs };
  }
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "role", "password_hash"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .executeTakeFirst();
  const matches = await verifyPassword(input.password, row?.password_hash ?? decoyHash(cost));
  if (!row || !matches) return { status: "invalid", message: INVALID_LOGIN };

  await forgetFailures(db, email, attempt.attemptIds);
  if (needsRehash(row.password_hash, cost)) {
    const passwordHash = await hashPassword(input.password, cost);
    await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", row.id).execute();
  }
  return { status: "ok", user: { id: row.id, email: row.email, role: row.role } };
}
