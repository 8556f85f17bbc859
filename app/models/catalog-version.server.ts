import type Database from "better-sqlite3";
import { appSqlite, db as appDb } from "../db/db.server";
import { postgresCatalogVersion } from "../db/postgres.server";

/**
 * A counter that changes whenever the catalogue changes (an admin creates, edits or deletes a
 * product; stock moves) or a rule that prices a cart does (shipping and COD settings, GST rates, PIN
 * overrides). Caches of data derived from them key on it, so they never serve stale data.
 *
 * It is the `catalog_version` row, which triggers on every catalogue table bump in the same
 * transaction as the change (see its migration; a test checks every catalogue table has them), so
 * no model can forget it. Several server processes share one database: on SQLite each reads the row
 * synchronously from the app's connection, so an edit made through one process empties every
 * process's caches before its next request; on PostgreSQL each keeps the version that the triggers
 * NOTIFY when their transaction commits (app/db/postgres.server.ts), read again once a second.
 */
let shared: { db: Database.Database; read: Database.Statement<[], number> } | undefined;

function sharedVersion(): number {
  const db = appSqlite();
  if (!db || !db.open) return 0;
  if (shared?.db !== db) {
    try {
      shared = {
        db,
        read: db.prepare<[], number>("select version from catalog_version where id = 1").pluck(),
      };
    } catch {
      return 0; // not migrated yet
    }
  }
  return shared.read.get() ?? 0;
}

/**
 * Reading the row is a read transaction of its own (3 µs alone, 7 µs in a loaded worker), and a
 * page asks for the version in each of its cached reads. So server.mjs reads it once as each request starts (`startRequest`),
 * and `catalogVersion()` answers with that reading for the rest of the event loop's turn:
 * - it was read after every request answered in this turn had arrived, so none sees a version older
 *   than its own start (an edit through another worker shows at once, as before);
 * - the next turn (timers, background jobs, the requests that arrive then) reads afresh;
 * - while a request that may write (not GET or HEAD) is in flight, every call reads the row, so a
 *   change this process makes is seen by the reads after it.
 */
let turnVersion: number | undefined;
let writers = 0;
const endTurn = () => (turnVersion = undefined);

/**
 * Called by server.mjs as a request starts. For a request that may write it returns the function
 * to call when the request has ended.
 */
export function startRequest(method: string | undefined): (() => void) | undefined {
  if (postgresCatalogVersion() !== undefined) return undefined;
  if (method === "GET" || method === "HEAD") {
    startTurn();
    return undefined;
  }
  writers++;
  let ended = false;
  return () => {
    if (!ended) writers--;
    ended = true;
  };
}

/**
 * Reads the version for the rest of this turn. server.mjs calls it before each render it had
 * queued: the render runs in a later turn than its request's arrival, where no request may have
 * arrived to read it, and its cached reads then share this one reading instead of each reading
 * the row. It is read after the request arrived, so it is never older than the request.
 */
export function startTurn(): void {
  if (postgresCatalogVersion() !== undefined) return;
  if (turnVersion === undefined) setImmediate(endTurn);
  turnVersion = sharedVersion();
}

export function catalogVersion(): number {
  const postgres = postgresCatalogVersion();
  if (postgres !== undefined) return postgres;
  return turnVersion !== undefined && writers === 0 ? turnVersion : sharedVersion();
}

type Slugs = { version: number; set: ReadonlySet<string> };
const slugs: Record<"vehicles" | "brands", Slugs> = {
  vehicles: { version: -1, set: new Set() },
  brands: { version: -1, set: new Set() },
};

const loading = new Set<string>();

function slugsOf(table: "vehicles" | "brands"): ReadonlySet<string> {
  const version = catalogVersion();
  if (slugs[table].version === version) return slugs[table].set;
  const db = appSqlite();
  if (db?.open) {
    const rows = db.prepare<[], string>(`select slug from ${table}`).pluck().all();
    slugs[table] = { version, set: new Set(rows) };
  } else if (postgresCatalogVersion() !== undefined && !loading.has(table)) {
    // PostgreSQL answers asynchronously: the set read at the last version serves until this one lands.
    loading.add(table);
    appDb
      .selectFrom(table)
      .select("slug")
      .execute()
      .then((rows) => (slugs[table] = { version, set: new Set(rows.map((r) => r.slug)) }))
      .catch(() => {})
      .finally(() => loading.delete(table));
  }
  return slugs[table].set;
}

/**
 * The slugs of the real vehicles, read again when the catalogue version moves. server.mjs caches a
 * page per vehicle only for these, so made-up vehicle cookies cannot flood its cache.
 */
export function vehicleSlugs(): ReadonlySet<string> {
  return slugsOf("vehicles");
}

/** The slugs of the brands, whose pages (`/{brand}`) server.mjs may cache; any other one-segment path is not. */
export function brandSlugs(): ReadonlySet<string> {
  return slugsOf("brands");
}
