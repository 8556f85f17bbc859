import type { Executor } from "~/db/db.server";

/**
 * Counting events per bucket and key in a sliding window (failed logins per account and per
 * address, sign-ups, orders): the one place for every rate limit, kept in the database so that every
 * server process sees the same counts.
 */

export type Limit = { limit: number; windowMs: number };
export type Throttled = { ok: false; retryAfterMs: number };
export type ThrottleResult = { ok: true } | Throttled;

const iso = (ms: number) => new Date(ms).toISOString();

/** Events of this key inside the window, newest first (at most `limit`). */
async function recent(
  db: Executor,
  bucket: string,
  key: string,
  { limit, windowMs }: Limit,
  now: Date,
) {
  return db
    .selectFrom("throttle_events")
    .select("created_at")
    .where("bucket", "=", bucket)
    .where("key", "=", key)
    .where("created_at", ">", iso(now.getTime() - windowMs))
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/** Milliseconds until one more event of this key fits under the limit (0: it fits now). */
export async function waitMs(
  db: Executor,
  bucket: string,
  key: string,
  rule: Limit,
  now = new Date(),
): Promise<number> {
  const rows = await recent(db, bucket, key, rule, now);
  if (rows.length < rule.limit) return 0;
  const oldest = Date.parse(rows[rows.length - 1].created_at);
  return Math.max(1, oldest + rule.windowMs - now.getTime());
}

/** Counts one event; returns its row id. Rows older than a day are pruned now and then. */
export async function record(
  db: Executor,
  bucket: string,
  key: string,
  now = new Date(),
): Promise<number> {
  const row = await db
    .insertInto("throttle_events")
    .values({ bucket, key, created_at: now.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (row.id % 100 === 0) await prune(db, now);
  return row.id;
}

/** Counts the event when it fits under the limit; otherwise says how long to wait. */
export async function take(
  db: Executor,
  bucket: string,
  key: string,
  rule: Limit,
  now = new Date(),
): Promise<ThrottleResult> {
  const wait = await waitMs(db, bucket, key, rule, now);
  if (wait > 0) return { ok: false, retryAfterMs: wait };
  await record(db, bucket, key, now);
  return { ok: true };
}

/** Like `take` for several limits at once: counted in all, or in none when one is full. */
export async function takeAll(
  db: Executor,
  checks: Array<{ bucket: string; key: string; rule: Limit }>,
  now = new Date(),
): Promise<ThrottleResult> {
  let wait = 0;
  for (const c of checks) wait = Math.max(wait, await waitMs(db, c.bucket, c.key, c.rule, now));
  if (wait > 0) return { ok: false, retryAfterMs: wait };
  for (const c of checks) await record(db, c.bucket, c.key, now);
  return { ok: true };
}

/** The newest events of a key inside `windowMs` (newest first). */
export async function eventsSince(
  db: Executor,
  bucket: string,
  key: string,
  windowMs: number,
  now = new Date(),
) {
  const rows = await recent(db, bucket, key, { limit: 1000, windowMs }, now);
  return rows.map((r) => Date.parse(r.created_at));
}

export async function forget(db: Executor, bucket: string, key: string): Promise<void> {
  await db
    .deleteFrom("throttle_events")
    .where("bucket", "=", bucket)
    .where("key", "=", key)
    .execute();
}

export async function forgetIds(db: Executor, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom("throttle_events").where("id", "in", ids).execute();
}

/** Events older than a day count for nothing. */
export async function prune(db: Executor, now = new Date()): Promise<void> {
  await db
    .deleteFrom("throttle_events")
    .where("created_at", "<", iso(now.getTime() - 24 * 3600_000))
    .execute();
}

/**
 * The key of a per-address limit, or null for the machine itself (loopback: health checks, the
 * operator's scripts, tests). Behind a proxy (TRUST_PROXY) the client's own address is used, so
 * this never exempts a visitor. An IPv6 client counts by its /64: a home or a phone is given a
 * whole /64 and may send from any address in it. An IPv4 address written as IPv6 is the IPv4 one.
 */
export function addressKey(address: string | null | undefined): string | null {
  if (!address) return null;
  const ip = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").replace(/%.*$/, "");
  if (/^127\./.test(ip) || ip === "::1") return null;
  return ip.includes(":") ? (ipv6Prefix64(ip) ?? ip) : ip;
}

/** The /64 network of an IPv6 address (`2001:db8:1:2::/64`), or null when it is not one. */
function ipv6Prefix64(ip: string): string | null {
  const halves = ip.toLowerCase().split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  // A trailing dotted IPv4 part lies in the last 32 bits, past the /64.
  const prefix = groups.slice(0, 4);
  if (!prefix.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return `${prefix.map((g) => parseInt(g, 16).toString(16)).join(":")}::/64`;
}

/** 'Try again in N minutes' / 'in N seconds', for a wait in milliseconds. */
export function retryText(retryAfterMs: number): string {
  const s = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (s < 90) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}
