// `shop migrate-to-postgres`: a seeded SQLite shop with accounts, a cart, a session and paid orders
// is moved into an empty PostgreSQL database, and the shop's models read the same things there.
// Runs on the PostgreSQL test cluster only (SHOP_TEST_ENGINE=postgres).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDbSessionStorage } from "~/auth/session.server";
import { createDatabase } from "~/db/db.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { DB } from "~/db/schema";
import { createAddress, listAddresses } from "~/models/address.server";
import { addToCart, getCartSummary } from "~/models/cart.server";
import {
  listNewestProducts,
  listProducts,
  emptyListingQuery,
  searchProducts,
} from "~/models/catalog.server";
import {
  getOrderForUser,
  listPaidOrdersForUser,
  placeOrder,
  verifyPayment,
} from "~/models/order/index.server";
import { getProductForPage } from "~/models/product-detail.server";
import { refundOrder } from "~/models/refund.server";
import { createUser, verifyLogin } from "~/models/user.server";
import { createSandboxGateway } from "~/payments/sandbox.server";
import { resetEnvCache } from "~/utils/env.server";
import { seedDemoCatalog } from "../../../seed/seed";
import { lockDataFolder } from "../../../server/data-lock.mjs";
import { MIGRATION_ROWS, migrateToPostgres } from "../../../scripts/shop/migrate-to-postgres";
import { createPostgresDatabase, testEngine } from "../../support/db";

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };
const PASSWORD = "Snorkel-and-winch-2026";
const SECRET = "migrate-test-secret-0123456789abcdef";
const SEARCHES = ["winch", "arb", "led light", "wheel"];

type Target = Awaited<ReturnType<typeof createPostgresDatabase>>;

function runTool(from: string, to: string) {
  const run = spawnSync(
    path.join("node_modules", ".bin", "tsx"),
    ["scripts/shop/cli.ts", "migrate-to-postgres", "--from", from, "--to", to],
    { encoding: "utf8", timeout: 120_000 },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const sha256 = (file: string) =>
  fs.existsSync(file)
    ? crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex")
    : "";

/** Every table of the SQLite file the tool copies (what it leaves out: bookkeeping, FTS5, SQLite's own). */
function copiedTables(file: string): string[] {
  const raw = new Database(file, { readonly: true });
  try {
    return raw
      .prepare<[], string>("select name from sqlite_master where type = 'table' order by name")
      .pluck()
      .all()
      .filter((t) => !/^(sqlite_|kysely_migration|products_fts)/.test(t));
  } finally {
    raw.close();
  }
}

async function count(db: Kysely<DB>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0].n);
}

/** Accounts, addresses, a cart, a session, two paid orders (one part refunded) and a pending one. */
async function fillShop(db: Kysely<DB>) {
  const gateway = createSandboxGateway(SECRET);
  const user = async (email: string) => {
    const made = await createUser(db, { email, password: PASSWORD }, CHEAP);
    if (!made.ok) throw new Error(made.error);
    return made.user.id;
  };
  const address = async (userId: number, fullName: string) =>
    (await createAddress(db, userId, {
      fullName,
      phone: "9876543210",
      address1: "12 MG Road",
      address2: "",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
    }))!.id;
  // Variants in stock, of different products.
  const variants = await db
    .selectFrom("product_variants")
    .select(["product_id as productId", "size_id as sizeId", "color_id as colorId"])
    .where("stock", ">=", 5)
    .orderBy("product_id")
    .execute();
  const [v1, v2, v3, v4] = variants.filter(
    (v, i) => variants.findIndex((w) => w.productId === v.productId) === i,
  );
  const addLine = async (userId: number, v: typeof v1, quantity: number) => {
    const added = await addToCart(db, userId, { ...v, quantity });
    if (!added.ok) throw new Error(JSON.stringify(added));
  };
  const order = async (userId: number, addressId: number, pay: boolean) => {
    const placed = await placeOrder(db, gateway, {
      userId,
      addressId,
      idempotencyKey: crypto.randomUUID(),
      source: { type: "cart" },
    });
    if (!placed.ok) throw new Error(placed.message);
    if (pay) {
      const proof = gateway.pay(placed.order.razorpayOrderId!);
      await verifyPayment(db, gateway, {
        razorpayOrderId: placed.order.razorpayOrderId,
        ...proof,
        source: "test",
      });
    }
    return placed.order.id;
  };

  const alice = await user("alice@example.com");
  const bob = await user("bob@example.com");
  const aliceAddress = await address(alice, "Alice Rao");
  const bobAddress = await address(bob, "Bob Singh");
  await addLine(alice, v1, 2);
  await addLine(alice, v2, 1);
  const first = await order(alice, aliceAddress, true);
  await addLine(alice, v3, 1);
  const second = await order(alice, aliceAddress, true);
  await addLine(bob, v4, 1);
  const pending = await order(bob, bobAddress, false);
  await addLine(bob, v1, 1); // stays in the cart
  const refund = await refundOrder(db, gateway, {
    orderId: first,
    amountPaise: 10_000,
    reason: "scratched",
    by: "admin@example.com",
  });
  if (!refund.ok) throw new Error(refund.message);
  const sessions = createDbSessionStorage(db, { secret: SECRET, secure: false });
  const session = await sessions.getSession();
  session.set("userId", alice);
  const cookie = (await sessions.commitSession(session)).split(";")[0];
  return { alice, bob, orders: [first, second, pending], cookie };
}

describe.skipIf(testEngine !== "postgres")("shop migrate-to-postgres", () => {
  const saved = { ...process.env };
  let dir: string;
  let file: string;
  let sqlite: Kysely<DB>;
  let postgres: Kysely<DB>;
  let target: Target;
  let shop: Awaited<ReturnType<typeof fillShop>>;
  let run: ReturnType<typeof runTool>;
  let sourceHashes: string[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrate-pg-test-"));
    file = path.join(dir, "shop.db");
    Object.assign(process.env, {
      NODE_ENV: "test",
      DATABASE_URL: file,
      DATA_DIR: dir,
      UPLOADS_DIR: path.join(dir, "uploads"),
      SESSION_SECRET: SECRET,
    });
    delete process.env.PUBLIC_URL;
    resetEnvCache();
    sqlite = createDatabase(file);
    await migrateToLatest(sqlite);
    await seedDemoCatalog(sqlite, { uploadsDir: path.join(dir, "uploads") });
    shop = await fillShop(sqlite);
    target = await createPostgresDatabase("empty");
    const files = [file, `${file}-wal`];
    const before = files.map(sha256);
    run = runTool(file, target.url);
    sourceHashes = [...before, ...files.map(sha256)];
    postgres = createDatabase(target.url);
  }, 240_000);

  afterAll(async () => {
    await postgres?.destroy();
    await sqlite?.destroy();
    await target?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    process.env = saved;
    resetEnvCache();
  });

  it("copies the shop, prints the counts and totals and what to switch, leaves the SQLite file as it was", () => {
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("orders: amount_paise");
    expect(run.stdout).toMatch(/^ {2}users +2 +2$/m);
    expect(run.stdout).toContain("What to switch:");
    expect(run.stdout).toContain("DATABASE_URL");
    expect(run.stdout).toContain("UPLOADS_DIR");
    expect(sourceHashes.slice(0, 2)).toEqual(sourceHashes.slice(2));
  });

  it("has every table's rows, the search index and the money and stock totals", async () => {
    const tables = copiedTables(file);
    expect(tables).toEqual(expect.arrayContaining(["orders", "sessions", "catalog_version"]));
    for (const table of tables) {
      expect({ table, n: await count(postgres, table) }).toEqual({
        table,
        n: await count(sqlite, table),
      });
    }
    // Every PostgreSQL table is accounted for: copied, rebuilt (the search index) or bookkeeping.
    const pgTables = (
      await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = current_schema() order by 1`.execute(postgres)
    ).rows.map((r) => r.name);
    expect(pgTables.filter((t) => !t.startsWith("kysely_migration")).sort()).toEqual(
      [...tables, "products_fts"].sort(),
    );
    expect(await count(postgres, "products_fts")).toBe(await count(sqlite, "products"));
    for (const query of [
      sql<{ v: number }>`select sum(amount_paise) as v from orders`,
      sql<{ v: number }>`select sum(unit_price_paise * quantity) as v from order_items`,
      sql<{ v: number }>`select sum(amount_paise) as v from refunds`,
      sql<{ v: number }>`select sum(stock) as v from product_variants`,
      sql<{ v: number }>`select sum(stock) as v from products`,
      sql<{ v: number }>`select version as v from catalog_version`,
    ]) {
      const a = Number((await query.execute(sqlite)).rows[0].v);
      expect(a).toBeGreaterThan(0);
      expect(Number((await query.execute(postgres)).rows[0].v)).toBe(a);
    }
    // Rows as they were, column by column (a table with text, integers, reals and nulls).
    const lines = (db: Kysely<DB>) =>
      db.selectFrom("order_items").selectAll().orderBy("id").execute();
    expect(await lines(postgres)).toEqual(await lines(sqlite));
  });

  it("shows the same newest products and category listing", async () => {
    expect(await listNewestProducts(postgres, 12)).toEqual(await listNewestProducts(sqlite, 12));
    const winches = { ...emptyListingQuery, categories: ["winches"] };
    const listing = await listProducts(sqlite, winches);
    expect(listing.total).toBeGreaterThan(0);
    expect(await listProducts(postgres, winches)).toEqual(listing);
  });

  it("shows the same product pages", async () => {
    const ids = (await sqlite.selectFrom("products").select("id").orderBy("id").execute()).map(
      (r) => r.id,
    );
    for (const id of [ids[0], ids[Math.floor(ids.length / 2)], ids.at(-1)!]) {
      expect(await getProductForPage(postgres, id, null)).toEqual(
        await getProductForPage(sqlite, id, null),
      );
    }
  });

  it("finds the same products by search", async () => {
    for (const words of SEARCHES) {
      const found = async (db: Kysely<DB>) =>
        (await searchProducts(db, words, 100)).map((p) => p.id).sort((a, b) => a - b);
      const onSqlite = await found(sqlite);
      expect(onSqlite.length, words).toBeGreaterThan(0);
      expect(await found(postgres), words).toEqual(onSqlite);
    }
  });

  it("shows the shopper the same orders and order details", async () => {
    const { alice, bob, orders } = shop;
    const paid = await listPaidOrdersForUser(sqlite, alice);
    expect(paid).toHaveLength(2);
    expect(await listPaidOrdersForUser(postgres, alice)).toEqual(paid);
    for (const id of orders) {
      const userId = id === orders[2] ? bob : alice;
      const order = await getOrderForUser(sqlite, userId, id);
      expect(order).not.toBeNull();
      expect(await getOrderForUser(postgres, userId, id)).toEqual(order);
    }
  });

  it("keeps the shopper's addresses, cart and session", async () => {
    for (const userId of [shop.alice, shop.bob]) {
      expect(await listAddresses(postgres, userId)).toEqual(await listAddresses(sqlite, userId));
      expect(await getCartSummary(postgres, userId)).toEqual(await getCartSummary(sqlite, userId));
    }
    const sessions = createDbSessionStorage(postgres, { secret: SECRET, secure: false });
    expect((await sessions.getSession(shop.cookie)).get("userId")).toBe(shop.alice);
  });

  it("logs the shopper in with the same password", async () => {
    const login = await verifyLogin(
      postgres,
      { email: "alice@example.com", password: PASSWORD },
      { cost: CHEAP },
    );
    expect(login).toMatchObject({ status: "ok", user: { id: shop.alice } });
  });

  it("moved every identity sequence past the copied ids", async () => {
    const identities = (
      await sql<{ name: string }>`select table_name as name from information_schema.columns
        where table_schema = current_schema() and column_name = 'id' and is_identity = 'YES'`.execute(
        postgres,
      )
    ).rows.map((r) => r.name);
    expect(identities).toEqual(expect.arrayContaining(["products", "orders", "users"]));
    for (const table of identities) {
      const { rows } = await sql<{ next: number; max: number }>`
        select nextval(pg_get_serial_sequence(${table}, 'id')) as next,
          (select coalesce(max(id), 0) from ${sql.table(table)}) as max`.execute(postgres);
      expect(Number(rows[0].next), table).toBeGreaterThan(Number(rows[0].max));
    }
  });

  it("adds a product after the move: a new id, its first variant, found by search", async () => {
    const { max } = await sqlite
      .selectFrom("products")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow();
    const product = await postgres
      .insertInto("products")
      .values({
        slug: "after-the-move",
        title: "Aftermove Recovery Strap",
        brand_id: 1,
        category_id: 1,
        price_paise: 250_000,
        stock: 4,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(product.id).toBeGreaterThan(max);
    // The triggers are back on: the product has its first variant, and a row in the search index.
    expect(
      await postgres
        .selectFrom("product_variants")
        .select("stock")
        .where("product_id", "=", product.id)
        .execute(),
    ).toEqual([{ stock: 4 }]);
    expect(
      await postgres
        .selectFrom("products_fts")
        .select("title")
        .where("rowid", "=", product.id)
        .execute(),
    ).toEqual([{ title: "Aftermove Recovery Strap" }]);
    expect((await searchProducts(postgres, "aftermove")).map((p) => p.id)).toEqual([product.id]);
  });

  it("places an order after the move with a new id", async () => {
    const variant = await postgres
      .selectFrom("product_variants")
      .select(["product_id as productId", "size_id as sizeId", "color_id as colorId"])
      .where("stock", ">=", 1)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const added = await addToCart(postgres, shop.bob, { ...variant, quantity: 1 });
    expect(added.ok).toBe(true);
    const placed = await placeOrder(postgres, createSandboxGateway(SECRET), {
      userId: shop.bob,
      addressId: null,
      idempotencyKey: crypto.randomUUID(),
      source: { type: "cart" },
    });
    if (!placed.ok) throw new Error(placed.message);
    expect(placed.order.id).toBeGreaterThan(Math.max(...shop.orders));
  });

  it("refuses a database that already holds a shop, and leaves it as it was", async () => {
    const users = await count(postgres, "users");
    const again = runTool(file, target.url);
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toMatch(
      /already holds data \(rows in .*users.*\): give an empty database\.$/,
    );
    expect(again.stderr.trim().split("\n")).toHaveLength(1);
    expect(await count(postgres, "users")).toBe(users);
  });

  it("refuses while a shop process holds the SQLite file's data folder", async () => {
    const release = await lockDataFolder(dir);
    try {
      const busy = runTool(file, target.url);
      expect(busy.status).toBe(1);
      expect(busy.stderr.trim()).toMatch(
        /^Another shop process \(pid \d+\) is using the data folder/,
      );
    } finally {
      release();
    }
  });

  it("refuses a file that is not this shop's SQLite database, or one behind this release", async () => {
    const text = path.join(dir, "notes.txt");
    fs.writeFileSync(text, "not a database at all, just some notes about winches\n".repeat(100));
    await expect(migrateToPostgres(text, target.url)).rejects.toThrow(/is not a SQLite database/);
    const other = path.join(dir, "other.db");
    new Database(other).exec("create table things (id integer primary key)").close();
    await expect(migrateToPostgres(other, target.url)).rejects.toThrow(
      /is not a database of this shop/,
    );
    await expect(migrateToPostgres(path.join(dir, "missing.db"), target.url)).rejects.toThrow(
      /There is no file/,
    );
    // A shop that has not run this release's newest migration yet.
    const behind = path.join(dir, "behind.db");
    await sql`vacuum into ${behind}`.execute(sqlite);
    const raw = new Database(behind);
    raw
      .prepare("delete from kysely_migration where name = (select max(name) from kysely_migration)")
      .run();
    raw.close();
    await expect(migrateToPostgres(behind, target.url)).rejects.toThrow(
      /1 migration\(s\) behind this release .*npm run db:migrate/,
    );
    await expect(migrateToPostgres(file, "data/other.db")).rejects.toThrow(/PostgreSQL URL/);
  });

  it("keeps nothing when a row cannot be copied, and says which", async () => {
    const broken = path.join(dir, "broken.db");
    await sql`vacuum into ${broken}`.execute(sqlite);
    const raw = new Database(broken);
    raw.pragma("foreign_keys = OFF");
    raw
      .prepare(
        "update order_items set product_id = 999999 where id = (select max(id) from order_items)",
      )
      .run();
    raw.close();
    const fresh = await createPostgresDatabase("empty");
    const db = createDatabase(fresh.url);
    try {
      await expect(migrateToPostgres(broken, fresh.url)).rejects.toThrow(
        /^Copying order_items failed, nothing was kept: .*foreign key.*\(Key \(product_id\)=\(999999\) is not present/,
      );
      for (const table of ["users", "products", "orders"]) expect(await count(db, table)).toBe(0);
      // Still empty: the move can be run again once the file is put right.
      await expect(migrateToPostgres(file, fresh.url)).resolves.toMatchObject({
        schema: expect.any(String),
      });
    } finally {
      await db.destroy();
      await fresh.drop();
    }
  });

  it("accepts a target the shop already migrated (the migrations' own rows are replaced)", async () => {
    const fresh = await createPostgresDatabase("empty");
    const db = createDatabase(fresh.url);
    try {
      await migrateToLatest(db);
      // Only the migrations' default rows are there.
      const filled: string[] = [];
      for (const table of copiedTables(file)) if ((await count(db, table)) > 0) filled.push(table);
      expect(filled.sort()).toEqual([...MIGRATION_ROWS].sort());
      const report = await migrateToPostgres(file, fresh.url);
      expect(report.tables.filter((t) => t.source !== t.target)).toEqual([]);
      expect(await count(db, "gst_rates")).toBe(await count(sqlite, "gst_rates"));
    } finally {
      await db.destroy();
      await fresh.drop();
    }
  });
});
