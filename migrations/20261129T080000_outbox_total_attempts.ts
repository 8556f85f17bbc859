import type { Kysely } from "kysely";

// Every delivery attempt of a message, resends included, for the admin's outbox page: `attempts`
// starts again at 0 when the admin resends (it is the retry budget of the current round), so it
// alone hid the attempts before. Rows written before this count from their current round.
// Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("outbox")
    .addColumn("total_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable("outbox")
    .set((eb) => ({ total_attempts: eb.ref("attempts") }))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("total_attempts").execute();
}
