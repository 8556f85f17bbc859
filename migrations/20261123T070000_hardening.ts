import { sql, type Kysely } from "kysely";
import { utcNow } from "./portable";

// Throttles instead of lockouts, known login addresses, idle sessions. Frozen in time: never
// import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per counted event (a failed login, a sign-up, an order), by bucket and key
  // (an e-mail, an address, a user id). Old rows are pruned as new ones are written.
  await db.schema
    .createTable("throttle_events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("throttle_events_key")
    .on("throttle_events")
    .columns(["bucket", "key", "created_at"])
    .execute();
  await db.schema
    .createIndex("throttle_events_created")
    .on("throttle_events")
    .columns(["created_at"])
    .execute();

  // Addresses a user has logged in from: the right password from one of them is never throttled.
  await db.schema
    .createTable("known_logins")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("last_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("known_logins_pk", ["user_id", "address"])
    .execute();

  // Sessions end after a while without use, as well as at their absolute expiry.
  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();

  await db.schema.dropTable("login_attempts").ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("login_attempts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('email','address')`))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
  await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
  await db.schema.dropTable("known_logins").ifExists().execute();
  await db.schema.dropTable("throttle_events").ifExists().execute();
}
