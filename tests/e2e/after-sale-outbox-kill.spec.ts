// The outbox survives kill -9: the production server (server.mjs on this run's build) commits a
// password reset and its mail, starts sending it to an SMTP server that never answers, and is killed
// with SIGKILL mid-send. Restarted on the same data folder with a working SMTP server (a real one,
// in this process), it sends the message, and the SMTP server counts it exactly once, with the
// Message-ID the row was written with.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { SERVER_PORTS } from "./server-ports";

const port = SERVER_PORTS.outbox;
const origin = `http://127.0.0.1:${port}`;

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server tests run once");
// It opens its server's SQLite file: not on a PostgreSQL run.
test.skip(!!process.env.E2E_PG_URL, "SQLite only: opens the database file");

test.describe("the outbox and kill -9", () => {
  test.setTimeout(240_000);
  let server: ChildProcess | undefined;
  let work: string | undefined;
  let smtp: TestSmtp | undefined;
  let silent: net.Server | undefined;
  test.afterAll(async () => {
    server?.kill("SIGKILL");
    await smtp?.close();
    silent?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  function start(smtpUrl: string) {
    const buildDir =
      process.env.E2E_BUILD_DIR || path.join(".e2e", `build-${process.env.E2E_PORT}`);
    const child = spawn(process.execPath, [path.resolve("server.mjs")], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: origin,
        DATA_DIR: work,
        DATABASE_URL: path.join(work!, "shop.db"),
        UPLOADS_DIR: process.env.E2E_UPLOADS_DIR || path.resolve(".e2e/uploads"),
        SESSION_SECRET: "outbox-session-secret-0123456789abcdef",
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "owner-password-123",
        SMTP_URL: smtpUrl,
        MAIL_FROM: "Overland Shop <orders@overland.test>",
        SEED_DEMO: "0",
        BUILD_DIR: buildDir,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    return child;
  }

  async function healthy() {
    await expect
      .poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status ?? 0, {
        timeout: 120_000,
      })
      .toBe(200);
  }

  test("a message committed before the crash is sent exactly once after the restart", async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-outbox-"));
    // An SMTP server that accepts the connection and never says a word: the send hangs.
    let connections = 0;
    silent = net.createServer(() => {
      connections++;
    });
    await new Promise<void>((resolve) => silent!.listen(0, "127.0.0.1", resolve));
    const silentPort = (silent.address() as net.AddressInfo).port;

    server = start(`smtp://127.0.0.1:${silentPort}`);
    await healthy();
    const asked = await fetch(`${origin}/api/v1/password/forgot`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "owner@example.com" }),
    });
    expect(asked.status).toBe(200);
    // The worker has claimed the row and is sending: kill the server now.
    await expect.poll(() => connections, { timeout: 15_000 }).toBeGreaterThan(0);
    const first = server;
    const exited = new Promise((resolve) => first.once("exit", resolve));
    first.kill("SIGKILL");
    await exited;

    const db = new Database(path.join(work, "shop.db"), { readonly: true });
    const row = () =>
      db.prepare("select status, attempts, message_id, claimed_by from outbox").get() as {
        status: string;
        attempts: number;
        message_id: string;
        claimed_by: string | null;
      };
    const before = row();
    expect(before).toMatchObject({ status: "waiting", attempts: 1 });
    // Claimed by the process that was sending: the server, or the worker of it that runs the jobs,
    // which does not outlive it.
    const claimer = Number(/:(\d+):/.exec(before.claimed_by ?? "")?.[1]);
    expect(claimer).toBeGreaterThan(0);
    const alive = () => {
      try {
        process.kill(claimer, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(alive, { timeout: 15_000 }).toBe(false);

    smtp = await startSmtp();
    server = start(smtp.url);
    await healthy();
    const mails = await smtp.waitFor(1, 30_000);
    // Give a duplicate every chance to arrive.
    await new Promise((r) => setTimeout(r, 4000));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Reset your password");
    expect(mails[0].envelopeTo).toEqual(["owner@example.com"]);
    expect(mails[0].messageId).toBe(before.message_id);
    expect(mails[0].text).toContain(`${origin}/reset-password/`);
    expect(row()).toMatchObject({ status: "sent", attempts: 2, claimed_by: null });
    db.close();
  });
});
