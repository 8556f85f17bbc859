import type { Cookie, CookieParseOptions } from "@remix-run/node";

/** Cookie headers remembered per cookie, and the longest one remembered. */
const MAX_HEADERS = 500;
const MAX_HEADER_LENGTH = 2048;

/**
 * The cookie, with a `parse` that remembers its answer for the Cookie headers it read most recently
 * (500 of them, up to 2 kB each). Remix's
 * parse splits the header, checks a signed value's HMAC and decodes base64 and JSON (character by
 * character): tens of microseconds, for the session and the vehicle on every page, often twice.
 * The answer depends only on the header and the cookie's secrets, so a header seen again gets the
 * same answer. Only text and numbers are remembered (an object could be changed by its caller).
 */
export function rememberParsed(cookie: Cookie): Cookie {
  const answers = new Map<string, string | number | null>();
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    serialize: (value, options) => cookie.serialize(value, options),
    async parse(header: string | null, options?: CookieParseOptions) {
      if (!header || options || header.length > MAX_HEADER_LENGTH)
        return cookie.parse(header, options);
      if (answers.has(header)) {
        // The most recently used headers stay; the least recently used go first.
        const known = answers.get(header)!;
        answers.delete(header);
        answers.set(header, known);
        return known;
      }
      const value: unknown = await cookie.parse(header);
      if (value === null || typeof value === "string" || typeof value === "number") {
        if (answers.size >= MAX_HEADERS) answers.delete(answers.keys().next().value as string);
        answers.set(header, value);
      }
      return value;
    },
  };
}
