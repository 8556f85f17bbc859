import { sql } from "kysely";
import { db } from "~/db/db.server";

/** 200 when the database answers a query; 503 otherwise. */
export async function loader() {
  try {
    await sql`select 1`.execute(db);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json(
      { status: "unavailable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
