// `shop backup` and `shop restore` on real data folders: what a restore refuses, what it keeps,
// and which backups the timer keeps.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import {
  backupBeforeMigrations,
  createBackup,
  restoreBackup,
  scheduledBackup,
  toPrune,
  type DataPaths,
} from "../../../scripts/shop/backup";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-"));
  dirs.push(dir);
  return dir;
}

const pathsOf = (dataDir: string): DataPaths => ({
  dataDir,
  database: path.join(dataDir, "shop.db"),
  uploads: path.join(dataDir, "uploads"),
});

/** A migrated data folder with one upload and a generated session secret. */
async function dataFolder(): Promise<DataPaths> {
  const paths = pathsOf(folder());
  const db = createDatabase(paths.database);
  await migrateToLatest(db);
  await db.destroy();
  fs.mkdirSync(path.join(paths.uploads, "products"), { recursive: true });
  fs.writeFileSync(path.join(paths.uploads, "products", "a.webp"), "image");
  fs.writeFileSync(path.join(paths.dataDir, ".session-secret"), "secret", { mode: 0o600 });
  return paths;
}

/** Rewrites a backup after `change` altered its unpacked files. */
function tamper(file: string, change: (dir: string) => void) {
  const dir = folder();
  execFileSync("tar", ["-xzf", file, "-C", dir]);
  change(dir);
  execFileSync("tar", ["-czf", file, "-C", dir, "."]);
}

describe("backup and restore", () => {
  it("restores database, uploads and secrets into an empty folder, and moves aside what it replaces", async () => {
    const source = await dataFolder();
    const file = path.join(folder(), "b.tar.gz");
    const manifest = await createBackup(source, file, "test");
    expect(manifest.schemaVersion).toMatch(/^\d{8}T\d{6}_/);
    expect(Object.keys(manifest.files).sort()).toEqual([
      "data/.session-secret",
      "shop.db",
      "uploads/products/a.webp",
    ]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const target = pathsOf(folder());
    restoreBackup(target, file);
    expect(fs.readFileSync(path.join(target.uploads, "products", "a.webp"), "utf8")).toBe("image");
    expect(fs.readFileSync(path.join(target.dataDir, ".session-secret"), "utf8")).toBe("secret");

    fs.writeFileSync(path.join(target.uploads, "products", "b.webp"), "newer image");
    const { replacedDir } = restoreBackup(target, file);
    expect(fs.existsSync(path.join(replacedDir, "shop.db"))).toBe(true);
    expect(fs.readFileSync(path.join(replacedDir, "uploads", "products", "b.webp"), "utf8")).toBe(
      "newer image",
    );
    expect(fs.existsSync(path.join(target.uploads, "products", "b.webp"))).toBe(false);
  });

  it("refuses a damaged backup and a newer schema before touching anything", async () => {
    const source = await dataFolder();
    const file = path.join(folder(), "b.tar.gz");
    await createBackup(source, file, "test");
    const target = await dataFolder();
    const before = fs.readFileSync(target.database);

    tamper(file, (dir) => fs.appendFileSync(path.join(dir, "uploads", "products", "a.webp"), "!"));
    expect(() => restoreBackup(target, file)).toThrow(
      /checksum of uploads\/products\/a.webp does not match/,
    );

    await createBackup(source, file, "test");
    tamper(file, (dir) => {
      const db = new Database(path.join(dir, "shop.db"));
      db.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run(
        "29991231T000000_future",
        "x",
      );
      db.close();
      const manifestFile = path.join(dir, "manifest.json");
      const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
      const hash = execFileSync("sha256sum", [path.join(dir, "shop.db")], {
        encoding: "utf8",
      }).split(" ")[0];
      manifest.files["shop.db"] = hash;
      fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    });
    expect(() => restoreBackup(target, file)).toThrow(/newer shop/);
    expect(fs.readFileSync(target.database).equals(before)).toBe(true);
    expect(fs.readdirSync(target.dataDir).filter((n) => n.startsWith("replaced-"))).toEqual([]);
  });

  it("takes a backup before migrations run on a database that has data, and not otherwise", async () => {
    const fresh = pathsOf(folder());
    expect(await backupBeforeMigrations(fresh, "test")).toBeNull();
    const current = await dataFolder();
    expect(await backupBeforeMigrations(current, "test")).toBeNull();
    // An older release's database: the newest migration has not run yet.
    const db = new Database(current.database);
    db.prepare(
      "delete from kysely_migration where name = (select max(name) from kysely_migration)",
    ).run();
    db.close();
    const file = await backupBeforeMigrations(current, "test");
    expect(file).toMatch(/backups\/before-migrations\/shop-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(fs.existsSync(file!)).toBe(true);
  });

  it("keeps the newest 7 daily and 4 weekly backups", async () => {
    expect(toPrune(["shop-3.tar.gz", "shop-1.tar.gz", "shop-2.tar.gz", "notes.txt"], 2)).toEqual([
      "shop-1.tar.gz",
    ]);
    const source = await dataFolder();
    const day = 24 * 3600 * 1000;
    const start = Date.parse("2026-01-01T03:00:00Z");
    for (let i = 0; i < 40; i++) {
      const now = new Date(start + i * day);
      const { written } = await scheduledBackup(source, "test", now);
      // The weekly copy's age is read from the file's time: make it the simulated one.
      for (const f of written) fs.utimesSync(f, now, now);
    }
    const list = (sub: string) => fs.readdirSync(path.join(source.dataDir, "backups", sub)).sort();
    expect(list("daily")).toHaveLength(7);
    expect(list("daily")[6]).toBe("shop-20260209T030000Z.tar.gz");
    expect(list("weekly")).toEqual([
      "shop-20260115T030000Z.tar.gz",
      "shop-20260122T030000Z.tar.gz",
      "shop-20260129T030000Z.tar.gz",
      "shop-20260205T030000Z.tar.gz",
    ]);
  }, 60_000);
});
