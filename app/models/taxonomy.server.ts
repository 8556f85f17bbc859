import { sql, type Kysely } from "kysely";
import type { DB } from "~/db/schema";
import { SPEC_VEHICLE_ALIASES } from "~/utils/catalog-constants";
import { pack, type Packed } from "~/utils/packed";
import { versionedCache } from "./catalog-cache.server";

/** Brands, categories, colour names and vehicles: the catalogue's lists, each kept per catalogue version where every page reads it. */

export type Brand = {
  id: number;
  slug: string;
  name: string;
  description: string;
  logo: string | null;
  featured: boolean;
};
export type Category = { id: number; slug: string; name: string };
export type Vehicle = {
  id: number;
  slug: string;
  make: string;
  model: string;
  name: string;
  featured: boolean;
};

/** Every brand, the featured ones first (kept per catalogue version: the footer shows them on every page). */
export function listBrands(db: Kysely<DB>): Promise<Brand[]> {
  return brandsCache(db, "all", async () => {
    const rows = await db
      .selectFrom("brands")
      .select(["id", "slug", "name", "description", "logo", "featured"])
      .orderBy("featured", "desc")
      .orderBy("id")
      .execute();
    return rows.map((b) => ({ ...b, featured: b.featured === 1 }));
  });
}

export async function getBrand(db: Kysely<DB>, slug: string): Promise<Brand | null> {
  const b = await db
    .selectFrom("brands")
    .select(["id", "slug", "name", "description", "logo", "featured"])
    .where("slug", "=", slug.toLowerCase())
    .executeTakeFirst();
  return b ? { ...b, featured: b.featured === 1 } : null;
}

/**
 * The home page's category tiles: the featured categories in order, each with its newest product's
 * image; kept per catalogue version.
 */
export function listCategoryTiles(db: Kysely<DB>) {
  return categoryTilesCache(db, "", () => readCategoryTiles(db));
}

async function readCategoryTiles(db: Kysely<DB>) {
  return db
    .selectFrom("categories as c")
    .select([
      "c.slug",
      "c.name",
      (eb) =>
        eb
          .selectFrom("products as p")
          .select("p.image")
          .whereRef("p.category_id", "=", "c.id")
          .where("p.hidden_at", "is", null)
          .orderBy("p.created_at", "desc")
          .orderBy("p.id", "desc")
          .limit(1)
          .as("image"),
    ])
    .where("c.featured", "=", 1)
    .orderBy("c.position")
    .orderBy("c.id")
    .execute();
}

export async function listCategories(db: Kysely<DB>): Promise<Category[]> {
  return db
    .selectFrom("categories")
    .select(["id", "slug", "name"])
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export async function getCategory(db: Kysely<DB>, slug: string): Promise<Category | null> {
  const c = await db
    .selectFrom("categories")
    .select(["id", "slug", "name"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  return c ?? null;
}

/** Distinct colour names of visible products, for the colour filter (kept per catalogue version). */
export function listColorNames(db: Kysely<DB>): Promise<string[]> {
  return colorNamesCache(db, "all", () => queryColorNames(db));
}

async function queryColorNames(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom("product_colors as pc")
    .innerJoin("products as p", "p.id", "pc.product_id")
    .where("p.hidden_at", "is", null)
    .select(sql<string>`min(pc.name)`.as("name"))
    .groupBy(sql`lower(pc.name)`)
    .orderBy(sql`lower(pc.name)`)
    .execute();
  return rows.map((r) => r.name);
}

export function vehicleName(v: { make: string; model: string }): string {
  return `${v.make} ${v.model}`;
}

/** Every vehicle, the featured ones first (kept per catalogue version: every page's picker lists them). */
export function listVehicles(db: Kysely<DB>): Promise<Vehicle[]> {
  return vehiclesCache(db, "all", async () => {
    const rows = await db
      .selectFrom("vehicles")
      .select(["id", "slug", "make", "model", "featured"])
      .orderBy("featured", "desc")
      .orderBy("make")
      .orderBy("model")
      .execute();
    return rows.map((v) => ({ ...v, name: vehicleName(v), featured: v.featured === 1 }));
  });
}

/** Accepts `toyota_hilux`, `Toyota-Hilux`, ... for the stored slug. */
export function vehicleSlugCandidates(slug: string): string[] {
  const trimmed = slug.trim().toLowerCase();
  const s = SPEC_VEHICLE_ALIASES[trimmed] ?? trimmed;
  return [...new Set([s, s.replace(/-/g, "_"), s.replace(/_/g, "-")])];
}

export async function getVehicle(db: Kysely<DB>, slug: string): Promise<Vehicle | null> {
  if (!slug || slug.length > 80) return null;
  const v = await db
    .selectFrom("vehicles")
    .select(["id", "slug", "make", "model", "featured"])
    .where("slug", "in", vehicleSlugCandidates(slug))
    .orderBy("id")
    .executeTakeFirst();
  return v ? { ...v, name: vehicleName(v), featured: v.featured === 1 } : null;
}

/** The vehicle among `vehicles` for a slug in any spelling (no statement). */
export function findVehicle(vehicles: Vehicle[], slug: string | null | undefined): Vehicle | null {
  if (!slug) return null;
  const wanted = vehicleSlugCandidates(slug);
  return vehicles.find((v) => wanted.includes(v.slug)) ?? null;
}

/** Every visible product's id and last change, for the sitemap. */

const colorNamesCache = versionedCache<string[]>(1);
const categoryTilesCache = versionedCache<Awaited<ReturnType<typeof readCategoryTiles>>>(1);
const brandsCache = versionedCache<Brand[]>(1);
const vehiclesCache = versionedCache<Vehicle[]>(1);
const menusCache = versionedCache<Packed<ShopMenus>>(1);

/** What every page's header and footer list: the vehicle picker's vehicles and the featured brands. */
export type ShopMenus = {
  vehicles: { slug: string; name: string }[];
  featuredBrands: { slug: string; name: string }[];
};

/** The shop's menus, packed as the root loader sends them (kept per catalogue version). */
export function shopMenus(db: Kysely<DB>): Promise<Packed<ShopMenus>> {
  return menusCache(db, "all", async () => {
    const [vehicles, brands] = await Promise.all([listVehicles(db), listBrands(db)]);
    return pack({
      vehicles: vehicles.map((v) => ({ slug: v.slug, name: v.name })),
      featuredBrands: brands.filter((b) => b.featured).map((b) => ({ slug: b.slug, name: b.name })),
    });
  });
}
