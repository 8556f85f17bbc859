import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { catalogVersion } from "./catalog-version.server";

/**
 * Per database, values computed once per catalogue version (`catalogVersion()` moves on every
 * catalogue change, so nothing stale is served). Bounded: a full table starts over.
 */
export function versionedCache<T>(maxEntries: number) {
  const byDb = new WeakMap<Kysely<DB>, { version: number; entries: Map<string, Promise<T>> }>();
  return (db: Kysely<DB>, key: string, compute: () => Promise<T>): Promise<T> => {
    const version = catalogVersion();
    let slot = byDb.get(db);
    if (!slot || slot.version !== version) byDb.set(db, (slot = { version, entries: new Map() }));
    const hit = slot.entries.get(key);
    if (hit) return hit;
    if (slot.entries.size >= maxEntries) slot.entries.clear();
    const value = compute();
    const entries = slot.entries;
    entries.set(key, value);
    value.catch(() => entries.delete(key));
    return value;
  };
}
