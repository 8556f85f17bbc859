import { sql, type Kysely } from "kysely";
import { utcNow } from "./portable";

// Sessions, API tokens and failed logins. Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  // E-mail addresses are compared without regard to case.
  await sql`create unique index users_email_lower on users(lower(email))`.execute(db);

  // One row per browser session; `id` is the SHA-256 of the random id the cookie holds.
  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").columns(["user_id"]).execute();
  await db.schema.createIndex("sessions_expires").on("sessions").columns(["expires_at"]).execute();

  // Bearer tokens of the JSON API, kept only as a SHA-256 hash.
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("last_used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
  await db.schema.createIndex("api_tokens_user").on("api_tokens").columns(["user_id"]).execute();

  // Failed logins, counted per account (kind 'email') and per client address (kind 'address').
  await db.schema
    .createTable("login_attempts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('email','address')`))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
  await db.schema
    .createIndex("login_attempts_key")
    .on("login_attempts")
    .columns(["kind", "key", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_attempts").ifExists().execute();
  await db.schema.dropTable("api_tokens").ifExists().execute();
  await db.schema.dropTable("sessions").ifExists().execute();
  await sql`drop index if exists users_email_lower`.execute(db);
}
