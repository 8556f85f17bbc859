import { Migrator, sql, type Kysely, type MigrationResultSet } from "kysely";
import { migrations } from "../../migrations";
import { engineOf } from "./engine";

/** Brings the database to the newest migration; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(database: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db: database,
    provider: { getMigrations: async () => migrations },
    // Migrations written side by side may land in any order; each still runs once.
    allowUnorderedMigrations: true,
  });
  if (engineOf(database) === "postgres") return report(await migrator.migrateToLatest());
  // A migration may rebuild a table (SQLite's way to change a constraint): foreign keys are not
  // enforced while migrations run (a pragma that cannot change inside their transaction), and are
  // checked once they are done.
  await sql`pragma foreign_keys = OFF`.execute(database);
  let migrated;
  try {
    migrated = await migrator.migrateToLatest();
    const broken = await sql`pragma foreign_key_check`.execute(database);
    if (!migrated.error && broken.rows.length > 0) {
      throw new Error(`Migrations left ${broken.rows.length} broken foreign key(s)`);
    }
  } finally {
    await sql`pragma foreign_keys = ON`.execute(database);
  }
  return report(migrated);
}

function report({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
