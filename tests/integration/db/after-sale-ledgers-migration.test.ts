// The migration that counts units put back in stock and lists credit notes, run over orders sold
// before it: what went back already is counted, so no unit goes back twice; earlier credit notes
// are carried over. On the run's engine (SQLite or PostgreSQL), from an empty database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { DB } from "~/db/schema";
import { migrations } from "../../../migrations";
import { createPostgresDatabase, testEngine } from "../../support/db";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function emptyDb(): Promise<Kysely<DB>> {
  if (testEngine === "postgres") {
    const { url, drop } = await createPostgresDatabase("empty");
    cleanups.push(drop);
    return createDatabase(url);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-mig-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return createDatabase(path.join(dir, "shop.db"));
}

describe("the after-sale ledgers migration", () => {
  it("counts the units a cancel or a processed refund put back, and carries earlier credit notes over", async () => {
    const db = await emptyDb();
    const before = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
    });
    expect((await before.migrateTo("20261126T000000_charge_rules_version")).error).toBeUndefined();
    const old = db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    await sql`insert into brands (id, slug, name) values (1, 'warn', 'Warn')`.execute(old);
    await sql`insert into categories (id, slug, name) values (1, 'winches', 'Winches')`.execute(
      old,
    );
    await sql`insert into users (id, email, password_hash) values (1, 'a@example.com', 'x')`.execute(
      old,
    );
    await sql`insert into products (id, slug, title, brand_id, category_id, price_paise, stock)
      values (1, 'winch', 'Winch', 1, 1, 100, 10)`.execute(old);
    // 1: cancelled when paid (all back); 2: one of two units refunded by lines, one refund failed;
    // 3: refunded in full by amount (nothing back); 4: cancelled and invoiced, with its credit note.
    for (const [id, status] of [
      [1, "cancelled"],
      [2, "paid"],
      [3, "refunded"],
      [4, "cancelled"],
    ] as const) {
      await sql`insert into orders (id, user_id, status, checkout_type, amount_paise, ship_full_name, ship_phone,
          ship_address1, ship_city, ship_state, ship_postal_code, ship_country, idempotency_key,
          reserved_until, gateway, paid_at)
        values (${id}, 1, ${status}, 'cart', 200, 'A', '9876543210', 'x', 'Bengaluru', 'Karnataka',
          '560001', 'India', ${`k${id}`}, '2026-01-01T00:00:00.000Z', 'sandbox', '2026-01-01T00:00:00.000Z')`.execute(
        old,
      );
      await sql`insert into order_items (id, order_id, product_id, title, unit_price_paise, quantity)
        values (${id}, ${id}, 1, 'Winch', 100, 2)`.execute(old);
    }
    const history = (orderId: number, from: string, to: string, note: string | null) =>
      sql`insert into order_status_history (order_id, from_status, to_status, by, note, at)
        values (${orderId}, ${from}, ${to}, 'admin:1', ${note}, '2026-01-02T00:00:00.000Z')`.execute(
        old,
      );
    await history(1, "paid", "cancelled", null);
    await history(3, "paid", "refunded", "refunded in full");
    await history(4, "paid", "cancelled", null);
    await sql`insert into refunds (id, order_id, amount_paise, status, by, created_at, updated_at) values
      (1, 2, 100, 'processed', 'admin:1', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
      (2, 2, 100, 'failed', 'admin:1', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
      (3, 3, 200, 'processed', 'admin:1', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`.execute(
      old,
    );
    await sql`insert into refund_items (refund_id, order_item_id, quantity) values (1, 2, 1), (2, 2, 1)`.execute(
      old,
    );
    await sql`update orders set invoice_number = 'OV/25-26/000001', invoiced_at = '2026-01-01T00:00:00.000Z',
      credit_note_number = 'CN/25-26/000001', credit_noted_at = '2026-01-02T00:00:00.000Z' where id = 4`.execute(
      old,
    );

    expect(await migrateToLatest(db)).toContain("20261127T010000_after_sale_ledgers");
    const restocked = await db
      .selectFrom("order_items")
      .select(["id", "restocked_quantity"])
      .orderBy("id")
      .execute();
    expect(restocked.map((r) => [r.id, r.restocked_quantity])).toEqual([
      [1, 2],
      [2, 1],
      [3, 0],
      [4, 2],
    ]);
    expect(
      await db.selectFrom("credit_notes").select(["order_id", "number", "amount_paise"]).execute(),
    ).toEqual([{ order_id: 4, number: "CN/25-26/000001", amount_paise: 200 }]);
    await db.destroy();
  });
});
