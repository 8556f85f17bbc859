import crypto from "node:crypto";

/**
 * Secret tokens: a session id, an API token, a password-reset link's token. Each is 32 random
 * bytes in base64url (43 characters), and only its hash is kept in the database.
 */
export function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** What newToken makes: a token of any other shape is refused before the database is asked. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * How a token is kept in the database: its SHA-256 in hex, so a copy of the database gives no
 * working token. `crypto.hash` is the one-shot form: no Hash object per call (a session is looked
 * up on every page).
 */
export function tokenHash(token: string): string {
  return crypto.hash("sha256", token, "hex");
}
