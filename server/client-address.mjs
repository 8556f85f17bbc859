/**
 * The client's address. Behind `hops` reverse proxies (TRUST_PROXY) it is the hops-th
 * `X-Forwarded-For` entry from the right: each proxy appends the address it was reached from, so
 * the entries to the left of those were written by the client and prove nothing. Otherwise, or when
 * the header has too few entries, it is the TCP peer. The app's throttling and the request log both
 * read it here.
 * @param {string | null | undefined} forwardedFor the X-Forwarded-For header
 * @param {number} hops
 * @param {string | null | undefined} peer the socket's remote address
 * @returns {string | null}
 */
export function clientAddressOf(forwardedFor, hops, peer) {
  if (hops > 0 && forwardedFor) {
    const entries = forwardedFor
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean);
    const forwarded = entries[entries.length - hops];
    if (forwarded) return forwarded;
  }
  return peer || null;
}
