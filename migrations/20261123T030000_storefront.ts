import type { Kysely } from "kysely";
import { utcNow } from "./portable";

// Storefront: e-mail addresses from the footer sign-up. Frozen in time: never import app code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("newsletter_subscribers")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("newsletter_subscribers").ifExists().execute();
}
