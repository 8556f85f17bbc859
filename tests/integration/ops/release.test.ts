// The release, as a server gets it: built by `npm run release`, unpacked into an empty folder and run
// with no Node.js on the PATH and no node_modules above it. One shop takes orders and a backup under
// a load of writes; the backup is restored into a second data folder, whose shop must hold every order
// confirmed before the backup began; that shop is then stopped under load with SIGTERM.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newShopper,
  request,
  runShop,
  shopEnv,
  startShop,
  toolsOnlyPath,
  type Outcome,
  type ShopProcess,
} from "../../support/release-support";

const root = process.cwd();
const version = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version;
const archive = path.join(root, "release", `overland-shop-${version}-linux-x64.tar.gz`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-release-"));
const bin = toolsOnlyPath(path.join(work, "bin"));
const shop = path.join(work, "unpacked", `overland-shop-${version}`, "shop");
// Below Linux's ephemeral range (32768 and up) and above the browser tests' ports (20000-30009).
const port = 30100 + Math.floor(Math.random() * 2500);
const running: ShopProcess[] = [];

beforeAll(() => {
  execFileSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/release.ts"],
    {
      cwd: root,
      stdio: "ignore",
    },
  );
  fs.mkdirSync(path.join(work, "unpacked"));
  execFileSync("tar", ["-xzf", archive, "-C", path.join(work, "unpacked")]);
}, 240_000);

afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null) await s.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("the release archive", () => {
  it("is the only archive and holds the runtime, the command, and no tests, sources or dev dependencies", () => {
    expect(fs.readdirSync(path.join(root, "release")).filter((n) => n.endsWith(".tar.gz"))).toEqual(
      [path.basename(archive)],
    );
    const files = execFileSync("tar", ["-tzf", archive], { encoding: "utf8", maxBuffer: 64 << 20 })
      .split("\n")
      .filter(Boolean);
    const top = `overland-shop-${version}/`;
    expect(files.every((f) => f.startsWith(top))).toBe(true);
    expect(files).toContain(`${top}shop`);
    expect(files).toContain(`${top}runtime/node`);
    expect(files.filter((f) => /(^|\/)tests?\//.test(f.slice(top.length)))).toEqual([]);
    expect(files.filter((f) => /\.(ts|tsx|mts|cts)$/.test(f))).toEqual([]);
    expect(fs.statSync(shop).mode & 0o111).not.toBe(0);
    // Every package in the archive is a production one in the lock file (no "dev": true).
    const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")).packages;
    const packages = [
      ...new Set(
        files
          .map((f) => f.slice(top.length).match(/^node_modules\/(@[^/]+\/[^/]+|[^@/][^/]*)\//)?.[1])
          .filter((p): p is string => Boolean(p)),
      ),
    ];
    expect(packages).toEqual(expect.arrayContaining(["better-sqlite3", "sharp"]));
    for (const p of packages) {
      expect(lock[`node_modules/${p}`], p).toBeDefined();
      expect(lock[`node_modules/${p}`].dev ?? false, `${p} is a dev dependency`).toBe(false);
    }
  });
});

describe("a shop from the release", () => {
  const data1 = path.join(work, "data-1");
  const data2 = path.join(work, "data-2");
  const backup = path.join(work, "backups", "shop.tar.gz");
  let restored: ShopProcess;
  const confirmedBeforeBackup: number[] = [];

  it("serves, takes orders, backs up under a load of writes, and the restored copy holds every confirmed order", async () => {
    const first = await startShop(shop, shopEnv(bin, data1, port));
    running.push(first);
    expect((await fetch(`${first.base}/product/1`)).status).toBe(200);
    // Products a Buy Now can take as they are: no size or colour to choose, stock to spare.
    const catalogue = new Database(path.join(data1, "shop.db"), { readonly: true });
    const products = catalogue
      .prepare(
        `select id from products where stock >= 20 and hidden_at is null
             and id not in (select product_id from product_sizes)
             and id not in (select product_id from product_colors group by product_id having count(*) > 1)
           order by id limit 40`,
      )
      .pluck()
      .all() as number[];
    catalogue.close();
    expect(products.length).toBeGreaterThan(5);
    const shopper = await newShopper(first.base, "release-shopper@example.com");
    confirmedBeforeBackup.push(await shopper.placePaidOrder(products[0]));

    // Writes keep coming while the backup runs: three streams of shoppers placing and paying orders
    // (a new shopper every few orders: one shopper may place only so many in ten minutes).
    const confirmed: { id: number; at: number }[] = [];
    let loading = true;
    // One at a time: the shop hashes at most a few passwords at once and answers 503 beyond that.
    const pool: Awaited<ReturnType<typeof newShopper>>[] = [];
    for (let k = 0; k < 15; k++) pool.push(await newShopper(first.base, `load-${k}@example.com`));
    const loaders = [0, 1, 2].map(async (n) => {
      for (let i = 0; loading && i < 25; i++) {
        const s = pool[n * 5 + Math.floor(i / 5)];
        const id = await s.placePaidOrder(products[(n * 7 + i) % products.length]);
        confirmed.push({ id, at: Date.now() });
      }
    });
    await new Promise((r) => setTimeout(r, 500));
    const backupBegan = Date.now();
    const result = await runShop(shop, ["backup", backup], shopEnv(bin, data1, port));
    await new Promise((r) => setTimeout(r, 300));
    loading = false;
    await Promise.all(loaders);
    expect(result.code, result.output).toBe(0);
    expect(confirmed.length).toBeGreaterThan(3);
    for (const c of confirmed) if (c.at < backupBegan) confirmedBeforeBackup.push(c.id);
    expect(await first.stop()).toBe(0);

    // A shop runs on data-1 no more; restore into a fresh data folder and serve it.
    const restore = await runShop(shop, ["restore", backup], shopEnv(bin, data2, port + 1));
    expect(restore.code, restore.output).toBe(0);
    restored = await startShop(shop, shopEnv(bin, data2, port + 1));
    running.push(restored);
    // The shop answers its shopper's first order; the database holds every confirmed one as paid.
    expect(await firstOrderStatus(restored.base, confirmedBeforeBackup[0])).toBe(200);
    const db = new Database(path.join(data2, "shop.db"), { readonly: true });
    const status = db.prepare("select status from orders where id = ?").pluck();
    for (const id of confirmedBeforeBackup) expect(status.get(id), `order ${id}`).toBe("paid");
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    db.close();
  }, 180_000);

  /** An order of the first shopper, read through the API with a token from a new login. */
  async function firstOrderStatus(base: string, orderId: number) {
    const login = await fetch(`${base}/api/v1/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "release-shopper@example.com",
        password: "release-test-password-1",
      }),
    });
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${base}/api/v1/orders/${orderId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return res.status;
  }

  it("refuses a second shop on the same data folder", async () => {
    expect(restored, "the restored shop runs").toBeDefined();
    const second = await runShop(shop, ["serve"], shopEnv(bin, data2, port + 2));
    expect(second.code).not.toBe(0);
    expect(second.output).toMatch(/Another shop process \(pid \d+\) is using the data folder/);
  });

  it("stops on SIGTERM under load without failing a request it accepted", async () => {
    expect(restored, "the restored shop runs").toBeDefined();
    const outcomes: Outcome[] = [];
    let stopSentAt = Infinity;
    let stopped = false;
    let seq = 0;
    const workers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; !stopped && i < 2000; i++) {
        const id = `load-${w}-${seq++}`;
        const o =
          i % 3 === 0
            ? await request(restored.base, "GET", `/product/${1 + (i % 50)}?q=${id}`, id)
            : await request(restored.base, "GET", `/search?q=winch&n=${id}`, id);
        outcomes.push(o);
        if (!o.answered && o.sentAt > stopSentAt) stopped = true;
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    stopSentAt = performance.now();
    const exitCode = await Promise.race([
      restored.stop(),
      new Promise<string>((r) => setTimeout(() => r("still running after 10 s"), 10_000)),
    ]);
    stopped = true;
    await Promise.all(workers);
    expect(exitCode).toBe(0);

    const logged = new Set(
      restored
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l).requestId),
    );
    const failed = outcomes.filter((o) => o.error || (o.status ?? 0) >= 500);
    // Once the server stops listening, a connection is refused, or reset if it was still waiting in
    // the kernel's backlog (the server never took it: no log line, no answer). A request the server
    // took is logged when answered; none of those may fail, and none may fail long before the stop.
    const neverTaken = (o: Outcome) =>
      !o.answered && !logged.has(o.id) && o.sentAt > stopSentAt - 1000;
    const bad = failed.filter((o) => !neverTaken(o));
    expect(bad, JSON.stringify(bad.slice(0, 5))).toEqual([]);
    expect(
      outcomes.filter((o) => o.status === 200 && o.sentAt < stopSentAt).length,
    ).toBeGreaterThan(20);
    expect(outcomes.some((o) => o.status === 200 && o.doneAt > stopSentAt)).toBe(true);
    expect(restored.output()).toContain('"msg":"stopped"');
  }, 60_000);
});
