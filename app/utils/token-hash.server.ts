import crypto from "node:crypto";

/**
 * How a secret token (a session id, an API token, a password-reset link's token) is kept in the
 * database: its SHA-256 in hex, so a copy of the database gives no working token. `crypto.hash`
 * is the one-shot form: no Hash object per call (a session is looked up on every page).
 */
export function tokenHash(token: string): string {
  return crypto.hash("sha256", token, "hex");
}
