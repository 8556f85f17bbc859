/** Fixed storefront content: the spec's vehicle tiles, banners and cards, categories, and texts. */

export const FEATURED_VEHICLES = [
  { slug: "toyota_hilux", title: "TOYOTA HILUX", img: 1 },
  { slug: "suzuki_jimny", title: "SUZUKI JIMNY", img: 1 },
  { slug: "jeep_wrangler", title: "JEEP WRANGLER", img: null },
  { slug: "toyota_fortuner", title: "TOYOTA FORTUNER", img: null },
  { slug: "isuzu_dmax", title: "ISUZU D-MAX", img: null },
  { slug: "mitsubishi_pajero", title: "MITSUBISHI PAJERO", img: null },
  { slug: "ford_endeavor", title: "FORD ENDEAVOR", img: null },
] as const;

/** Home page 'Explore by vehicle' (spec order). */
export const HOME_VEHICLE_CARDS = [
  "toyota_hilux",
  "toyota_fortuner",
  "isuzu_dmax",
  "suzuki_jimny",
].map((slug) => FEATURED_VEHICLES.find((v) => v.slug === slug)!);

export function vehicleHref(v: { slug: string; img: number | null }): string {
  return `/vehicles/${v.slug}${v.img === null ? "" : `?img=${v.img}`}`;
}

export const BANNERS_PER_VEHICLE = 2;

/** The banner of a vehicle page, chosen by `?img` from a fixed list per vehicle (default 0). */
export function vehicleBanner(slug: string, img: string | null): string | null {
  if (!FEATURED_VEHICLES.some((v) => v.slug === slug)) return null;
  const n = Number(img ?? 0);
  const index = Number.isInteger(n) && n >= 0 && n < BANNERS_PER_VEHICLE ? n : 0;
  return `/art/vehicles/${slug}-${index}.svg`;
}

export function vehicleCardImage(slug: string): string | null {
  return FEATURED_VEHICLES.some((v) => v.slug === slug) ? `/art/vehicles/${slug}-card.svg` : null;
}

export const WHY_CHOOSE_US = [
  "Special Financing Offers",
  "Trusted Car Dealership",
  "Transparent Pricing",
  "Expert Car Service",
] as const;

export const WHY_TEXT =
  "Our stress-free finance department can find financial solutions to save you money.";

export const BUILDS = [
  {
    slug: "suzuki_jimny",
    title: "Jimny trail build",
    text: "Lift, mud-terrains and a winch-ready bumper.",
    href: "/vehicles/suzuki_jimny?img=0",
  },
  {
    slug: "toyota_hilux",
    title: "Hilux overland build",
    text: "Long-travel suspension, lights and recovery kit.",
    href: "/vehicles/toyota_hilux?img=0",
  },
] as const;

export const SHOP_EMAIL = "hello@overland4x4.in";
export const SHOP_ADDRESS = "14 Workshop Lane, Andheri East, Mumbai 400069, Maharashtra, India";
