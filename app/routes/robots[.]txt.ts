import { getEnv } from "~/utils/env.server";

export async function loader() {
  const origin = getEnv().PUBLIC_URL;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /billing",
    "Disallow: /userOrders",
    "Disallow: /order/",
    "Disallow: /search",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
