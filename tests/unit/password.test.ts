import { describe, expect, it } from "vitest";
import {
  DEFAULT_COST,
  hashPassword,
  needsRehash,
  parseHash,
  verifyPassword,
} from "~/utils/password.server";

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };

describe("password hashing", () => {
  it("uses scrypt at OWASP's minimum by default (N=2^17, r=8, p=1) and verifies", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(parseHash(hash)).toMatchObject({ N: 2 ** 17, r: 8, p: 1 });
    expect(DEFAULT_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterz", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    const a = await hashPassword("same-password", CHEAP);
    const b = await hashPassword("same-password", CHEAP);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same-password", a)).toBe(true);
    expect(await verifyPassword("same-password", b)).toBe(true);
  });

  it("never truncates: long passwords differing only at the end do not match", async () => {
    const long = "x".repeat(127);
    const hash = await hashPassword(long + "a", CHEAP);
    expect(await verifyPassword(long + "a", hash)).toBe(true);
    expect(await verifyPassword(long + "b", hash)).toBe(false);
    expect(await verifyPassword(long, hash)).toBe(false);
  });

  it("handles non-ASCII passwords and refuses malformed hashes", async () => {
    const hash = await hashPassword("पासवर्ड-ऑफरोड", CHEAP);
    expect(await verifyPassword("पासवर्ड-ऑफरोड", hash)).toBe(true);
    expect(await verifyPassword("anything", "plain-text")).toBe(false);
    expect(await verifyPassword("anything", "scrypt$0$8$1$AAAA$AAAA")).toBe(false);
  });

  it("asks for a rehash of hashes weaker than the current cost", async () => {
    const weak = await hashPassword("password-1", CHEAP);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(weak, CHEAP)).toBe(false);
  });
});
