import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { DB } from "~/db/schema";

export type TestDb = { db: Kysely<DB>; dir: string; file: string; cleanup: () => Promise<void> };

/** A real SQLite file in a temp folder, migrated to the newest schema. */
export async function createTestDb(): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  const file = path.join(dir, "shop.db");
  const db = createDatabase(file);
  await migrateToLatest(db);
  return {
    db,
    dir,
    file,
    cleanup: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
