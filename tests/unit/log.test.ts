import { afterEach, describe, expect, it, vi } from "vitest";
import { log, redactPath } from "../../server/log.mjs";

const TOKEN = "q3ZxX1vY0mB6s9Qe-Rk2c8Hn_Tw4pLa7JdUo5iFgE0M";

describe("secrets in logged paths", () => {
  afterEach(() => vi.restoreAllMocks());

  it("never writes a password-reset token: the request line (server.mjs) and the app's lines", () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    // What server.mjs's logRequest and the app's error and security lines pass.
    log("info", "request", { method: "GET", path: `/reset-password/${TOKEN}`, status: 200 });
    log("error", "unexpected error", { path: `/reset-password/${TOKEN}.data` });
    log("warn", "request.cross_site", { path: `/Reset-Password/${TOKEN}` });
    expect(lines).toHaveLength(3);
    expect(lines.join("")).not.toContain(TOKEN.slice(0, 12));
    expect(JSON.parse(lines[0]).path).toBe("/reset-password/…");
    expect(JSON.parse(lines[1]).path).toBe("/reset-password/….data");
    expect(JSON.parse(lines[2]).path).toBe("/Reset-Password/…");
  });

  it("leaves other paths as they are, and drops a query", () => {
    expect(redactPath("/product/26")).toBe("/product/26");
    expect(redactPath("/reset-password")).toBe("/reset-password");
    expect(redactPath("/forgot-password")).toBe("/forgot-password");
    expect(redactPath(`/reset-password/${TOKEN}?x=1`)).toBe("/reset-password/…");
    expect(redactPath(`/reset-password/${TOKEN}/more`)).toBe("/reset-password/…/more");
  });
});
