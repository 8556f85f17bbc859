// server.mjs with two workers (SHOP_WORKERS=2) on a database of its own, over real sockets: the
// page cache per vehicle, an admin edit through one worker seen by the other at once, and the
// background jobs started once. No browser: these run once, in the `js` project.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { vehicleCookieValue } from "../../server/page-cache.mjs";
import { SERVER_PORTS } from "./server-ports";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server tests run once");
// It opens its server's SQLite file; on PostgreSQL, postgres-servers.spec.ts runs two servers.
test.skip(!!process.env.E2E_PG_URL, "SQLite only: opens the database file");
test.describe.configure({ mode: "serial" });

const port = SERVER_PORTS.workers;
const host = `127.0.0.1:${port}`;
const ADMIN = { email: "workers-admin@example.com", password: "workers-admin-password-123" };

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request on a connection of its own, so that the workers take turns answering. */
function get(
  pathname: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: pathname,
        agent: false,
        headers: { host, connection: "close", ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The vehicle the page shows as chosen (the picker's selected option), or null. */
function chosenVehicle(html: string): string | null {
  const chosen = [...html.matchAll(/<option value="([^"]+)" selected="">/g)]
    .map((m) => m[1])
    .filter((v) => vehicles.includes(v));
  expect(chosen.length).toBeLessThanOrEqual(1);
  return chosen[0] ?? null;
}

let server: ChildProcess | undefined;
let work = "";
const lines: string[] = [];
let vehicles: string[] = [];
let productId = 0;

test.beforeAll(async ({ browserName: _ }, info) => {
  // The file-level skip does not stop this hook in the other project: it would start a second server.
  if (info.project.name !== "js" || process.env.E2E_PG_URL) return;
  test.setTimeout(180_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-workers-"));
  server = spawn(process.execPath, [path.resolve("server.mjs")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SHOP_WORKERS: "2",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://${host}`,
      DATABASE_URL: path.join(work, "shop.db"),
      UPLOADS_DIR: process.env.E2E_UPLOADS_DIR || path.resolve(".e2e/uploads"),
      SESSION_SECRET: "workers-session-secret-0123456789abcdef",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BUILD_DIR: process.env.E2E_BUILD_DIR || path.join(".e2e", `build-${process.env.E2E_PORT}`),
      SEED_DEMO: "1",
      // Behind one proxy: the request log names the address it forwarded (checked in ask()).
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  server.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
    const parts = out.split("\n");
    out = parts.pop()!;
    lines.push(...parts.filter((l) => l.startsWith("{")));
  });
  // The primary listening and both workers ready.
  await expect
    .poll(() => lines.filter((l) => l.includes('"msg":"worker ready')).length, {
      timeout: 150_000,
    })
    .toBe(2);
  expect(lines.filter((l) => l.includes('"msg":"listening')).length).toBe(1);
  const db = new Database(path.join(work, "shop.db"), { readonly: true });
  vehicles = db.prepare("select slug from vehicles order by id").pluck().all() as string[];
  productId = db
    .prepare("select id from products where hidden_at is null order by id limit 1")
    .pluck()
    .get() as number;
  db.close();
  expect(vehicles.length).toBeGreaterThan(2);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await exited;
    expect(lines.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  }
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const vehicleCookie = (slug: string) => `vehicle=${vehicleCookieValue(slug)}`;

test("caches a page per vehicle: never one vehicle's page for another, for none, or for a logged-in shopper", async () => {
  const [a, b] = vehicles;
  const variants = [
    [vehicleCookie(a), a],
    [`_ga=GA1.1; ${vehicleCookie(b)}; toast=`, b],
    ["", null],
    ["theme=dark", null],
  ] as const;
  // Wrong answers are collected rather than thrown: a throw inside expect.poll is retried.
  const wrong: string[] = [];
  const ask = async (cookie: string, want: string | null, label: string) => {
    const res = await get("/", cookie ? { cookie } : {});
    const got = res.status === 200 ? chosenVehicle(res.body) : `status ${res.status}`;
    if (got !== want) wrong.push(`${label}: ${got} (${res.headers["x-cache"] ?? "rendered"})`);
    return res.headers["x-cache"];
  };
  // Interleaved, unknown cookies and a consumed toast alongside: every answer, stored or not,
  // shows the vehicle asked for. The primary hands connections to whichever worker is free, so
  // how often each worker has seen a variant is not fixed: each one is asked until a stored copy
  // answers it, and that copy is checked too.
  for (let round = 1; round <= 3; round++) {
    for (const [cookie, want] of variants) {
      const label = `${cookie || "no cookie"} (round ${round})`;
      if (round < 3) await ask(cookie, want, label);
      else
        await expect
          .poll(() => ask(cookie, want, label), { intervals: [0], timeout: 20_000 })
          .toBe("hit");
    }
  }
  expect(wrong).toEqual([]);
  // A vehicle that is not one of ours: rendered each time, never stored.
  const made = await get("/", { cookie: vehicleCookie("made-up-4x4") });
  expect(made.headers["x-cache"]).toBeUndefined();

  // A logged-in shopper with a vehicle gets a page of their own, never a stored one.
  const login = await get(
    "/login",
    { "content-type": "application/x-www-form-urlencoded", origin: `http://${host}` },
    "POST",
    new URLSearchParams({ ...ADMIN, redirectTo: "/" }).toString(),
  );
  const session = [login.headers["set-cookie"] ?? []]
    .flat()
    .map((c) => c.split(";")[0])
    .find((c) => /session=/.test(c));
  expect(session, "the login sets a session cookie").toBeTruthy();
  for (let i = 0; i < 3; i++) {
    const res = await get("/", { cookie: `${session}; ${vehicleCookie(a)}` });
    expect(res.status).toBe(200);
    expect(res.headers["x-cache"]).toBeUndefined();
    expect(chosenVehicle(res.body)).toBe(a);
    expect(res.body).toContain(ADMIN.email);
  }
});

test("an admin edit through one worker is seen by the other worker's next request", async () => {
  const page = `/product/${productId}`;
  for (let i = 0; i < 4; i++) await get(page);
  const cached = await Promise.all([get(page), get(page)]);
  expect(cached.map((r) => r.headers["x-cache"])).toEqual(["hit", "hit"]);

  const { token } = JSON.parse(
    (
      await get(
        "/api/v1/login",
        { "content-type": "application/json" },
        "POST",
        JSON.stringify(ADMIN),
      )
    ).body,
  );
  const deleted = await get(
    `/api/v1/products/delete/${productId}`,
    { authorization: `Bearer ${token}` },
    "DELETE",
  );
  expect(deleted.status).toBe(200);
  // The next requests, whichever worker takes them, know the product is gone.
  for (let i = 0; i < 4; i++) expect((await get(page)).status, `request ${i + 1}`).toBe(404);
});

test("runs the start-up tasks and background jobs in one worker only", async () => {
  expect(lines.filter((l) => l.includes("analysed the database")).length).toBe(1);
  expect(lines.filter((l) => l.includes('"msg":"worker ready')).length).toBe(2);
});

/** A keep-alive connection of its own, and the worker that answered each request on it. */
async function connection() {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  socket.on("data", (d: Buffer) => (received += d.toString("latin1")));
  return {
    socket,
    /** Sends one request and resolves with the number of the worker that logged it. */
    async ask(): Promise<number> {
      received = "";
      // The client wrote the first address, the proxy appended the second.
      socket.write(
        `GET /robots.txt HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-For: 198.51.100.7, 203.0.113.9\r\n\r\n`,
      );
      await expect.poll(() => /\r\n\r\n/.test(received)).toBe(true);
      const id = /x-request-id: (\S+)/i.exec(received)?.[1];
      expect(id, "the answer carries its request id").toBeTruthy();
      let logged: { worker?: number; address?: string } | undefined;
      await expect
        .poll(() => (logged = lines.map((l) => JSON.parse(l)).find((l) => l.requestId === id)))
        .toBeTruthy();
      expect(logged!.address, "the address the proxy saw").toBe("203.0.113.9");
      return logged!.worker!;
    },
  };
}

test("hands each new connection to the worker that holds the fewest", async () => {
  // Four connections kept open: two for each worker.
  const first = await Promise.all([0, 1, 2, 3].map(() => connection()));
  const workersOf: number[] = [];
  for (const c of first) workersOf.push(await c.ask());
  expect([...workersOf].sort()).toEqual([1, 1, 2, 2]);
  // A request on a kept connection goes to the worker that has it.
  expect(await first[0].ask()).toBe(workersOf[0]);

  // Closing the two of one worker leaves it with none: the next two connections both go to it
  // (taking turns blindly would give one to each).
  const freed = workersOf[0];
  const closing = first.filter((_, i) => workersOf[i] === freed);
  await Promise.all(
    closing.map((c) => new Promise((resolve) => c.socket.once("close", resolve).end())),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  const next = [await connection(), await connection()];
  expect(await next[0].ask()).toBe(freed);
  expect(await next[1].ask()).toBe(freed);
  for (const c of [...first, ...next]) c.socket.destroy();
});
