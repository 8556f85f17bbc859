// An older release put back on a database that a newer one migrated (a rollback without a
// restore): `shop check` reports it, and `shop serve` refuses to start, in one line each; and a
// data folder that cannot be written, or a full disk at start, stops the server with one line too.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { boot } from "~/boot.server";
import { createDatabase, db } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { runChecks } from "../../../scripts/shop/check";
import { resetEnvCache } from "~/utils/env.server";

// The demo seed on a full disk: its image library's own words for it (the error has no code).
vi.mock("../../../seed/seed", () => ({
  seedDemoCatalog: async () => {
    throw new Error(
      "/data/uploads/seed/a.webp: write error\nsystem error: No space left on device",
    );
  },
}));

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A data folder whose database a newer release (one more migration) has migrated. */
async function migratedByNewerRelease(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-check-"));
  dirs.push(dir);
  const db = createDatabase(path.join(dir, "shop.db"));
  await migrateToLatest(db);
  await db.destroy();
  const raw = new Database(path.join(dir, "shop.db"));
  raw
    .prepare("insert into kysely_migration (name, timestamp) values (?, ?)")
    .run("29991231T000000_future", new Date().toISOString());
  raw.close();
  return dir;
}

const NEWER =
  /^The database was migrated by a newer release of the shop \(this release does not know 29991231T000000_future\): .*Rollback/;

describe("an older release on a database a newer one migrated", () => {
  it("is a problem for shop check", async () => {
    const dir = await migratedByNewerRelease();
    const problems = runChecks({ DATA_DIR: dir }).filter((f) => !f.ok);
    expect(problems.map((f) => f.text)).toEqual([expect.stringMatching(NEWER)]);
  });

  it("makes shop serve stop with one line, before it copies or migrates anything", async () => {
    const dir = await migratedByNewerRelease();
    const run = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/shop/cli.ts", "serve"], {
      encoding: "utf8",
      env: {
        ...process.env,
        DATA_DIR: dir,
        DATABASE_URL: path.join(dir, "shop.db"),
        PORT: "4450",
        HOST: "127.0.0.1",
      },
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(NEWER);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, "backups"))).toBe(false);
  });
});

describe("a data folder the shop cannot write", () => {
  // A path below a file cannot be created, by any user (root included), as a read-only mount
  // or a folder of another owner cannot be written.
  function unwritableFolder(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-check-"));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, "a-file"), "");
    return path.join(dir, "a-file", "data");
  }
  const UNWRITABLE = /^[^\n]*The data folder \S+ cannot be written \(ENOTDIR[^\n]*DATA_DIR[^\n]*$/;

  it.each([
    ["shop serve", path.resolve("node_modules/.bin/tsx"), ["scripts/shop/cli.ts", "serve"]],
    [
      "shop restore",
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/shop/cli.ts", "restore", "x"],
    ],
    ["server.mjs", process.execPath, ["server.mjs"]],
  ])("makes %s stop with one line, not a stack trace", (_name, command, args) => {
    const dir = unwritableFolder();
    const run = spawnSync(command, args, {
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dir, PORT: "4451", HOST: "127.0.0.1", SHOP_WORKERS: "1" },
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(`${run.stdout}${run.stderr}`.trim()).toMatch(UNWRITABLE);
  });
});

describe("a bad SHOP_WORKERS", () => {
  it("stops the server with one line naming it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-check-"));
    dirs.push(dir);
    const run = spawnSync(process.execPath, ["server.mjs"], {
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dir, PORT: "4452", HOST: "127.0.0.1", SHOP_WORKERS: "two" },
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout.trim())).toMatchObject({
      level: "error",
      msg: 'Invalid environment: SHOP_WORKERS must be a whole number from 1 to 64, not "two"',
    });
  });

  it("is a problem for shop check", () => {
    const problems = runChecks({ DATA_DIR: os.tmpdir(), SHOP_WORKERS: "two" }).filter((f) => !f.ok);
    expect(problems.map((f) => f.text)).toEqual([
      'Invalid environment: SHOP_WORKERS must be a whole number from 1 to 64, not "two"',
    ]);
  });
});

describe("shop create-admin without an e-mail address", () => {
  it.each([
    [[], /^Usage: shop create-admin EMAIL /],
    [
      ["boss.example.in"],
      /^"boss\.example\.in" is not an e-mail address\. Usage: shop create-admin EMAIL /,
    ],
  ])("says what it needs in one line (%j)", (args, message) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-check-"));
    dirs.push(dir);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
    delete env.ADMIN_EMAIL;
    const run = spawnSync(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/shop/cli.ts", "create-admin", ...args],
      { encoding: "utf8", env, timeout: 60_000 },
    );
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toMatch(message);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });
});

describe("shop create-admin with ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  it("makes that admin, with no e-mail on the command line", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-check-"));
    dirs.push(dir);
    const run = spawnSync(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/shop/cli.ts", "create-admin"],
      {
        encoding: "utf8",
        env: {
          ...process.env,
          DATA_DIR: dir,
          ADMIN_EMAIL: "boss@example.in",
          ADMIN_PASSWORD: "a-long-admin-password",
        },
        timeout: 60_000,
      },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const db = new Database(path.join(dir, "shop.db"));
    try {
      expect(db.prepare("select email, role from users").all()).toEqual([
        { email: "boss@example.in", role: "admin" },
      ]);
    } finally {
      db.close();
    }
  });
});

describe("a full disk at start", () => {
  it("stops the server with one log line that says so", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-check-"));
    dirs.push(dir);
    vi.stubEnv("DATA_DIR", dir);
    vi.stubEnv("DATABASE_URL", path.join(dir, "shop.db"));
    vi.stubEnv("SEED_DEMO", "1");
    resetEnvCache();
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const exit = vi.spyOn(process, "exit").mockImplementation(() => {
      throw new Error("exited");
    });
    try {
      await expect(boot()).rejects.toThrow("exited");
      expect(exit).toHaveBeenCalledWith(1);
      const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.level === "error");
      expect(errors).toEqual([
        expect.objectContaining({
          msg: expect.stringMatching(
            new RegExp(
              `^cannot start: the disk is full \\([^\n]*No space left on device\\): free some space on the disk of ${dir}, then start again$`,
            ),
          ),
        }),
      ]);
    } finally {
      write.mockRestore();
      exit.mockRestore();
      vi.unstubAllEnvs();
      resetEnvCache();
      await db.destroy();
    }
  });
});
