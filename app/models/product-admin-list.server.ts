import { sql, type Kysely } from "kysely";
import type { DB } from "~/db/schema";
import type { ProductSize } from "~/models/product-detail.server";
import { storedColors, type StoredColor } from "~/models/product-images.server";
import { stockFingerprint } from "~/models/variant-stock.server";
import { idSchema } from "~/utils/validation";

/* The admin's reads of the catalogue: the product list, its numbers, and a product to edit. */

export const ADMIN_PAGE_SIZE = 20;

export type AdminProductQuery = { q: string; category: string; page: number; outOfStock?: boolean };

export async function productFormOptions(db: Kysely<DB>) {
  const [brands, categories, vehicles] = await Promise.all([
    db.selectFrom("brands").select(["slug", "name"]).orderBy("name").execute(),
    db
      .selectFrom("categories")
      .select(["slug", "name"])
      .orderBy("position")
      .orderBy("name")
      .execute(),
    db
      .selectFrom("vehicles")
      .select(["slug", "make", "model", "featured"])
      .orderBy("featured", "desc")
      .orderBy("make")
      .orderBy("model")
      .execute(),
  ]);
  return {
    brands,
    categories,
    vehicles: vehicles.map((v) => ({ slug: v.slug, name: `${v.make} ${v.model}` })),
  };
}

/** What the list and the edit form both show of a product. */
type ProductBasics = {
  id: number;
  title: string;
  slug: string;
  pricePaise: number;
  stock: number;
  image: string | null;
};

/** A product as stored, for the edit form; `variantStock` is keyed `colourIndex.sizeIndex`. */
export type ProductForEdit = ProductBasics & {
  /** The brand's slug (the form's select value). */
  brand: string;
  /** The category's slug. */
  category: string;
  description: string;
  universalFit: boolean;
  vehicles: string[];
  colors: StoredColor[];
  sizes: ProductSize[];
  variantStock: Map<string, number>;
  /** The stock shown, as `stockFingerprint` (a save checks it has not moved since). */
  stockSeen: string;
  /** When it was last saved (a save checks nobody saved it since; see ProductRawInput). */
  editedAt: string;
};

/** A product's last save as the edit form carries it (either engine's timestamp, as ISO text). */
export const editedStamp = (at: string | Date): string => new Date(at).toISOString();

/** A product as the edit form shows it, or null when there is none (or it was removed). */
export async function getProductForEdit(
  db: Kysely<DB>,
  id: number,
): Promise<ProductForEdit | null> {
  const p = await db
    .selectFrom("products as p")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .select([
      "p.id",
      "p.title",
      "p.slug",
      "b.slug as brand",
      "c.slug as category",
      "p.price_paise",
      "p.description",
      "p.stock",
      "p.universal_fit",
      "p.image",
      "p.updated_at",
    ])
    .where("p.id", "=", id)
    .where("p.hidden_at", "is", null)
    .executeTakeFirst();
  if (!p) return null;
  const colors = await storedColors(db, id);
  const variants = await db
    .selectFrom("product_variants")
    .select(["size_id", "color_id", "stock"])
    .where("product_id", "=", id)
    .execute();
  const colorIds = (
    await db
      .selectFrom("product_colors")
      .select("id")
      .where("product_id", "=", id)
      .orderBy("position")
      .orderBy("id")
      .execute()
  ).map((c) => c.id);
  const sizes = await db
    .selectFrom("product_sizes")
    .selectAll()
    .where("product_id", "=", id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const vehicles = await db
    .selectFrom("product_vehicles as pv")
    .innerJoin("vehicles as v", "v.id", "pv.vehicle_id")
    .select("v.slug")
    .where("pv.product_id", "=", id)
    .execute();
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    brand: p.brand,
    category: p.category,
    pricePaise: p.price_paise,
    description: p.description,
    stock: p.stock,
    universalFit: p.universal_fit === 1,
    vehicles: vehicles.map((v) => v.slug),
    image: p.image,
    colors,
    sizes: sizes.map((s) => ({
      id: s.id,
      label: s.label,
      diameter: s.diameter,
      width: s.width,
      boltPattern: s.bolt_pattern,
      offset: s.offset_mm,
      hubBore: s.hub_bore_mm,
      partNumber: s.part_number,
    })),
    variantStock: new Map(
      variants.map((v) => [
        `${Math.max(0, colorIds.indexOf(v.color_id ?? 0))}.${Math.max(
          0,
          sizes.findIndex((s) => s.id === v.size_id),
        )}`,
        v.stock,
      ]),
    ),
    editedAt: editedStamp(p.updated_at),
    stockSeen: stockFingerprint(
      variants.map((v) => ({ sizeId: v.size_id, colorId: v.color_id, stock: v.stock })),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Listing and numbers

/** A row of the admin's product list: brand and category by name. */
export type AdminProductRow = ProductBasics & {
  brand: string;
  category: string;
  updatedAt: string;
};

/** Every product the shop shows, newest first, with search (title, slug, brand) and category filter. */
export async function listAdminProducts(
  db: Kysely<DB>,
  { q, category, page, outOfStock }: AdminProductQuery,
  pageSize = ADMIN_PAGE_SIZE,
): Promise<{ rows: AdminProductRow[]; total: number; page: number; pages: number }> {
  let base = db
    .selectFrom("products as p")
    .innerJoin("brands as b", "b.id", "p.brand_id")
    .innerJoin("categories as c", "c.id", "p.category_id")
    .where("p.hidden_at", "is", null);
  if (category) base = base.where("c.slug", "=", category);
  if (outOfStock) base = base.where("p.stock", "=", 0);
  if (q) {
    // A product number, as the list shows it ("#12") or bare, only when it can be one (digits
    // past the id column match no id).
    const id = /^#?\d+$/.test(q) ? idSchema.safeParse(q.replace("#", "")) : null;
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(p.title)`, "like", sql`${like} escape '\\'`),
        eb(sql`lower(p.slug)`, "like", sql`${like} escape '\\'`),
        eb(sql`lower(b.name)`, "like", sql`${like} escape '\\'`),
        ...(id?.success ? [eb("p.id", "=", id.data)] : []),
      ]),
    );
  }
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pages);
  const rows = await base
    .select([
      "p.id",
      "p.title",
      "p.slug",
      "b.name as brand",
      "c.name as category",
      "p.price_paise as pricePaise",
      "p.stock",
      "p.image",
      "p.updated_at as updatedAt",
    ])
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  return { rows, total, page: current, pages };
}

/** The catalogue's numbers for the dashboard and `GET /api/v1/stats`. */
export async function catalogStats(db: Kysely<DB>) {
  const products = await db
    .selectFrom("products")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      sql<number>`coalesce(sum(case when stock = 0 then 1 else 0 end), 0)`.as("outOfStock"),
    ])
    .where("hidden_at", "is", null)
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return {
    totalProducts: Number(products.total),
    totalUsers: Number(users.total),
    outOfStock: Number(products.outOfStock),
  };
}

/** A listed product's id and title (the delete confirmation), or null. */
export async function findAdminProduct(db: Kysely<DB>, id: number) {
  return (
    (await db
      .selectFrom("products")
      .select(["id", "title"])
      .where("id", "=", id)
      .where("hidden_at", "is", null)
      .executeTakeFirst()) ?? null
  );
}
