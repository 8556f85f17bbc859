import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  PostgresDriver,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type KyselyConfig,
  type TransactionSettings,
} from "kysely";
import type { Client } from "pg";
import type { DB } from "./schema";

let driver: Promise<typeof import("pg").default> | undefined;

/** The driver, loaded when a PostgreSQL database is first used: a SQLite shop never needs it. */
function loadPg() {
  return (driver ??= import("pg").then(({ default: pg }) => {
    // Counts and sums are bigint (int8) and averages numeric in PostgreSQL; the shop's numbers
    // (paise, quantities, ids) fit a double many times over, so both are read as numbers, as
    // SQLite gives them.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
    return pg;
  }));
}

/**
 * Every transaction first takes one transaction-scoped advisory lock: what `BEGIN IMMEDIATE` is on
 * SQLite. Transactions that read and then write (stock, invoice numbers, payments, cart
 * quantities) run one at a time across every app server, so the models keep one meaning on both
 * engines; reads outside transactions never wait. The lock is released by commit or rollback.
 */
export const WRITE_LOCK_KEY = 7_410_410;

/** Statements that change nothing, or only run a transaction. */
const READ_ONLY_SQL = /^\s*(select|begin|commit|rollback|start transaction|savepoint|release)\b/i;
/** Connections that wrote since they were taken from the pool. */
const wrote = new WeakSet<DatabaseConnection>();
const tracked = new WeakSet<DatabaseConnection>();

const NUL = "\u0000";

/**
 * PostgreSQL's text cannot hold NUL (SQLite's can): a parameter with one fails the statement, so a
 * `%00` in a filter or a path segment would be a 500 on PostgreSQL and an empty answer on SQLite.
 * Its NULs go as U+FFFD (the replacement character) instead: the text still matches no stored row
 * (no stored text has a NUL), as on SQLite. Text people type never gets here with one (the forms'
 * schemas refuse control characters).
 */
export function withoutNul(query: CompiledQuery): CompiledQuery {
  const hasNul = (p: unknown) => typeof p === "string" && p.includes(NUL);
  if (!query.parameters.some((p) => hasNul(p) || (Array.isArray(p) && p.some(hasNul)))) {
    return query;
  }
  const clean = (p: unknown): unknown =>
    typeof p === "string" ? p.replaceAll(NUL, "\uFFFD") : Array.isArray(p) ? p.map(clean) : p;
  return { ...query, parameters: query.parameters.map(clean) };
}

class SerialPostgresDriver extends PostgresDriver {
  /**
   * A connection that wrote reads the catalogue version before it goes back to the pool (after
   * its commit), so this process sees its own change at once: the NOTIFY may come a moment later,
   * and the admin's next page must not show what was there before.
   */
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    if (!tracked.has(connection)) {
      tracked.add(connection);
      const execute = connection.executeQuery.bind(connection);
      connection.executeQuery = (query) => {
        if (query.query.kind !== "SelectQueryNode" && !READ_ONLY_SQL.test(query.sql)) {
          wrote.add(connection);
        }
        return execute(withoutNul(query));
      };
    }
    return connection;
  }

  override async releaseConnection(
    connection: Parameters<PostgresDriver["releaseConnection"]>[0],
  ): Promise<void> {
    if (wrote.delete(connection) && watched) {
      try {
        const r = await connection.executeQuery<{ version: number }>(
          CompiledQuery.raw("select version from catalog_version where id = 1"),
        );
        const v = Number(r.rows[0]?.version);
        if (watched && Number.isFinite(v) && v > watched.version) watched.version = v;
      } catch {
        // not migrated yet: nothing is cached by version then
      }
    }
    return super.releaseConnection(connection);
  }

  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(
      CompiledQuery.raw(`select pg_advisory_xact_lock(${WRITE_LOCK_KEY})`),
    );
  }
}

class SerialPostgresDialect extends PostgresDialect {
  readonly #config: ConstructorParameters<typeof PostgresDialect>[0];
  constructor(config: ConstructorParameters<typeof PostgresDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new SerialPostgresDriver(this.#config);
  }
  override createQueryCompiler(): PostgresQueryCompiler {
    return new IdentityQueryCompiler();
  }
}

/** `autoIncrement()` in a migration is an identity column, PostgreSQL's own auto-increment. */
class IdentityQueryCompiler extends PostgresQueryCompiler {
  protected override getAutoIncrement(): string {
    return "generated by default as identity";
  }
}

/** Connections per process: two workers on each of a few app servers stay far below PostgreSQL's 100. */
const POOL_SIZE = 10;

export function createPostgresDatabase(
  url: string,
  options: { log?: KyselyConfig["log"] } = {},
): Kysely<DB> {
  const pool = async () => {
    const pg = await loadPg();
    const created = new pg.Pool({ connectionString: url, max: POOL_SIZE });
    // An idle connection that the server drops (a restart) must not take the process down.
    created.on("error", () => {});
    return created;
  };
  return new Kysely<DB>({ dialect: new SerialPostgresDialect({ pool }), log: options.log });
}

/**
 * The catalogue version of the app's PostgreSQL database, kept in memory so that the page cache can
 * read it synchronously: the catalogue triggers `NOTIFY catalog_version` with the new version when
 * their transaction commits, and this process LISTENs on its own connection. As a safety net (a
 * dropped connection, a notification missed while reconnecting) the row is also read once a second.
 */
let watched: { version: number; stop: () => Promise<void> } | undefined;

const POLL_MS = 1000;

export function postgresCatalogVersion(): number | undefined {
  return watched?.version;
}

/** Starts watching; resolves once the first read is done (or failed: then it is tried each second). */
export function watchCatalogVersion(url: string): Promise<void> {
  void stopWatchingCatalogVersion();
  const state = { version: 0, stop: async () => {} };
  watched = state;
  let client: Client | undefined;
  let stopped = false;

  const read = async (c: Client) => {
    const r = await c.query<{ version: number }>(
      "select version from catalog_version where id = 1",
    );
    if (r.rows[0]) state.version = Number(r.rows[0].version);
  };
  const connect = async () => {
    const pg = await loadPg();
    const c = new pg.Client({ connectionString: url });
    c.on("error", () => {
      if (client === c) client = undefined;
    });
    c.on("notification", (n) => {
      const v = Number(n.payload);
      if (Number.isFinite(v) && v > state.version) state.version = v;
    });
    await c.connect();
    await c.query("listen catalog_version");
    client = c;
    await read(c).catch(() => {});
  };
  const tick = async () => {
    if (stopped) return;
    try {
      if (!client) await connect();
      else await read(client);
    } catch {
      client = undefined; // not migrated yet, or the server is away: tried again next tick
    }
  };
  const timer = setInterval(() => void tick(), POLL_MS);
  timer.unref();
  const first = tick();
  state.stop = async () => {
    stopped = true;
    clearInterval(timer);
    await client?.end().catch(() => {});
  };
  return first;
}

export async function stopWatchingCatalogVersion(): Promise<void> {
  const w = watched;
  watched = undefined;
  await w?.stop();
}

/**
 * Background jobs (order expiry, the outbox worker, planner statistics) run in one process across
 * every app server: the one holding a session-level advisory lock on a connection of its own. The
 * others try again every 10 s, so when the holder stops (its connection closes and PostgreSQL frees
 * the lock) another server takes the jobs over. The jobs are also safe to run twice (guarded
 * updates, one claim per outbox row): the lease is about not doing the work N times, not about
 * correctness.
 */
const JOBS_LEASE_KEY = 7_410_411;
const LEASE_RETRY_MS = 10_000;
let lease: { client?: Client; timer?: NodeJS.Timeout } = {};

export async function runWithJobsLease(
  url: string,
  run: () => Promise<void>,
  log: (msg: string) => void,
): Promise<void> {
  const attempt = async (): Promise<boolean> => {
    const pg = await loadPg();
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    try {
      await client.connect();
      const r = await client.query<{ held: boolean }>(
        `select pg_try_advisory_lock(${JOBS_LEASE_KEY}) as held`,
      );
      if (r.rows[0]?.held) {
        lease.client = client;
        return true;
      }
    } catch {
      // the database is away: tried again later
    }
    await client.end().catch(() => {});
    return false;
  };
  if (await attempt()) {
    log("this server runs the background jobs");
    return run();
  }
  log("another server runs the background jobs; this one takes over if it stops");
  lease.timer = setInterval(() => {
    void attempt().then(async (held) => {
      if (!held) return;
      clearInterval(lease.timer);
      log("took over the background jobs");
      await run();
    });
  }, LEASE_RETRY_MS);
  lease.timer.unref();
}

export async function releaseJobsLease(): Promise<void> {
  clearInterval(lease.timer);
  await lease.client?.end().catch(() => {});
  lease = {};
}
