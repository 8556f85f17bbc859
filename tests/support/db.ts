import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { expect, inject, vi } from "vitest";
import { createDatabase, openSqlite, useAppDatabase } from "~/db/db.server";
import type { Engine } from "~/db/engine";
import { stopWatchingCatalogVersion, watchCatalogVersion } from "~/db/postgres.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { DB } from "~/db/schema";
import { catalogVersion } from "~/models/catalog-version.server";
import { resetPaymentGateway } from "~/payments/payments.server";
import { resetEnvCache } from "~/utils/env.server";

/**
 * The engine the integration tests run on: SQLite, or PostgreSQL when SHOP_TEST_ENGINE=postgres
 * (vitest.config.ts then starts a throwaway cluster, see tests/support/postgres-setup.ts).
 */
export const testEngine: Engine =
  process.env.SHOP_TEST_ENGINE === "postgres" ? "postgres" : "sqlite";

export type TestDb = {
  db: Kysely<DB>;
  /** The SQLite connection (undefined on PostgreSQL). */
  raw: Database.Database | undefined;
  /** A folder of the test's own (uploads, mail, PDFs). */
  dir: string;
  /** The database's DATABASE_URL: the SQLite file, or the PostgreSQL database's URL. */
  file: string;
  cleanup: () => Promise<void>;
};

let made = 0;

/** The URL of a new database on the test cluster: a copy of the migrated template, or empty. */
export async function createPostgresDatabase(from: "template" | "empty"): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const admin = inject("postgresUrl");
  if (!admin)
    throw new Error("no PostgreSQL test cluster: run the postgres project of vitest.config.ts");
  const name = `shop_t${process.pid}_${++made}_${Date.now() % 100000}`;
  const run = async (text: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}${from === "template" ? " template shop_template" : ""}`);
  const url = admin.replace(/\/[^/]*$/, `/${name}`);
  return { url, drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A real database migrated to the newest schema: a SQLite file in a temp folder, or a PostgreSQL database. */
export async function createTestDb(): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  if (testEngine === "postgres") {
    const { url, drop } = await createPostgresDatabase("template");
    const db = createDatabase(url);
    return {
      db,
      raw: undefined,
      dir,
      file: url,
      cleanup: async () => {
        await db.destroy();
        await drop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
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
  // On PostgreSQL the app learns the catalogue version by LISTEN/NOTIFY, as the server does.
  if (testEngine === "postgres") await watchCatalogVersion(t.file);
  return {
    ...t,
    cleanup: async () => {
      await stopWatchingCatalogVersion();
      process.env = saved;
      resetEnvCache();
      resetPaymentGateway();
      await t.cleanup();
    },
  };
}

/**
 * The app's catalogue version once it has caught up with the database's row. On SQLite the app
 * reads the row itself, at once; on PostgreSQL it learns it by NOTIFY (or its once-a-second read),
 * a few milliseconds after the writing transaction commits.
 */
export async function settledCatalogVersion(db: Kysely<DB>): Promise<number> {
  if (testEngine === "postgres") {
    const { rows } = await sql<{
      version: number;
    }>`select version from catalog_version where id = 1`.execute(db);
    await vi.waitFor(() => expect(catalogVersion()).toBe(rows[0].version), { timeout: 3000 });
  }
  return catalogVersion();
}
