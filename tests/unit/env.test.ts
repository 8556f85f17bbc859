import { afterEach, describe, expect, it } from "vitest";
import { getSeller } from "~/models/seller.server";
import { EnvError, parseEnv, resetEnvCache } from "~/utils/env.server";

const secretFile = () => "dev-secret-from-file";

describe("env", () => {
  it("gives every variable a working default for a laptop", () => {
    const env = parseEnv({}, secretFile);
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBe("data/shop.db");
    expect(env.SESSION_SECRET).toBe("dev-secret-from-file");
    expect(env.SEED_DEMO).toBe(true);
    expect(env.TRUST_PROXY).toBe(0);
    expect(env.PAYMENT_SANDBOX).toBe(false);
    expect(env.UPLOADS_DIR).toBe("uploads");
    expect(env.paymentSandbox).toBe(true);
    expect(env.isHttps).toBe(false);
  });

  it("derives the public URL from PORT and knows https", () => {
    expect(parseEnv({ PORT: "8080" }, secretFile).PUBLIC_URL).toBe("http://localhost:8080");
    const env = parseEnv(
      { PUBLIC_URL: "https://shop.example.in/", SESSION_SECRET: "x".repeat(32) },
      secretFile,
    );
    expect(env.PUBLIC_URL).toBe("https://shop.example.in");
    expect(env.isHttps).toBe(true);
  });

  it("rejects bad values with one line naming the variable", () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: "abc" }, /PORT/],
      [{ PORT: "70000" }, /PORT/],
      [{ PUBLIC_URL: "not a url" }, /PUBLIC_URL/],
      [{ PUBLIC_URL: "ftp://shop.example.in" }, /PUBLIC_URL must be an absolute http\(s\) URL/],
      [
        { PUBLIC_URL: "https://shop.example.in/shop" },
        /PUBLIC_URL must be the shop's origin alone/,
      ],
      [{ SEED_DEMO: "maybe" }, /SEED_DEMO/],
      [{ TRUST_PROXY: "yes" }, /TRUST_PROXY/],
      [{ SHOP_PHONE: "+91 98765" }, /SHOP_PHONE/],
      [{ ADMIN_EMAIL: "nobody" }, /ADMIN_EMAIL/],
      [{ RAZORPAY_KEY_ID: "rzp_test_1" }, /RAZORPAY_KEY_SECRET/],
      [{ SESSION_SECRET: "short" }, /SESSION_SECRET/],
      [{ SESSION_SECRET: "x".repeat(31) }, /SESSION_SECRET must be at least 32 bytes/],
      [
        { SESSION_SECRET: "change-me-to-the-output-of-openssl-rand-hex-32" },
        /SESSION_SECRET is still the example's placeholder/,
      ],
      [{ TRUST_PROXY: "-1" }, /TRUST_PROXY/],
    ];
    for (const [raw, pattern] of cases) {
      expect(() => parseEnv(raw, secretFile)).toThrow(EnvError);
      try {
        parseEnv(raw, secretFile);
      } catch (e) {
        expect((e as Error).message).toMatch(pattern);
        expect((e as Error).message).not.toContain("\n");
      }
    }
  });

  it("refuses a deployed production server without a session secret", () => {
    expect(() =>
      parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://shop.example.in" }, secretFile),
    ).toThrow(/SESSION_SECRET/);
    // A production build on a laptop (npm start) keeps a generated secret.
    expect(parseEnv({ NODE_ENV: "production" }, secretFile).SESSION_SECRET).toBe(
      "dev-secret-from-file",
    );
  });

  it("counts TRUST_PROXY as the number of proxies in front (true is one)", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }, secretFile).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "true" }, secretFile).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }, secretFile).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "false" }, secretFile).TRUST_PROXY).toBe(0);
  });

  it("refuses to take orders without money in production unless the sandbox is asked for", () => {
    const deployed = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://shop.example.in",
      SESSION_SECRET: "s".repeat(32),
    };
    expect(() => parseEnv(deployed, secretFile)).toThrow(
      /RAZORPAY_KEY_ID is required in production.*PAYMENT_SANDBOX=1/,
    );
    expect(parseEnv({ ...deployed, PAYMENT_SANDBOX: "1" }, secretFile).paymentSandbox).toBe(true);
    const live = { ...deployed, RAZORPAY_KEY_ID: "rzp_live_1", RAZORPAY_KEY_SECRET: "k" };
    expect(parseEnv(live, secretFile).paymentSandbox).toBe(false);
    // A production build on a laptop keeps the sandbox without asking.
    expect(parseEnv({ NODE_ENV: "production" }, secretFile).paymentSandbox).toBe(true);
  });

  it("switches to Razorpay when keys are given", () => {
    const env = parseEnv(
      { RAZORPAY_KEY_ID: "rzp_test_1", RAZORPAY_KEY_SECRET: "s3cret" },
      secretFile,
    );
    expect(env.paymentSandbox).toBe(false);
  });
});

describe("the seller's state and GSTIN", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it("refuses a GSTIN of another state than SHOP_STATE, naming both", () => {
    const refused = (raw: Record<string, string>) => {
      try {
        parseEnv(raw, secretFile);
      } catch (e) {
        expect(e).toBeInstanceOf(EnvError);
        expect((e as Error).message).not.toContain("\n");
        return (e as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(raw)}`);
    };
    const message = refused({ SHOP_STATE: "Maharashtra", SHOP_GSTIN: "29ABCDE1234F1ZW" });
    expect(message).toMatch(/SHOP_GSTIN/);
    expect(message).toMatch(/29ABCDE1234F1ZW is a GSTIN of Karnataka \(29\)/);
    expect(message).toMatch(/SHOP_STATE is Maharashtra \(27\)/);
    // The default state (Karnataka) counts too.
    expect(refused({ SHOP_GSTIN: "27AAPFU0939F1ZV" })).toMatch(
      /GSTIN of Maharashtra \(27\), but SHOP_STATE is Karnataka \(29\) by default/,
    );
    // The same state by name or by code is accepted.
    expect(
      parseEnv({ SHOP_STATE: "maharashtra", SHOP_GSTIN: "27AAPFU0939F1ZV" }, secretFile).SHOP_GSTIN,
    ).toBe("27AAPFU0939F1ZV");
    expect(parseEnv({ SHOP_STATE: "29", SHOP_GSTIN: "29ABCDE1234F1ZW" }, secretFile)).toBeTruthy();
    expect(parseEnv({ SHOP_GSTIN: "29ABCDE1234F1ZW" }, secretFile)).toBeTruthy();
  });

  it("without SHOP_GSTIN uses a demo GSTIN of the shop's state, whichever it is", () => {
    for (const key of ["SHOP_STATE", "SHOP_GSTIN", "SHOP_ADDRESS", "NODE_ENV", "PUBLIC_URL"])
      delete process.env[key];
    process.env.SESSION_SECRET = "x".repeat(32);
    resetEnvCache();
    expect(getSeller()).toMatchObject({ stateCode: "29", demo: true });
    expect(getSeller().gstin).toMatch(/^29/);
    process.env.SHOP_STATE = "Maharashtra";
    resetEnvCache();
    expect(getSeller()).toMatchObject({ stateName: "Maharashtra", stateCode: "27", demo: true });
    expect(getSeller().gstin).toMatch(/^27AAAAA0000A1Z/);
    process.env.SHOP_GSTIN = "27AAPFU0939F1ZV";
    resetEnvCache();
    expect(getSeller()).toMatchObject({ gstin: "27AAPFU0939F1ZV", demo: false });
  });
});
