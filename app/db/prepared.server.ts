import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { DB } from "./schema";

/** Stands for the i-th argument while the query is built; the argument takes its place when it runs. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query whose SQL never changes, only its values: built and compiled once per dialect, then run
 * with each call's arguments in the places the build gave them. For the statements every logged-in
 * page runs (the session, the cart): building and compiling a Kysely query costs about as much as
 * SQLite takes to run one of them.
 *
 * Each argument must be a single value (a number, a string), compared or assigned by the query; one
 * that would change the SQL (a list for `in`, a null for `is`) is refused, and such queries are
 * built the usual way. A database with plugins (the app has none) builds the query on each call,
 * so that they see every one.
 */
export function prepared<Args extends (string | number)[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  // One compiled query per dialect: a transaction shares its database's adapter (not its list of
  // plugins, which Kysely copies for each transaction).
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return async (db, ...args) => {
    for (const arg of args) {
      if (typeof arg !== "string" && typeof arg !== "number") {
        throw new TypeError(`a prepared query takes strings and numbers, not ${typeof arg}`);
      }
    }
    const { adapter, plugins } = db.getExecutor();
    const cacheable = plugins.length === 0;
    let query = cacheable ? compiled.get(adapter) : undefined;
    if (!query) {
      const slots = args.map((_, index) => new Slot(index)) as unknown as Args;
      query = build(db, ...slots).compile();
      const used = new Set(query.parameters.flatMap((p) => (p instanceof Slot ? [p.index] : [])));
      if (used.size !== args.length) {
        throw new Error(`a prepared query must use each of its arguments as a value: ${query.sql}`);
      }
      if (cacheable) compiled.set(adapter, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
