import { sql, type Kysely } from "kysely";
import { isPostgres } from "./portable";

// Part numbers in the search index: a shopper who types the number printed on a wheel or in a
// catalogue finds the product. `products_fts.part_numbers` holds every size's part number of the
// product, space separated, each followed by the same number without its dashes, slashes, dots,
// underscores and spaces when it has any ('MR-305/785 MR305785'), so that it is found typed
// either way. Kept by triggers on products (as before) and on product_sizes (a number added,
// changed, moved or removed). Frozen in time: never import application code here.
//
// SQLite: an FTS5 table cannot gain a column, so it is made again with `part_numbers` last and
// refilled. PostgreSQL: the column is added and `document` made again with it, weighted B (as the
// brand): a part number is an exact identifier, but a title match must still come first; the
// punctuation is turned into spaces there, as FTS5's tokenizer splits on it (PostgreSQL's parser
// would keep '-305' and '/785' as words).

/** Characters left out of a part number's second, written-together form. */
const SEPARATORS = ["-", "/", ".", "_", " "];

/** SQL: the search text of the part numbers of the product whose id is the expression `productId`. */
function partNumbersOf(db: Kysely<any>, productId: string): string {
  const joined = SEPARATORS.reduce((text, c) => `replace(${text}, '${c}', '')`, "s.part_number");
  const each = `case when ${joined} = s.part_number then s.part_number
    else s.part_number || ' ' || ${joined} end`;
  const aggregate = isPostgres(db) ? "string_agg" : "group_concat";
  return `coalesce((select ${aggregate}(${each}, ' ') from product_sizes s
    where s.product_id = ${productId} and s.part_number <> ''), '')`;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await downPostgres(db);
  else await downSqlite(db);
}

const SQLITE_SIZE_TRIGGERS = [
  "product_sizes_fts_insert",
  "product_sizes_fts_update",
  "product_sizes_fts_delete",
];

async function upSqlite(db: Kysely<any>): Promise<void> {
  const ofNew = sql.raw(partNumbersOf(db, "new.id"));
  await sql`drop trigger if exists products_fts_insert`.execute(db);
  await sql`drop trigger if exists products_fts_update`.execute(db);
  await sql`drop table products_fts`.execute(db);
  await sql`create virtual table products_fts using fts5(
    title, brand, category, description, part_numbers,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
  )`.execute(db);
  await sql`insert into products_fts(rowid, title, brand, category, description, part_numbers)
    select p.id, p.title,
      (select name from brands where id = p.brand_id),
      (select name from categories where id = p.category_id),
      p.description, ${sql.raw(partNumbersOf(db, "p.id"))}
    from products p`.execute(db);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, title, brand, category, description, part_numbers)
    values (new.id, new.title,
      (select name from brands where id = new.brand_id),
      (select name from categories where id = new.category_id),
      new.description, ${ofNew});
  end`.execute(db);
  await sql`create trigger products_fts_update after update of title, brand_id, category_id, description on products begin
    delete from products_fts where rowid = old.id;
    insert into products_fts(rowid, title, brand, category, description, part_numbers)
    values (new.id, new.title,
      (select name from brands where id = new.brand_id),
      (select name from categories where id = new.category_id),
      new.description, ${ofNew});
  end`.execute(db);
  // A size's row: its product's text again (and its former product's, when it moved).
  const refresh = (row: "new" | "old") =>
    sql.raw(`update products_fts set part_numbers = ${partNumbersOf(db, `${row}.product_id`)}
      where rowid = ${row}.product_id;`);
  await sql`create trigger product_sizes_fts_insert after insert on product_sizes begin
    ${refresh("new")}
  end`.execute(db);
  await sql`create trigger product_sizes_fts_update after update of part_number, product_id on product_sizes begin
    ${refresh("old")}
    ${refresh("new")}
  end`.execute(db);
  await sql`create trigger product_sizes_fts_delete after delete on product_sizes begin
    ${refresh("old")}
  end`.execute(db);
}

async function downSqlite(db: Kysely<any>): Promise<void> {
  for (const t of [...SQLITE_SIZE_TRIGGERS, "products_fts_insert", "products_fts_update"])
    await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  await sql`drop table products_fts`.execute(db);
  await sql`create virtual table products_fts using fts5(
    title, brand, category, description,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
  )`.execute(db);
  await sql`insert into products_fts(rowid, title, brand, category, description)
    select p.id, p.title,
      (select name from brands where id = p.brand_id),
      (select name from categories where id = p.category_id),
      p.description
    from products p`.execute(db);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, title, brand, category, description)
    values (new.id, new.title,
      (select name from brands where id = new.brand_id),
      (select name from categories where id = new.category_id),
      new.description);
  end`.execute(db);
  await sql`create trigger products_fts_update after update of title, brand_id, category_id, description on products begin
    delete from products_fts where rowid = old.id;
    insert into products_fts(rowid, title, brand, category, description)
    values (new.id, new.title,
      (select name from brands where id = new.brand_id),
      (select name from categories where id = new.category_id),
      new.description);
  end`.execute(db);
}

/** PostgreSQL's document: as the catalogue migration's, with or without the part numbers. */
function postgresDocument(withPartNumbers: boolean) {
  return sql.raw(`tsvector generated always as (
      setweight(to_tsvector('simple', title), 'A') ||
      setweight(to_tsvector('simple', brand), 'B') ||
      setweight(to_tsvector('simple', category), 'C') ||
      setweight(to_tsvector('simple', description), 'D')${
        withPartNumbers
          ? ` ||
      setweight(to_tsvector('simple', regexp_replace(part_numbers, '[^[:alnum:]]+', ' ', 'g')), 'B')`
          : ""
      }
    ) stored`);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // One function for the triggers and for whatever rebuilds the index (scripts/shop/migrate-to-postgres.ts).
  await sql`create function product_part_numbers(product integer) returns text
    language sql stable as $$ select ${sql.raw(partNumbersOf(db, "product"))} $$`.execute(db);
  await sql`alter table products_fts add column part_numbers text not null default ''`.execute(db);
  await sql`alter table products_fts drop column document`.execute(db);
  await sql`alter table products_fts add column document ${postgresDocument(true)}`.execute(db);
  await sql`create index products_fts_document on products_fts using gin (document)`.execute(db);
  await sql`update products_fts set part_numbers = product_part_numbers(rowid)`.execute(db);
  await sql`create or replace function products_fts_write() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      delete from products_fts where rowid = old.id;
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      insert into products_fts (rowid, title, brand, category, description, part_numbers)
      values (new.id, new.title,
        coalesce((select name from brands where id = new.brand_id), ''),
        coalesce((select name from categories where id = new.category_id), ''),
        new.description, product_part_numbers(new.id));
    end if;
    return null;
  end $$`.execute(db);
  await sql`create function product_sizes_fts_write() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      update products_fts set part_numbers = product_part_numbers(old.product_id)
      where rowid = old.product_id;
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      update products_fts set part_numbers = product_part_numbers(new.product_id)
      where rowid = new.product_id;
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger product_sizes_fts_write
    after insert or delete or update of part_number, product_id on product_sizes
    for each row execute function product_sizes_fts_write()`.execute(db);
}

async function downPostgres(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists product_sizes_fts_write on product_sizes`.execute(db);
  await sql`drop function if exists product_sizes_fts_write`.execute(db);
  await sql`create or replace function products_fts_write() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then
      delete from products_fts where rowid = old.id;
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
      insert into products_fts (rowid, title, brand, category, description)
      values (new.id, new.title,
        coalesce((select name from brands where id = new.brand_id), ''),
        coalesce((select name from categories where id = new.category_id), ''),
        new.description);
    end if;
    return null;
  end $$`.execute(db);
  await sql`alter table products_fts drop column document`.execute(db);
  await sql`alter table products_fts drop column part_numbers`.execute(db);
  await sql`alter table products_fts add column document ${postgresDocument(false)}`.execute(db);
  await sql`create index products_fts_document on products_fts using gin (document)`.execute(db);
  await sql`drop function if exists product_part_numbers`.execute(db);
}
