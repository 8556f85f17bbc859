import { sql, type Kysely } from "kysely";
import { afterCopyWithIds, idColumn, isPostgres, realType, utcNow } from "./portable";

// Variants with their own stock (docs/decisions/0010-variants-with-their-own-stock.md).
// Frozen in time: never import application code here.
//
// - product_variants: one row per colour x size of a product (size_id / color_id null where the
//   product has no sizes / no colours; one row with both null for a product with neither). Its
//   `stock` is what can be sold of that variant.
// - products.stock becomes the sum of its variants, kept by triggers on product_variants. A product
//   inserted with a stock starts with one variant (no size, no colour) holding it; the catalogue
//   model replaces it with the colour x size rows when it writes sizes or colours.
// - Today's stock is split evenly over a product's variants (the remainder to the first ones, in
//   colour then size order), so no unit is invented or lost.
// - cart_items and order_items keep the chosen size and colour by id; the labels stay as the text
//   shown later, and order lines also keep the bolt pattern, offset and part number they sold.
//   Existing lines get the size whose label they name when exactly one size of the product has it;
//   cart lines naming an ambiguous or unknown size of a product with sizes are dropped (the shopper
//   chooses again); cart lines without a colour of a product with colours get its first colour.

type Size = {
  id: number;
  product_id: number;
  label: string;
  bolt_pattern: string;
  offset_mm: number;
  part_number: string;
};
type Color = { id: number; product_id: number; name: string };

export async function up(db: Kysely<any>): Promise<void> {
  // Index expressions: PostgreSQL has no ifnull (SQLite's indexes keep the name they were made with).
  const ifnull = sql.raw(isPostgres(db) ? "coalesce" : "ifnull");
  await sql`create table product_variants (
    id ${idColumn(db)},
    product_id integer not null references products(id) on delete cascade,
    size_id integer references product_sizes(id) on delete cascade,
    color_id integer references product_colors(id) on delete cascade,
    stock integer not null default 0 check (stock >= 0)
  )`.execute(db);
  await sql`create unique index product_variants_key
    on product_variants (product_id, ${ifnull}(size_id, 0), ${ifnull}(color_id, 0))`.execute(db);
  await sql`create index product_variants_size on product_variants (size_id)`.execute(db);
  await sql`create index product_variants_color on product_variants (color_id)`.execute(db);

  const products = (
    await sql<{ id: number; stock: number }>`select id, stock from products order by id`.execute(db)
  ).rows;
  const sizes = (
    await sql<Size>`select id, product_id, label, bolt_pattern, offset_mm, part_number
      from product_sizes order by product_id, position, id`.execute(db)
  ).rows;
  const colors = (
    await sql<Color>`select id, product_id, name from product_colors order by product_id, position, id`.execute(
      db,
    )
  ).rows;
  const sizesOf = group(sizes);
  const colorsOf = group(colors);

  for (const p of products) {
    const ss: (number | null)[] = (sizesOf.get(p.id) ?? []).map((s) => s.id);
    const cs: (number | null)[] = (colorsOf.get(p.id) ?? []).map((c) => c.id);
    const keys: [number | null, number | null][] = [];
    for (const c of cs.length > 0 ? cs : [null])
      for (const s of ss.length > 0 ? ss : [null]) keys.push([s, c]);
    const each = Math.floor(p.stock / keys.length);
    const extra = p.stock - each * keys.length;
    for (const [i, [sizeId, colorId]] of keys.entries()) {
      await sql`insert into product_variants (product_id, size_id, color_id, stock)
        values (${p.id}, ${sizeId}, ${colorId}, ${each + (i < extra ? 1 : 0)})`.execute(db);
    }
  }

  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);

  // Cart lines: rebuilt, because the old unique key (user, product, size label, colour name) would
  // refuse two sizes sharing a label.
  await sql`create table cart_items_new (
    id ${idColumn(db)},
    user_id integer not null references users(id) on delete cascade,
    product_id integer not null references products(id) on delete cascade,
    size_id integer references product_sizes(id) on delete cascade,
    color_id integer references product_colors(id) on delete cascade,
    size_label text not null default '',
    color_name text not null default '',
    quantity integer not null check (quantity >= 1),
    created_at text not null default ${utcNow(db)},
    updated_at text not null default ${utcNow(db)}
  )`.execute(db);
  const lines = (
    await sql<{
      id: number;
      user_id: number;
      product_id: number;
      size_label: string;
      color_name: string;
      quantity: number;
      created_at: string;
      updated_at: string;
    }>`select * from cart_items order by id`.execute(db)
  ).rows;
  const seen = new Set<string>();
  for (const line of lines) {
    const ps = sizesOf.get(line.product_id) ?? [];
    const pc = colorsOf.get(line.product_id) ?? [];
    let sizeId: number | null = null;
    if (ps.length > 0) {
      const named = ps.filter((s) => s.label === line.size_label);
      if (named.length !== 1) continue;
      sizeId = named[0].id;
    }
    let colorId: number | null = null;
    let colorName = "";
    if (pc.length > 0) {
      const color =
        pc.find((c) => c.name === line.color_name) ??
        pc.find((c) => c.name.toLowerCase() === line.color_name.toLowerCase()) ??
        pc[0];
      colorId = color.id;
      colorName = color.name;
    }
    const key = `${line.user_id}:${line.product_id}:${sizeId ?? 0}:${colorId ?? 0}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await sql`insert into cart_items_new
      (id, user_id, product_id, size_id, color_id, size_label, color_name, quantity, created_at, updated_at)
      values (${line.id}, ${line.user_id}, ${line.product_id}, ${sizeId}, ${colorId},
        ${sizeId === null ? "" : line.size_label}, ${colorName}, ${line.quantity}, ${line.created_at}, ${line.updated_at})`.execute(
      db,
    );
  }
  await afterCopyWithIds(db, "cart_items_new");
  await sql`drop table cart_items`.execute(db);
  await sql`alter table cart_items_new rename to cart_items`.execute(db);
  await sql`create unique index cart_items_line
    on cart_items (user_id, product_id, ${ifnull}(size_id, 0), ${ifnull}(color_id, 0))`.execute(db);

  // Order lines: the chosen ids (null once that size or colour is gone) and what was sold.
  await sql`alter table order_items add column size_id integer references product_sizes(id) on delete set null`.execute(
    db,
  );
  await sql`alter table order_items add column color_id integer references product_colors(id) on delete set null`.execute(
    db,
  );
  await sql`alter table order_items add column bolt_pattern text not null default ''`.execute(db);
  await sql`alter table order_items add column offset_mm ${sql.raw(realType(db))}`.execute(db);
  await sql`alter table order_items add column part_number text not null default ''`.execute(db);
  const items = (
    await sql<{ id: number; product_id: number; size_label: string; color_name: string }>`
      select id, product_id, size_label, color_name from order_items`.execute(db)
  ).rows;
  for (const item of items) {
    const named = item.size_label
      ? (sizesOf.get(item.product_id) ?? []).filter((s) => s.label === item.size_label)
      : [];
    const size = named.length === 1 ? named[0] : null;
    const color = item.color_name
      ? ((colorsOf.get(item.product_id) ?? []).find((c) => c.name === item.color_name) ?? null)
      : null;
    if (!size && !color) continue;
    await sql`update order_items set
        size_id = ${size?.id ?? null},
        bolt_pattern = ${size?.bolt_pattern ?? ""},
        offset_mm = ${size?.offset_mm ?? null},
        part_number = ${size?.part_number ?? ""},
        color_id = ${color?.id ?? null}
      where id = ${item.id}`.execute(db);
  }
}

// products.stock = the sum of its variants, whoever writes them; a variant's stock shows on
// catalogue pages, so like every catalogue table it bumps the version; a product inserted with a
// stock starts with one variant holding it.
async function createSqliteTriggers(db: Kysely<any>): Promise<void> {
  for (const [event, row] of [
    ["insert", "new"],
    ["update", "new"],
    ["delete", "old"],
  ] as const) {
    await sql`create trigger ${sql.raw(`product_variants_${event}_stock`)} after ${sql.raw(event)} on product_variants begin
      update products
        set stock = (select ifnull(sum(stock), 0) from product_variants where product_id = ${sql.raw(row)}.product_id)
        where id = ${sql.raw(row)}.product_id;
    end`.execute(db);
  }
  await sql`create trigger product_variants_product_moved after update of product_id on product_variants begin
      update products
        set stock = (select ifnull(sum(stock), 0) from product_variants where product_id = old.product_id)
        where id = old.product_id;
    end`.execute(db);
  // A variant's stock shows on catalogue pages: like every catalogue table, it bumps the version.
  for (const event of ["insert", "update", "delete"]) {
    await sql`create trigger ${sql.raw(`product_variants_${event}_catalog_version`)} after ${sql.raw(event)} on product_variants begin
      update catalog_version set version = version + 1 where id = 1;
    end`.execute(db);
  }
  // A product inserted with a stock starts with one variant holding it.
  await sql`create trigger products_insert_base_variant after insert on products begin
      insert into product_variants (product_id, size_id, color_id, stock) values (new.id, null, null, new.stock);
    end`.execute(db);
}

async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`create function product_variants_stock() returns trigger language plpgsql as $$
  begin
    if tg_op in ('INSERT', 'UPDATE') then
      update products
        set stock = (select coalesce(sum(stock), 0) from product_variants where product_id = new.product_id)
        where id = new.product_id;
    end if;
    if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.product_id <> new.product_id) then
      update products
        set stock = (select coalesce(sum(stock), 0) from product_variants where product_id = old.product_id)
        where id = old.product_id;
    end if;
    return null;
  end $$`.execute(db);
  for (const event of ["insert", "update", "delete"]) {
    await sql`create trigger ${sql.raw(`product_variants_${event}_stock`)} after ${sql.raw(event)} on product_variants
      for each row execute function product_variants_stock()`.execute(db);
    await sql`create trigger ${sql.raw(`product_variants_${event}_catalog_version`)} after ${sql.raw(event)} on product_variants
      for each row execute function bump_catalog_version()`.execute(db);
  }
  await sql`create function products_base_variant() returns trigger language plpgsql as $$
  begin
    insert into product_variants (product_id, size_id, color_id, stock) values (new.id, null, null, new.stock);
    return null;
  end $$`.execute(db);
  await sql`create trigger products_insert_base_variant after insert on products
    for each row execute function products_base_variant()`.execute(db);
}

function group<T extends { product_id: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const r of rows) map.set(r.product_id, [...(map.get(r.product_id) ?? []), r]);
  return map;
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "product_variants_insert_stock",
    "product_variants_update_stock",
    "product_variants_delete_stock",
    "product_variants_product_moved",
    "products_insert_base_variant",
    "product_variants_insert_catalog_version",
    "product_variants_update_catalog_version",
    "product_variants_delete_catalog_version",
  ]) {
    const table = t.startsWith("products") ? "products" : "product_variants";
    if (isPostgres(db))
      await sql`drop trigger if exists ${sql.raw(t)} on ${sql.raw(table)}`.execute(db);
    else await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  }
  await sql`drop table if exists product_variants`.execute(db);
  if (isPostgres(db)) {
    await sql`drop function if exists product_variants_stock`.execute(db);
    await sql`drop function if exists products_base_variant`.execute(db);
  }
  for (const c of ["size_id", "color_id", "bolt_pattern", "offset_mm", "part_number"]) {
    await sql`alter table order_items drop column ${sql.raw(c)}`.execute(db);
  }
  await sql`drop index if exists cart_items_line`.execute(db);
  await sql`create table cart_items_old (
    id ${idColumn(db)},
    user_id integer not null references users(id) on delete cascade,
    product_id integer not null references products(id) on delete cascade,
    size_label text not null default '',
    color_name text not null default '',
    quantity integer not null check (quantity >= 1),
    created_at text not null default ${utcNow(db)},
    updated_at text not null default ${utcNow(db)},
    constraint cart_items_line unique (user_id, product_id, size_label, color_name)
  )`.execute(db);
  await sql`insert ${sql.raw(isPostgres(db) ? "" : "or ignore")} into cart_items_old (id, user_id, product_id, size_label, color_name, quantity, created_at, updated_at)
    select id, user_id, product_id, size_label, color_name, quantity, created_at, updated_at from cart_items
    ${sql.raw(isPostgres(db) ? "on conflict do nothing" : "")}`.execute(db);
  await afterCopyWithIds(db, "cart_items_old");
  await sql`drop table cart_items`.execute(db);
  await sql`alter table cart_items_old rename to cart_items`.execute(db);
}
