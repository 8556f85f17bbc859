// Builds the shop for production and serves it with server.mjs on a fresh database, the way
// `npm start` does, for one Playwright run: a SQLite file, or with E2E_PG_URL (set by
// playwright.config.ts when SHOP_TEST_ENGINE=postgres) a new database on that PostgreSQL cluster.
// E2E_BUILD_DIR reuses an existing build.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const port = process.env.E2E_PORT || "3100";
const work = fs.mkdtempSync(path.join(os.tmpdir(), `shop-e2e-${port}-`));
let buildDir = process.env.E2E_BUILD_DIR;
if (!buildDir) {
  buildDir = path.join(".e2e", `build-${port}`);
  execFileSync("npx", ["remix", "vite:build", "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, REMIX_BUILD_DIR: buildDir, NODE_ENV: "production" },
  });
}

/** A new, empty database `name` on the cluster at `clusterUrl`; answers its URL. */
async function createPostgresDatabase(clusterUrl, name) {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const databaseUrl = process.env.E2E_PG_URL
  ? await createPostgresDatabase(process.env.E2E_PG_URL, "shop_e2e")
  : path.join(work, "shop.db");

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATABASE_URL: databaseUrl,
  // The data folder (secrets, mail, its lock) is the work folder on either engine.
  DATA_DIR: work,
  // Seed images are deterministic: keep them between runs so the seed is quick.
  UPLOADS_DIR: process.env.E2E_UPLOADS_DIR || path.resolve(".e2e/uploads"),
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
  ADMIN_EMAIL: "admin@example.com",
  ADMIN_PASSWORD: "admin-password-123",
  SEED_DEMO: "1",
  // A separate front end that may call the bearer-token API from a browser (CORS).
  API_CORS_ORIGINS: "https://app.example.test",
  E2E_WORK_DIR: work,
};
for (const key of ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"])
  delete env[key];

// The production server `npm start` runs (server.mjs), on this run's build.
const server = spawn(process.execPath, [path.resolve("server.mjs")], {
  stdio: "inherit",
  env: { ...env, BUILD_DIR: buildDir },
});
const stop = () => {
  server.kill("SIGTERM");
  fs.rmSync(work, { recursive: true, force: true });
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => process.exit(code ?? 0));
