import { createCookie } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { rememberParsed } from "~/utils/cookie-memo.server";

describe("a cookie that remembers what it parsed", () => {
  const make = () => {
    const cookie = createCookie("session", { secrets: ["s3cret-0123456789"], path: "/" });
    const parse = vi.spyOn(cookie, "parse");
    return { cookie, parse, remembered: rememberParsed(cookie) };
  };
  const headerOf = (setCookie: string, extra = "") => `${setCookie.split(";")[0]}${extra}`;

  it("answers a Cookie header seen before without parsing it again, with the same answer", async () => {
    const { cookie, parse, remembered } = make();
    const header = headerOf(await remembered.serialize("abc123"), "; vehicle=x");
    expect(await remembered.parse(header)).toBe("abc123");
    expect(await remembered.parse(header)).toBe("abc123");
    expect(parse).toHaveBeenCalledTimes(1);
    expect(remembered.name).toBe(cookie.name);
    expect(remembered.isSigned).toBe(true);
  });

  it("still refuses a tampered signature, and remembers that answer as no value", async () => {
    const { remembered } = make();
    const header = headerOf(await remembered.serialize("abc123"));
    const forged = header.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(await remembered.parse(forged)).toBeNull();
    expect(await remembered.parse(forged)).toBeNull();
    expect(await remembered.parse(header)).toBe("abc123");
  });

  it("parses objects, long headers and calls with options every time", async () => {
    const { parse, remembered } = make();
    const objectHeader = headerOf(await remembered.serialize({ userId: 1 }));
    const first = (await remembered.parse(objectHeader)) as { userId: number };
    first.userId = 2; // a caller changing its answer changes nobody else's
    expect(await remembered.parse(objectHeader)).toEqual({ userId: 1 });
    const long = headerOf(await remembered.serialize("id"), `; pad=${"x".repeat(3000)}`);
    await remembered.parse(long);
    await remembered.parse(long);
    await remembered.parse(objectHeader, { decode: (v) => v });
    expect(parse).toHaveBeenCalledTimes(5);
    expect(await remembered.parse(null)).toBeNull();
  });
});
