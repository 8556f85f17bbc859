import { sql, type Kysely } from "kysely";
import { isPostgres, realType, utcNow } from "./portable";

// Catalogue and users. Frozen in time: never import application code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("categories")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("brands")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("logo", "text")
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("vehicles")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("make", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("brand_id", "integer", (c) => c.notNull().references("brands.id"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addColumn("price_paise", "integer", (c) => c.notNull().check(sql`price_paise >= 0`))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image", "text")
    .addColumn("stock", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock >= 0`),
    )
    .addColumn("universal_fit", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hidden_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();
  await db.schema
    .createIndex("products_category_created")
    .on("products")
    .columns(["category_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("products_brand_created")
    .on("products")
    .columns(["brand_id", "created_at"])
    .execute();
  await db.schema.createIndex("products_created").on("products").columns(["created_at"]).execute();
  await db.schema.createIndex("products_price").on("products").columns(["price_paise"]).execute();

  await db.schema
    .createTable("product_colors")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("product_colors_product")
    .on("product_colors")
    .columns(["product_id", "position"])
    .execute();
  await db.schema
    .createIndex("product_colors_name")
    .on("product_colors")
    .columns(["name", "product_id"])
    .execute();

  await db.schema
    .createTable("product_color_images")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("color_id", "integer", (c) =>
      c.notNull().references("product_colors.id").onDelete("cascade"),
    )
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("product_color_images_color")
    .on("product_color_images")
    .columns(["color_id", "position"])
    .execute();

  await db.schema
    .createTable("product_sizes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("diameter", realType(db), (c) => c.notNull())
    .addColumn("width", realType(db), (c) => c.notNull())
    .addColumn("bolt_pattern", "text", (c) => c.notNull())
    .addColumn("offset_mm", realType(db), (c) => c.notNull())
    .addColumn("hub_bore_mm", realType(db), (c) => c.notNull())
    .addColumn("part_number", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("product_sizes_product")
    .on("product_sizes")
    .columns(["product_id", "position"])
    .execute();

  await db.schema
    .createTable("product_vehicles")
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("vehicle_id", "integer", (c) =>
      c.notNull().references("vehicles.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("product_vehicles_pk", ["product_id", "vehicle_id"])
    .execute();
  await db.schema
    .createIndex("product_vehicles_vehicle")
    .on("product_vehicles")
    .columns(["vehicle_id", "product_id"])
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) =>
      c
        .notNull()
        .defaultTo("customer")
        .check(sql`role in ('admin','customer')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(utcNow(db)))
    .execute();

  // Full-text search over title, brand, category and description; rowid = products.id.
  if (isPostgres(db)) await createPostgresSearch(db);
  else await createSqliteSearch(db);
}

async function createSqliteSearch(db: Kysely<any>): Promise<void> {
  await sql`create virtual table products_fts using fts5(
    title, brand, category, description,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
  )`.execute(db);
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
  await sql`create trigger products_fts_delete after delete on products begin
    delete from products_fts where rowid = old.id;
  end`.execute(db);
  await sql`create trigger brands_fts_rename after update of name on brands begin
    update products_fts set brand = new.name
    where rowid in (select id from products where brand_id = new.id);
  end`.execute(db);
  await sql`create trigger categories_fts_rename after update of name on categories begin
    update products_fts set category = new.name
    where rowid in (select id from products where category_id = new.id);
  end`.execute(db);
}

/**
 * PostgreSQL's side: the same table and columns, plus `document`, a tsvector weighted A (title) to
 * D (description) with the 'simple' configuration (no stemming, as FTS5's unicode61), under a GIN
 * index; trigger functions keep it as FTS5's triggers do.
 */

async function createPostgresSearch(db: Kysely<any>): Promise<void> {
  await sql`create table products_fts (
    rowid integer primary key,
    title text not null default '',
    brand text not null default '',
    category text not null default '',
    description text not null default '',
    document tsvector generated always as (
      setweight(to_tsvector('simple', title), 'A') ||
      setweight(to_tsvector('simple', brand), 'B') ||
      setweight(to_tsvector('simple', category), 'C') ||
      setweight(to_tsvector('simple', description), 'D')
    ) stored
  )`.execute(db);
  await sql`create index products_fts_document on products_fts using gin (document)`.execute(db);
  await sql`create function products_fts_write() returns trigger language plpgsql as $$
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
  await sql`create trigger products_fts_insert after insert on products
    for each row execute function products_fts_write()`.execute(db);
  await sql`create trigger products_fts_update after update of title, brand_id, category_id, description on products
    for each row execute function products_fts_write()`.execute(db);
  await sql`create trigger products_fts_delete after delete on products
    for each row execute function products_fts_write()`.execute(db);
  await sql`create function products_fts_rename() returns trigger language plpgsql as $$
  begin
    if tg_table_name = 'brands' then
      update products_fts set brand = new.name
      where rowid in (select id from products where brand_id = new.id);
    else
      update products_fts set category = new.name
      where rowid in (select id from products where category_id = new.id);
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger brands_fts_rename after update of name on brands
    for each row execute function products_fts_rename()`.execute(db);
  await sql`create trigger categories_fts_rename after update of name on categories
    for each row execute function products_fts_rename()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "brands_fts_rename",
    "categories_fts_rename",
    "products_fts_delete",
    "products_fts_update",
    "products_fts_insert",
  ]) {
    const table = t.startsWith("brands")
      ? "brands"
      : t.startsWith("categories")
        ? "categories"
        : "products";
    if (isPostgres(db))
      await sql`drop trigger if exists ${sql.raw(t)} on ${sql.raw(table)}`.execute(db);
    else await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  }
  await sql`drop table if exists products_fts`.execute(db);
  if (isPostgres(db)) {
    await sql`drop function if exists products_fts_write`.execute(db);
    await sql`drop function if exists products_fts_rename`.execute(db);
  }
  for (const t of [
    "users",
    "product_vehicles",
    "product_sizes",
    "product_color_images",
    "product_colors",
    "products",
    "vehicles",
    "brands",
    "categories",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
