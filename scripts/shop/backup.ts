/**
 * `shop backup FILE` and `shop restore FILE`: the whole state of a shop in one .tar.gz.
 *
 *   manifest.json   time, shop version, schema version (the newest applied migration), counts of
 *                   orders, products and users, and the SHA-256 of every other file
 *   shop.db         the database, copied by SQLite's backup API while the shop serves (never a file
 *                   copy of a live WAL database), then checked with PRAGMA integrity_check
 *   uploads/        the product images
 *   data/           the data folder's other files: the generated session secret, ...
 *   env/shop.env    the env file the command was given (--env-file), when it was given one
 *
 * A restore verifies every checksum and the database's integrity, and refuses a schema newer than
 * this release knows, before it moves anything; what it replaces is moved aside, never deleted.
 *
 * Before migrations, `shop serve` keeps a copy of the database alone (a plain SQLite file, restored
 * the same way): migrations change nothing else, and the shop is down while the copy is made.
 *
 * Work in progress lives in a `.shop-backup-<pid>-*` folder beside the backup, so that a run killed
 * midway (out of memory, a reboot) leaves nothing that the next run does not recognise and remove.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { migrations } from "../../migrations";
import { engineOfUrl } from "~/db/engine";

export interface DataPaths {
  dataDir: string;
  database: string;
  uploads: string;
  /** The env file the command read, kept in the backup beside the data. */
  envFile?: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  shopVersion: string;
  schemaVersion: string | null;
  counts: { orders: number; products: number; users: number };
  files: Record<string, string>;
}

/** A problem to tell the operator in one sentence (no stack). */
export class ShopError extends Error {}

/** These backups hold a SQLite file; a PostgreSQL shop is backed up with pg_dump. */
function onlySqlite(paths: DataPaths) {
  if (engineOfUrl(paths.database) === "postgres")
    throw new ShopError(
      "The database is PostgreSQL: back it up with pg_dump, and turn this backup's timer off " +
        "(systemctl disable --now overland-shop-backup.timer); see the README's PostgreSQL section.",
    );
}

export const BACKUPS_FOLDER = "backups";
/** What a backup of the data folder leaves out: the database's own files, the lock's pid, backups, work folders. */
const NOT_DATA = /^(shop\.pid|backups|replaced-.*|\.shop-(backup|restore)-.*)$/;
/** Backup archives (one copied in to be restored, say), at any depth: never inside the next backup. */
const ARCHIVE = /\.tar\.gz(\.partial)?$/;
/** How many copies of the database taken before migrations are kept. */
const KEEP_BEFORE_MIGRATIONS = 3;

export function appliedMigrations(db: Database.Database): string[] {
  const table = db
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get();
  if (!table) return [];
  return (
    db.prepare("select name from kysely_migration order by name").all() as { name: string }[]
  ).map((r) => r.name);
}

/**
 * The migrations this release has that the database has not run yet (none for a database never
 * migrated), and those it has run that this release does not know (a newer release ran them).
 */
export function pendingMigrations(databaseFile: string): {
  applied: string[];
  pending: string[];
  unknown: string[];
} {
  // PostgreSQL is backed up with pg_dump, not by this file backup (see the README).
  if (engineOfUrl(databaseFile) === "postgres" || !fs.existsSync(databaseFile))
    return { applied: [], pending: [], unknown: [] };
  const db = new Database(databaseFile, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const applied = appliedMigrations(db);
    return {
      applied,
      pending: Object.keys(migrations).filter((name) => !applied.includes(name)),
      unknown: applied.filter((name) => !(name in migrations)),
    };
  } finally {
    db.close();
  }
}

/** The file's SHA-256, read a piece at a time: a whole-file read would need the database's size in memory. */
export function fileSha256(file: string): string {
  const hash = crypto.createHash("sha256");
  const buffer = Buffer.allocUnsafe(256 * 1024);
  const fd = fs.openSync(file, "r");
  try {
    let n: number;
    while ((n = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0)
      hash.update(buffer.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest("hex");
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const WORK_FOLDER = /^\.shop-backup-(?:(\d+)-)?/;

/**
 * Removes what a backup killed midway left in `dir`: its work folder (its process is gone, or it is
 * a day old: the pid may have been reused), and the `.tar.gz.partial` archives of older releases.
 */
export function removeStaleWork(dir: string, now = Date.now()) {
  for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
    const full = path.join(dir, entry.name);
    const work = WORK_FOLDER.exec(entry.name);
    const stale =
      work && entry.isDirectory()
        ? !work[1] || !isRunning(Number(work[1])) || now - fs.statSync(full).mtimeMs > 86_400_000
        : entry.isFile() && entry.name.endsWith(".tar.gz.partial");
    if (stale) fs.rmSync(full, { recursive: true, force: true });
  }
}

/** A work folder beside the backup (the same file system, for the final rename), after removing stale ones. */
function workFolder(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  removeStaleWork(dir);
  return fs.mkdtempSync(path.join(dir, `.shop-backup-${process.pid}-`));
}

/** A failed backup as one line for the operator; a full disk is the likely cause on a small server. */
function backupFailure(error: unknown, dir: string): unknown {
  if (error instanceof ShopError) return error;
  const e = error as { code?: string; message?: string; stderr?: Buffer | string };
  const stderr = String(e.stderr ?? "").trim();
  if (
    e.code === "ENOSPC" ||
    e.code === "SQLITE_FULL" ||
    /no space left on device/i.test(`${stderr} ${e.message ?? ""}`)
  ) {
    return new ShopError(
      `Backup failed: no space left on the disk of ${dir}; nothing was kept (free some space, or back up elsewhere).`,
    );
  }
  if (stderr) return new ShopError(`Backup failed: ${stderr.split("\n")[0]}`);
  // A folder this user cannot write or read (permissions, a read-only mount, a path through a file):
  // the system's own one line names the call and the path.
  if (e.code && (e as NodeJS.ErrnoException).syscall)
    return new ShopError(`Backup failed: ${e.message}; nothing was kept.`);
  return error;
}

/** Every file under dir, as paths relative to it with forward slashes. */
function listFiles(dir: string, prefix = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listFiles(path.join(dir, entry.name), rel);
    return entry.isFile() ? [rel] : [];
  });
}

/** Hard-links a file into the staging folder (a copy across file systems): a fixed list of names, cheaply. */
function stageFile(from: string, to: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
  }
}

/** Stages a file the shop may have removed since it was listed (an image deleted, a mail's `.part` renamed): then left out. */
function stageIfPresent(from: string, to: string) {
  try {
    stageFile(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * Copies a live database into `to` with SQLite's backup API (never a file copy of a WAL database),
 * as a file of its own (no WAL). One step copies every page, so writes between steps never restart
 * it and it always finishes.
 */
async function snapshotDatabase(database: string, to: string) {
  const source = new Database(database, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    await source.backup(to, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new Database(to);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  fs.chmodSync(to, 0o600);
}

function isDatabaseFile(name: string, database: string) {
  const base = path.basename(database);
  return name === base || name.startsWith(`${base}-`);
}

function counts(db: Database.Database): Manifest["counts"] {
  const count = (table: string) => {
    const exists = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
      .get(table);
    return exists ? (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n : 0;
  };
  return { orders: count("orders"), products: count("products"), users: count("users") };
}

function integrityProblem(db: Database.Database): string | null {
  const rows = db.pragma("integrity_check") as { integrity_check: string }[];
  return rows.length === 1 && rows[0].integrity_check === "ok"
    ? null
    : rows.map((r) => r.integrity_check).join("; ");
}

/** Writes a backup of the data folder to `file` (mode 600: it holds secrets) and returns its manifest. */
export async function createBackup(
  paths: DataPaths,
  file: string,
  shopVersion: string,
): Promise<Manifest> {
  onlySqlite(paths);
  if (!fs.existsSync(paths.database))
    throw new ShopError(`There is no database at ${paths.database} to back up.`);
  const target = path.resolve(file);
  let work: string | undefined;
  try {
    work = workFolder(path.dirname(target));
    // What the archive holds; the archive is written beside it, in the work folder, until it is whole.
    const stage = path.join(work, "content");
    fs.mkdirSync(stage);
    await snapshotDatabase(paths.database, path.join(stage, "shop.db"));
    const copy = new Database(path.join(stage, "shop.db"));
    let manifest: Omit<Manifest, "files">;
    try {
      const problem = integrityProblem(copy);
      if (problem) throw new ShopError(`The database copy failed its integrity check: ${problem}`);
      const applied = appliedMigrations(copy);
      manifest = {
        format: 1,
        createdAt: new Date().toISOString(),
        shopVersion,
        schemaVersion: applied.at(-1) ?? null,
        counts: counts(copy),
      };
    } finally {
      copy.close();
    }
    for (const rel of listFiles(paths.uploads))
      stageIfPresent(path.join(paths.uploads, rel), path.join(stage, "uploads", rel));
    // The data folder's own files; not the database, backups, work folders or archives put there.
    const uploads = path.resolve(paths.uploads);
    for (const entry of fs.readdirSync(paths.dataDir, { withFileTypes: true })) {
      const full = path.resolve(paths.dataDir, entry.name);
      if (
        NOT_DATA.test(entry.name) ||
        isDatabaseFile(entry.name, paths.database) ||
        full === uploads
      )
        continue;
      if (full === path.dirname(target) || uploads.startsWith(full + path.sep)) continue;
      if (entry.isFile()) {
        if (!ARCHIVE.test(entry.name)) stageIfPresent(full, path.join(stage, "data", entry.name));
      } else if (entry.isDirectory()) {
        for (const rel of listFiles(full).filter((r) => !ARCHIVE.test(r)))
          stageIfPresent(path.join(full, rel), path.join(stage, "data", entry.name, rel));
      }
    }
    if (paths.envFile) stageFile(paths.envFile, path.join(stage, "env", "shop.env"));
    const files = Object.fromEntries(
      listFiles(stage).map((rel) => [rel, fileSha256(path.join(stage, rel))]),
    );
    const full: Manifest = { ...manifest, files };
    fs.writeFileSync(path.join(stage, "manifest.json"), JSON.stringify(full, null, 2) + "\n");
    // Made before tar opens it (tar keeps an existing file's mode): customer data and secrets are
    // never readable by others, not even while the archive is being written.
    const partial = path.join(work, "archive.tar.gz");
    fs.writeFileSync(partial, "", { mode: 0o600 });
    execFileSync("tar", ["-czf", partial, "-C", stage, "."], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    fs.renameSync(partial, target);
    return full;
  } catch (error) {
    throw backupFailure(error, path.dirname(target));
  } finally {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Unpacks a backup into `stage` and checks it: checksums, integrity, a schema this release knows. */
export function verifyBackup(file: string, stage: string): Manifest {
  if (!fs.existsSync(file)) throw new ShopError(`There is no backup file at ${file}.`);
  try {
    execFileSync("tar", ["-xzf", path.resolve(file), "-C", stage, "--no-same-owner"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch {
    throw new ShopError(`${file} is not a readable backup archive (tar could not unpack it).`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(stage, "manifest.json"), "utf8"));
  } catch {
    throw new ShopError(`${file} has no readable manifest.json: it is not a shop backup.`);
  }
  const present = listFiles(stage).filter((rel) => rel !== "manifest.json");
  for (const rel of present) {
    if (!(rel in manifest.files))
      throw new ShopError(`The backup holds ${rel}, which its manifest does not list.`);
  }
  for (const [rel, hash] of Object.entries(manifest.files)) {
    if (!present.includes(rel))
      throw new ShopError(`The backup lacks ${rel}, which its manifest lists.`);
    if (fileSha256(path.join(stage, rel)) !== hash)
      throw new ShopError(`The checksum of ${rel} does not match: the backup is damaged.`);
  }
  checkDatabase(path.join(stage, "shop.db"));
  return manifest;
}

/** A backup's database: whole (integrity check) and of a schema this release knows. */
function checkDatabase(file: string): Pick<Manifest, "schemaVersion" | "counts"> {
  const db = new Database(file, { fileMustExist: true });
  try {
    const problem = integrityProblem(db);
    if (problem)
      throw new ShopError(`The backup's database failed its integrity check: ${problem}`);
    const applied = appliedMigrations(db);
    const unknown = applied.filter((name) => !(name in migrations));
    if (unknown.length > 0) {
      throw new ShopError(
        `The backup comes from a newer shop (schema ${applied.at(-1)}; this release does not know ` +
          `${unknown.join(", ")}): restore it with that release or a newer one.`,
      );
    }
    return { schemaVersion: applied.at(-1) ?? null, counts: counts(db) };
  } finally {
    db.close();
  }
}

/** Whether `file` is a SQLite database (a copy taken before migrations) rather than an archive. */
function isSqliteFile(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const head = Buffer.alloc(16);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  return head.toString("latin1") === "SQLite format 3\0";
}

/** Copies a database backup into `stage` and checks it there (the backup itself stays untouched). */
function verifyDatabaseCopy(file: string, stage: string): Restored {
  fs.copyFileSync(file, path.join(stage, "shop.db"));
  const checked = checkDatabase(path.join(stage, "shop.db"));
  return { createdAt: fs.statSync(file).mtime.toISOString(), ...checked };
}

/** What a restore tells about the backup it put in place. */
export type Restored = Pick<Manifest, "createdAt" | "schemaVersion" | "counts">;

/** Moves a file or folder, across file systems too. */
function move(from: string, to: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    fs.cpSync(from, to, { recursive: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/**
 * Replaces the data folder's database, uploads and files with the backup's, after verifying it;
 * a database copy taken before migrations (a SQLite file) replaces the database alone.
 * The caller holds the data folder's lock (no shop serves it). Returns the manifest and where the
 * replaced state went.
 */
export function restoreBackup(
  paths: DataPaths,
  file: string,
): { manifest: Restored; replacedDir: string; envFile?: string; databaseOnly: boolean } {
  onlySqlite(paths);
  fs.mkdirSync(paths.dataDir, { recursive: true });
  const stage = fs.mkdtempSync(path.join(paths.dataDir, ".shop-restore-"));
  try {
    const databaseOnly = isSqliteFile(file);
    const manifest = databaseOnly ? verifyDatabaseCopy(file, stage) : verifyBackup(file, stage);
    const replacedDir = path.join(
      paths.dataDir,
      `replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`,
    );
    // Aside first: the database with its WAL and shared-memory files, the uploads, the data files.
    const dbDir = path.dirname(paths.database);
    for (const name of fs.existsSync(dbDir) ? fs.readdirSync(dbDir) : []) {
      if (isDatabaseFile(name, paths.database))
        move(path.join(dbDir, name), path.join(replacedDir, name));
    }
    // A database copy leaves the rest as it is: migrations change nothing else.
    if (!databaseOnly && fs.existsSync(paths.uploads))
      move(paths.uploads, path.join(replacedDir, "uploads"));
    const dataFiles = fs.existsSync(path.join(stage, "data"))
      ? fs.readdirSync(path.join(stage, "data"))
      : [];
    for (const name of dataFiles) {
      const current = path.join(paths.dataDir, name);
      if (fs.existsSync(current)) move(current, path.join(replacedDir, "data", name));
      move(path.join(stage, "data", name), current);
    }
    move(path.join(stage, "shop.db"), paths.database);
    if (fs.existsSync(path.join(stage, "uploads")))
      move(path.join(stage, "uploads"), paths.uploads);
    else if (!databaseOnly) fs.mkdirSync(paths.uploads, { recursive: true });
    let envFile: string | undefined;
    if (fs.existsSync(path.join(stage, "env", "shop.env"))) {
      envFile = path.join(replacedDir, "shop.env.from-backup");
      move(path.join(stage, "env", "shop.env"), envFile);
      fs.chmodSync(envFile, 0o600);
    }
    return { manifest, replacedDir, envFile, databaseOnly };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * The backup a migration would need, when migrations are still to run on a database that has run
 * others: a copy of the database alone, which migrations change (the uploads and secrets they leave
 * alone), so that the shop, down meanwhile, starts within seconds. The last few are kept.
 */
export async function backupBeforeMigrations(paths: DataPaths): Promise<string | null> {
  const { applied, pending } = pendingMigrations(paths.database);
  if (applied.length === 0 || pending.length === 0) return null;
  const dir = path.join(paths.dataDir, BACKUPS_FOLDER, "before-migrations");
  const file = path.join(dir, `shop-${stamp(new Date())}.db`);
  let work: string | undefined;
  try {
    work = workFolder(dir);
    await snapshotDatabase(paths.database, path.join(work, "shop.db"));
    fs.renameSync(path.join(work, "shop.db"), file);
  } catch (error) {
    throw backupFailure(error, dir);
  } finally {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  }
  for (const name of toPrune(fs.readdirSync(dir), KEEP_BEFORE_MIGRATIONS))
    fs.rmSync(path.join(dir, name));
  return file;
}

function stamp(date: Date) {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** Which backup files (archives, database copies) to delete so that the newest `keep` remain (names sort by time). */
export function toPrune(names: string[], keep: number): string[] {
  return names
    .filter((n) => /^shop-.*\.(tar\.gz|db)$/.test(n))
    .sort()
    .reverse()
    .slice(keep);
}

/**
 * The timer's backup: a daily one into backups/daily, also kept as the week's in backups/weekly when
 * the newest weekly one is 7 days old or more; then only the last 7 daily and 4 weekly remain.
 */
export async function scheduledBackup(paths: DataPaths, shopVersion: string, now = new Date()) {
  const root = path.join(paths.dataDir, BACKUPS_FOLDER);
  const daily = path.join(root, "daily");
  const weekly = path.join(root, "weekly");
  fs.mkdirSync(weekly, { recursive: true });
  const file = path.join(daily, `shop-${stamp(now)}.tar.gz`);
  const manifest = await createBackup(paths, file, shopVersion);
  const weeklies = fs
    .readdirSync(weekly)
    .filter((n) => n.endsWith(".tar.gz"))
    .sort();
  const newest = weeklies.at(-1);
  const newestTime = newest ? fs.statSync(path.join(weekly, newest)).mtimeMs : 0;
  const written: string[] = [file];
  if (now.getTime() - newestTime >= 7 * 24 * 3600 * 1000 - 3600 * 1000) {
    const weeklyFile = path.join(weekly, path.basename(file));
    stageFile(file, weeklyFile);
    written.push(weeklyFile);
  }
  for (const [dir, keep] of [
    [daily, 7],
    [weekly, 4],
  ] as const) {
    for (const name of toPrune(fs.readdirSync(dir), keep)) fs.rmSync(path.join(dir, name));
  }
  return { manifest, written };
}
