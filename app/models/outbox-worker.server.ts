import crypto from "node:crypto";
import os from "node:os";
import type { Kysely } from "kysely";
import type { Executor } from "~/db/db.server";
import type { DB } from "~/db/schema";
import {
  backoffMs,
  CLAIM_MS,
  LINK_EXPIRED,
  linkExpiresAt,
  MAX_ATTEMPTS,
  type OutboxRow,
} from "./outbox.server";

const iso = (d: Date) => d.toISOString();

/**
 * The outbox's worker (one per server process that runs background jobs): claims due rows, hands
 * each to `deliver` and records the outcome; see outbox.server.ts for the rows themselves.
 */

const BOOT = crypto.randomBytes(6).toString("hex");
const HOST = os.hostname();

/** This process, as it signs its claims. */
export const WORKER_ID = `${HOST}:${process.pid}:${BOOT}`;

/** False when the process that claimed a row is known to be gone (same machine, no such pid). */
export function claimantAlive(claimedBy: string): boolean {
  const [host, pidText, boot] = claimedBy.split(":");
  if (host !== HOST) return true; // another machine: only its claim's time can tell
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return boot === BOOT; // an earlier life of this pid is gone
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the due messages no live process is sending, counting one attempt for each. */
export async function claimDue(
  db: Kysely<DB>,
  options: { now?: Date; limit?: number; workerId?: string } = {},
): Promise<OutboxRow[]> {
  const now = options.now ?? new Date();
  const me = options.workerId ?? WORKER_ID;
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("outbox")
      .selectAll()
      .where("status", "=", "waiting")
      .where("next_attempt_at", "<=", iso(now))
      .orderBy("id")
      .limit(options.limit ?? 20)
      .execute();
    const claimed: OutboxRow[] = [];
    for (const row of due) {
      const free =
        row.claimed_by == null ||
        (row.claimed_until != null && row.claimed_until < iso(now)) ||
        !claimantAlive(row.claimed_by);
      if (!free) continue;
      const taken = await trx
        .updateTable("outbox")
        .set({
          claimed_by: me,
          claimed_until: iso(new Date(now.getTime() + CLAIM_MS)),
          attempts: row.attempts + 1,
          total_attempts: row.total_attempts + 1,
        })
        .where("id", "=", row.id)
        .where("attempts", "=", row.attempts)
        .returningAll()
        .executeTakeFirst();
      if (taken) claimed.push(taken);
    }
    return claimed;
  });
}

/** A sent message; a password reset's token leaves the database with it. */
export async function markSent(
  db: Executor,
  row: OutboxRow,
  options: { now?: Date; workerId?: string } = {},
): Promise<void> {
  await db
    .updateTable("outbox")
    .set({
      status: "sent",
      sent_at: iso(options.now ?? new Date()),
      claimed_by: null,
      claimed_until: null,
      last_error: null,
      ...(row.kind === "password_reset"
        ? { payload: JSON.stringify({ kind: row.kind, redacted: true }) }
        : {}),
    })
    .where("id", "=", row.id)
    .where("claimed_by", "=", options.workerId ?? WORKER_ID)
    .execute();
}

/** A message whose link stopped working before it went out: failed for good, never sent. */
async function markExpired(db: Executor, row: OutboxRow, options: { workerId?: string } = {}) {
  await db
    .updateTable("outbox")
    .set({
      status: "failed",
      claimed_by: null,
      claimed_until: null,
      last_error: LINK_EXPIRED,
      payload: JSON.stringify({ kind: row.kind, redacted: true }),
    })
    .where("id", "=", row.id)
    .where("claimed_by", "=", options.workerId ?? WORKER_ID)
    .execute();
}

/** A failed attempt: retried later with backoff, or failed for good after MAX_ATTEMPTS. */
export async function markAttemptFailed(
  db: Executor,
  row: OutboxRow,
  error: string,
  options: { now?: Date; workerId?: string; backoffBaseMs?: number } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const last = row.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable("outbox")
    .set({
      status: last ? "failed" : "waiting",
      next_attempt_at: iso(
        new Date(now.getTime() + backoffMs(row.attempts, options.backoffBaseMs)),
      ),
      claimed_by: null,
      claimed_until: null,
      last_error: error.slice(0, 500),
    })
    .where("id", "=", row.id)
    .where("claimed_by", "=", options.workerId ?? WORKER_ID)
    .execute();
}

export type Deliver = (row: OutboxRow) => Promise<void>;

/** One round: claim what is due, send it, record each outcome. Answers how many were sent. */
export async function runOutboxOnce(
  db: Kysely<DB>,
  deliver: Deliver,
  options: {
    now?: Date;
    workerId?: string;
    backoffBaseMs?: number;
    log?: (msg: string, fields?: Record<string, unknown>) => void;
  } = {},
): Promise<{ sent: number; failed: number }> {
  const rows = await claimDue(db, options);
  let sent = 0;
  let failed = 0;
  const now = options.now ?? new Date();
  for (const row of rows) {
    const expires = linkExpiresAt(row);
    if (expires && expires <= now) {
      await markExpired(db, row, options);
      failed++;
      continue;
    }
    try {
      await deliver(row);
      await markSent(db, row, options);
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await markAttemptFailed(db, row, message, options);
      options.log?.("outbox send failed", {
        id: row.id,
        kind: row.kind,
        attempt: row.attempts,
        error: message,
      });
      failed++;
    }
  }
  return { sent, failed };
}

let timer: ReturnType<typeof setInterval> | undefined;

/** Runs the worker every `everyMs` (one round at a time) for the life of the process. */
export function startOutboxWorker(
  db: Kysely<DB>,
  deliver: Deliver,
  log: (msg: string, fields?: Record<string, unknown>) => void,
  everyMs = 1000,
): void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runOutboxOnce(db, deliver, { log })
      .catch((error: unknown) =>
        log("outbox round failed", {
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        running = false;
      });
  };
  if (timer) clearInterval(timer);
  timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
}
