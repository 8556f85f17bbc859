import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type KyselyConfig,
} from "kysely";
import { engineOfUrl, sqliteFile } from "./engine";
import { createPostgresDatabase, watchCatalogVersion } from "./postgres.server";
import type { DB } from "./schema";

/** The database handle or a transaction: model functions accept either. */
export type Executor = Kysely<DB>;

const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 handle whose `prepare` reuses compiled statements, so a query Kysely
 * sends again is not parsed and planned again.
 */
function cachingDatabase(raw: Database.Database) {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => raw.close(),
    prepare(sqlText: string) {
      let stmt = cache.get(sqlText);
      if (!stmt) {
        stmt = raw.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sqlText, stmt);
      }
      return stmt;
    },
  };
}

/** Every transaction begins IMMEDIATE: it takes the write lock before it reads, so a
 * read-then-write (stock, cart quantities) can never be interleaved with another writer. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * The database holds password hashes, sessions and addresses: its folder is created 0700 and the
 * file 0600 (SQLite gives its -wal and -shm files the database file's mode), and a file found
 * readable by others is tightened.
 */
function prepareDatabaseFile(file: string) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, "a", 0o600));
  if ((fs.statSync(file).mode & 0o077) !== 0) {
    try {
      fs.chmodSync(file, 0o600);
    } catch {
      // not ours to change: `shop check` reports it
    }
  }
}

export function openSqlite(file: string): Database.Database {
  if (file !== ":memory:") prepareDatabaseFile(file);
  const raw = new Database(file);
  raw.pragma("journal_mode = WAL");
  raw.pragma("foreign_keys = ON");
  raw.pragma("busy_timeout = 5000");
  raw.pragma("synchronous = FULL");
  return raw;
}

/**
 * A Kysely instance over its own connection (the app uses one; tests and scripts make their own).
 * DATABASE_URL picks the engine: `postgres://...` is PostgreSQL (a pool), anything else (a file
 * path or `file:...`) is SQLite. `log` is Kysely's: it is told of every statement run.
 */
export function createDatabase(
  url: string,
  raw?: Database.Database,
  options: { log?: KyselyConfig["log"] } = {},
): Kysely<DB> {
  if (engineOfUrl(url) === "postgres") return createPostgresDatabase(url, options);
  return new Kysely<DB>({
    dialect: new ImmediateSqliteDialect({
      database: cachingDatabase(raw ?? openSqlite(sqliteFile(url))) as never,
    }),
    log: options.log,
  });
}

/**
 * The running app's database, opened once by `openAppDatabase` when the server boots (tests open
 * theirs with tests/support's `withAppDb`). Routes and start-up tasks use it; models take the
 * database (or a transaction) as their first argument.
 */
export let db: Kysely<DB> = undefined as unknown as Kysely<DB>;
let appRaw: Database.Database | undefined;

export function openAppDatabase(url: string): Kysely<DB> {
  if (engineOfUrl(url) === "postgres") {
    useAppDatabase(createDatabase(url));
    watchCatalogVersion(url);
    return db;
  }
  const raw = openSqlite(sqliteFile(url));
  useAppDatabase(createDatabase(url, raw), raw);
  return db;
}

/** Makes `database` the app's (tests hand in their own instance, wrapped as they need). */
export function useAppDatabase(database: Kysely<DB>, raw?: Database.Database): void {
  db = database;
  appRaw = raw;
}

/**
 * The app's own SQLite connection, for the few synchronous reads the server makes between
 * requests (the catalogue version); undefined until the app's database is open.
 */
export function appSqlite(): Database.Database | undefined {
  return appRaw;
}
