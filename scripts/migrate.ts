import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { getEnv } from "~/utils/env.server";

try {
  const env = getEnv();
  const db = createDatabase(env.DATABASE_URL);
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
  await db.destroy();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
