// `shop backup` and `shop restore` on real data folders: what a restore refuses, what it keeps,
// which backups the timer keeps, and what a failed or killed backup leaves behind.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { migrations } from "../../../migrations";
import {
  backupBeforeMigrations,
  createBackup,
  fileSha256,
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

  it("copies the database alone before migrations run on a database that has data, and not otherwise", async () => {
    const fresh = pathsOf(folder());
    expect(await backupBeforeMigrations(fresh)).toBeNull();
    const current = await dataFolder();
    expect(await backupBeforeMigrations(current)).toBeNull();
    // An older release's database: the newest migration has not run yet.
    const db = new Database(current.database);
    db.prepare(
      "delete from kysely_migration where name = (select max(name) from kysely_migration)",
    ).run();
    db.close();
    const file = await backupBeforeMigrations(current);
    expect(file).toMatch(/backups\/before-migrations\/shop-\d{8}T\d{6}Z\.db$/);
    expect(fs.statSync(file!).mode & 0o777).toBe(0o600);
    // Only the database: the uploads, which migrations never change, would make the shop's start
    // as slow as a full backup.
    const copy = new Database(file!, { readonly: true });
    expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
    copy.close();

    // Restoring it (a rollback) puts back that database and leaves the uploads and secrets alone.
    fs.writeFileSync(path.join(current.uploads, "products", "b.webp"), "newer image");
    const { databaseOnly, replacedDir } = restoreBackup(current, file!);
    expect(databaseOnly).toBe(true);
    expect(fs.existsSync(path.join(replacedDir, "shop.db"))).toBe(true);
    expect(fs.readdirSync(path.join(current.uploads, "products")).sort()).toEqual([
      "a.webp",
      "b.webp",
    ]);
    expect(fs.readFileSync(path.join(current.dataDir, ".session-secret"), "utf8")).toBe("secret");
    const restored = new Database(current.database, { readonly: true });
    expect(restored.prepare("select count(*) as n from kysely_migration").get()).toEqual({
      n: Object.keys(migrations).length - 1,
    });
    restored.close();
  });

  it("keeps the last 3 copies taken before migrations, older releases' archives included", async () => {
    const current = await dataFolder();
    const dir = path.join(current.dataDir, "backups", "before-migrations");
    fs.mkdirSync(dir, { recursive: true });
    for (const name of [
      "shop-20240101T000000Z.tar.gz",
      "shop-20240201T000000Z.db",
      "shop-20240301T000000Z.db",
      "notes.txt",
    ])
      fs.writeFileSync(path.join(dir, name), "old");
    const db = new Database(current.database);
    db.prepare(
      "delete from kysely_migration where name = (select max(name) from kysely_migration)",
    ).run();
    db.close();
    const file = await backupBeforeMigrations(current);
    expect(fs.readdirSync(dir).sort()).toEqual([
      "notes.txt",
      "shop-20240201T000000Z.db",
      "shop-20240301T000000Z.db",
      path.basename(file!),
    ]);
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
  it("hashes a file a piece at a time: one larger than a whole-file read allows", () => {
    // Node refuses to read a file over 2 GiB whole; a sparse file costs no disk. Reading whole
    // files made the nightly backup of a 300 MB database exceed the unit's MemoryMax.
    const file = path.join(folder(), "big.bin");
    fs.writeFileSync(file, "");
    fs.truncateSync(file, 2100 * 1024 * 1024);
    // sha256 of 2100 MiB of zero bytes.
    expect(fileSha256(file)).toBe(
      "ce9d74c4998c703ca2fb679b02cff73081daf6e10b0bc84b826dbb728be20d2c",
    );
  });

  it("removes what a killed backup left (work folders of finished processes, partial archives), not a running one's", async () => {
    const source = await dataFolder();
    const daily = path.join(source.dataDir, "backups", "daily");
    const gone = spawnSync("true").pid;
    const left = [
      `.shop-backup-${gone}-a1b2c3`, // a run killed midway (out of memory)
      ".shop-backup-Xy12Zq", // an older release's work folder
    ];
    for (const name of left) {
      fs.mkdirSync(path.join(daily, name), { recursive: true });
      fs.writeFileSync(path.join(daily, name, "shop.db"), "a whole copy of the database");
    }
    fs.writeFileSync(path.join(daily, "shop-20260101T031500Z.tar.gz.partial"), "half");
    const running = `.shop-backup-${process.pid}-d4e5f6`;
    fs.mkdirSync(path.join(daily, running));

    const { written } = await scheduledBackup(source, "test");
    expect(fs.readdirSync(daily).sort()).toEqual([running, path.basename(written[0])]);
  });

  it("leaves archives copied into the data folder out of the next backup", async () => {
    const source = await dataFolder();
    fs.writeFileSync(path.join(source.dataDir, "shop-20261123T031500Z.tar.gz"), "a backup");
    fs.mkdirSync(path.join(source.dataDir, "mail"));
    fs.writeFileSync(path.join(source.dataDir, "mail", "1.eml"), "mail");
    fs.writeFileSync(path.join(source.dataDir, "mail", "old.tar.gz.partial"), "half");
    const manifest = await createBackup(source, path.join(folder(), "b.tar.gz"), "test");
    expect(Object.keys(manifest.files).sort()).toEqual([
      "data/.session-secret",
      "data/mail/1.eml",
      "shop.db",
      "uploads/products/a.webp",
    ]);
  });

  it("fails on a full disk with one line and a non-zero exit, keeping nothing, and never lets others read the archive", async () => {
    const source = await dataFolder();
    // A tar that runs out of space halfway through the archive, as on a full disk.
    const bin = folder();
    const seen = path.join(bin, "mode-seen");
    fs.writeFileSync(
      path.join(bin, "tar"),
      `#!/bin/sh\nprintf 'half an archive' >> "$2"\nstat -c %a "$2" > ${seen}\n` +
        `echo "tar: $2: Cannot write: No space left on device" >&2\nexit 2\n`,
      { mode: 0o755 },
    );
    const target = folder();
    const run = spawnSync(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/shop/cli.ts", "backup", path.join(target, "now.tar.gz")],
      {
        encoding: "utf8",
        env: {
          ...process.env,
          PATH: `${bin}:${process.env.PATH}`,
          DATA_DIR: source.dataDir,
          DATABASE_URL: source.database,
          UPLOADS_DIR: source.uploads,
        },
      },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim()).toMatch(
      new RegExp(`^Backup failed: no space left on the disk of ${target}[^\n]*$`),
    );
    expect(fs.readdirSync(target)).toEqual([]);
    expect(fs.readFileSync(seen, "utf8").trim()).toBe("600");
  });

  it("fails with one line when the backup's folder cannot be made or written, keeping nothing", async () => {
    const source = await dataFolder();
    // A path below a file cannot be made by any user (root included), as a folder of another owner
    // or on a read-only mount cannot be written.
    const target = folder();
    fs.writeFileSync(path.join(target, "a-file"), "");
    const run = spawnSync(
      path.resolve("node_modules/.bin/tsx"),
      ["scripts/shop/cli.ts", "backup", path.join(target, "a-file", "backups", "now.tar.gz")],
      {
        encoding: "utf8",
        env: {
          ...process.env,
          DATA_DIR: source.dataDir,
          DATABASE_URL: source.database,
          UPLOADS_DIR: source.uploads,
        },
      },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim()).toMatch(
      /^Backup failed: ENOTDIR: [^\n]*a-file[^\n]*; nothing was kept\.$/,
    );
    expect(fs.readdirSync(target)).toEqual(["a-file"]);
  });

  it("leaves out a file the shop removes while the backup runs, rather than failing", async () => {
    const source = await dataFolder();
    fs.mkdirSync(path.join(source.dataDir, "mail"));
    fs.writeFileSync(path.join(source.dataDir, "mail", "1.eml.part"), "mail");
    // Listed, then gone before it is staged: an image an admin deleted, a mail's .part renamed.
    const link = fs.linkSync;
    const spy = vi.spyOn(fs, "linkSync").mockImplementation((from, to) => {
      if (/a\.webp$|\.part$/.test(String(from))) fs.rmSync(from);
      return link(from, to);
    });
    try {
      const manifest = await createBackup(source, path.join(folder(), "b.tar.gz"), "test");
      expect(Object.keys(manifest.files).sort()).toEqual(["data/.session-secret", "shop.db"]);
    } finally {
      spy.mockRestore();
    }
  });

  it("tells a PostgreSQL shop to use pg_dump and turn the timer off", async () => {
    const paths = { ...pathsOf(folder()), database: "postgres://shop@127.0.0.1:5432/shop" };
    await expect(scheduledBackup(paths, "test")).rejects.toThrow(
      /pg_dump.*systemctl disable --now overland-shop-backup\.timer/,
    );
  });
});
