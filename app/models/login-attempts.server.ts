import type { Executor } from "~/db/db.server";

/** After this many failed logins in the window, further attempts are refused (429). */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type ThrottleKeys = { email: string; address?: string | null };
type Key = { kind: "email" | "address"; key: string };

function keysOf({ email, address }: ThrottleKeys): Key[] {
  const keys: Key[] = [{ kind: "email", key: email.toLowerCase() }];
  if (address) keys.push({ kind: "address", key: address });
  return keys;
}

/**
 * Milliseconds until a login for these keys is allowed again, or 0 when it is allowed now.
 * Locked while any key has MAX_FAILURES failures inside the window; it opens when the
 * oldest of those leaves it.
 */
export async function lockedForMs(db: Executor, keys: ThrottleKeys, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  let wait = 0;
  for (const { kind, key } of keysOf(keys)) {
    const row = await db
      .selectFrom("login_attempts")
      .select("created_at")
      .where("kind", "=", kind)
      .where("key", "=", key)
      .where("created_at", ">", since)
      .orderBy("created_at", "desc")
      .offset(MAX_FAILURES - 1)
      .limit(1)
      .executeTakeFirst();
    if (row) wait = Math.max(wait, Date.parse(row.created_at) + FAILURE_WINDOW_MS - now.getTime());
  }
  return Math.max(0, wait);
}

/**
 * Checks the lock and, when open, counts this attempt as a failure in the same transaction,
 * so parallel guesses see each other. Returns the attempt's row ids (forget them on success)
 * or the wait in milliseconds when locked.
 */
export async function beginLoginAttempt(
  db: Executor,
  keys: ThrottleKeys,
  now = new Date(),
): Promise<{ locked: true; waitMs: number } | { locked: false; attemptIds: number[] }> {
  return db.transaction().execute(async (trx) => {
    const waitMs = await lockedForMs(trx, keys, now);
    if (waitMs > 0) return { locked: true as const, waitMs };
    const attemptIds: number[] = [];
    for (const k of keysOf(keys)) {
      const row = await trx
        .insertInto("login_attempts")
        .values({ ...k, created_at: now.toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      attemptIds.push(row.id);
    }
    // Old rows are of no further use.
    await trx
      .deleteFrom("login_attempts")
      .where("created_at", "<", new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString())
      .execute();
    return { locked: false as const, attemptIds };
  });
}

/** After a successful login: the attempt was not a failure, and the account's count starts over. */
export async function forgetFailures(db: Executor, email: string, attemptIds: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (attemptIds.length > 0) await trx.deleteFrom("login_attempts").where("id", "in", attemptIds).execute();
    await trx
      .deleteFrom("login_attempts")
      .where("kind", "=", "email")
      .where("key", "=", email.toLowerCase())
      .execute();
  });
}

/** 'Too many attempts. Try again in N minutes.' (N rounded up, at least 1). */
export function tooManyAttemptsMessage(waitMs: number): string {
  return `Too many attempts. Try again in ${Math.max(1, Math.ceil(waitMs / 60_000))} minutes.`;
}
