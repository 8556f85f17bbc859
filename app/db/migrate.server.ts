import { Migrator, type Kysely } from "kysely";
import { migrations } from "../../migrations";

/** Brings the database to the newest migration; throws with the failing migration's name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(database: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db: database,
    provider: { getMigrations: async () => migrations },
    // Migrations written side by side may land in any order; each still runs once.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
