import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import type { Kysely } from "kysely";
import { createDatabase, openSqlite, useAppDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { DB } from "~/db/schema";
import { resetPaymentGateway } from "~/payments/payments.server";
import { resetEnvCache } from "~/utils/env.server";

export type TestDb = {
  db: Kysely<DB>;
  raw: Database.Database;
  dir: string;
  file: string;
  cleanup: () => Promise<void>;
};

/** A real SQLite file in a temp folder, migrated to the newest schema. */
export async function createTestDb(): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  const file = path.join(dir, "shop.db");
  const raw = openSqlite(file);
  const db = createDatabase(file, raw);
  await migrateToLatest(db);
  return {
    db,
    raw,
    dir,
    file,
    cleanup: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const TEST_SESSION_SECRET = "unit-test-secret-0123456789abcdef";

/**
 * A test database made the app's own (what routes and the server read as `db`), with the
 * environment a route needs: DATABASE_URL, DATA_DIR and UPLOADS_DIR point at it, a session secret, no public
 * URL unless given. `env` adds or (with undefined) removes variables. `cleanup` puts the
 * environment back and deletes the database.
 */
export async function withAppDb(env: Record<string, string | undefined> = {}): Promise<TestDb> {
  const saved = { ...process.env };
  const t = await createTestDb();
  const settings: Record<string, string | undefined> = {
    NODE_ENV: "test",
    DATABASE_URL: t.file,
    DATA_DIR: t.dir,
    UPLOADS_DIR: path.join(t.dir, "uploads"),
    SESSION_SECRET: TEST_SESSION_SECRET,
    PUBLIC_URL: undefined,
    ...env,
  };
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
  resetPaymentGateway();
  useAppDatabase(t.db, t.raw);
  return {
    ...t,
    cleanup: async () => {
      process.env = saved;
      resetEnvCache();
      resetPaymentGateway();
      await t.cleanup();
    },
  };
}
