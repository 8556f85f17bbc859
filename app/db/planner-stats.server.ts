import { sql, type Kysely, type RawBuilder } from "kysely";
import { engineOf } from "./engine";
import type { DB } from "./schema";

/**
 * SQLite picks query plans from table statistics. Without them it guessed wrong on a 10,000-product
 * catalogue (the home page's newest products took 36 ms instead of 0.02 ms: it sorted every product
 * of every category). So the statistics are gathered once at start, after the seed, and refreshed by
 * `PRAGMA optimize` every hour (it re-analyses only tables that changed a lot). PostgreSQL takes
 * the same `analyze` at start; afterwards its autovacuum daemon keeps the statistics.
 *
 * Only the averages are kept (`sqlite_stat1`), not the samples of each index (`sqlite_stat4`, which
 * better-sqlite3's SQLite is built to gather). With samples, the value bound to a parameter may
 * change the plan, so SQLite plans a statement again on every run that binds one compared with an
 * indexed column in a join or an aggregate: the session with its user, the cart's lines, an order's
 * items, a product's colours and sizes. On the benchmark's catalogue that was 20-110 µs each, three
 * to five times the statement itself, and of the 52 statements the pages run, 50 kept their plan
 * without the samples and two read a covering index instead, as fast (decision record 12).
 */
export async function analyzeDatabase(db: Kysely<DB>): Promise<number> {
  const started = Date.now();
  await refreshStatistics(db, sql`analyze`);
  return Date.now() - started;
}

const HOUR = 60 * 60 * 1000;

export function scheduleOptimize(db: Kysely<DB>, everyMs = HOUR): () => void {
  if (engineOf(db) === "postgres") return () => {};
  const timer = setInterval(() => {
    refreshStatistics(db, sql`pragma optimize`).catch((error) =>
      console.error("[db] pragma optimize failed", error),
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A server process that does not run the background jobs reads the statistics again every hour. A
 * connection keeps those it read when it first read the schema, and an ANALYZE through another
 * connection does not change the schema: without this, a catalogue imported after the start would
 * be planned, in those processes, from the empty shop's statistics until the next restart.
 */
export function scheduleStatisticsReload(db: Kysely<DB>, everyMs = HOUR): () => void {
  if (engineOf(db) === "postgres") return () => {};
  const timer = setInterval(() => {
    readStatisticsAgain(db).catch((error) =>
      console.error("[db] reading the statistics again failed", error),
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs `command` (an ANALYZE) and, on SQLite, drops the index samples it gathered in the same
 * transaction, so no connection ever loads them. A connection reads the statistics when it first
 * reads the schema: the other server processes start after the first has analysed (server/workers.mjs)
 * and read them again every hour (`scheduleStatisticsReload`); this one reads them again at once
 * (`analyze sqlite_schema`), since ANALYZE loaded the samples into it.
 */
export async function refreshStatistics(db: Kysely<DB>, command: RawBuilder<unknown>) {
  if (engineOf(db) === "postgres") {
    await command.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await command.execute(trx);
    const samples = await sql`select 1 from sqlite_schema where name = 'sqlite_stat4'`.execute(trx);
    if (samples.rows.length > 0) await sql`delete from sqlite_stat4`.execute(trx);
  });
  await readStatisticsAgain(db);
}

/** Makes this SQLite connection's planner read the statistics tables again. */
async function readStatisticsAgain(db: Kysely<DB>) {
  await sql`analyze sqlite_schema`.execute(db);
}
