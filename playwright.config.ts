import { execFileSync } from "node:child_process";
import { defineConfig, devices } from "@playwright/test";
import { startCluster } from "./scripts/postgres-cluster.mjs";

// One server per run, on a free-ish port chosen once (workers inherit the environment). It and the
// ports beside it (server-ports.ts) lie below 32768, where Linux never hands out a connection's own
// local port: a port in the ephemeral range can be taken by any outgoing connection of the run.
process.env.E2E_PORT ??= String(20000 + 10 * Math.floor(Math.random() * 1000));
const port = Number(process.env.E2E_PORT);

/** A TCP port nobody listens on now, found synchronously (the config cannot wait for a promise). */
function freePort(): number {
  const script =
    "const s = require('node:net').createServer();" +
    "s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim());
}

// SHOP_TEST_ENGINE=postgres: the run's servers use a throwaway PostgreSQL cluster, started here once
// (the main process loads this file first; its workers load it again with E2E_PG_URL already set)
// and removed when the run ends. start-server.mjs makes the main server's database on it.
if (process.env.SHOP_TEST_ENGINE === "postgres" && !process.env.E2E_PG_URL) {
  const cluster = startCluster({ port: freePort() });
  process.env.E2E_PG_URL = cluster.url;
  process.on("exit", () => cluster.stop());
}
const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // In CI a failed test runs once more and is reported as flaky when it then passes (Playwright's
  // own advice): a broken feature still fails twice. Locally every failure shows at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true } },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node tests/e2e/start-server.mjs",
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
