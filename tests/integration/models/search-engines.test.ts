// The same answers to the same searches on both engines: the demo catalogue seeded into a SQLite
// file (FTS5, bm25) and into the PostgreSQL test database (tsvector, ts_rank). Runs on PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { DB } from "~/db/schema";
import { searchProducts } from "~/models/catalog.server";
import { seedDemoCatalog } from "../../../seed/seed";
import { createTestDb, testEngine, type TestDb } from "../../support/db";

const QUERIES = [
  "hilux",
  "winch",
  "warn zeon",
  "led light bar",
  "wa",
  "noco",
  "noco genius",
  "4x4",
  "d-max",
  "old man emu",
  "jimny bumper",
  "method wheel",
  "arb",
  "bull bar",
  "vibram",
  "recovery",
  "thar",
  "mirror",
  // Part numbers: as stored, and a dashed one written together.
  "MR30578560500",
  "1785ARM-61397M00",
  "1785arm61397m00",
  "nothing-matches-this",
];

let dir = "";
let sqlite: Kysely<DB>;
let postgres: TestDb;

describe.skipIf(testEngine !== "postgres")("search on SQLite and on PostgreSQL", () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "search-engines-"));
    const uploadsDir = path.join(dir, "uploads");
    sqlite = createDatabase(path.join(dir, "shop.db"));
    await migrateToLatest(sqlite);
    await seedDemoCatalog(sqlite, { uploadsDir });
    postgres = await createTestDb();
    // The images are already written: this seed only writes rows.
    await seedDemoCatalog(postgres.db, { uploadsDir });
  }, 240_000);

  afterAll(async () => {
    await sqlite?.destroy();
    await postgres?.cleanup();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(QUERIES)("finds the same products for %j", async (q) => {
    const onSqlite = await searchProducts(sqlite, q, 100);
    const onPostgres = await searchProducts(postgres.db, q, 100);
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
    expect(ids(onPostgres)).toEqual(ids(onSqlite));
    if (q !== "nothing-matches-this") expect(onSqlite.length).toBeGreaterThan(0);
  });

  it("gives the same best answer for nearly every search (bm25 and ts_rank weigh alike, not equally)", async () => {
    let same = 0;
    for (const q of QUERIES) {
      const [a] = await searchProducts(sqlite, q, 100);
      const [b] = await searchProducts(postgres.db, q, 100);
      if (a?.id === b?.id) same++;
    }
    expect(same).toBeGreaterThanOrEqual(QUERIES.length - 2);
  });

  it("ranks a title match above a description match on both", async () => {
    for (const db of [sqlite, postgres.db]) {
      const [first] = await searchProducts(db, "winch", 100);
      expect(first.title.toLowerCase()).toContain("winch");
    }
  });
});
