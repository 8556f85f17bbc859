/**
 * The `shop` command of a release (and `npm run shop --` in a checkout):
 *
 *   shop serve                 the production server (copies the database before migrations that change it)
 *   shop migrate               apply the migrations (same copy first)
 *   shop create-admin EMAIL    create an admin, or set its password and role (ADMIN_PASSWORD, or asked)
 *   shop backup FILE           the database, uploads and secrets in one archive, while the shop serves
 *   shop backup --scheduled    the timer's backup into DATA_DIR/backups (7 daily, 4 weekly kept)
 *   shop restore FILE          verify a backup (or a database copy), then put it in place (the shop must be stopped)
 *   shop check                 what is wrong with the environment, database and data folders
 *   shop migrate-to-postgres --from FILE --to URL
 *                              copy a SQLite shop into an empty PostgreSQL database (the shop stopped)
 *
 * Every command reads the environment (CONTRACT.md) and `--env-file FILE`; variables already set in the
 * process win over the file's. DATA_DIR defaults to systemd's STATE_DIRECTORY, else ./data.
 */
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import util from "node:util";
import { DataFolderBusy, DataFolderUnwritable, lockDataFolder } from "../../server/data-lock.mjs";
import { log, setLogLevel } from "../../server/log.mjs";
import { engineOfUrl } from "~/db/engine";
import { newerSchemaMessage } from "~/db/migrate.server";
import { EnvError, parseEnv, type Env } from "~/utils/env.server";
import {
  backupBeforeMigrations,
  createBackup,
  pendingMigrations,
  restoreBackup,
  scheduledBackup,
  ShopError,
  type DataPaths,
} from "./backup";
import { runChecks } from "./check";

const USAGE = `Usage: shop <command> [--env-file FILE]
  serve | migrate | create-admin EMAIL | backup FILE | backup --scheduled | restore FILE | check
  migrate-to-postgres --from FILE --to postgres://user@host/database`;

/** The unpacked release this runs from (set by the release's `shop` script); unset in a checkout. */
const releaseDir = process.env.SHOP_RELEASE_DIR || undefined;
const version = process.env.SHOP_VERSION || "dev";

function parseArgs(argv: string[]) {
  const args: string[] = [];
  const values: Record<string, string | undefined> = {};
  let scheduled = false;
  for (let i = 0; i < argv.length; i++) {
    const option = /^--(env-file|from|to)(?:=(.*))?$/s.exec(argv[i]);
    if (option) values[option[1]] = option[2] ?? argv[++i];
    else if (argv[i] === "--scheduled") scheduled = true;
    else args.push(argv[i]);
  }
  const { "env-file": envFile, from, to } = values;
  return { command: args[0], operand: args[1], envFile, scheduled, from, to };
}

/** Reads the env file into process.env (the process's own variables win) and fills in DATA_DIR. */
function loadEnvironment(envFile: string | undefined) {
  if (envFile) {
    let text: string;
    try {
      text = fs.readFileSync(envFile, "utf8");
    } catch {
      throw new ShopError(`Cannot read the env file ${envFile}.`);
    }
    for (const [key, value] of Object.entries(util.parseEnv(text))) process.env[key] ??= value;
  }
  process.env.NODE_ENV ??= "production";
  if (!process.env.DATA_DIR && !process.env.DATABASE_URL)
    process.env.DATA_DIR = process.env.STATE_DIRECTORY || "data";
  setLogLevel(process.env.LOG_LEVEL ?? "info");
}

function environment(): Env {
  // Only `serve` may generate a session secret; the other commands read the environment as it is.
  const env = parseEnv(process.env, () => "not-needed-by-this-command");
  for (const key of ["DATA_DIR", "DATABASE_URL", "UPLOADS_DIR"] as const)
    if (key !== "DATABASE_URL" || engineOfUrl(env[key]) === "sqlite")
      env[key] = path.resolve(env[key]);
  if (releaseDir) {
    const folders = [env.DATA_DIR, env.UPLOADS_DIR];
    if (engineOfUrl(env.DATABASE_URL) === "sqlite") folders.push(env.DATABASE_URL);
    const inside = folders.find((p) =>
      path.resolve(p).startsWith(path.resolve(releaseDir) + path.sep),
    );
    if (inside) {
      throw new ShopError(
        `${inside} is inside the unpacked release, which an upgrade replaces: set DATA_DIR to a folder outside it (e.g. /var/lib/overland-shop).`,
      );
    }
  }
  // The server, the app and create-admin then all read the same absolute paths.
  Object.assign(process.env, {
    DATA_DIR: env.DATA_DIR,
    DATABASE_URL: env.DATABASE_URL,
    UPLOADS_DIR: env.UPLOADS_DIR,
  });
  return env;
}

function dataPaths(env: Env, envFile?: string): DataPaths {
  return {
    dataDir: env.DATA_DIR,
    database: env.DATABASE_URL,
    uploads: env.UPLOADS_DIR,
    envFile: envFile && path.resolve(envFile),
  };
}

/** Before anything migrates: refuse a database a newer release migrated (a rollback), else copy it. */
async function backupFirst(paths: DataPaths) {
  const { unknown } = pendingMigrations(paths.database);
  if (unknown.length > 0) throw new ShopError(newerSchemaMessage(unknown));
  const file = await backupBeforeMigrations(paths);
  if (file) log("info", `copy of the database taken before the migrations: ${file}`);
}

async function main() {
  const { command, operand, envFile, scheduled, from, to } = parseArgs(process.argv.slice(2));
  loadEnvironment(envFile);
  switch (command) {
    case "serve": {
      const env = environment();
      // A worker of server.mjs (SHOP_WORKERS) runs this command again: its primary holds the folder and took the backup.
      if (cluster.isPrimary) {
        await lockDataFolder(env.DATA_DIR);
        await backupFirst(dataPaths(env, envFile));
      }
      process.env.BUILD_DIR ??= releaseDir ? path.join(releaseDir, "app") : "build";
      await import("../../server.mjs");
      return;
    }
    case "migrate": {
      const env = environment();
      await lockDataFolder(env.DATA_DIR);
      await backupFirst(dataPaths(env, envFile));
      const { createDatabase } = await import("~/db/db.server");
      const { migrateToLatest } = await import("~/db/migrate.server");
      const db = createDatabase(env.DATABASE_URL);
      try {
        const applied = await migrateToLatest(db);
        console.log(
          applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.",
        );
      } finally {
        await db.destroy();
      }
      return;
    }
    case "create-admin": {
      const env = environment();
      // A running shop has migrated already; otherwise this command migrates, as the server would.
      const release = await lockDataFolder(env.DATA_DIR).catch((error) => {
        if (error instanceof DataFolderBusy) return null;
        throw error;
      });
      if (release) await backupFirst(dataPaths(env, envFile));
      else if (pendingMigrations(env.DATABASE_URL).pending.length > 0) {
        throw new ShopError(
          "The running shop's database is not migrated yet: wait for it to start, then try again.",
        );
      }
      // create-admin reads the e-mail from its first argument, else ADMIN_EMAIL.
      process.argv.splice(2, process.argv.length - 2, ...(operand ? [operand] : []));
      await import("../create-admin");
      return;
    }
    case "backup": {
      const env = environment();
      const paths = dataPaths(env, envFile);
      if (scheduled) {
        const { manifest, written } = await scheduledBackup(paths, version);
        console.log(`Backed up ${describe(manifest.counts)} to ${written.join(" and ")}.`);
      } else {
        if (!operand) throw new ShopError(`Name the backup file: shop backup FILE\n${USAGE}`);
        const manifest = await createBackup(paths, operand, version);
        console.log(
          `Backed up ${describe(manifest.counts)} (schema ${manifest.schemaVersion}) to ${path.resolve(operand)}.`,
        );
      }
      return;
    }
    case "restore": {
      if (!operand) throw new ShopError(`Name the backup file: shop restore FILE\n${USAGE}`);
      const env = environment();
      await lockDataFolder(env.DATA_DIR);
      const {
        manifest,
        replacedDir,
        envFile: savedEnv,
        databaseOnly,
      } = restoreBackup(dataPaths(env), operand);
      console.log(
        `Restored the ${databaseOnly ? "database copy" : "backup"} of ${manifest.createdAt} (${describe(manifest.counts)}, schema ${manifest.schemaVersion}).\n` +
          (databaseOnly
            ? "The uploads and the data folder's other files are as they were.\n"
            : "") +
          (fs.existsSync(replacedDir)
            ? `What it replaced is in ${replacedDir}.`
            : "The data folder was empty.") +
          (savedEnv
            ? `\nThe backup's env file is at ${savedEnv}: compare it with the one the service reads.`
            : ""),
      );
      return;
    }
    case "check": {
      const findings = runChecks(process.env, releaseDir);
      for (const f of findings) console.log(`${f.ok ? "ok     " : "PROBLEM"}  ${f.text}`);
      const problems = findings.filter((f) => !f.ok).length;
      console.log(problems ? `${problems} problem(s) found.` : "Everything looks right.");
      process.exitCode = problems ? 1 : 0;
      return;
    }
    case "migrate-to-postgres": {
      if (!from || !to) {
        throw new ShopError(
          `Name the SQLite shop and the empty PostgreSQL database: shop migrate-to-postgres --from FILE --to postgres://...\n${USAGE}`,
        );
      }
      // A shop still serving from the file would take orders that the copy misses.
      if (fs.existsSync(from)) {
        await lockDataFolder(path.dirname(path.resolve(from))).catch((error) => {
          if (error instanceof DataFolderBusy) throw error;
        });
      }
      const { describeMove, migrateToPostgres } = await import("./migrate-to-postgres");
      console.log(describeMove(await migrateToPostgres(from, to), from, to));
      return;
    }
    default:
      console.error(USAGE);
      process.exitCode = 2;
  }
}

function describe(counts: { orders: number; products: number; users: number }) {
  return `${counts.orders} orders, ${counts.products} products, ${counts.users} users`;
}

main().catch((error: unknown) => {
  if (
    error instanceof ShopError ||
    error instanceof EnvError ||
    error instanceof DataFolderBusy ||
    error instanceof DataFolderUnwritable ||
    // By name: on PostgreSQL it comes from the server build's own copy of migrate.server.ts.
    (error instanceof Error && error.name === "NewerSchemaError")
  ) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? `${error.message}\n${error.stack}` : String(error));
  }
  process.exit(1);
});
