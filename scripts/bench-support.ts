/** What `npm run bench` and `npm run lighthouse` share: the build, starting the shop, ports. */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const ROOT = process.cwd();
export const TMP = path.join(ROOT, "bench", "tmp");
export const BUILD_DIR = path.join(TMP, "build");
/** Seed images are deterministic: kept between runs so the seed is quick. */
export const UPLOADS = path.join(TMP, "uploads");

/** Builds the shop for production into bench/tmp/build (unless `reuse` and a build is there). */
export function buildForProduction(reuse: boolean, log: (msg: string) => void) {
  fs.mkdirSync(TMP, { recursive: true });
  if (reuse && fs.existsSync(path.join(BUILD_DIR, "server", "index.js"))) return;
  log("building for production");
  execFileSync("npx", ["remix", "vite:build", "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, REMIX_BUILD_DIR: BUILD_DIR, NODE_ENV: "production" },
  });
}

export function removeDatabase(file: string) {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
}

/**
 * Starts the production server the way `npm run serve` does (server.mjs; remix-serve with
 * `server: "remix-serve"`), with NODE_ENV=production, on the given database and the bench build.
 */
export function startShop(options: {
  port: number;
  publicUrl: string;
  databaseFile: string;
  server?: "own" | "remix-serve";
  /** Node's own flags for the shop's processes (workers inherit them), e.g. --cpu-prof. */
  nodeArgs?: string[];
  log: (msg: string) => void;
}): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    PUBLIC_URL: options.publicUrl,
    DATABASE_URL: options.databaseFile,
    DATA_DIR: TMP,
    UPLOADS_DIR: UPLOADS,
    SESSION_SECRET: "bench-session-secret-0123456789abcdef",
    SEED_DEMO: "0",
    BUILD_DIR,
  };
  for (const key of [
    "RAZORPAY_KEY_ID",
    "RAZORPAY_KEY_SECRET",
    "RAZORPAY_WEBHOOK_SECRET",
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
  ]) {
    delete env[key];
  }
  const args =
    options.server === "remix-serve"
      ? [
          path.join(ROOT, "node_modules/@remix-run/serve/dist/cli.js"),
          path.join(BUILD_DIR, "server/index.js"),
        ]
      : [path.join(ROOT, "server.mjs")];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...args], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  let stopping = false;
  const kill = child.kill.bind(child);
  child.kill = (signal?: NodeJS.Signals | number) => {
    stopping = true;
    return kill(signal);
  };
  child.on("exit", (code, signal) => {
    if (!stopping) options.log(`the shop exited early (${code ?? signal})`);
  });
  return child;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Waits until `url` answers (2xx, or anything when `anyStatus`). */
export async function waitFor(url: string, ms: number, anyStatus = false) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (anyStatus || res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}
