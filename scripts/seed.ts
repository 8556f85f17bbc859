/**
 * Seeds the demo catalogue: `npm run db:seed`.
 * Opens DATABASE_URL (default data/shop.db), migrates it, then adds the demo categories, brands,
 * vehicles, products and their artwork (written under UPLOADS_DIR, default uploads/).
 * Safe to run again: nothing already present is added twice.
 */
import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoCatalog } from "../seed/seed";
import { getEnv } from "~/utils/env.server";

async function main() {
  const env = getEnv();
  const started = Date.now();
  const db = createDatabase(env.DATABASE_URL);
  try {
    await migrateToLatest(db);
    const { productsCreated, imagesWritten } = await seedDemoCatalog(db, {
      uploadsDir: env.UPLOADS_DIR,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${env.DATABASE_URL}: ${productsCreated} products created, ${imagesWritten} images written to ${env.UPLOADS_DIR} in ${seconds} s`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Seed failed: ${message.split("\n")[0]}`);
  process.exit(1);
});
