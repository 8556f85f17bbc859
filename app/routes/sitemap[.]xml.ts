import { db } from "~/db/db.server";
import { listBrands, listCategories } from "~/models/taxonomy.server";
import { listProductsForSitemap } from "~/models/catalog.server";
import { getEnv } from "~/utils/env.server";
import { FEATURED_VEHICLES } from "~/utils/storefront-content";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Every public page: the fixed ones, categories, vehicles, brands and each visible product. */
export async function loader() {
  const origin = getEnv().PUBLIC_URL;
  const [categories, brands, products] = [
    await listCategories(db),
    await listBrands(db),
    await listProductsForSitemap(db),
  ];
  const urls: { loc: string; lastmod?: string }[] = [
    ...["/", "/all-products", "/brands", "/vehicles", "/about", "/contactus"].map((p) => ({
      loc: p,
    })),
    ...categories.map((c) => ({ loc: `/category/${c.slug}` })),
    ...FEATURED_VEHICLES.map((v) => ({ loc: `/vehicles/${v.slug}` })),
    ...brands.filter((b) => b.featured).map((b) => ({ loc: `/${b.slug}` })),
    ...products.map((p) => ({ loc: `/product/${p.id}`, lastmod: p.updatedAt.slice(0, 10) })),
  ];
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    urls
      .map(
        (u) =>
          `  <url><loc>${esc(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
      )
      .join("\n") +
    `\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
