import type { MetaDescriptor } from "@remix-run/node";

export const SHOP_NAME = "Overland 4x4 Gear";

type RootLike = { id: string; data?: unknown };

/** The shop's public origin, as the root loader gave it to every page. */
export function publicOrigin(matches: RootLike[]): string {
  const root = matches.find((m) => m.id === "root")?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

/**
 * Title, description, canonical link and Open Graph tags of a page. `path` is the canonical
 * path (with only the query parameters that define the page).
 */
export function pageMeta(
  matches: RootLike[],
  p: {
    title: string;
    description: string;
    path: string;
    image?: string | null;
    type?: string;
    noindex?: boolean;
  },
): MetaDescriptor[] {
  const origin = publicOrigin(matches);
  const url = `${origin}${p.path}`;
  const title = p.title.includes(SHOP_NAME) ? p.title : `${p.title} | ${SHOP_NAME}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: p.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:type", content: p.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: p.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_IN" },
  ];
  if (p.image)
    tags.push({
      property: "og:image",
      content: p.image.startsWith("http") ? p.image : `${origin}${p.image}`,
    });
  if (p.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** A link to a WhatsApp chat with the shop, with the text already typed. */
export function whatsappUrl(phone: string, text?: string): string {
  return `https://wa.me/${phone}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}
