import { sql, type Kysely } from "kysely";
import type { DB } from "~/db/schema";

/** What a product tile needs. */
export type ProductSummary = {
  id: number;
  slug: string;
  title: string;
  brand: string;
  category: string;
  pricePaise: number;
  image: string | null;
  inStock: boolean;
};

/** Products the shop shows (an admin may hide one that orders still refer to). */
export function visibleProducts(db: Kysely<DB>) {
  return db
    .selectFrom("products as p")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .where("p.hidden_at", "is", null);
}

export function summaryColumns() {
  return [
    "p.id",
    "p.slug",
    "p.title",
    "b.name as brand",
    "c.slug as category",
    "p.price_paise as pricePaise",
    "p.image",
    sql<number>`p.stock > 0`.as("inStock"),
  ] as const;
}

export function toSummary(row: Omit<ProductSummary, "inStock"> & { inStock: number | boolean }): ProductSummary {
  return { ...row, inStock: Boolean(row.inStock) };
}

export async function countProducts(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest visible products (Trending on the home page). */
export async function listNewestProducts(db: Kysely<DB>, limit: number): Promise<ProductSummary[]> {
  const rows = await visibleProducts(db)
    .select(summaryColumns())
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}
