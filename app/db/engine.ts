import { PostgresAdapter, type Kysely } from "kysely";

/**
 * The two engines the shop runs on. DATABASE_URL picks one: `postgres://` (or `postgresql://`) is
 * PostgreSQL, anything else is a SQLite file (a path, or `file:` and a path).
 */
export type Engine = "sqlite" | "postgres";

export function engineOfUrl(url: string): Engine {
  return /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";
}

/** The SQLite file a DATABASE_URL names (`file:` stripped). */
export function sqliteFile(url: string): string {
  return url.startsWith("file:") ? url.slice("file:".length).replace(/^\/\/(?=\/)/, "") : url;
}

/** The engine behind a Kysely instance or transaction (migrations branch on it; models never do). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}
