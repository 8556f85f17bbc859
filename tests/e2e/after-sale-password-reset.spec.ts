// Password reset in a browser, with JavaScript on and off, against the production server with a
// real SMTP server in this process: "Forgot password?" on the login page, the mail's link, a new
// password, a login with it; the old password and the old API token stop working; the link works
// once.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { SERVER_PORTS } from "./server-ports";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const OLD = "old-trail-Passw0rd";
const NEW = "new-trail-Passw0rd";
const AFTER_HASH = { timeout: 30_000 };
let server: ChildProcess | undefined;
let smtp: TestSmtp | undefined;
let work: string | undefined;
let origin = "";

test.beforeAll(async ({ browserName: _ }, info) => {
  // A server of this project's own, so its mail reaches this process's SMTP server.
  const port = SERVER_PORTS.passwordReset[info.project.name];
  origin = `http://127.0.0.1:${port}`;
  smtp = await startSmtp();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-reset-"));
  server = spawn(process.execPath, [path.resolve("server.mjs")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: work,
      DATABASE_URL: path.join(work, "shop.db"),
      UPLOADS_DIR: process.env.E2E_UPLOADS_DIR || path.resolve(".e2e/uploads"),
      SESSION_SECRET: "reset-session-secret-0123456789abcdef",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Overland Shop <orders@overland.test>",
      SEED_DEMO: "0",
      BUILD_DIR: process.env.E2E_BUILD_DIR || path.join(".e2e", `build-${process.env.E2E_PORT}`),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect
    .poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status ?? 0, {
      timeout: 120_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await smtp?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const main = (page: Page) => page.getByRole("main");

async function api(pathname: string, body: unknown, token?: string) {
  return fetch(`${origin}${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

test("forgot password → the mail's link → a new password → log in with it", async ({
  page,
}, info) => {
  const email = `reset-${info.project.name}@example.com`;
  expect((await api("/api/v1/register", { email, password: OLD })).status).toBe(201);
  const login = await api("/api/v1/login", { email, password: OLD });
  const { token } = (await login.json()) as { token: string };
  expect((await api("/api/v1/userOrders", undefined, token)).status).toBe(200);

  await page.goto(`${origin}/login`);
  await main(page).getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByRole("button", { name: "Send reset link" }).click();
  await expect(main(page).getByRole("status")).toContainText(
    "If an account exists for that e-mail",
  );

  const [mail] = await smtp!.waitFor(1, 20_000);
  expect(mail.envelopeTo).toEqual([email]);
  const link = /href="([^"]+\/reset-password\/[^"]+)"/.exec(String(mail.html))![1];
  expect(link.startsWith(`${origin}/reset-password/`)).toBe(true);

  const opened = await page.goto(link);
  // No other site learns the token from a Referer, and the form below still posts (with JavaScript
  // and without) with its Origin.
  expect(opened?.headers()["referrer-policy"]).toBe("same-origin");
  await main(page).getByLabel("New password").fill("short");
  await main(page).getByRole("button", { name: "Set new password" }).click();
  await expect(main(page).getByText("Password must be at least 8 characters")).toBeVisible();
  await main(page).getByLabel("New password").fill(NEW);
  await main(page).getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login$/, AFTER_HASH);
  await expect(page.getByText("Your password is set.")).toBeVisible();

  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Password").fill(NEW);
  await main(page).getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`^${origin}/$`), AFTER_HASH);
  await expect(page.getByText("Login successful!")).toBeVisible();

  // The old password and the old API token no longer work.
  expect((await api("/api/v1/login", { email, password: OLD })).status).not.toBe(200);
  expect((await api("/api/v1/userOrders", undefined, token)).status).toBe(401);

  // The link works once.
  await page.goto(link);
  await expect(main(page).getByRole("heading", { name: "Reset link not valid" })).toBeVisible();
});
