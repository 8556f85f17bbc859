import crypto from "node:crypto";
import { promisify } from "node:util";

const rawScrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** More password hashes are waiting than the server will queue: answer 503 with Retry-After. */
export class PasswordHashingBusy extends Error {
  readonly retryAfterS = 5;
  constructor() {
    super("The server is busy. Please try again in a few seconds.");
  }
}

/**
 * Each hash takes 128 MiB and about 100 ms of a core. At most HASH_CONCURRENCY run at once and
 * HASH_QUEUE wait; beyond that a request is refused at once (PasswordHashingBusy) rather than
 * piling up memory and stalling everything else the server does.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 8;
let running = 0;
const waiting: Array<() => void> = [];

async function scrypt(...args: Parameters<typeof rawScrypt>): Promise<Buffer> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE) throw new PasswordHashingBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await rawScrypt(...args);
  } finally {
    // Hand the slot straight to the next in line, or free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export type ScryptCost = { N: number; r: number; p: number };

/** OWASP's current minimum for scrypt: N=2^17 (128 MiB), r=8, p=1. */
export const DEFAULT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** scrypt needs 128 * N * r bytes; Node refuses above 32 MiB unless told. */
const maxmem = (cost: ScryptCost) => 128 * cost.N * cost.r * 2;

/**
 * Hashes a password with scrypt and a random salt. The result names its parameters:
 * `scrypt$N$r$p$salt$key` (base64), so a later change of cost still verifies old hashes.
 */
export async function hashPassword(
  password: string,
  cost: ScryptCost = DEFAULT_COST,
): Promise<string> {
  const salt = crypto.randomBytes(SALT_LENGTH);
  const key = await scrypt(password.normalize("NFC"), salt, KEY_LENGTH, {
    ...cost,
    maxmem: maxmem(cost),
  });
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join(
    "$",
  );
}

export function parseHash(stored: string): (ScryptCost & { salt: Buffer; key: Buffer }) | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return null;
  return { N, r, p, salt: Buffer.from(parts[4], "base64"), key: Buffer.from(parts[5], "base64") };
}

/** True when the password matches the stored hash (compared in constant time). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { salt, key, ...cost } = parsed;
  const candidate = await scrypt(password.normalize("NFC"), salt, key.length, {
    ...cost,
    maxmem: maxmem(cost),
  });
  return candidate.length === key.length && crypto.timingSafeEqual(candidate, key);
}

/** True when a stored hash was made with a weaker cost than `cost` (rehash at next login). */
export function needsRehash(stored: string, cost: ScryptCost = DEFAULT_COST): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.N < cost.N || parsed.r < cost.r || parsed.p < cost.p;
}
