import { db, openAppDatabase } from "./db/db.server";
import { engineOfUrl } from "./db/engine";
import { migrateToLatest, NewerSchemaError } from "./db/migrate.server";
import { scheduleStatisticsReload } from "./db/planner-stats.server";
import { runWithJobsLease } from "./db/postgres.server";
import { countProducts } from "./models/catalog.server";
import { startOrderExpiry } from "./models/order/index.server";
import { startOutboxWorker } from "./models/outbox-worker.server";
import { createDeliverer } from "./messages/deliver.server";
import { ensureAdmin } from "./models/user.server";
import { EnvError, getEnv } from "./utils/env.server";
import { log as writeLog, setLogLevel } from "./utils/log.server";

/**
 * Runs once when the server build is loaded, before it answers anything:
 * validate the environment, migrate, seed an empty catalogue, then the start-up tasks
 * that later parts register (for example the admin account from ADMIN_EMAIL).
 */
type StartupTask = (log: (msg: string) => void) => Promise<void>;
const startupTasks: StartupTask[] = [];

export function onStartup(task: StartupTask) {
  startupTasks.push(task);
}

const log = (msg: string) => writeLog("info", msg, { part: "boot" });

// Unpaid orders give their stock back after 30 minutes: checked now, every minute, and before each new order.
onStartup(async (log) => startOrderExpiry(db, log));

// Messages in the outbox (e-mail, WhatsApp) are sent by every server process, one claim per row.
onStartup(async () => {
  const { deliver } = createDeliverer(getEnv());
  startOutboxWorker(db, deliver, (msg, fields) =>
    writeLog("warn", msg, { part: "outbox", ...fields }),
  );
});

/** The disk is full: SQLite's or the file system's word for it, or an image library's message. */
export function isDiskFull(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return (
    e?.code === "ENOSPC" ||
    e?.code === "SQLITE_FULL" ||
    /no space left on device/i.test(String(e?.message ?? ""))
  );
}

export async function boot(): Promise<void> {
  try {
    await startUp();
  } catch (error) {
    // A full disk is the operator's to fix, not a fault of the shop: one line that says so.
    if (!isDiskFull(error)) throw error;
    writeLog(
      "error",
      `cannot start: the disk is full (${error instanceof Error ? error.message.split("\n").join(" ") : String(error)}): free some space on the disk of ${getEnv().DATA_DIR}, then start again`,
    );
    process.exit(1);
  }
}

async function startUp(): Promise<void> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      writeLog("error", error.message);
      process.exit(1);
    }
    throw error;
  }
  setLogLevel(env.LOG_LEVEL);
  openAppDatabase(env.DATABASE_URL);
  let applied: string[];
  try {
    applied = await migrateToLatest(db);
  } catch (error) {
    // A database a newer release migrated (a rollback without its restore): one clear line.
    if (error instanceof NewerSchemaError) {
      writeLog("error", error.message);
      process.exit(1);
    }
    throw error;
  }
  if (applied.length > 0) log(`applied migrations: ${applied.join(", ")}`);
  if (env.SEED_DEMO && (await countProducts(db)) === 0) {
    const started = Date.now();
    // The demo catalogue's data and drawings are loaded only when a shop is seeded.
    const { seedDemoCatalog } = await import("../seed/seed");
    const result = await seedDemoCatalog(db, { uploadsDir: env.UPLOADS_DIR, log });
    log(`seeded ${result.productsCreated} demo products in ${Date.now() - started} ms`);
  }
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const { created } = await ensureAdmin(db, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
    });
    log(
      `admin account ${env.ADMIN_EMAIL} ${created ? "created" : "updated: password and admin role set"}`,
    );
  }
  // With several server processes (server.mjs, SHOP_WORKERS) one of them runs these, and so the
  // background jobs; with several app servers on PostgreSQL, the one holding the jobs lease. On
  // SQLite the others read again every hour the planner's statistics that it refreshes.
  if (process.env.SHOP_BACKGROUND_JOBS === "off") {
    scheduleStatisticsReload(db);
    return;
  }
  const runTasks = async () => {
    for (const task of startupTasks) await task(log);
  };
  if (engineOfUrl(env.DATABASE_URL) === "postgres")
    await runWithJobsLease(env.DATABASE_URL, runTasks, log);
  else await runTasks();
}
