import { describe, expect, it } from "vitest";
import { tokenHash } from "~/utils/token-hash.server";

describe("tokenHash", () => {
  it("is the token's SHA-256 in hex, the form the stored sessions, API tokens and reset links are keyed by", () => {
    // FIPS 180-2's test vector: a change of form would end every stored session and token.
    expect(tokenHash("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(tokenHash("a")).not.toBe(tokenHash("b"));
  });
});
