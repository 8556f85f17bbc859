import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { checkGstin, resolveState, stateOfCode } from "./gst";
import { engineOfUrl } from "~/db/engine";

const flag = (fallback: "0" | "1") =>
  z
    .enum(["0", "1", "true", "false"], { message: "must be 0 or 1" })
    .default(fallback)
    .transform((v) => v === "1" || v === "true");

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** The shop's state when SHOP_STATE is unset: Karnataka (CONTRACT). */
export const DEFAULT_SHOP_STATE = "29";

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: optionalText.pipe(
      z
        .string()
        .refine((v) => /^https?:$/.test(parsedUrl(v)?.protocol ?? ""), {
          message: "must be an absolute http(s) URL",
        })
        .refine(
          // The app is served at the root: a path (or query, or user) would be in every link and
          // callback URL built from it, and answer 404.
          (v) => {
            const url = parsedUrl(v);
            return (
              !url || (/^\/*$/.test(url.pathname) && !url.search && !url.hash && !url.username)
            );
          },
          { message: "must be the shop's origin alone, like https://shop.example.in (no path)" },
        )
        .optional(),
    ),
    /** The one folder of the shop's state; DATABASE_URL and UPLOADS_DIR default to files in it. */
    DATA_DIR: optionalText,
    DATABASE_URL: optionalText,
    SESSION_SECRET: optionalText,
    ADMIN_EMAIL: optionalText.pipe(
      z.string().email({ message: "must be an e-mail address" }).optional(),
    ),
    ADMIN_PASSWORD: optionalText,
    SEED_DEMO: flag("1"),
    RAZORPAY_KEY_ID: optionalText,
    RAZORPAY_KEY_SECRET: optionalText,
    RAZORPAY_WEBHOOK_SECRET: optionalText,
    /** Base URL of Razorpay's HTTP API; tests point it at a local stand-in. */
    RAZORPAY_API_URL: optionalText.pipe(z.string().url().optional()),
    UPLOADS_DIR: optionalText,
    SHOP_PHONE: z
      .string()
      .regex(/^\d{8,15}$/, { message: "must be digits with the country code, e.g. 919876543210" })
      .default("919876543210"),
    /** Origins allowed to call the bearer-token API from a browser (CORS), comma-separated. */
    API_CORS_ORIGINS: z
      .string()
      .default("")
      .transform((v, ctx) => {
        const origins: string[] = [];
        for (const entry of v
          .split(",")
          .map((e) => e.trim())
          .filter(Boolean)) {
          try {
            origins.push(new URL(entry).origin);
          } catch {
            ctx.addIssue({
              code: "custom",
              message: `has ${entry}, which is not an origin like https://app.example.in`,
            });
          }
        }
        return origins;
      }),
    /** Run the offline payment sandbox on purpose (required for it on a deployed shop). */
    PAYMENT_SANDBOX: flag("0"),
    /**
     * How many reverse proxies in front of the shop append to X-Forwarded-For: 0 ignores the header,
     * 1 (one proxy, e.g. Caddy) takes its rightmost entry. `true`/`false` mean 1/0.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default("0")
      .transform((v) => (v === "true" ? "1" : v === "false" ? "0" : v))
      .pipe(
        z.coerce.number({ message: "must be 0, 1 or the number of proxies" }).int().min(0).max(10),
      ),
    /** Outgoing e-mail (smtp:// or smtps://); without it messages are written as .eml files under DATA_DIR/mail. */
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, { message: "must be an smtp:// or smtps:// URL" })
        .optional(),
    ),
    /** The From of every message, e.g. `Overland Shop <orders@example.in>`. */
    MAIL_FROM: z.string().trim().min(3).default("Overland 4x4 Gear <orders@overland.localhost>"),
    /** WhatsApp Business Cloud API: off unless both the token and the phone number id are set. */
    WHATSAPP_TOKEN: optionalText,
    WHATSAPP_PHONE_NUMBER_ID: optionalText,
    WHATSAPP_API_URL: z.string().trim().url().default("https://graph.facebook.com/v21.0"),
    /** The seller on GST tax invoices (CONTRACT: SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_STATE, SHOP_GSTIN). */
    SHOP_LEGAL_NAME: optionalText,
    SHOP_ADDRESS: optionalText,
    SHOP_STATE: optionalText,
    SHOP_GSTIN: optionalText,
    LOG_LEVEL: z
      .enum(["debug", "info", "warn", "error"], { message: "must be debug, info, warn or error" })
      .default("info"),
  })
  .superRefine((v, ctx) => {
    if (v.RAZORPAY_KEY_ID && !v.RAZORPAY_KEY_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["RAZORPAY_KEY_SECRET"],
        message: "is required when RAZORPAY_KEY_ID is set",
      });
    }
    if (v.SHOP_STATE && !resolveState(v.SHOP_STATE)) {
      ctx.addIssue({
        code: "custom",
        path: ["SHOP_STATE"],
        message: "must be a state of India or its two-digit GST code, e.g. Karnataka or 29",
      });
    }
    if (v.SHOP_GSTIN) {
      const gstin = checkGstin(v.SHOP_GSTIN);
      if (!gstin.ok) ctx.addIssue({ code: "custom", path: ["SHOP_GSTIN"], message: gstin.message });
      // A GSTIN's first two digits are its state: one of another state than the shop's would
      // print a tax invoice that contradicts itself (and pick CGST+SGST or IGST wrongly).
      const state = resolveState(v.SHOP_STATE ?? DEFAULT_SHOP_STATE);
      if (gstin.ok && state && gstin.stateCode !== state.code) {
        const gstinState = stateOfCode(gstin.stateCode) ?? "no state";
        ctx.addIssue({
          code: "custom",
          path: ["SHOP_GSTIN"],
          message:
            `${gstin.gstin} is a GSTIN of ${gstinState} (${gstin.stateCode}), but SHOP_STATE is ` +
            `${state.name} (${state.code})${v.SHOP_STATE ? "" : " by default"}: ` +
            "set SHOP_STATE to the GSTIN's state, or the GSTIN of the shop's state",
        });
      }
    }
    if (v.ADMIN_PASSWORD && v.ADMIN_PASSWORD.length < 8) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "must be at least 8 characters",
      });
    }
  });

export type Env = z.infer<typeof schema> & {
  /** The data folder: DATA_DIR, or else the database's folder (data/ on a laptop). */
  DATA_DIR: string;
  DATABASE_URL: string;
  UPLOADS_DIR: string;
  PUBLIC_URL: string;
  SESSION_SECRET: string;
  /** True when PUBLIC_URL is https: Secure cookies, the __Host- prefix and HSTS. */
  isHttps: boolean;
  /** True when payments run in the offline sandbox (no RAZORPAY_KEY_ID). */
  paymentSandbox: boolean;
};

export class EnvError extends Error {}

function isLocalOrigin(url: string) {
  const host = new URL(url).hostname;
  return (
    host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost")
  );
}

/**
 * Validates the environment. Throws an EnvError whose message is one line naming the bad variable.
 * `readSecretFile` supplies the development session secret kept under data/.
 */
export function parseEnv(
  raw: Record<string, string | undefined>,
  readSecretFile: (dir: string) => string = devSessionSecret,
): Env {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new EnvError(`Invalid environment: ${issue.path.join(".")} ${issue.message}`);
  }
  const v = result.data;
  // With DATA_DIR, the database and the uploads live in it; without, the laptop defaults stay.
  const databaseUrl =
    v.DATABASE_URL ?? (v.DATA_DIR ? path.join(v.DATA_DIR, "shop.db") : "data/shop.db");
  const uploadsDir = v.UPLOADS_DIR ?? (v.DATA_DIR ? path.join(v.DATA_DIR, "uploads") : "uploads");
  const dataDir =
    v.DATA_DIR ?? (engineOfUrl(databaseUrl) === "postgres" ? "data" : path.dirname(databaseUrl));
  const publicUrl = (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, "");
  const deployed = v.NODE_ENV === "production" && !isLocalOrigin(publicUrl);
  let secret = v.SESSION_SECRET;
  if (!secret) {
    if (deployed) {
      throw new EnvError(
        "Invalid environment: SESSION_SECRET is required in production (PUBLIC_URL is not local)",
      );
    }
    secret = readSecretFile(path.resolve(dataDir));
  } else if (Buffer.byteLength(secret) < 32) {
    throw new EnvError(
      "Invalid environment: SESSION_SECRET must be at least 32 bytes (e.g. `openssl rand -hex 32`)",
    );
  } else if (/change-?me/i.test(secret)) {
    // The placeholder of deploy/shop.env.example is public: cookies signed with it could be forged.
    throw new EnvError(
      "Invalid environment: SESSION_SECRET is still the example's placeholder: set it to the output of `openssl rand -hex 32`",
    );
  }
  if (deployed && !v.RAZORPAY_KEY_ID && !v.PAYMENT_SANDBOX) {
    throw new EnvError(
      "Invalid environment: RAZORPAY_KEY_ID is required in production (PUBLIC_URL is not local); set PAYMENT_SANDBOX=1 to take test payments on purpose",
    );
  }
  return {
    ...v,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: uploadsDir,
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: secret,
    isHttps: publicUrl.startsWith("https:"),
    paymentSandbox: !v.RAZORPAY_KEY_ID,
  };
}

/** The file in the data folder that keeps a generated session secret. */
export const SESSION_SECRET_FILE = ".session-secret";

/** A random secret made once and kept in the data folder, for laptops and demos. */
function devSessionSecret(dir: string): string {
  const file = path.join(dir, SESSION_SECRET_FILE);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

let cached: Env | undefined;

/** The validated environment of this process (parsed once). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}
