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

  it("keeps the 500 headers used most recently, a header in use among them", async () => {
    const { parse, remembered } = make();
    const mine = headerOf(await remembered.serialize("mine"));
    await remembered.parse(mine);
    for (let i = 0; i < 499; i++) await remembered.parse(`other=${i}`);
    await remembered.parse(mine); // used again: now the most recent
    await remembered.parse("other=new"); // one over: the least recently used goes
    parse.mockClear();
    expect(await remembered.parse(mine)).toBe("mine");
    expect(await remembered.parse("other=1")).toBeNull();
    expect(parse).not.toHaveBeenCalledWith(mine);
    expect(parse).not.toHaveBeenCalledWith("other=1");
    expect(await remembered.parse("other=0")).toBeNull();
    expect(parse).toHaveBeenCalledWith("other=0");
  });
});
