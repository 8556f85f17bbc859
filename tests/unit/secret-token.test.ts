import { describe, expect, it } from "vitest";
import { newToken, TOKEN_SHAPE, tokenHash } from "~/utils/secret-token.server";

describe("secret tokens", () => {
  it("are 32 random bytes in base64url, of the shape the reset link is checked against", () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(TOKEN_SHAPE);
    expect(Buffer.from(newToken(), "base64url")).toHaveLength(32);
    expect(TOKEN_SHAPE.test(`${newToken()}x`)).toBe(false);
    expect(TOKEN_SHAPE.test(newToken().slice(1))).toBe(false);
  });

  it("are kept as their SHA-256 in hex, the form stored sessions, API tokens and reset links are keyed by", () => {
    // FIPS 180-2's test vector: a change of form would end every stored session and token.
    expect(tokenHash("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(tokenHash("a")).not.toBe(tokenHash("b"));
  });
});
