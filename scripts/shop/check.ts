/**
 * `shop check`: what would stop this shop from serving, in plain words. Each finding is a line;
 * any problem makes the command exit non-zero.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { SESSION_SECRET_FILE, parseEnv, type Env } from "~/utils/env.server";
import { pendingMigrations } from "./backup";
import { engineOfUrl } from "~/db/engine";
import { newerSchemaMessage } from "~/db/migrate.server";
import { workerCount } from "../../server/workers.mjs";

export interface Finding {
  ok: boolean;
  text: string;
}

/** The nearest folder that exists, to ask whether a missing one could be created. */
function existingParent(dir: string): string {
  let current = path.resolve(dir);
  while (!fs.existsSync(current)) current = path.dirname(current);
  return current;
}

function writable(dir: string): boolean {
  try {
    fs.accessSync(existingParent(dir), fs.constants.W_OK | fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function folderFindings(label: string, dir: string): Finding[] {
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) {
    return [{ ok: false, text: `${label} ${dir} is a file, not a folder.` }];
  }
  if (!writable(dir)) {
    const where = fs.existsSync(dir) ? dir : `${existingParent(dir)} (to create ${dir})`;
    return [
      {
        ok: false,
        text: `${label} ${dir} is not writable by this user: give it write access to ${where}.`,
      },
    ];
  }
  return [
    {
      ok: true,
      text: `${label} ${dir} is writable${fs.existsSync(dir) ? "" : " (it will be created)"}.`,
    },
  ];
}

function databaseFindings(env: Env): Finding[] {
  const file = env.DATABASE_URL;
  if (engineOfUrl(file) === "postgres")
    return [{ ok: true, text: "The database is PostgreSQL: the shop connects at its start." }];
  if (!fs.existsSync(file))
    return [{ ok: true, text: `No database yet at ${file}: the first start creates it.` }];
  const out: Finding[] = [];
  try {
    fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
  } catch {
    return [{ ok: false, text: `The database ${file} is not readable and writable by this user.` }];
  }
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const result = (db.pragma("quick_check") as { quick_check: string }[]).map(
        (r) => r.quick_check,
      );
      out.push(
        result.join() === "ok"
          ? { ok: true, text: `The database ${file} opens and passes its quick check.` }
          : {
              ok: false,
              text: `The database ${file} is damaged: ${result.join("; ")}. Restore a backup.`,
            },
      );
    } finally {
      db.close();
    }
    const { applied, pending, unknown } = pendingMigrations(file);
    // An older release put back on a database a newer one migrated: it would refuse to start.
    if (unknown.length > 0) out.push({ ok: false, text: newerSchemaMessage(unknown) });
    else if (pending.length > 0 && applied.length > 0) {
      out.push({
        ok: true,
        text: `${pending.length} migration(s) will run at the next start (a copy of the database is taken first).`,
      });
    }
  } catch (error) {
    out.push({
      ok: false,
      text: `The database ${file} does not open: ${(error as Error).message}.`,
    });
  }
  return out;
}

function secretFindings(env: Env, raw: Record<string, string | undefined>): Finding[] {
  const file = path.join(env.DATA_DIR, SESSION_SECRET_FILE);
  if (raw.SESSION_SECRET) return [{ ok: true, text: "SESSION_SECRET is set." }];
  if (!fs.existsSync(file))
    return [{ ok: true, text: `The session secret will be generated into ${file}.` }];
  const mode = fs.statSync(file).mode & 0o077;
  return mode === 0
    ? [{ ok: true, text: `The session secret ${file} is readable by its owner only.` }]
    : [{ ok: false, text: `The session secret ${file} is readable by others: chmod 600 ${file}.` }];
}

/** Checks the environment `raw` describes; `releaseDir` is the unpacked release, which must hold no state. */
export function runChecks(raw: Record<string, string | undefined>, releaseDir?: string): Finding[] {
  let env: Env;
  try {
    env = parseEnv(raw, () => "not-read-by-the-check");
  } catch (error) {
    return [{ ok: false, text: (error as Error).message }];
  }
  // Read by server.mjs itself rather than the app: checked here with its own rule.
  try {
    workerCount(raw.SHOP_WORKERS);
  } catch (error) {
    return [{ ok: false, text: `Invalid environment: ${(error as Error).message}` }];
  }
  const findings: Finding[] = [{ ok: true, text: "The environment is valid." }];
  if (releaseDir) {
    const release = path.resolve(releaseDir) + path.sep;
    for (const [name, dir] of [
      ["DATA_DIR", env.DATA_DIR],
      ...(engineOfUrl(env.DATABASE_URL) === "sqlite" ? [["DATABASE_URL", env.DATABASE_URL]] : []),
      ["UPLOADS_DIR", env.UPLOADS_DIR],
    ]) {
      if (path.resolve(dir).startsWith(release) && !findings.some((f) => !f.ok)) {
        findings.push({
          ok: false,
          text: `${name} (${path.resolve(dir)}) is inside the unpacked release; keep the shop's state outside it, e.g. DATA_DIR=/var/lib/overland-shop.`,
        });
      }
    }
  }
  findings.push(...folderFindings("The data folder", env.DATA_DIR));
  if (engineOfUrl(env.DATABASE_URL) === "sqlite")
    findings.push(
      ...folderFindings("The database's folder", path.dirname(path.resolve(env.DATABASE_URL))),
    );
  findings.push(...folderFindings("The uploads folder", env.UPLOADS_DIR));
  findings.push(...databaseFindings(env));
  findings.push(...secretFindings(env, raw));
  if (
    env.NODE_ENV === "production" &&
    !env.isHttps &&
    !/localhost|127\.0\.0\.1/.test(env.PUBLIC_URL)
  ) {
    findings.push({
      ok: false,
      text: `PUBLIC_URL (${env.PUBLIC_URL}) is not https: shoppers' cookies would travel in clear text.`,
    });
  }
  return findings;
}
