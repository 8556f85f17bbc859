// Password reset through the real routes (HTML form and JSON API), with the mail read from a real
// SMTP server: the link logs the shopper in with the new password, and the old password, the old
// sessions and API tokens, a reused token and an expired token are all refused.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUserSession, getUser } from "~/auth/session.server";
import { createDeliverer } from "~/messages/deliver.server";
import { issueApiToken, userForApiToken } from "~/models/api-token.server";
import { runOutboxOnce } from "~/models/outbox-worker.server";
import {
  FORGOT_ANSWER,
  FORGOT_PER_ADDRESS,
  RESET_INVALID,
  requestPasswordReset,
} from "~/models/password-reset.server";
import { createUser, INVALID_LOGIN, verifyLogin } from "~/models/user.server";
import { action as apiForgot } from "~/routes/api.v1.password.forgot";
import { action as apiReset } from "~/routes/api.v1.password.reset";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as resetAction, loader as resetLoader } from "~/routes/reset-password.$token";
import { getEnv, resetEnvCache } from "~/utils/env.server";
import { type TestDb, withAppDb } from "../../support/db";
import { startSmtp, type TestSmtp } from "../../support/smtp";
import { callRoute } from "../../support/route";

const BASE = "http://127.0.0.1:3997";
const OLD = "old-Passw0rd-for-tests";
const NEW = "new-Passw0rd-for-tests";
let smtp: TestSmtp;
let t: TestDb;
let userId: number;
const saved = { ...process.env };

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  process.env = saved;
  resetEnvCache();
});
beforeEach(async () => {
  t = await withAppDb({
    PUBLIC_URL: BASE,
    SESSION_SECRET: "test-session-secret-0123456789abcdef",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Overland Shop <orders@overland.test>",
  });
  smtp.mails.length = 0;
  resetEnvCache();
  const created = await createUser(t.db, { email: "rider@example.com", password: OLD });
  if (!created.ok) throw new Error(created.error);
  userId = created.user.id;
});
afterEach(async () => {
  await t.cleanup();
});

const call = callRoute;

const form = (path: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`${BASE}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: BASE,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
const json = (path: string, body: unknown) =>
  new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

/** Sends what the outbox holds and answers the reset link of the newest mail. */
async function linkFromMail(expected: number) {
  await runOutboxOnce(t.db, createDeliverer(getEnv()).deliver);
  const mails = await smtp.waitFor(expected);
  const mail = mails[mails.length - 1];
  expect(mail.subject).toBe("Reset your password");
  expect(mail.envelopeTo).toEqual(["rider@example.com"]);
  const inText = /http:\/\/\S+\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? "");
  const inHtml = /href="(http:\/\/[^"]+\/reset-password\/[^"]+)"/.exec(String(mail.html));
  expect(inText).not.toBeNull();
  expect(inHtml?.[1]).toBe(inText![0]);
  return { url: new URL(inText![0]), token: inText![1] };
}

async function sessionCookie() {
  return (await createUserSession(new Request(`${BASE}/login`), userId)).split(";")[0];
}

describe("the HTML door", () => {
  it("forgot → mail → new password → log in with it; the old password and sessions stop working", async () => {
    const oldSession = await sessionCookie();
    const oldToken = (await issueApiToken(t.db, userId)).token;
    expect(
      await getUser(new Request(`${BASE}/`, { headers: { Cookie: oldSession } })),
    ).not.toBeNull();

    const res = await call(forgotAction, form("/forgot-password", { email: "Rider@Example.com" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/forgot-password?sent=1");
    const { url, token } = await linkFromMail(1);
    expect(url.origin).toBe(BASE);
    // Only the hash is stored.
    const stored = await t.db.selectFrom("password_resets").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const page = await call(resetLoader, new Request(url), { token });
    expect(page.status).toBe(200);
    // A password too short or too common is shown next to the field and uses nothing up.
    const short = await call(resetAction, form(url.pathname, { password: "short" }), { token });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { errors: Record<string, string> }).errors.password).toMatch(
      /at least 8/,
    );
    const common = await call(resetAction, form(url.pathname, { password: "password123" }), {
      token,
    });
    expect(common.status).toBe(400);

    const done = await call(resetAction, form(url.pathname, { password: NEW }), { token });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/login");

    // The old session and API token are gone; the old password fails; the new one logs in.
    expect(await getUser(new Request(`${BASE}/`, { headers: { Cookie: oldSession } }))).toBeNull();
    expect(await userForApiToken(t.db, oldToken)).toBeNull();
    expect(await verifyLogin(t.db, { email: "rider@example.com", password: OLD })).toEqual({
      status: "invalid",
      message: INVALID_LOGIN,
    });
    const login = await call(
      loginAction,
      form("/login", { email: "rider@example.com", password: NEW }),
    );
    expect(login.status).toBe(303);
    expect(login.headers.get("Set-Cookie")).toMatch(/session/);

    // The link works once.
    expect((await call(resetLoader, new Request(url), { token })).status).toBe(410);
    const again = await call(resetAction, form(url.pathname, { password: "another-Passw0rd-x" }), {
      token,
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { formError: string }).formError).toBe(RESET_INVALID);
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const res = await call(forgotAction, form("/forgot-password", { email: "nobody@example.com" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/forgot-password?sent=1");
    expect(await t.db.selectFrom("outbox").selectAll().execute()).toHaveLength(0);
    const bad = await call(forgotAction, form("/forgot-password", { email: "not-an-email" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.email).toBe(
      "Enter a valid e-mail address",
    );
  });

  it("sends at most 3 mails per e-mail address an hour, with the same answer", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await call(
        apiForgot,
        json("/api/v1/password/forgot", { email: "rider@example.com" }),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: FORGOT_ANSWER });
    }
    expect(await t.db.selectFrom("outbox").selectAll().execute()).toHaveLength(3);
  });
});

describe("the throttle per client address", () => {
  it("refuses an address after its limit, whatever the e-mail, and not another address", async () => {
    const from = "203.0.113.9";
    for (let i = 0; i < FORGOT_PER_ADDRESS.limit; i++) {
      expect(
        (await requestPasswordReset(t.db, { email: `x${i}@example.com`, clientAddress: from })).ok,
      ).toBe(true);
    }
    const refused = await requestPasswordReset(t.db, {
      email: "rider@example.com",
      clientAddress: from,
    });
    expect(refused).toMatchObject({ ok: false });
    if (refused.ok) throw new Error();
    expect(refused.message).toMatch(/Too many requests/);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(
      await requestPasswordReset(t.db, {
        email: "rider@example.com",
        clientAddress: "203.0.113.10",
      }),
    ).toEqual({ ok: true, sent: true });
  });
});

describe("the JSON door", () => {
  it("resets through the API, refuses a reused token and an expired one", async () => {
    const unknown = await call(
      apiForgot,
      json("/api/v1/password/forgot", { email: "ghost@example.com" }),
    );
    const known = await call(
      apiForgot,
      json("/api/v1/password/forgot", { email: "rider@example.com" }),
    );
    expect(await unknown.json()).toEqual(await known.json());
    const { token } = await linkFromMail(1);
    const oldToken = (await issueApiToken(t.db, userId)).token;

    const ok = await call(apiReset, json("/api/v1/password/reset", { token, password: NEW }));
    expect(ok.status).toBe(200);
    expect(await userForApiToken(t.db, oldToken)).toBeNull();
    expect((await verifyLogin(t.db, { email: "rider@example.com", password: NEW })).status).toBe(
      "ok",
    );

    const reused = await call(
      apiReset,
      json("/api/v1/password/reset", { token, password: "third-Passw0rd-xx" }),
    );
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({
      message: RESET_INVALID,
      errors: { token: RESET_INVALID },
    });

    // An expired token: asked for, then 31 minutes pass.
    await call(apiForgot, json("/api/v1/password/forgot", { email: "rider@example.com" }));
    const second = await linkFromMail(2);
    await t.db
      .updateTable("password_resets")
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("used_at", "is", null)
      .execute();
    const expired = await call(
      apiReset,
      json("/api/v1/password/reset", { token: second.token, password: "fourth-Passw0rd-x" }),
    );
    expect(expired.status).toBe(400);
    expect((await verifyLogin(t.db, { email: "rider@example.com", password: NEW })).status).toBe(
      "ok",
    );

    const missing = await call(apiReset, json("/api/v1/password/reset", {}));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { errors: Record<string, string> }).errors).toHaveProperty(
      "token",
    );
  });
});
