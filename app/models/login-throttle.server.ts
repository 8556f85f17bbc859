import type { Executor } from "~/db/db.server";
import {
  addressKey,
  eventsSince,
  forget,
  forgetIds,
  record,
  retryText,
  waitMs,
  type Limit,
} from "./throttle.server";

/**
 * Failed logins slow down further guesses instead of locking anyone out:
 * - per account, the first FREE_FAILURES failures cost nothing; after that each attempt waits
 *   1 s, 2 s, 4 s ... (at most 15 minutes) after the last failure. The right password from an
 *   address this account has logged in from before is never kept waiting, so an attacker can slow
 *   down a stranger's first login but never lock the owner out;
 * - per client address, a much higher limit (ADDRESS_LIMIT), because many shoppers share one
 *   address behind a mobile network's NAT.
 */
export const FREE_FAILURES = 5;
export const ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAX_DELAY_MS = 15 * 60 * 1000;
export const ADDRESS_LIMIT: Limit = { limit: 100, windowMs: 15 * 60 * 1000 };

const ACCOUNT = "login-account";
const ADDRESS = "login-address";

/** The wait an account owes after `failures` failures in a row. */
export function accountDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

export type LoginKeys = { email: string; address?: string | null; userId?: number | null };
export type LoginAttempt =
  | { throttled: true; waitMs: number; scope: "account" | "address" }
  | { throttled: false; attemptIds: number[] };

async function isKnownAddress(db: Executor, userId: number, address: string): Promise<boolean> {
  const row = await db
    .selectFrom("known_logins")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("address", "=", address)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Checks the throttles and, when the attempt may go on, counts it as a failure in the same
 * transaction (so parallel guesses see each other); a success takes it back (loginSucceeded).
 */
export async function beginLoginAttempt(
  db: Executor,
  keys: LoginKeys,
  now = new Date(),
): Promise<LoginAttempt> {
  const email = keys.email.toLowerCase();
  const address = addressKey(keys.address);
  return db.transaction().execute(async (trx): Promise<LoginAttempt> => {
    if (address) {
      const wait = await waitMs(trx, ADDRESS, address, ADDRESS_LIMIT, now);
      if (wait > 0) return { throttled: true, waitMs: wait, scope: "address" };
    }
    const failures = await eventsSince(trx, ACCOUNT, email, ACCOUNT_WINDOW_MS, now);
    const due =
      failures.length > 0 ? failures[0] + accountDelayMs(failures.length) - now.getTime() : 0;
    if (due > 0) {
      // Loopback is never "known": behind a proxy left untrusted, every visitor would share it.
      const known =
        keys.userId && address ? await isKnownAddress(trx, keys.userId, address) : false;
      if (!known) return { throttled: true, waitMs: due, scope: "account" };
    }
    const attemptIds = [await record(trx, ACCOUNT, email, now)];
    if (address) attemptIds.push(await record(trx, ADDRESS, address, now));
    return { throttled: false, attemptIds };
  });
}

/**
 * After a wrong password: the failure counts from now, when it is known (its row was written when
 * the attempt began, so that parallel guesses saw it), not from when hashing started.
 */
export async function loginFailed(db: Executor, attemptIds: number[], now = new Date()) {
  if (attemptIds.length === 0) return;
  await db
    .updateTable("throttle_events")
    .set({ created_at: now.toISOString() })
    .where("id", "in", attemptIds)
    .execute();
}

/** After the right password: the attempt was no failure, the account starts over, the address is known. */
export async function loginSucceeded(
  db: Executor,
  keys: LoginKeys & { userId: number },
  attemptIds: number[],
  now = new Date(),
) {
  await db.transaction().execute(async (trx) => {
    await forgetIds(trx, attemptIds);
    await forget(trx, ACCOUNT, keys.email.toLowerCase());
    const address = addressKey(keys.address);
    if (address) {
      await trx
        .insertInto("known_logins")
        .values({ user_id: keys.userId, address, last_at: now.toISOString() })
        .onConflict((oc) =>
          oc.columns(["user_id", "address"]).doUpdateSet({ last_at: now.toISOString() }),
        )
        .execute();
    }
  });
}

/** 'Too many attempts. Try again in N seconds.' */
export function tooManyAttemptsMessage(waitMs: number): string {
  return `Too many attempts. Try again in ${retryText(waitMs)}.`;
}
