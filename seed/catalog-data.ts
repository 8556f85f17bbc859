/**
 * The demo catalogue: categories, brands, vehicles and about 290 products of an Indian 4x4 shop.
 * Pure data and pure functions (no server imports), so it can be read by tests and scripts alike.
 * `buildDemoCatalog(now)` turns the hand-written entries below into rows-to-be, including stock
 * and creation dates drawn from a fixed-seed PRNG, so every run produces the same catalogue.
 * Artwork is described here (`ArtSpec`) and drawn by `artwork.server.ts`.
 */

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export type CategorySlug =
  | "wheels"
  | "suspension"
  | "winches"
  | "protection_equipment"
  | "noco_chargers"
  | "lights"
  | "vibram_fivefingers"
  | "generic_accessories"
  | "body_parts";

export interface SeedCategory {
  slug: CategorySlug;
  name: string;
  position: number;
  /** False keeps it off the home page's tiles. */
  featured?: boolean;
}

export interface SeedBrand {
  slug: string;
  name: string;
  description: string;
  logo: string | null;
  featured: boolean;
}

export interface SeedVehicle {
  slug: string;
  make: string;
  model: string;
  featured: boolean;
}

export interface SeedSize {
  label: string;
  diameter: number;
  width: number;
  boltPattern: string;
  offsetMm: number;
  hubBoreMm: number;
  partNumber: string;
}

export interface SeedColor {
  name: string;
  /** Image keys, in display order. */
  images: string[];
}

export interface SeedProduct {
  slug: string;
  title: string;
  brand: string;
  category: CategorySlug;
  pricePaise: number;
  description: string;
  /** Image key of the main image. */
  image: string;
  stock: number;
  universalFit: boolean;
  /** Vehicle slugs this product fits (empty when universal). */
  vehicles: string[];
  colors: SeedColor[];
  sizes: SeedSize[];
  createdAt: string;
}

export type WheelView = "face" | "angle" | "detail";

/** How a wheel design is drawn: spoke windows between `innerRadius` and `outerRadius` of the face. */
export interface WheelDesign {
  id: string;
  spokes: number;
  /** Half-angle (degrees) of each window at the hub end and at the rim end. */
  innerSpan: number;
  outerSpan: number;
  innerRadius: number;
  outerRadius: number;
  /** Round holes instead of windows (steel-wheel look). */
  holes?: boolean;
  /** A thin slot down the middle of every spoke. */
  slit?: boolean;
  /** A recessed pocket in every spoke. */
  pocket?: boolean;
  /** A second, outer ring of small windows (mesh look). */
  mesh?: boolean;
  /** A bolted outer ring (real or simulated beadlock). */
  beadlock?: boolean;
  /** Decorative rivets around the lip. */
  rivets?: boolean;
  lugs: 5 | 6;
}

export interface WheelFinish {
  id: string;
  name: string;
  face: string;
  shade: string;
  lip: string;
  gloss: boolean;
}

export interface Palette {
  main: string;
  accent: string;
  extra: string;
}

export type ArtSpec =
  | { key: string; kind: "wheel"; design: WheelDesign; finish: WheelFinish; view: WheelView }
  | { key: string; kind: "object"; category: CategorySlug; shape: string; palette: Palette };

export interface DemoCatalog {
  categories: SeedCategory[];
  brands: SeedBrand[];
  vehicles: SeedVehicle[];
  products: SeedProduct[];
  artwork: ArtSpec[];
}

// ---------------------------------------------------------------------------------------------
// Categories, brands, vehicles
// ---------------------------------------------------------------------------------------------

export const CATEGORIES: SeedCategory[] = [
  { slug: "wheels", name: "Wheels", position: 1 },
  { slug: "suspension", name: "Suspension", position: 2 },
  { slug: "winches", name: "Winches", position: 3 },
  { slug: "protection_equipment", name: "Protection Equipment", position: 4 },
  { slug: "noco_chargers", name: "NOCO Chargers", position: 5 },
  { slug: "lights", name: "Lights", position: 6 },
  { slug: "vibram_fivefingers", name: "Vibram FiveFingers", position: 7 },
  { slug: "generic_accessories", name: "Generic Accessories", position: 8 },
  // Not on the home page's tiles (the spec shows eight); reached from the menu and search.
  { slug: "body_parts", name: "Body Parts", position: 9, featured: false },
];

const featuredBrand = (slug: string, name: string, description: string): SeedBrand => ({
  slug,
  name,
  description,
  logo: `/logos/${slug}.svg`,
  featured: true,
});
const brand = (slug: string, name: string, description: string): SeedBrand => ({
  slug,
  name,
  description,
  logo: null,
  featured: false,
});

export const BRANDS: SeedBrand[] = [
  featuredBrand(
    "method",
    "Method Race Wheels",
    "Method Race Wheels was founded in Southern California by desert racers who wanted wheels strong enough for trophy trucks and good-looking enough for the street. Every design is proven in competition before it reaches a customer's 4x4. Their flow-formed and Bead Grip wheels are a favourite for Hilux, Fortuner and Wrangler builds.",
  ),
  featuredBrand(
    "warn",
    "Warn",
    "WARN Industries has built vehicle recovery winches in Oregon since 1948 and invented the locking hub that made everyday four-wheel drive practical. Its VR EVO and ZEON winches are trusted by off-road clubs, rescue teams and expedition drivers around the world. Every winch is backed by a long warranty and a wide spares network.",
  ),
  featuredBrand(
    "arb",
    "ARB",
    "ARB is the Australian 4x4 accessory maker behind the Summit and Deluxe bull bars, Air Locker differentials and portable air compressors. Since 1975 it has designed equipment for the harsh outback and now supplies touring vehicles in more than 100 countries. ARB also owns the Old Man Emu suspension brand.",
  ),
  featuredBrand(
    "noco",
    "Noco Genius",
    "NOCO builds smart battery chargers, maintainers and lithium jump starters in Ohio, USA. Its Genius chargers diagnose and recover deeply discharged batteries, and the Boost jump starters can start a flat diesel 4x4 in seconds. Compact, spark-proof and weather-resistant, they belong in every overlanding kit.",
  ),
  featuredBrand(
    "safari",
    "Safari Snorkel",
    "Safari Snorkel has engineered raised air intakes in Australia for more than 30 years. Its V-Spec and ARMAX snorkels move the engine's air intake up to roof level, away from dust and water, for safer river crossings and cleaner air on dusty tracks. Every snorkel is designed for one specific vehicle and tested for airflow.",
  ),
  featuredBrand(
    "oldman",
    // Written as the spec's brand list writes it (its prose says "Old Man Emu").
    "Old Man EMU",
    "Old Man Emu is ARB's suspension brand, developed and tested in the Australian bush since 1975. Its Nitrocharger and BP-51 shock absorbers, coil springs and leaf packs are matched to each vehicle and load so a loaded touring 4x4 rides level and controlled. OME kits give a modest lift with better comfort on and off the road.",
  ),
  brand(
    "fuel",
    "Fuel Off-Road",
    "Fuel Off-Road makes bold cast and forged wheels for trucks and SUVs in California, known for designs such as the Rebel and Covert.",
  ),
  brand(
    "black-rhino",
    "Black Rhino",
    "Black Rhino designs rugged off-road wheels with exposed rivets and deep concave faces for pickups and SUVs.",
  ),
  brand(
    "kmc",
    "KMC",
    "KMC has built aggressive off-road and street wheels since 1982, from the classic Grenade to the XD-inspired Mesa.",
  ),
  brand(
    "bilstein",
    "Bilstein",
    "Bilstein is the German monotube shock absorber specialist whose yellow 5100 and 5160 series are an off-road benchmark.",
  ),
  brand(
    "fox",
    "Fox",
    "Fox builds race-proven shocks, coilovers and steering stabilisers used in desert racing and on thousands of trail rigs.",
  ),
  brand(
    "ironman",
    "Ironman 4x4",
    "Ironman 4x4 is an Australian maker of suspension, bull bars, winches and recovery gear for touring vehicles.",
  ),
  brand(
    "tjm",
    "TJM",
    "TJM has outfitted Australian four-wheel drives since 1973 with bars, suspension and recovery equipment.",
  ),
  brand(
    "rough-country",
    "Rough Country",
    "Rough Country offers lift kits, lighting and armour for Jeeps and pickups at accessible prices.",
  ),
  brand(
    "smittybilt",
    "Smittybilt",
    "Smittybilt builds Jeep bumpers, rock sliders and the popular XRC and X2O winches in California.",
  ),
  brand(
    "superwinch",
    "Superwinch",
    "Superwinch has made electric winches since 1970, from compact ATV units to the Talon and Tiger Shark series.",
  ),
  brand(
    "rigid",
    "Rigid Industries",
    "Rigid Industries makes premium LED light bars and pods in Arizona, famous for their optics and toughness.",
  ),
  brand(
    "baja-designs",
    "Baja Designs",
    "Baja Designs builds desert-racing LED lights in California, including the Squadron, XL and LP6 families.",
  ),
  brand(
    "hella",
    "Hella",
    "Hella is the German lighting specialist behind the Rallye and Jumbo driving lamps found on expedition vehicles for decades.",
  ),
  brand(
    "kc-hilites",
    "KC HiLiTES",
    "KC HiLiTES has lit the way for off-roaders since 1970, with round driving lights and modern LED pods.",
  ),
  brand(
    "vibram",
    "Vibram",
    "Vibram is the Italian sole maker whose FiveFingers shoes give a barefoot feel with grip and protection for trails, water and gym.",
  ),
  brand(
    "maxtrax",
    "Maxtrax",
    "Maxtrax makes the orange recovery boards carried by overlanders around the world, designed in Australia.",
  ),
  brand(
    "rhino-rack",
    "Rhino-Rack",
    "Rhino-Rack designs roof racks, bars and awnings for touring vehicles in Australia.",
  ),
  brand(
    "front-runner",
    "Front Runner",
    "Front Runner is the South African maker of the Slimline II roof rack and modular overland storage.",
  ),
  brand(
    "dometic",
    "Dometic",
    "Dometic makes portable fridges, power and camping equipment for life on the road.",
  ),
  brand(
    "oem-replacement",
    "OEM Replacement",
    "Direct-fit replacement body panels and lamps made to original equipment dimensions for popular Indian cars and SUVs.",
  ),
  brand(
    "uno-minda",
    "Uno Minda",
    "Uno Minda is an Indian maker of automotive lamps, mirrors and electrical parts that supplies carmakers and the aftermarket.",
  ),
  brand(
    "lumax",
    "Lumax",
    "Lumax is an Indian automotive lighting specialist that makes headlamps, tail lamps and fog lamps for leading carmakers.",
  ),
];

export const FEATURED_VEHICLES = [
  "toyota_hilux",
  "suzuki_jimny",
  "jeep_wrangler",
  "toyota_fortuner",
  "isuzu_dmax",
  "mitsubishi_pajero",
  "ford_endeavor",
] as const;

export const VEHICLES: SeedVehicle[] = [
  { slug: "toyota_hilux", make: "Toyota", model: "Hilux", featured: true },
  { slug: "suzuki_jimny", make: "Suzuki", model: "Jimny", featured: true },
  { slug: "jeep_wrangler", make: "Jeep", model: "Wrangler", featured: true },
  { slug: "toyota_fortuner", make: "Toyota", model: "Fortuner", featured: true },
  { slug: "isuzu_dmax", make: "Isuzu", model: "D-Max", featured: true },
  { slug: "mitsubishi_pajero", make: "Mitsubishi", model: "Pajero Sport", featured: true },
  { slug: "ford_endeavor", make: "Ford", model: "Endeavour", featured: true },
  { slug: "mahindra_thar", make: "Mahindra", model: "Thar", featured: false },
  { slug: "tata_safari", make: "Tata", model: "Safari", featured: false },
  { slug: "hyundai_creta", make: "Hyundai", model: "Creta", featured: false },
  { slug: "kia_seltos", make: "Kia", model: "Seltos", featured: false },
  { slug: "jeep_compass", make: "Jeep", model: "Compass", featured: false },
  { slug: "renault_duster", make: "Renault", model: "Duster", featured: false },
  { slug: "honda_wrv", make: "Honda", model: "WR-V", featured: false },
  { slug: "volkswagen_taigun", make: "Volkswagen", model: "Taigun", featured: false },
  { slug: "skoda_kushaq", make: "Skoda", model: "Kushaq", featured: false },
  { slug: "mg_hector", make: "MG", model: "Hector", featured: false },
  { slug: "nissan_magnite", make: "Nissan", model: "Magnite", featured: false },
  { slug: "tata_nexon", make: "Tata", model: "Nexon", featured: false },
  { slug: "mahindra_scorpio_n", make: "Mahindra", model: "Scorpio-N", featured: false },
  { slug: "hyundai_venue", make: "Hyundai", model: "Venue", featured: false },
  { slug: "kia_sonet", make: "Kia", model: "Sonet", featured: false },
];

// Fitment groups of the featured vehicles.
const HILUX = "toyota_hilux";
const JIMNY = "suzuki_jimny";
const WRANGLER = "jeep_wrangler";
const FORTUNER = "toyota_fortuner";
const DMAX = "isuzu_dmax";
const PAJERO = "mitsubishi_pajero";
const ENDEAVOUR = "ford_endeavor";
const BIG5 = [HILUX, FORTUNER, DMAX, PAJERO, ENDEAVOUR];
const UTES = [HILUX, DMAX];
const TOYOTAS = [HILUX, FORTUNER];
const UNIVERSAL = "universal" as const;
type Fits = string[] | typeof UNIVERSAL;

// ---------------------------------------------------------------------------------------------
// Wheels
// ---------------------------------------------------------------------------------------------

const FINISHES: Record<string, WheelFinish> = {
  mb: {
    id: "matte-black",
    name: "Matte Black",
    face: "#2d2e31",
    shade: "#141517",
    lip: "#2d2e31",
    gloss: false,
  },
  gb: {
    id: "gloss-black",
    name: "Gloss Black",
    face: "#1a1b1e",
    shade: "#0b0b0c",
    lip: "#1a1b1e",
    gloss: true,
  },
  br: {
    id: "bronze",
    name: "Bronze",
    face: "#8d6b3c",
    shade: "#4f3a1f",
    lip: "#8d6b3c",
    gloss: false,
  },
  ma: {
    id: "machined",
    name: "Machined",
    face: "#c7ccd1",
    shade: "#1b1c1e",
    lip: "#dde1e5",
    gloss: true,
  },
  ti: {
    id: "titanium",
    name: "Titanium",
    face: "#7f8388",
    shade: "#43464a",
    lip: "#7f8388",
    gloss: true,
  },
  si: {
    id: "silver",
    name: "Silver",
    face: "#c3c8cd",
    shade: "#7f868d",
    lip: "#d4d8dc",
    gloss: true,
  },
  bm: {
    id: "black-machined",
    name: "Matte Black Machined",
    face: "#2d2e31",
    shade: "#121314",
    lip: "#cfd3d7",
    gloss: false,
  },
  gm: {
    id: "gunmetal",
    name: "Gunmetal",
    face: "#4b4f55",
    shade: "#25272a",
    lip: "#4b4f55",
    gloss: true,
  },
};
type FinishCode = keyof typeof FINISHES;

const WHEEL_DESIGNS: Record<string, WheelDesign> = {
  nv: {
    id: "nv",
    spokes: 6,
    innerSpan: 18,
    outerSpan: 21,
    innerRadius: 44,
    outerRadius: 100,
    pocket: true,
    lugs: 6,
  },
  standard: {
    id: "standard",
    spokes: 8,
    innerSpan: 0,
    outerSpan: 0,
    innerRadius: 0,
    outerRadius: 0,
    holes: true,
    lugs: 6,
  },
  split6: {
    id: "split6",
    spokes: 6,
    innerSpan: 16,
    outerSpan: 20,
    innerRadius: 42,
    outerRadius: 102,
    slit: true,
    lugs: 6,
  },
  tapered6: {
    id: "tapered6",
    spokes: 6,
    innerSpan: 12,
    outerSpan: 24,
    innerRadius: 40,
    outerRadius: 102,
    lugs: 6,
  },
  five: {
    id: "five",
    spokes: 5,
    innerSpan: 22,
    outerSpan: 27,
    innerRadius: 42,
    outerRadius: 100,
    lugs: 6,
  },
  beadgrip6: {
    id: "beadgrip6",
    spokes: 6,
    innerSpan: 19,
    outerSpan: 22,
    innerRadius: 42,
    outerRadius: 92,
    beadlock: true,
    lugs: 6,
  },
  beadlock10: {
    id: "beadlock10",
    spokes: 10,
    innerSpan: 0,
    outerSpan: 0,
    innerRadius: 0,
    outerRadius: 0,
    holes: true,
    beadlock: true,
    lugs: 6,
  },
  mesh: {
    id: "mesh",
    spokes: 10,
    innerSpan: 8,
    outerSpan: 10,
    innerRadius: 40,
    outerRadius: 74,
    mesh: true,
    lugs: 6,
  },
  rebel8: {
    id: "rebel8",
    spokes: 8,
    innerSpan: 10,
    outerSpan: 14,
    innerRadius: 40,
    outerRadius: 98,
    slit: true,
    rivets: true,
    lugs: 6,
  },
  armory: {
    id: "armory",
    spokes: 6,
    innerSpan: 19,
    outerSpan: 23,
    innerRadius: 44,
    outerRadius: 98,
    pocket: true,
    rivets: true,
    lugs: 6,
  },
};
type DesignCode = keyof typeof WHEEL_DESIGNS;

interface WheelDef {
  title: string;
  brand: string;
  /** Model code used in part numbers, e.g. "MR305". */
  code: string;
  rupees: number;
  design: DesignCode;
  finishes: FinishCode[];
  /** [label "17x8.5", bolt pattern, offset mm] */
  sizes: [string, string, number][];
  description: string;
}

const WHEELS: WheelDef[] = [
  {
    title: "Method MR305 NV Wheel",
    brand: "method",
    code: "MR305",
    rupees: 27500,
    design: "nv",
    finishes: ["mb", "br", "ma"],
    sizes: [
      ["17x8.5", "6x139.7", 0],
      ["18x9", "6x139.7", 18],
      ["17x8.5", "5x127", 0],
      ["20x9", "6x139.7", 18],
    ],
    description:
      "The MR305 NV is Method's best-selling six-spoke wheel, born in desert racing and built for daily-driven 4x4s. Its deep pockets shed weight while keeping the spokes stiff under heavy loads. A raised lip protects the rim edge on rocks and kerbs. Load-rated for fully kitted pickups and SUVs and supplied with a centre cap.",
  },
  {
    title: "Method MR301 The Standard Wheel",
    brand: "method",
    code: "MR301",
    rupees: 19500,
    design: "standard",
    finishes: ["mb", "br", "ma"],
    sizes: [
      ["16x8", "6x139.7", 0],
      ["17x8.5", "6x139.7", 0],
      ["16x7", "5x139.7", -12],
      ["17x8.5", "5x127", 0],
    ],
    description:
      "The Standard takes the look of a classic steel wheel and builds it in strong, light cast aluminium. Eight round windows give plenty of brake clearance and an honest, timeless style. It is one of the few Method wheels offered in a Jimny fitment. A durable powder coat shrugs off mud, salt and pressure washing.",
  },
  {
    title: "Method MR312 Wheel",
    brand: "method",
    code: "MR312",
    rupees: 29500,
    design: "split6",
    finishes: ["mb", "br", "ti"],
    sizes: [
      ["17x8.5", "6x139.7", 0],
      ["17x9", "6x139.7", -12],
      ["18x9", "6x139.7", 18],
      ["20x9", "5x127", 18],
    ],
    description:
      "The MR312 pairs six split spokes with a deep concave face for a muscular stance. Flow-form construction makes the barrel lighter and stronger than a standard casting. Machined lug seats keep the wheel running true at highway speeds. It suits lifted pickups running 33 to 35 inch tyres.",
  },
  {
    title: "Method MR316 Wheel",
    brand: "method",
    code: "MR316",
    rupees: 31000,
    design: "tapered6",
    finishes: ["mb", "br"],
    sizes: [
      ["17x8.5", "6x139.7", 0],
      ["18x9", "6x139.7", 18],
      ["20x9", "6x139.7", 18],
      ["17x8.5", "5x127", 0],
      ["16x8", "5x139.7", 0],
    ],
    description:
      "The MR316 uses six tapered spokes that reach all the way to the lip for a large-looking wheel. A flow-formed barrel keeps unsprung weight down for better ride and steering feel. The offsets are chosen to clear big brakes and upper control arms without spacers. Sizes cover everything from the Jimny to full-size pickups.",
  },
  {
    title: "Method MR318 Wheel",
    brand: "method",
    code: "MR318",
    rupees: 30500,
    design: "five",
    finishes: ["mb", "gm"],
    sizes: [
      ["17x8.5", "6x139.7", 0],
      ["18x9", "6x139.7", 18],
      ["17x9", "5x127", -12],
    ],
    description:
      "The MR318 is a clean five-spoke design with wide, flat spokes that are easy to clean after a muddy weekend. Its lightweight flow-formed construction is tested to the same load ratings as Method's race wheels. A protective lip guards against trail damage. It looks at home on a Wrangler, Hilux or Fortuner.",
  },
  {
    title: "Method MR701 Bead Grip Wheel",
    brand: "method",
    code: "MR701",
    rupees: 26500,
    design: "beadgrip6",
    finishes: ["mb", "br"],
    sizes: [
      ["16x8", "5x139.7", 0],
      ["17x8.5", "6x139.7", 0],
      ["17x9", "5x127", -12],
    ],
    description:
      "The MR701 features Method's Bead Grip technology, a textured bead seat that holds the tyre at low pressures without a true beadlock. Air down on sand or rocks with far less risk of rolling a tyre off the rim. The six-spoke face has a simulated beadlock ring for a race look. It is fully road legal and needs no special maintenance.",
  },
  {
    title: "Method MR703 Bead Grip Wheel",
    brand: "method",
    code: "MR703",
    rupees: 28500,
    design: "beadgrip6",
    finishes: ["mb", "br"],
    sizes: [
      ["17x8.5", "6x139.7", 0],
      ["17x9", "6x139.7", -12],
      ["18x9", "5x127", 18],
    ],
    description:
      "The MR703 combines split six-spoke styling with Method's Bead Grip bead seat for secure low-pressure running. Its outer ring mimics a race beadlock while remaining legal for road use. Heavy-duty load ratings suit pickups carrying a canopy, rack and fridge. Each wheel is X-ray inspected at the factory.",
  },
  {
    title: "Method MR106 Beadlock Wheel",
    brand: "method",
    code: "MR106",
    rupees: 44500,
    design: "beadlock10",
    finishes: ["mb", "ma"],
    sizes: [
      ["17x9", "6x139.7", -12],
      ["17x9", "5x127", -12],
    ],
    description:
      "The MR106 is a true bolt-on beadlock wheel for dedicated trail and competition rigs. A bolted outer ring clamps the tyre bead so you can run very low pressures on rocks and sand. Ten round windows keep the classic race look and leave room for big brakes. Intended for off-road use, with regular checks of the ring bolt torque.",
  },
  {
    title: "Method MR502 VT-Spec 2 Wheel",
    brand: "method",
    code: "MR502",
    rupees: 22500,
    design: "mesh",
    finishes: ["mb", "ti"],
    sizes: [
      ["15x7", "5x139.7", 15],
      ["16x7", "6x139.7", 30],
      ["16x7", "5x139.7", 15],
    ],
    description:
      "The VT-Spec 2 is Method's rally wheel, engineered for gravel stages and dirt roads. Its multi-spoke face is stiff yet light, and the low-offset fitments suit smaller 4x4s such as the Jimny. Extra material at the lip resists bending on hard landings. It is a great choice for an all-terrain daily driver.",
  },
  {
    title: "Method MR304 Double Standard Wheel",
    brand: "method",
    code: "MR304",
    rupees: 21500,
    design: "standard",
    finishes: ["mb", "ma"],
    sizes: [
      ["17x8.5", "6x139.7", 0],
      ["18x9", "6x139.7", 18],
      ["17x8.5", "5x127", 0],
    ],
    description:
      "The Double Standard builds on The Standard with a second ring of detail for a stepped, modern look. Eight large windows cool the brakes and make cleaning easy. It is cast from low-pressure aluminium and load-rated for heavy pickups. Sold with a matching centre cap.",
  },
  {
    title: "Method MR310 Con6 Wheel",
    brand: "method",
    code: "MR310",
    rupees: 24500,
    design: "tapered6",
    finishes: ["mb", "br"],
    sizes: [
      ["17x8.5", "6x139.7", 0],
      ["18x9", "6x139.7", 18],
    ],
    description:
      "The Con6 has six concave spokes that sweep from the hub to the lip for a deep, aggressive face. It is sized for six-lug pickups and SUVs such as the Hilux, Fortuner and D-Max. The cast construction keeps the price sensible while meeting Method's load ratings. A clear coat keeps the finish looking new.",
  },
  {
    title: "Method MR309 Grid Wheel",
    brand: "method",
    code: "MR309",
    rupees: 23500,
    design: "mesh",
    finishes: ["mb", "ti"],
    sizes: [
      ["17x8.5", "6x139.7", 0],
      ["17x8.5", "5x127", 0],
      ["18x9", "6x139.7", 18],
      ["20x9", "6x139.7", 18],
    ],
    description:
      "The MR309 Grid uses a lattice of slim spokes for a technical, motorsport-inspired face. Despite its detail it remains strong enough for loaded touring vehicles. The wheel is sized for popular six-lug pickups and the Wrangler. Its finish resists chips from gravel and stone.",
  },
  {
    title: "Method MR605 NV Wheel",
    brand: "method",
    code: "MR605",
    rupees: 38500,
    design: "nv",
    finishes: ["mb", "ma"],
    sizes: [
      ["20x10", "6x139.7", -12],
      ["20x9", "6x139.7", 12],
      ["20x10", "5x127", -12],
    ],
    description:
      "The MR605 NV brings the famous NV six-spoke design to large 20 inch fitments. Deep spoke pockets save weight and add visual depth. It is built for lifted pickups and SUVs that want a show-truck stance without losing strength. Hub-centric sizing keeps the ride smooth.",
  },
  {
    title: "Method MR702 Bead Grip Wheel",
    brand: "method",
    code: "MR702",
    rupees: 25500,
    design: "beadgrip6",
    finishes: ["mb", "br"],
    sizes: [
      ["17x8.5", "6x139.7", 0],
      ["16x8", "5x139.7", 0],
      ["17x8.5", "5x127", 0],
    ],
    description:
      "The MR702 offers Method's Bead Grip bead seat in a simple six-spoke design. It holds aired-down tyres securely on sand and rock while staying fully road legal. The simulated beadlock ring adds a purposeful race look. It is available for the Jimny, Wrangler and six-lug pickups.",
  },
  {
    title: "Fuel Rebel D679 Wheel",
    brand: "fuel",
    code: "D679",
    rupees: 33500,
    design: "rebel8",
    finishes: ["bm", "mb"],
    sizes: [
      ["17x9", "6x139.7", 1],
      ["18x9", "6x139.7", 1],
      ["20x9", "6x139.7", 1],
      ["20x9", "5x127", 1],
    ],
    description:
      "The Fuel Rebel has eight split spokes and a ring of exposed rivets for a rugged, industrial look. Milled accents highlight each spoke against the black face. It is a one-piece cast wheel rated for heavy pickups. A popular choice for Hilux and D-Max owners who want a bold look.",
  },
  {
    title: "Fuel Maverick D538 Wheel",
    brand: "fuel",
    code: "D538",
    rupees: 34500,
    design: "rebel8",
    finishes: ["bm", "mb"],
    sizes: [
      ["17x9", "6x139.7", 1],
      ["18x9", "6x139.7", 20],
      ["20x9", "6x139.7", 1],
    ],
    description:
      "The Maverick is one of Fuel's most recognised designs, with split spokes and a deep lip. Its rivet ring adds detail without the weight of a real beadlock. Sizes suit six-lug pickups and SUVs on stock or lifted suspension. The powder coat is durable and easy to clean.",
  },
  {
    title: "Fuel Covert D694 Wheel",
    brand: "fuel",
    code: "D694",
    rupees: 28000,
    design: "tapered6",
    finishes: ["mb", "br"],
    sizes: [
      ["17x8.5", "6x139.7", -6],
      ["17x8.5", "5x127", -6],
      ["16x8", "5x139.7", -12],
    ],
    description:
      "The Covert is a six-spoke wheel with tapered spokes and a rivet-lined lip for a classic off-road look. Its slightly negative offsets push the tyres out for a wider, more stable stance. Sizes cover the Jimny, Wrangler and six-lug pickups. Cast and load-rated for everyday use and weekend trails.",
  },
  {
    title: "Fuel Vector D579 Wheel",
    brand: "fuel",
    code: "D579",
    rupees: 30000,
    design: "tapered6",
    finishes: ["mb", "br"],
    sizes: [
      ["17x9", "6x139.7", 1],
      ["20x9", "6x139.7", 20],
    ],
    description:
      "The Vector has six angular spokes that give a sharp, modern profile. It is a strong one-piece cast wheel made for trucks and large SUVs. The rivet ring adds detail around the lip. It fits six-lug pickups such as the Hilux, D-Max and Fortuner.",
  },
  {
    title: "Black Rhino Armory Wheel",
    brand: "black-rhino",
    code: "ARM",
    rupees: 27000,
    design: "armory",
    finishes: ["mb", "gm"],
    sizes: [
      ["17x8.5", "6x139.7", 0],
      ["17x9", "5x127", -12],
      ["16x8", "5x139.7", -10],
      ["18x9", "6x139.7", 12],
    ],
    description:
      "The Armory has six chunky spokes with machined pockets and a ring of bolt heads around the lip. It is designed to look like military hardware and to take a beating on trails. Load ratings suit heavily equipped overland vehicles. Sizes cover the Jimny, Wrangler and six-lug pickups.",
  },
  {
    title: "Black Rhino Arsenal Wheel",
    brand: "black-rhino",
    code: "ARS",
    rupees: 32000,
    design: "five",
    finishes: ["mb", "gm"],
    sizes: [
      ["17x9.5", "6x139.7", -12],
      ["17x9.5", "5x127", -12],
      ["20x9.5", "6x139.7", 12],
    ],
    description:
      "The Arsenal is a wide five-spoke wheel with a deep concave face. Its 9-and-a-half inch width suits big all-terrain and mud-terrain tyres. It is cast from high-strength aluminium and rated for heavy vehicles. The finish is designed to hide trail scuffs.",
  },
  {
    title: "Black Rhino Sentinel Wheel",
    brand: "black-rhino",
    code: "SNT",
    rupees: 19000,
    design: "split6",
    finishes: ["mb", "ti"],
    sizes: [
      ["16x8", "6x139.7", 0],
      ["17x8.5", "6x139.7", 0],
      ["17x8.5", "5x127", 0],
    ],
    description:
      "The Sentinel is a value-focused split six-spoke wheel with a clean, purposeful look. Its 16 inch size lets you run tall sidewall tyres for comfort and puncture resistance. It suits pickups and SUVs used for both work and weekend trips. Supplied with a centre cap.",
  },
  {
    title: "KMC KM544 Mesa Wheel",
    brand: "kmc",
    code: "KM544",
    rupees: 21000,
    design: "five",
    finishes: ["mb", "gm"],
    sizes: [
      ["17x8.5", "6x139.7", 18],
      ["18x9", "6x139.7", 18],
      ["20x9", "5x127", 18],
    ],
    description:
      "The Mesa is a modern five-spoke wheel with a flat, clean face and a milled lip. It is designed for trucks and SUVs that see more tarmac than trail. Positive offsets keep the tyres close to stock position for no rubbing. An easy upgrade from factory alloys.",
  },
  {
    title: "KMC KM235 Grenade Wheel",
    brand: "kmc",
    code: "KM235",
    rupees: 18500,
    design: "standard",
    finishes: ["mb", "br"],
    sizes: [
      ["15x8", "5x139.7", -12],
      ["16x8", "6x139.7", 0],
      ["17x8.5", "5x127", 0],
    ],
    description:
      "The Grenade is KMC's take on the round-window steel wheel, cast in aluminium for lower weight. Its simple design is tough and easy to clean. The 15 inch Jimny fitment suits tall, narrow mud tyres. A classic look that never dates.",
  },
  {
    title: "KMC KM541 Dirty Harry Wheel",
    brand: "kmc",
    code: "KM541",
    rupees: 24000,
    design: "beadlock10",
    finishes: ["mb", "ma"],
    sizes: [
      ["17x8.5", "6x139.7", 0],
      ["17x8.5", "5x127", 0],
      ["18x9", "6x139.7", 18],
      ["20x9", "6x139.7", 18],
      ["16x8", "5x139.7", 0],
    ],
    description:
      "The Dirty Harry has round windows and a simulated beadlock ring with bolt heads for an old-school race look. It is a cast one-piece wheel, so there is no ring to maintain. Sizes cover the Jimny, Wrangler and six-lug pickups. The textured finish hides dust and scratches.",
  },
];

const HUB_BORE: Record<string, number> = { "6x139.7": 106.1, "5x127": 71.5, "5x139.7": 110.1 };
const BOLT_FITS: Record<string, string[]> = {
  "6x139.7": [HILUX, FORTUNER, DMAX, PAJERO, ENDEAVOUR],
  "5x127": [WRANGLER],
  "5x139.7": [JIMNY],
};
const BOLT_CODE: Record<string, string> = { "6x139.7": "605", "5x127": "550", "5x139.7": "555" };

function wheelPartNumber(
  def: WheelDef,
  label: string,
  bolt: string,
  offset: number,
  finish: FinishCode,
): string {
  const [dia, width] = label.split("x");
  const w = width.replace(".", "").padEnd(2, "0");
  const off = offset < 0 ? `${String(-offset).padStart(2, "0")}N` : String(offset).padStart(2, "0");
  if (def.brand === "method") return `${def.code}${dia.slice(-1)}${w}${BOLT_CODE[bolt]}${off}`;
  if (def.brand === "fuel") return `${def.code}${dia}${w}${BOLT_CODE[bolt]}${off}`;
  if (def.brand === "kmc") return `${def.code}${dia.slice(-1)}${w}${BOLT_CODE[bolt]}${off}`;
  return `${dia}${w}${def.code}-${bolt.replace("x", "").replace(".", "")}${FINISHES[finish].name.split(" ")[0][0]}${off}`;
}

// ---------------------------------------------------------------------------------------------
// Artwork of the other categories: name -> shape + palette (one image per name)
// ---------------------------------------------------------------------------------------------

const pal = (main: string, accent: string, extra: string): Palette => ({ main, accent, extra });

type ArtTable = Record<string, { shape: string; palette: Palette }>;

const ART: Partial<Record<CategorySlug, ArtTable>> = {
  winches: {
    "warn-synthetic": { shape: "winch-synthetic", palette: pal("#1e1f22", "#5d636b", "#111111") },
    "warn-steel": { shape: "winch-steel", palette: pal("#1e1f22", "#a8adb3", "#111111") },
    "warn-zeon": { shape: "winch-control", palette: pal("#26282c", "#2f3237", "#8a9099") },
    "warn-rope": { shape: "rope-spool", palette: pal("#3d4148", "#6b7079", "#d4a017") },
    "warn-remote": { shape: "remote", palette: pal("#1e1f22", "#c62828", "#7b8088") },
    superwinch: { shape: "winch-synthetic", palette: pal("#2c2f33", "#d35400", "#c0392b") },
    generic: { shape: "winch-steel", palette: pal("#16171a", "#9ba1a8", "#c0392b") },
  },
  suspension: {
    "ome-bp51": { shape: "coilover-reservoir", palette: pal("#23364f", "#e3b53c", "#cfd5db") },
    "ome-kit": { shape: "kit", palette: pal("#2a2a2e", "#e3b53c", "#cfd5db") },
    "ome-shock": { shape: "shock", palette: pal("#2a2a2e", "#e3b53c", "#cfd5db") },
    "ome-leaf": { shape: "leaf", palette: pal("#2b2d30", "#e3b53c", "#6f757c") },
    "ome-coil": { shape: "coil", palette: pal("#e3b53c", "#2b2d30", "#6f757c") },
    bilstein: { shape: "shock-reservoir", palette: pal("#f2c500", "#1d1d1f", "#d0d5da") },
    fox: { shape: "coilover", palette: pal("#2f6db5", "#f26a1b", "#d0d5da") },
    "kit-red": { shape: "kit", palette: pal("#2e3338", "#d62f2f", "#cfd5db") },
  },
  protection_equipment: {
    "arb-bar": { shape: "bullbar", palette: pal("#222326", "#3a3c40", "#c9ced3") },
    "arb-bar-alloy": { shape: "bullbar", palette: pal("#b9bfc5", "#8a9097", "#2b2c2f") },
    "arb-rear": { shape: "rearbar", palette: pal("#222326", "#3a3c40", "#c9ced3") },
    "arb-uvp": { shape: "skidplate", palette: pal("#2a2b2e", "#4a4c51", "#7b8187") },
    slider: { shape: "slider", palette: pal("#222326", "#3a3c40", "#9aa0a6") },
    snorkel: { shape: "snorkel", palette: pal("#1d1e20", "#34363a", "#5a5e64") },
    "jeep-bumper": { shape: "modular-bumper", palette: pal("#1f2023", "#3a3c40", "#c0392b") },
  },
  noco_chargers: {
    genius: { shape: "charger", palette: pal("#26282c", "#f5a623", "#6fcf5a") },
    "genius-pro": { shape: "charger-pro", palette: pal("#2e3136", "#f5a623", "#6fcf5a") },
    multibank: { shape: "multibank", palette: pal("#26282c", "#f5a623", "#6fcf5a") },
    onboard: { shape: "onboard", palette: pal("#3a3d42", "#f5a623", "#6fcf5a") },
    boost: { shape: "jumpstarter", palette: pal("#f5a623", "#1f2023", "#ffffff") },
    lithium: { shape: "battery", palette: pal("#1f2023", "#f5a623", "#c62828") },
  },
  lights: {
    "bar-long": { shape: "lightbar-long", palette: pal("#17181b", "#fff7d6", "#9aa0a6") },
    "bar-short": { shape: "lightbar-short", palette: pal("#17181b", "#fff7d6", "#9aa0a6") },
    "bar-curved": { shape: "lightbar-curved", palette: pal("#17181b", "#fff7d6", "#9aa0a6") },
    "round-large": { shape: "round", palette: pal("#17181b", "#fff7d6", "#c9ced3") },
    pods: { shape: "pods", palette: pal("#17181b", "#fff7d6", "#9aa0a6") },
    rect: { shape: "rect-lamp", palette: pal("#17181b", "#fff7d6", "#c9ced3") },
  },
  vibram_fivefingers: {
    black: { shape: "shoe", palette: pal("#26272a", "#3c3e42", "#111214") },
    "grey-orange": { shape: "shoe", palette: pal("#7d838a", "#f07a22", "#2a2b2e") },
    navy: { shape: "shoe-strap", palette: pal("#24365c", "#9fb3d1", "#1b1c1f") },
    olive: { shape: "shoe-strap", palette: pal("#5b6b3a", "#c8b58a", "#2a2b2e") },
    "red-black": { shape: "shoe", palette: pal("#b3262d", "#26272a", "#1b1c1f") },
    "black-high": { shape: "shoe-high", palette: pal("#26272a", "#5a5e64", "#111214") },
  },
  generic_accessories: {
    tracks: { shape: "tracks", palette: pal("#f26a1b", "#c9550f", "#1f2023") },
    compressor: { shape: "compressor", palette: pal("#1f2023", "#c3c8cd", "#f5a623") },
    gauge: { shape: "gauge", palette: pal("#1f2023", "#f5f5f5", "#c62828") },
    strap: { shape: "strap", palette: pal("#3b6ea8", "#d9e2ec", "#1f2023") },
    shackle: { shape: "shackle", palette: pal("#c62828", "#1f2023", "#9aa0a6") },
    awning: { shape: "awning", palette: pal("#3a3d33", "#c9b98f", "#6f757c") },
    box: { shape: "box", palette: pal("#1f2023", "#f5c400", "#6f757c") },
    jerrycan: { shape: "jerrycan", palette: pal("#2f4f2f", "#1f2023", "#9aa0a6") },
    "roof-bars": { shape: "roof-bars", palette: pal("#1f2023", "#6f757c", "#9aa0a6") },
    precleaner: { shape: "precleaner", palette: pal("#1d1e20", "#c8d6e0", "#5a5e64") },
  },
};

const CATEGORY_KEY_PREFIX: Record<CategorySlug, string> = {
  wheels: "wheels",
  suspension: "suspension",
  winches: "winches",
  protection_equipment: "protection",
  noco_chargers: "chargers",
  lights: "lights",
  vibram_fivefingers: "vibram",
  generic_accessories: "accessories",
  body_parts: "body",
};

function objectArtKey(category: CategorySlug, name: string): string {
  return `seed/${CATEGORY_KEY_PREFIX[category]}-${name}`;
}

// ---------------------------------------------------------------------------------------------
// Products of the other categories
// ---------------------------------------------------------------------------------------------

interface ItemDef {
  title: string;
  brand: string;
  rupees: number;
  art: string;
  fits: Fits;
  description: string;
  color?: string;
}

const item = (
  title: string,
  brand: string,
  rupees: number,
  art: string,
  fits: Fits,
  description: string,
  color?: string,
): ItemDef => ({
  title,
  brand,
  rupees,
  art,
  fits,
  description,
  color,
});

const SUSPENSION: ItemDef[] = [
  item(
    "Old Man Emu BP-51 Suspension Kit (Toyota Hilux)",
    "oldman",
    325000,
    "ome-bp51",
    [HILUX],
    "The BP-51 is Old Man Emu's flagship bypass shock, with external adjustment for compression and rebound. This kit pairs front BP-51 coilovers with rear shocks and matched leaf springs for the Hilux. Bypass zones keep the ride supple around town and firm up as the shock compresses on rough tracks. Expect a lift of about 50 mm and far less body roll when loaded.",
  ),
  item(
    "Old Man Emu BP-51 Suspension Kit (Toyota Fortuner)",
    "oldman",
    329000,
    "ome-bp51",
    [FORTUNER],
    "A complete BP-51 kit for the Fortuner with adjustable bypass shocks front and rear and matched coil springs. Compression and rebound can be tuned with a simple dial for touring, towing or trail use. Remote reservoirs keep the oil cool on long corrugated roads. The kit gives a level lift of around 40 to 50 mm.",
  ),
  item(
    "Old Man Emu Nitrocharger Sport 2 Inch Lift Kit (Toyota Hilux)",
    "oldman",
    145000,
    "ome-kit",
    [HILUX],
    "The Nitrocharger Sport kit is the most popular Old Man Emu upgrade for the Hilux. It includes four twin-tube Nitrocharger shocks, front coil springs and rear leaf packs matched to your load. The vehicle sits about 50 mm higher and stays controlled with a canopy, fridge and roof rack. Comfort on broken Indian roads is noticeably better than stock.",
  ),
  item(
    "Old Man Emu Nitrocharger Sport Lift Kit (Isuzu D-Max)",
    "oldman",
    139000,
    "ome-kit",
    [DMAX],
    "A matched Old Man Emu kit for the D-Max V-Cross with Nitrocharger Sport shocks, front coils and rear leaf springs. It adds about 40 mm of lift and restores the rear ride height when the tray is loaded. Valving is tuned for Indian roads and gravel tracks. Installation takes a workshop about half a day.",
  ),
  item(
    "Old Man Emu Nitrocharger Sport Lift Kit (Mitsubishi Pajero Sport)",
    "oldman",
    135000,
    "ome-kit",
    [PAJERO],
    "This kit gives the Pajero Sport a level 40 mm lift with Old Man Emu coils front and rear and four Nitrocharger Sport shocks. The springs are rated for a medium touring load including recovery gear and a fridge. Body roll and brake dive are reduced for a more confident drive. All parts carry ARB's warranty.",
  ),
  item(
    "Old Man Emu Nitrocharger Sport Lift Kit (Ford Endeavour)",
    "oldman",
    155000,
    "ome-kit",
    [ENDEAVOUR],
    "A complete Old Man Emu suspension upgrade for the Endeavour with Nitrocharger Sport shocks and matched coil springs. The lift of about 40 mm improves approach angles and ground clearance. Ride comfort is improved on rough roads without making the vehicle harsh. Suitable for vehicles with a bull bar and winch.",
  ),
  item(
    "Old Man Emu 2 Inch Lift Kit (Suzuki Jimny)",
    "oldman",
    110000,
    "ome-kit",
    [JIMNY],
    "The Old Man Emu kit for the Jimny adds about 50 mm of lift with new coil springs and Nitrocharger Sport shocks at each corner. It makes room for taller all-terrain tyres and improves wheel travel. Steering and handling stay predictable on the road. Caster correction parts are included.",
  ),
  item(
    "Old Man Emu Lift Kit (Jeep Wrangler JL)",
    "oldman",
    240000,
    "ome-kit",
    [WRANGLER],
    "This Old Man Emu kit lifts the Wrangler JL by about 50 mm with matched coils and Nitrocharger Sport shocks. It keeps factory-like comfort on the highway while adding control on rocky trails. The kit is designed to work with the Jeep's electronic aids. Extended brake lines and bump stops are included.",
  ),
  item(
    "Old Man Emu BP-51 Front Shock Pair",
    "oldman",
    98000,
    "ome-bp51",
    [HILUX, FORTUNER],
    "A pair of BP-51 front bypass coilovers for the Hilux and Fortuner. Each shock has external compression and rebound adjustment and a remote reservoir for cooling. Upper mounts are included for a bolt-in fit. Pair them with matched rear shocks for a balanced setup.",
  ),
  item(
    "Old Man Emu Nitrocharger Sport Rear Shock Pair",
    "oldman",
    28000,
    "ome-shock",
    [HILUX, DMAX, FORTUNER],
    "Twin-tube gas shocks with a large bore for consistent damping on long corrugated roads. Each shock is valved for the vehicle and its expected load. A durable powder coat protects the body from stones and mud. Sold as a pair for the rear axle.",
  ),
  item(
    "Old Man Emu Dakar Heavy Load Leaf Spring Pack",
    "oldman",
    42000,
    "ome-leaf",
    [HILUX, DMAX],
    "Dakar leaf springs are made from high-tensile steel and are progressive, so they stay soft when empty and firm up under load. This heavy-load pack suits pickups carrying a canopy, water and camping gear. Polyurethane bushes and greasable pins are included. Sold as a pair.",
  ),
  item(
    "Old Man Emu Medium Load Front Coil Springs",
    "oldman",
    22000,
    "ome-coil",
    [FORTUNER, PAJERO, ENDEAVOUR],
    "Old Man Emu coil springs are made from high-quality spring steel and shot peened for long life. This medium-load pair suits vehicles with a bull bar or winch fitted. They restore lost ride height and give a modest lift. Each spring is load-tested before leaving the factory.",
  ),
  item(
    "Old Man Emu Steering Damper",
    "oldman",
    12500,
    "ome-shock",
    [WRANGLER, JIMNY],
    "A heavy-duty steering damper that calms shimmy and bump steer from large tyres. It mounts in the factory position and uses the same Nitrocharger valving technology. Trail feedback through the steering wheel is much reduced. A simple bolt-in upgrade for solid-axle vehicles.",
  ),
  item(
    "ARB Greasable Shackle and Pin Kit",
    "arb",
    9500,
    "ome-leaf",
    [HILUX, DMAX],
    "Greasable shackles and pins replace the factory rubber-bushed parts at the rear leaf springs. Grease nipples let you flush out water and grit after river crossings. The kit uses polyurethane bushes for a firmer, longer-lasting joint. Recommended with any Old Man Emu leaf spring upgrade.",
  ),
  item(
    "Bilstein B8 5160 Remote Reservoir Shock Pair",
    "bilstein",
    58000,
    "bilstein",
    [HILUX, FORTUNER],
    "The 5160 is Bilstein's remote reservoir monotube shock, built for heavy duty and long travel. The extra oil volume keeps damping consistent on hot, rough tracks. Digressive valving gives a comfortable ride on the road. Sold as a pair for the rear axle.",
  ),
  item(
    "Bilstein B6 4600 Shock Pair",
    "bilstein",
    32000,
    "bilstein",
    [FORTUNER, PAJERO, ENDEAVOUR],
    "The B6 4600 is a direct replacement monotube shock with a firmer, better-controlled ride than stock. A single large piston reduces fade on long drives. It keeps factory ride height and fits without modification. Sold as a pair.",
  ),
  item(
    "Bilstein 5100 Series Lift Shock Set (Jeep Wrangler JL)",
    "bilstein",
    82000,
    "bilstein",
    [WRANGLER],
    "A set of four 5100 series monotube shocks sized for a 50 to 100 mm lifted Wrangler. The zinc-plated bodies resist corrosion and the valving is tuned for big tyres. They improve control on washboard roads and rock trails alike. A long-standing favourite with Jeep owners.",
  ),
  item(
    "Fox 2.5 Factory Race Coilover Pair",
    "fox",
    185000,
    "fox",
    [HILUX, FORTUNER],
    "Fox Factory Race coilovers use large-bore aluminium bodies and adjustable spring preload. Their race-derived valving gives control at speed on desert tracks. The anodised finish resists corrosion. Ride height can be set between stock and 50 mm lift.",
  ),
  item(
    "Fox 2.0 Performance Series IFP Shock Set",
    "fox",
    88000,
    "fox",
    [WRANGLER],
    "A set of four Fox Performance Series shocks with an internal floating piston for fade-free damping. Zinc-plated steel bodies are tough and easy to maintain. Valving is tuned for lifted Wranglers with larger tyres. A big step up from the factory shocks.",
  ),
  item(
    "Ironman 4x4 Foam Cell Pro Suspension Kit (Toyota Hilux)",
    "ironman",
    125000,
    "kit-red",
    [HILUX],
    "Ironman's Foam Cell Pro shocks use a cellular foam to separate gas and oil, which keeps damping steady on long rough roads. The kit includes matched coil springs and leaf packs for a 40 mm lift. It is designed for touring loads and towing. Comes with new bushes and U-bolts.",
  ),
  item(
    "Ironman 4x4 Nitro Gas Suspension Kit (Suzuki Jimny)",
    "ironman",
    89000,
    "kit-red",
    [JIMNY],
    "This Ironman kit gives the Jimny a 40 mm lift with new coils and Nitro Gas shocks. It keeps the ride comfortable on highways while improving control on trails. Extra ground clearance helps on rutted hill roads. The kit includes extended brake hoses.",
  ),
  item(
    "TJM XGS 4000 Series Lift Kit (Isuzu D-Max)",
    "tjm",
    96000,
    "kit-red",
    [DMAX],
    "The TJM XGS 4000 kit includes twin-tube shocks, front coils and rear leaf springs for the D-Max. It lifts the vehicle by about 40 mm and supports a medium load in the tray. Handling is tighter with less body roll. A good value upgrade for weekend touring.",
  ),
  item(
    "Rough Country 2.5 Inch Suspension Lift Kit (Jeep Wrangler JL)",
    "rough-country",
    85000,
    "kit-red",
    [WRANGLER],
    "This Rough Country kit lifts the Wrangler JL by about 63 mm with new coil springs and shocks. It clears 35 inch tyres with the right wheels. Bump stop extensions and brake line brackets are included. Installation is bolt-on with basic tools.",
  ),
  item(
    "Rough Country Leveling Kit with N3 Shocks (Toyota Hilux)",
    "rough-country",
    34000,
    "kit-red",
    [HILUX],
    "A front levelling kit with N3 shocks that removes the factory nose-down rake. It raises the front by about 50 mm so the vehicle sits level. Larger tyres fit more easily after installation. Strut spacers are made from machined aluminium.",
  ),
];

const WINCHES: ItemDef[] = [
  item(
    "Warn VR EVO 10-S 10,000 lb Winch",
    "warn",
    115000,
    "warn-synthetic",
    BIG5,
    "The VR EVO 10-S is WARN's best-selling winch for full-size 4x4s, rated to pull 4,536 kg. It comes with 27 metres of synthetic rope and an aluminium hawse fairlead. The sealed motor and waterproof contactor are built for river crossings and monsoon trails. A wired remote and a mounting kit are included.",
  ),
  item(
    "Warn VR EVO 10 10,000 lb Winch",
    "warn",
    98000,
    "warn-steel",
    BIG5,
    "The VR EVO 10 has the same sealed motor and three-stage planetary gear train as the 10-S, with 28 metres of steel cable. Steel cable is tough against sharp rocks and abrasion. A roller fairlead and wired remote are included. A great choice for heavy touring vehicles.",
  ),
  item(
    "Warn VR EVO 8-S 8,000 lb Winch",
    "warn",
    92000,
    "warn-synthetic",
    [JIMNY, WRANGLER, HILUX],
    "The VR EVO 8-S is rated to pull 3,629 kg and suits lighter 4x4s such as the Jimny and Wrangler. It uses light synthetic rope that is safer to handle than steel. Waterproof sealing protects the motor and contactor. A wired remote and hawse fairlead are included.",
  ),
  item(
    "Warn VR EVO 8 8,000 lb Winch",
    "warn",
    82000,
    "warn-steel",
    [JIMNY, WRANGLER],
    "The VR EVO 8 has a compact footprint and 28 metres of steel cable. It pulls 3,629 kg, which is plenty for small and mid-size 4x4s. A roller fairlead protects the cable from sharp angles. The motor and contactor are sealed against water and dust.",
  ),
  item(
    "Warn VR EVO 12-S 12,000 lb Winch",
    "warn",
    135000,
    "warn-synthetic",
    [ENDEAVOUR, FORTUNER, DMAX, HILUX],
    "The VR EVO 12-S is rated to pull 5,443 kg for heavy, fully loaded vehicles. It comes with synthetic rope and an aluminium hawse fairlead. A powerful series-wound motor keeps line speed up under load. Sealed for water crossings and supplied with a wired remote.",
  ),
  item(
    "Warn VR EVO 12 12,000 lb Winch",
    "warn",
    118000,
    "warn-steel",
    [ENDEAVOUR, FORTUNER, DMAX],
    "The VR EVO 12 brings 5,443 kg of pulling power with durable steel cable. Its three-stage planetary gearing gives strong, steady pulls. A roller fairlead and wired remote come in the box. Built for large SUVs and pickups with heavy touring loads.",
  ),
  item(
    "Warn ZEON 10-S Platinum 10,000 lb Winch",
    "warn",
    235000,
    "warn-zeon",
    BIG5,
    "The ZEON Platinum is WARN's premium winch with a wireless remote and a control pack that can be rotated to fit your bar. It pulls 4,536 kg with a fast line speed and a thermometric motor that reports its temperature. Spydura synthetic rope and an Epic hook are included. Built and sealed for the toughest recoveries.",
  ),
  item(
    "Warn ZEON 12-S 12,000 lb Winch",
    "warn",
    210000,
    "warn-zeon",
    [ENDEAVOUR, FORTUNER, DMAX, HILUX],
    "The ZEON 12-S pulls 5,443 kg with a powerful motor and a fully sealed design. Its control pack can be mounted in several positions. Synthetic rope keeps weight down on the front of the vehicle. Ideal for heavy SUVs carrying a full expedition setup.",
  ),
  item(
    "Warn ZEON 8-S 8,000 lb Winch",
    "warn",
    175000,
    "warn-zeon",
    [JIMNY, WRANGLER],
    "The ZEON 8-S brings the ZEON's sealed design and fast line speed to lighter vehicles. It pulls 3,629 kg with light synthetic rope. The rotating control pack makes it easy to fit behind compact bars. A premium choice for the Jimny and Wrangler.",
  ),
  item(
    "Warn 16.5ti-S Thermometric Winch",
    "warn",
    245000,
    "warn-zeon",
    [ENDEAVOUR, DMAX],
    "This heavy-duty WARN winch is rated to pull 7,484 kg for the heaviest vehicles and commercial use. Its thermometric motor warns you before it overheats during long pulls. A two-speed gearbox switches between high line speed and high pulling power. Synthetic rope and a wireless remote are included.",
  ),
  item(
    "Warn M8274-50 Heavy Duty Winch",
    "warn",
    220000,
    "warn-steel",
    [ENDEAVOUR, DMAX, HILUX],
    "The M8274 is a legendary WARN winch with a very fast line speed thanks to its spur-gear design. It has pulled 4x4s out of trouble for decades. Its 5,000 kg rating and rugged build suit serious expedition vehicles. Steel cable and a roller fairlead are included.",
  ),
  item(
    "Warn AXON 55-S Powersport Winch",
    "warn",
    62000,
    "warn-synthetic",
    [JIMNY],
    "The AXON 55-S is a compact 5,500 lb winch that suits very light 4x4s, ATVs and utility vehicles. Its contactor is built into the winch so installation is simple. Synthetic rope is light and easy to handle. A handlebar switch and wireless remote are included.",
  ),
  item(
    "Warn Spydura Pro Synthetic Winch Rope 30 m",
    "warn",
    32000,
    "warn-rope",
    UNIVERSAL,
    "Spydura Pro is WARN's strongest synthetic rope, with a protective jacket against abrasion. It is far lighter than steel cable and floats on water. A thimble and sleeve are fitted at the hook end. It suits most 8,000 to 12,000 lb winches.",
  ),
  item(
    "Warn Wireless Winch Remote Control",
    "warn",
    18500,
    "warn-remote",
    UNIVERSAL,
    "A wireless remote that lets you operate your winch from a safe distance. It works up to 15 metres away and plugs into most WARN control packs. A wired connection is also possible when batteries run low. Weatherproof and easy to hold with gloves.",
  ),
  item(
    "Superwinch SX10SR 10,000 lb Winch",
    "superwinch",
    85000,
    "superwinch",
    BIG5,
    "The SX10SR pulls 4,536 kg with a sealed motor and synthetic rope. Its steel frame is strong and compact, fitting most winch-compatible bars. A hawse fairlead and wired remote are included. Good performance for the price.",
  ),
  item(
    "Superwinch Tiger Shark 11.5SR Winch",
    "superwinch",
    105000,
    "superwinch",
    [ENDEAVOUR, FORTUNER, HILUX],
    "The Tiger Shark pulls 5,216 kg with a sealed, high-efficiency motor. Its waterproof solenoid pack can be remote mounted. Synthetic rope and an aluminium fairlead are included. Designed for heavy SUVs and pickups.",
  ),
  item(
    "Superwinch Talon 12.5SR Winch",
    "superwinch",
    145000,
    "superwinch",
    [ENDEAVOUR, DMAX],
    "The Talon is Superwinch's heavy-duty model, pulling 5,670 kg. Its planetary gearbox and automatic brake hold loads securely. Synthetic rope and a wired remote are included. Built for heavy vehicles and tough recoveries.",
  ),
  item(
    "Superwinch LP8500 Winch",
    "superwinch",
    68000,
    "superwinch",
    [JIMNY, WRANGLER],
    "The LP8500 is a low-profile winch that fits neatly behind compact bumpers. It pulls 3,856 kg with a sealed motor. Steel cable and a roller fairlead are included. A good fit for the Jimny and Wrangler.",
  ),
  item(
    "Smittybilt XRC Gen3 9.5K Winch",
    "smittybilt",
    65000,
    "generic",
    [WRANGLER, HILUX, DMAX],
    "The XRC Gen3 is a popular value winch rated at 4,309 kg. It has a waterproof design and a wireless remote as well as a wired one. Steel cable and a roller fairlead are included. A good choice for weekend trail use.",
  ),
  item(
    "Smittybilt X2O Gen3 10K Waterproof Winch",
    "smittybilt",
    95000,
    "generic",
    [WRANGLER, HILUX, FORTUNER],
    "The X2O Gen3 pulls 4,536 kg and is fully waterproof for deep crossings. Its synthetic rope is light and safe to handle. A wireless remote comes in the box. The control box sits on top of the winch for a compact fit.",
  ),
  item(
    "Smittybilt XRC Gen3 12K Winch",
    "smittybilt",
    78000,
    "generic",
    [ENDEAVOUR, FORTUNER, DMAX],
    "The XRC Gen3 12K offers 5,443 kg of pulling power at a sensible price. Its waterproof design handles rain and mud. Steel cable and a roller fairlead are included. Suited to heavier SUVs and pickups.",
  ),
  item(
    "TJM Torq 9500 lb Winch",
    "tjm",
    82000,
    "generic",
    [HILUX, PAJERO, DMAX],
    "The TJM Torq pulls 4,309 kg with a sealed motor and a fast line speed. It is designed to fit neatly behind TJM and other winch-compatible bars. Synthetic rope and a wired remote are included. Backed by TJM's warranty.",
  ),
  item(
    "Ironman 4x4 Monster Winch 12000 lb",
    "ironman",
    110000,
    "generic",
    [ENDEAVOUR, FORTUNER, HILUX],
    "The Monster Winch pulls 5,443 kg with a powerful sealed motor. It uses synthetic rope and an aluminium hawse fairlead. Its control box can be mounted remotely. Built for heavy touring vehicles and tough recoveries.",
  ),
  item(
    "Rough Country 9500 lb Pro Series Winch",
    "rough-country",
    62000,
    "generic",
    [WRANGLER, HILUX],
    "The Pro Series winch pulls 4,309 kg with steel cable and a roller fairlead. A wireless remote and wired remote are both included. The sealed motor handles rain and mud. A budget-friendly recovery option.",
  ),
];

const PROTECTION: ItemDef[] = [
  item(
    "ARB Summit Front Bar (Toyota Hilux)",
    "arb",
    165000,
    "arb-bar",
    [HILUX],
    "The Summit bar is ARB's premium steel bull bar, styled to suit the Hilux's front end. It is airbag compatible and designed to protect the radiator and headlights from animal strikes. A winch cradle, recovery points and mounts for driving lights are built in. The textured black finish is tough and easy to touch up.",
    "Textured Black",
  ),
  item(
    "ARB Deluxe Bull Bar (Toyota Fortuner)",
    "arb",
    135000,
    "arb-bar",
    [FORTUNER],
    "The Deluxe bar is ARB's classic full-width steel bull bar for the Fortuner. It protects the front of the vehicle and mounts a winch of up to 12,000 lb. Integrated recovery points and light mounts are included. Crash tested to work with the factory airbags.",
    "Textured Black",
  ),
  item(
    "ARB Zenith Front Bar (Ford Endeavour)",
    "arb",
    175000,
    "arb-bar-alloy",
    [ENDEAVOUR],
    "The Zenith is ARB's latest front bar design with a sleek, integrated look for the Endeavour. It is airbag compatible and keeps the factory sensors working. A winch mount and light mounts are built in. The bar is tested to protect the vehicle in an animal strike.",
  ),
  item(
    "ARB Deluxe Bar (Suzuki Jimny)",
    "arb",
    105000,
    "arb-bar",
    [JIMNY],
    "A full-width steel bar designed for the Jimny, with a winch cradle and recovery points. It improves approach angle compared with the factory bumper. Mounts for driving lights and aerials are included. It keeps the Jimny's compact look while adding real protection.",
    "Textured Black",
  ),
  item(
    "ARB Modular Front Bumper (Jeep Wrangler JL)",
    "arb",
    155000,
    "jeep-bumper",
    [WRANGLER],
    "A modular steel front bumper for the Wrangler JL with a central winch mount. Optional side wings can be added for full-width protection. Rated recovery points are welded into the frame. The bumper keeps the factory fog lights and sensors.",
  ),
  item(
    "ARB Summit Rear Step Tow Bar (Toyota Hilux)",
    "arb",
    78000,
    "arb-rear",
    UTES,
    "The Summit rear step tow bar protects the rear of the Hilux and adds a wide step. It includes an integrated tow hitch receiver and rated recovery points. The design keeps a good departure angle. Finished in textured black to match the Summit front bar.",
  ),
  item(
    "ARB Under Vehicle Protection (Toyota Fortuner)",
    "arb",
    45000,
    "arb-uvp",
    TOYOTAS,
    "ARB under vehicle protection plates shield the engine sump, steering and front of the transmission. They are made from thick steel and bolt to the factory mounts. Vent holes let hot air escape and make oil changes easy. A must-have for rocky trails.",
  ),
  item(
    "ARB Summit Side Rails and Steps (Toyota Hilux)",
    "arb",
    95000,
    "slider",
    [HILUX],
    "Summit side rails and steps protect the sills of the Hilux from rocks and stumps. The steps make it easier to climb in and reach the roof. They are made from strong steel and mount to the chassis. Finished to match the Summit bar.",
  ),
  item(
    "ARB Rock Sliders (Isuzu D-Max)",
    "arb",
    70000,
    "slider",
    [DMAX],
    "Chassis-mounted rock sliders protect the sills of the D-Max on rocky trails. Strong steel tube takes the weight of the vehicle if it rests on a rock. The kick-out design helps push the vehicle away from obstacles. Supplied with all mounting hardware.",
  ),
  item(
    "ARB Sump Guard (Ford Endeavour)",
    "arb",
    38000,
    "arb-uvp",
    [ENDEAVOUR],
    "A steel sump guard for the Endeavour that protects the engine oil pan and front driveline. It bolts to existing mounting points for a simple install. Vent holes help cooling and servicing. Strong enough to slide over rocks.",
  ),
  item(
    "Safari V-Spec Snorkel (Toyota Hilux)",
    "safari",
    32000,
    "snorkel",
    [HILUX],
    "The Safari V-Spec snorkel raises the Hilux's air intake to roof height for safer water crossings. It also draws cleaner, cooler air away from dust. Made from UV-stabilised polyethylene that matches the vehicle's lines. Includes a ram head and all fitting hardware.",
    "Black",
  ),
  item(
    "Safari ARMAX Snorkel (Toyota Fortuner)",
    "safari",
    48000,
    "snorkel",
    [FORTUNER],
    "ARMAX snorkels have a larger, stainless-steel body for maximum airflow and strength. The Fortuner kit follows the A-pillar closely. It is built for heavy-duty off-road use. Includes an air ram and sealed connections.",
    "Black",
  ),
  item(
    "Safari V-Spec Snorkel (Suzuki Jimny)",
    "safari",
    28000,
    "snorkel",
    [JIMNY],
    "A V-Spec snorkel designed for the Jimny that raises the air intake above the bonnet line. It reduces dust and water intake on trails. The polyethylene body is UV stabilised and matches the A-pillar. A popular first upgrade for Jimny owners.",
    "Black",
  ),
  item(
    "Safari ARMAX Snorkel (Jeep Wrangler JL)",
    "safari",
    52000,
    "snorkel",
    [WRANGLER],
    "The ARMAX snorkel for the Wrangler JL has a large-diameter stainless-steel body. It improves airflow and protects the engine in deep water. The design follows the windscreen frame. Mounting hardware and a ram head are included.",
    "Black",
  ),
  item(
    "Safari V-Spec Snorkel (Mitsubishi Pajero Sport)",
    "safari",
    34000,
    "snorkel",
    [PAJERO],
    "A V-Spec snorkel for the Pajero Sport that raises the air intake to roof level. It keeps out water during crossings and dust on gravel roads. The design matches the vehicle's A-pillar. Supplied with ram head and hardware.",
    "Black",
  ),
  item(
    "Ironman 4x4 Commercial Deluxe Bull Bar (Isuzu D-Max)",
    "ironman",
    125000,
    "arb-bar-alloy",
    [DMAX],
    "The Commercial Deluxe bar is a heavy-duty steel bar for the D-Max. It is airbag compatible and includes a winch mount and recovery points. Mounts for driving lights and aerials are built in. Designed for hard work on farms and remote roads.",
  ),
  item(
    "Ironman 4x4 Rear Protection Bar (Isuzu D-Max)",
    "ironman",
    68000,
    "arb-rear",
    [DMAX],
    "A rear bar that protects the corners of the D-Max tray. It includes a wide step, tow hitch receiver and recovery points. The bar improves departure angle compared with the factory bumper. Finished in textured black.",
  ),
  item(
    "Ironman 4x4 Steel Sump Guard (Toyota Hilux)",
    "ironman",
    28000,
    "arb-uvp",
    [HILUX, FORTUNER],
    "A thick steel sump guard for the Hilux and Fortuner. It protects the engine sump and front differential. Bolts to factory mounts without drilling. Vent holes help cooling and servicing.",
  ),
  item(
    "TJM T13 Outback Bull Bar (Mitsubishi Pajero Sport)",
    "tjm",
    115000,
    "arb-bar",
    [PAJERO],
    "The TJM T13 Outback bar offers full-width protection for the Pajero Sport. It is airbag compatible and includes a winch cradle. Light mounts and recovery points are integrated. Finished in black powder coat.",
  ),
  item(
    "TJM Rock Sliders (Toyota Fortuner)",
    "tjm",
    62000,
    "slider",
    [FORTUNER],
    "TJM rock sliders protect the sills of the Fortuner. They bolt to the chassis and can take the weight of the vehicle. The step surface helps when loading the roof. Supplied with mounting hardware.",
  ),
  item(
    "Smittybilt XRC Gen2 Front Bumper (Jeep Wrangler)",
    "smittybilt",
    85000,
    "jeep-bumper",
    [WRANGLER],
    "The XRC Gen2 is a modular steel bumper for the Wrangler with a winch plate and D-ring mounts. Bolt-on end caps allow different widths. Integrated light mounts are included. Finished in black textured powder coat.",
  ),
  item(
    "Smittybilt SRC Rock Sliders (Jeep Wrangler)",
    "smittybilt",
    48000,
    "slider",
    [WRANGLER],
    "SRC rock sliders protect the Wrangler's rocker panels on rocky trails. They are made from heavy-wall steel tube and bolt to the frame. The top surface doubles as a step. Finished in black.",
  ),
  item(
    "Rough Country Skid Plate (Jeep Wrangler JL)",
    "rough-country",
    22000,
    "arb-uvp",
    [WRANGLER],
    "A steel front skid plate for the Wrangler JL. It protects the steering box and front crossmember. Bolts to factory mounting points. Powder-coated for corrosion resistance.",
  ),
  item(
    "Rough Country Rear Bumper (Jeep Wrangler JL)",
    "rough-country",
    58000,
    "arb-rear",
    [WRANGLER],
    "A full-width rear steel bumper for the Wrangler JL with rated D-ring mounts. It includes a tow hitch receiver and light mounts. Keeps the factory tail lights and sensors. Finished in black textured powder coat.",
  ),
];

const CHARGERS: ItemDef[] = [
  item(
    "NOCO Genius1 1A Smart Charger",
    "noco",
    4499,
    "genius",
    UNIVERSAL,
    "The Genius1 is a compact 1 amp smart charger and maintainer for 6 and 12 volt batteries. It charges lead-acid, AGM and lithium batteries safely. Leave it connected to keep a stored vehicle ready to start. A temperature sensor adjusts charging for hot Indian summers.",
  ),
  item(
    "NOCO Genius2 2A Smart Charger",
    "noco",
    5999,
    "genius",
    UNIVERSAL,
    "The Genius2 charges batteries up to 40 Ah and maintains larger batteries indefinitely. It detects sulfated and deeply discharged batteries and tries to recover them. A force mode charges batteries down to zero volts. Spark-proof and reverse-polarity protected.",
  ),
  item(
    "NOCO Genius5 5A Smart Charger",
    "noco",
    7999,
    "genius",
    UNIVERSAL,
    "The Genius5 charges 12 volt batteries up to 100 Ah and maintains all sizes. It works with lead-acid, AGM, gel and lithium batteries. A repair mode helps revive old batteries. Compact and weatherproof for use in a garage or on the road.",
  ),
  item(
    "NOCO Genius10 10A Smart Charger",
    "noco",
    10999,
    "genius",
    UNIVERSAL,
    "The Genius10 is NOCO's most popular charger, delivering 10 amps for batteries up to 230 Ah. It charges a flat 4x4 battery overnight and maintains it afterwards. A thermal sensor adjusts charging to the temperature. It also works as a 12 volt power supply.",
  ),
  item(
    "NOCO Genius PRO25 25A Smart Charger",
    "noco",
    24999,
    "genius-pro",
    UNIVERSAL,
    "The Genius PRO25 is a professional charger that delivers 25 amps for fast charging of large batteries. It charges 6, 12 and 24 volt systems. A supply mode powers the vehicle during diagnostics. Built for workshops and fleet use.",
  ),
  item(
    "NOCO Genius2X2 2-Bank 4A Charger",
    "noco",
    11999,
    "multibank",
    UNIVERSAL,
    "The Genius2X2 charges two batteries independently at 2 amps each. It is ideal for dual-battery 4x4 setups or a car and motorcycle. Each bank detects the battery type and condition. Includes mounting points and weatherproof housing.",
  ),
  item(
    "NOCO Genius2X4 4-Bank 8A Charger",
    "noco",
    17999,
    "multibank",
    UNIVERSAL,
    "The Genius2X4 maintains four batteries at once with 2 amps per bank. It is perfect for a garage with several vehicles. Each output is isolated and fully automatic. Compact enough to wall mount.",
  ),
  item(
    "NOCO Genius2D 2A Direct-Mount Charger",
    "noco",
    7499,
    "onboard",
    UNIVERSAL,
    "The Genius2D mounts directly in the engine bay for permanent charging. Simply plug in a mains cable to charge and maintain the battery. It is waterproof and vibration resistant. Ideal for vehicles stored for long periods.",
  ),
  item(
    "NOCO GENPRO10X1 10A Onboard Charger",
    "noco",
    16999,
    "onboard",
    UNIVERSAL,
    "The GENPRO10X1 is a waterproof onboard charger for one battery. It delivers 10 amps for fast recharging. Fully sealed for harsh conditions. Suitable for auxiliary batteries in camper setups.",
  ),
  item(
    "NOCO GENPRO10X2 20A 2-Bank Onboard Charger",
    "noco",
    22999,
    "onboard",
    UNIVERSAL,
    "The GENPRO10X2 charges two batteries with 10 amps each. It is built for dual-battery campers and boats. The housing is waterproof and shock resistant. Each bank is independent and automatic.",
  ),
  item(
    "NOCO GEN5X2 10A 2-Bank Onboard Charger",
    "noco",
    16499,
    "onboard",
    UNIVERSAL,
    "The GEN5X2 delivers 5 amps per bank to two batteries. It is ideal for a main and auxiliary battery. Fully sealed against water and dust. Each bank has its own status light.",
  ),
  item(
    "NOCO GEN5X3 15A 3-Bank Onboard Charger",
    "noco",
    21499,
    "onboard",
    UNIVERSAL,
    "The GEN5X3 charges three batteries at 5 amps each. Ideal for vehicles with multiple battery systems. Fully waterproof and vibration proof. Each bank is independently controlled.",
  ),
  item(
    "NOCO GENM1 1A Onboard Charger",
    "noco",
    8999,
    "onboard",
    UNIVERSAL,
    "The GENM1 is a compact onboard charger and maintainer for one battery. It keeps a stored vehicle or boat ready to go. Fully sealed and corrosion resistant. Simple to mount in tight spaces.",
  ),
  item(
    "NOCO Boost Sport GB20 500A Jump Starter",
    "noco",
    7999,
    "boost",
    UNIVERSAL,
    "The GB20 is a pocket-sized lithium jump starter that starts petrol engines up to 4 litres. It charges phones through a USB port. Spark-proof clamps make it safe for anyone to use. Includes a bright LED torch.",
  ),
  item(
    "NOCO Boost Plus GB40 1000A Jump Starter",
    "noco",
    9999,
    "boost",
    UNIVERSAL,
    "The GB40 starts petrol engines up to 6 litres and diesel engines up to 3 litres. It holds a charge for months in the glovebox. Spark-proof and reverse-polarity protected. Also charges phones and tablets.",
  ),
  item(
    "NOCO Boost XL GB50 1500A Jump Starter",
    "noco",
    13999,
    "boost",
    UNIVERSAL,
    "The GB50 starts petrol engines up to 7 litres and diesel engines up to 4 litres. It includes a manual override for fully flat batteries. A bright LED torch helps at night. Compact and water resistant.",
  ),
  item(
    "NOCO Boost HD GB70 2000A Jump Starter",
    "noco",
    18999,
    "boost",
    UNIVERSAL,
    "The GB70 starts large petrol and diesel engines, including full-size pickups. It doubles as a power bank for devices. A robust housing handles life in a 4x4. Comes with heavy-duty clamps.",
  ),
  item(
    "NOCO Boost Pro GB150 3000A Jump Starter",
    "noco",
    24999,
    "boost",
    UNIVERSAL,
    "The GB150 is NOCO's professional jump starter for large diesel engines. It has a digital voltmeter and a 12 volt output port. The heavy-duty clamps handle big battery terminals. Used by workshops and recovery services.",
  ),
  item(
    "NOCO Boost X GBX45 1250A Jump Starter",
    "noco",
    12999,
    "boost",
    UNIVERSAL,
    "The GBX45 is part of NOCO's Boost X series with a fast-charging USB-C port. It starts petrol engines up to 6 litres and diesel up to 3 litres. A battery voltmeter shows the health of your battery. Compact and easy to carry.",
  ),
  item(
    "NOCO Boost X GBX55 1750A Jump Starter",
    "noco",
    15999,
    "boost",
    UNIVERSAL,
    "The GBX55 starts petrol engines up to 7 litres and diesel up to 4 litres. Its USB-C port charges devices and recharges the unit quickly. A built-in light helps at night. Water resistant for outdoor use.",
  ),
  item(
    "NOCO Boost X GBX75 2500A Jump Starter",
    "noco",
    21999,
    "boost",
    UNIVERSAL,
    "The GBX75 starts large diesel engines up to 6 litres. It includes a 12 volt output and USB-C charging. The heavy-duty clamps are spark-proof. A great choice for heavy 4x4s and pickups.",
  ),
  item(
    "NOCO Lithium NLP9 Powersport Battery",
    "noco",
    12999,
    "lithium",
    UNIVERSAL,
    "The NLP9 is a lightweight lithium battery for motorcycles and ATVs. It is much lighter than lead-acid and holds a charge longer. Built-in protection prevents over-discharge. Drop-in replacement for common sizes.",
  ),
  item(
    "NOCO Lithium NLP14 Powersport Battery",
    "noco",
    18999,
    "lithium",
    UNIVERSAL,
    "The NLP14 is a high-performance lithium battery with strong cranking power. It is ideal for larger motorcycles and utility vehicles. Built-in battery management protects the cells. Maintenance free and long lasting.",
  ),
  item(
    "NOCO Lithium NLP20 Powersport Battery",
    "noco",
    23999,
    "lithium",
    UNIVERSAL,
    "The NLP20 offers high cranking power in a compact lithium package. It suits larger ATVs and side-by-sides. Integrated protection keeps it safe. Lighter and longer lasting than lead-acid.",
  ),
];

const LIGHTS: ItemDef[] = [
  item(
    "ARB Intensity SOLIS 21 Driving Light",
    "arb",
    48000,
    "round-large",
    BIG5,
    "The SOLIS 21 is ARB's premium round LED driving light with 21 high-power LEDs. It throws a long, wide beam for night driving on highways and trails. An interchangeable lens lets you choose spot or flood. Built to survive harsh off-road use.",
  ),
  item(
    "ARB Intensity SOLIS 36 Light Bar",
    "arb",
    58000,
    "bar-long",
    UNIVERSAL,
    "The SOLIS 36 is ARB's premium LED light bar with 36 LEDs in a slim housing. It fits neatly on ARB bars and roof racks. A combination beam lights both the distance and the road edges. Waterproof and dustproof.",
  ),
  item(
    "ARB Intensity AR21 Flood Light",
    "arb",
    38000,
    "round-large",
    [HILUX, FORTUNER, WRANGLER],
    "The AR21 flood light spreads a wide, even beam ideal for slow trail driving and camp. It uses high-power LEDs with efficient heat management. Its housing is made from cast aluminium. A great partner for a SOLIS spot light.",
  ),
  item(
    "ARB Intensity IQ Driving Light Pair",
    "arb",
    59000,
    "round-large",
    BIG5,
    "The Intensity IQ is a smart driving light that dims automatically when it sees oncoming headlights. It keeps your high beam on longer without dazzling other drivers. Sold as a pair with a wiring harness. Designed for long night drives on Indian highways.",
  ),
  item(
    "ARB Intensity LED Work Light",
    "arb",
    9500,
    "rect",
    UNIVERSAL,
    "A compact LED work light for the tray, rear bar or roof rack. Its wide beam lights up a campsite or loading area. The aluminium housing dissipates heat. Waterproof and dustproof.",
  ),
  item(
    "Rigid Radiance+ 20 Inch LED Light Bar",
    "rigid",
    32000,
    "bar-short",
    [HILUX, DMAX, WRANGLER],
    "The Radiance+ light bar has a single row of LEDs and a selectable backlight colour. It is slim enough to fit behind grilles and in bumpers. Its beam is bright and even. A great first light bar.",
  ),
  item(
    "Rigid E-Series Pro 20 Inch Light Bar",
    "rigid",
    52000,
    "bar-short",
    [HILUX, FORTUNER, ENDEAVOUR],
    "The E-Series Pro is Rigid's dual-row LED light bar with a combination spot and flood beam. It lights a long distance ahead as well as the sides of the trail. Built with a tough aluminium housing and hard-coated lens. A long-standing favourite for trucks.",
  ),
  item(
    "Rigid D-Series Pro Flood Light Pair",
    "rigid",
    26000,
    "pods",
    [WRANGLER, JIMNY, HILUX],
    "A pair of compact Rigid D-Series Pro pods with a flood beam. They fit on A-pillars, bumpers and racks. Each pod uses powerful LEDs in a small cube housing. Ideal for trail and camp lighting.",
  ),
  item(
    "Rigid 360-Series 4 Inch Round Light Pair",
    "rigid",
    18000,
    "round-large",
    [WRANGLER, JIMNY],
    "The Rigid 360-Series is a round LED light with a selectable backlight. Its 4 inch size suits bumpers and A-pillar mounts. A spot beam gives long reach. Sold as a pair.",
  ),
  item(
    "Rigid SR-Series Pro 10 Inch Light Bar",
    "rigid",
    24000,
    "bar-short",
    [JIMNY, WRANGLER],
    "The SR-Series Pro is a compact single-row light bar for bumpers and grilles. It gives a strong spot beam for its size. The housing is tough and waterproof. A great fit for smaller 4x4s.",
  ),
  item(
    "Rigid 40 Inch Curved Light Bar",
    "rigid",
    58000,
    "bar-curved",
    [WRANGLER, HILUX, FORTUNER],
    "A curved LED light bar designed to follow the roofline of a 4x4. It spreads light across a wide arc for excellent peripheral vision. A combination beam handles both distance and spread. Mounting brackets are included.",
  ),
  item(
    "Baja Designs Squadron Pro LED Pod",
    "baja-designs",
    22000,
    "pods",
    UNIVERSAL,
    "The Squadron Pro is a powerful 3 inch LED pod from the desert racing world. Interchangeable lenses let you pick spot, driving or fog beams. Its housing is built to survive race vibration. A popular choice for A-pillar mounts.",
  ),
  item(
    "Baja Designs S2 Sport LED Pod Pair",
    "baja-designs",
    12500,
    "pods",
    UNIVERSAL,
    "The S2 Sport is a small LED pod with an amber lens for fog and dust. It cuts through rain and dust better than white light. The housing is compact and tough. Sold as a pair.",
  ),
  item(
    "Baja Designs LP6 Pro Driving Light",
    "baja-designs",
    48000,
    "round-large",
    BIG5,
    "The LP6 Pro is a 6 inch round LED light with a very long reach. It uses a high-efficiency reflector for a focused beam. The aluminium housing keeps the LEDs cool. Ideal for night driving on highways and open trails.",
  ),
  item(
    "Baja Designs XL80 LED Driving Light",
    "baja-designs",
    34000,
    "round-large",
    [HILUX, FORTUNER, DMAX],
    "The XL80 is a compact round light with a powerful beam. It uses Baja Designs' advanced optics for long reach. The housing is waterproof and vibration resistant. Mounting hardware is included.",
  ),
  item(
    "Baja Designs OnX6+ 30 Inch Light Bar",
    "baja-designs",
    59500,
    "bar-long",
    [HILUX, DMAX, ENDEAVOUR],
    "The OnX6+ is Baja Designs' flagship light bar with very high output. Its combination beam lights both far down the road and the edges. Built to race standards. Includes a wiring harness.",
  ),
  item(
    "Hella Rallye 3000 Compact Driving Light",
    "hella",
    9500,
    "rect",
    UNIVERSAL,
    "The Rallye 3000 Compact is a classic Hella rectangular driving light with a halogen bulb. Its beam is long and even. Built in Germany to a high standard. A timeless choice for older 4x4s.",
  ),
  item(
    "Hella Jumbo 320 FF Driving Light",
    "hella",
    14000,
    "round-large",
    [PAJERO, ENDEAVOUR, FORTUNER],
    "The Jumbo 320 FF is a large round halogen driving light with a free-form reflector. It gives a long, wide beam for highway driving. The classic look suits expedition builds. Sold with mounting hardware.",
  ),
  item(
    "Hella ValueFit 20 Inch LED Light Bar",
    "hella",
    8500,
    "bar-short",
    UNIVERSAL,
    "The ValueFit light bar offers Hella quality at a budget price. Its slim housing fits behind grilles and on racks. The combination beam suits general driving. Waterproof and dustproof.",
  ),
  item(
    "Hella Luminator LED Driving Light",
    "hella",
    28000,
    "round-large",
    [PAJERO, DMAX, HILUX],
    "The Luminator LED is Hella's modern take on its famous round driving light. It uses high-power LEDs for a long reach. The classic round housing suits bull bars. Built to handle vibration and water.",
  ),
  item(
    "KC HiLiTES Gravity LED Pro6 Light Bar",
    "kc-hilites",
    38000,
    "bar-short",
    [WRANGLER, JIMNY],
    "The Gravity Pro6 is a modular light bar that can be expanded later. Its optics give a precise beam pattern. The housing is slim and tough. Ideal for Jeeps and compact 4x4s.",
  ),
  item(
    "KC HiLiTES SlimLite 8 Inch LED Light",
    "kc-hilites",
    11000,
    "round-large",
    UNIVERSAL,
    "The SlimLite is a slim round LED light with a classic KC look. Its beam is bright for its size. The housing is waterproof and tough. Sold with a protective cover.",
  ),
  item(
    "KC HiLiTES FLEX ERA 3 LED Pod Pair",
    "kc-hilites",
    16000,
    "pods",
    [WRANGLER, HILUX],
    "The FLEX ERA 3 pods are compact and very bright. Swappable lenses change the beam pattern. They are waterproof and dustproof. Sold as a pair with mounting hardware.",
  ),
  item(
    "Rough Country 3 Inch LED Cube Pair",
    "rough-country",
    4200,
    "pods",
    UNIVERSAL,
    "A pair of 3 inch LED cubes for fog, ditch or reverse lighting. They are bright, compact and affordable. Waterproof housings handle mud and rain. Wiring harness included.",
  ),
];

const VIBRAM: ItemDef[] = [
  item(
    "Vibram FiveFingers V-Trail 2.0 Men's",
    "vibram",
    12499,
    "black",
    UNIVERSAL,
    "The V-Trail is Vibram's trail-running FiveFingers with a lugged Megagrip sole. Separate toes let your feet grip and balance naturally on uneven ground. A thin rock-protection layer shields you from sharp stones. Light, breathable and quick-drying for camp and trail.",
    "Black",
  ),
  item(
    "Vibram FiveFingers V-Trail 2.0 Women's",
    "vibram",
    12499,
    "navy",
    UNIVERSAL,
    "The women's V-Trail offers the same lugged Megagrip sole and rock protection in a women's fit. It is ideal for trail running and hiking. The upper is breathable and quick-drying. Separate toes help balance on rocky paths.",
    "Navy",
  ),
  item(
    "Vibram FiveFingers V-Run Retro",
    "vibram",
    11999,
    "red-black",
    UNIVERSAL,
    "The V-Run Retro is a road-running FiveFingers with a retro-inspired upper. Its cushioned sole adds comfort for longer runs. Separate toes encourage a natural stride. The upper is soft and breathable.",
    "Red/Black",
  ),
  item(
    "Vibram FiveFingers V-Run",
    "vibram",
    11499,
    "black",
    UNIVERSAL,
    "The V-Run is a lightweight road-running shoe with extra cushioning. Its upper is breathable and easy to slip on. Separate toes improve balance and strength. Ideal for training and daily runs.",
    "Black",
  ),
  item(
    "Vibram FiveFingers KSO EVO",
    "vibram",
    9999,
    "grey-orange",
    UNIVERSAL,
    "The KSO EVO is a versatile FiveFingers for training, hiking and water. Its thin, flexible sole gives excellent ground feel. The breathable upper dries quickly. KSO stands for Keep Stuff Out.",
    "Grey/Orange",
  ),
  item(
    "Vibram FiveFingers KSO ECO",
    "vibram",
    10499,
    "grey-orange",
    UNIVERSAL,
    "The KSO ECO uses recycled and natural materials in a classic FiveFingers design. Its thin sole gives great ground feel. The upper is soft and breathable. A sustainable choice for everyday wear.",
    "Grey/Orange",
  ),
  item(
    "Vibram FiveFingers V-Aqua",
    "vibram",
    9499,
    "navy",
    UNIVERSAL,
    "The V-Aqua is designed for water sports with a drainage mesh upper. Its sole grips wet rocks and boat decks. A strap secures the fit in water. Ideal for river crossings at camp.",
    "Navy",
  ),
  item(
    "Vibram FiveFingers V-Alpha",
    "vibram",
    13499,
    "olive",
    UNIVERSAL,
    "The V-Alpha is a hiking FiveFingers with a durable sole and extra protection. A strap secures the fit on uneven terrain. The upper is water resistant. Ideal for mountain trails.",
    "Olive",
  ),
  item(
    "Vibram FiveFingers Trek Ascent Insulated",
    "vibram",
    15999,
    "black-high",
    UNIVERSAL,
    "The Trek Ascent Insulated is a warm, water-resistant FiveFingers for cold weather. Its insulated upper keeps feet warm on winter trails. The lugged sole grips snow and mud. Perfect for mountain trips in Ladakh and Spiti.",
    "Black",
  ),
  item(
    "Vibram FiveFingers KMD Sport 2.0",
    "vibram",
    10999,
    "grey-orange",
    UNIVERSAL,
    "The KMD Sport is a training FiveFingers for gym and functional workouts. Its sole is flexible and grippy. A strap secures the fit for lateral movement. Breathable and lightweight.",
    "Grey/Orange",
  ),
  item(
    "Vibram FiveFingers V-Soul",
    "vibram",
    8499,
    "navy",
    UNIVERSAL,
    "The V-Soul is a light FiveFingers for yoga, pilates and studio training. Its thin sole gives great ground feel. The upper is soft and stretchy. Easy to pack for travel.",
    "Navy",
  ),
  item(
    "Vibram FiveFingers Spyridon EVO",
    "vibram",
    12999,
    "olive",
    UNIVERSAL,
    "The Spyridon EVO is a trail FiveFingers with a protective sole and aggressive lugs. It handles mud and loose terrain well. The upper is breathable and tough. Ideal for hiking and trail running.",
    "Olive",
  ),
  item(
    "Vibram FiveFingers CVT Hemp",
    "vibram",
    8999,
    "olive",
    UNIVERSAL,
    "The CVT Hemp is a casual FiveFingers with a natural hemp upper. Its sole is flexible and comfortable for everyday wear. The upper is breathable and durable. Easy to slip on around camp.",
    "Olive",
  ),
  item(
    "Vibram FiveFingers CVT LB",
    "vibram",
    11999,
    "black-high",
    UNIVERSAL,
    "The CVT LB is a casual FiveFingers with a leather upper. It offers comfort and style for everyday wear. The sole is flexible and grippy. A smart choice for travel.",
    "Black",
  ),
  item(
    "Vibram FiveFingers V-Train 2.0",
    "vibram",
    11499,
    "black",
    UNIVERSAL,
    "The V-Train is a gym FiveFingers with a sole designed for lifting and lateral movement. A secure closure keeps the foot stable. The upper is breathable. Ideal for cross-training.",
    "Black",
  ),
  item(
    "Vibram FiveFingers V-Neop",
    "vibram",
    13999,
    "black-high",
    UNIVERSAL,
    "The V-Neop has a neoprene upper for water sports in cool conditions. It keeps feet warm in cold water. The sole grips wet rocks. Ideal for kayaking and river trips.",
    "Black",
  ),
  item(
    "Vibram FiveFingers Bikila EVO 2",
    "vibram",
    12499,
    "navy",
    UNIVERSAL,
    "The Bikila EVO 2 is a road-running FiveFingers with light cushioning. A strap secures the fit for longer runs. The upper is breathable. A favourite with barefoot runners.",
    "Navy",
  ),
  item(
    "Vibram FiveFingers V-Trek",
    "vibram",
    13999,
    "black-high",
    UNIVERSAL,
    "The V-Trek is a hiking FiveFingers with a water-resistant upper and warm lining. Its lugged sole grips rocks and mud. It is comfortable for long days on the trail. Great for cool-weather hikes.",
    "Black",
  ),
  item(
    "Vibram FiveFingers EL-X",
    "vibram",
    8999,
    "black",
    UNIVERSAL,
    "The EL-X is a simple slip-on FiveFingers for light training and everyday wear. Its thin sole gives great ground feel. The upper is stretchy and breathable. Easy to pack for travel.",
    "Black",
  ),
  item(
    "Vibram FiveFingers Classic",
    "vibram",
    8199,
    "grey-orange",
    UNIVERSAL,
    "The Classic is the original FiveFingers with a minimal upper. It gives the most barefoot feel. The sole protects against sharp objects. Light enough to carry anywhere.",
    "Grey/Orange",
  ),
  item(
    "Vibram FiveFingers Signa",
    "vibram",
    9299,
    "navy",
    UNIVERSAL,
    "The Signa is a water FiveFingers with a fast-drying mesh upper. Its sole grips wet surfaces. A bungee lace secures the fit. Ideal for beach, river and camp.",
    "Navy",
  ),
  item(
    "Vibram FiveFingers Spyridon MR",
    "vibram",
    12999,
    "red-black",
    UNIVERSAL,
    "The Spyridon MR is a mountain-running FiveFingers with a protective plate and aggressive lugs. It handles steep, muddy trails well. A bungee lace system gives a quick, secure fit. Built for trail runners.",
    "Red/Black",
  ),
  item(
    "Vibram FiveFingers V-Run Retro Women's",
    "vibram",
    11999,
    "red-black",
    UNIVERSAL,
    "The women's V-Run Retro combines a retro upper with a cushioned sole. It is comfortable for longer runs. Separate toes encourage a natural stride. Breathable and light.",
    "Red/Black",
  ),
  item(
    "Vibram FiveFingers TrekSport Sandal",
    "vibram",
    10999,
    "olive",
    UNIVERSAL,
    "The TrekSport Sandal is an open, breathable FiveFingers for hot weather trails. Its lugged sole gives good grip. A strap adjusts the fit. Ideal for summer hikes and camp.",
    "Olive",
  ),
];

const ACCESSORIES: ItemDef[] = [
  item(
    "Maxtrax MKII Recovery Boards Pair",
    "maxtrax",
    24500,
    "tracks",
    UNIVERSAL,
    "Maxtrax MKII boards get a bogged 4x4 out of sand, mud and snow without another vehicle. The aggressive cleats grip the tyre and the ground. They are made from tough, UV-stabilised engineering polymer. Sold as a pair with built-in handles.",
  ),
  item(
    "Maxtrax MINI Recovery Boards Pair",
    "maxtrax",
    12800,
    "tracks",
    [JIMNY, WRANGLER],
    "The MINI is a compact version of the Maxtrax board for smaller vehicles and tight storage spaces. It fits behind seats or in a boot. The cleats give strong grip on sand and mud. Sold as a pair.",
  ),
  item(
    "ARB Twin Motor Portable Compressor",
    "arb",
    24999,
    "compressor",
    UNIVERSAL,
    "The ARB twin motor compressor inflates large 4x4 tyres quickly after airing down. It comes in a tough carry case with a hose and gauge. Two motors give high airflow for big tyres. It can also run air tools and an air locker.",
  ),
  item(
    "ARB High Output Onboard Compressor",
    "arb",
    19500,
    "compressor",
    BIG5,
    "A compact onboard compressor that mounts under the bonnet or in the tray. It powers ARB Air Lockers and inflates tyres. The sealed housing resists water and dust. Includes a wiring loom and mounting hardware.",
  ),
  item(
    "ARB E-Z Deflator with Gauge",
    "arb",
    4800,
    "gauge",
    UNIVERSAL,
    "The E-Z Deflator lets you air down tyres quickly and accurately. A large gauge shows the pressure as you deflate. It removes the valve core for fast airflow. Comes in a handy pouch.",
  ),
  item(
    "ARB Speedy Seal Tyre Repair Kit",
    "arb",
    6200,
    "box",
    UNIVERSAL,
    "The Speedy Seal kit repairs tubeless tyre punctures on the trail. It includes plugs, tools and a pressure gauge. Repairs take minutes without removing the wheel. Packed in a tough case.",
  ),
  item(
    "ARB Essentials Recovery Kit",
    "arb",
    14500,
    "box",
    UNIVERSAL,
    "A compact recovery kit with a snatch strap, tree protector, shackles and gloves. Everything is packed in a heavy-duty bag. It covers most common recoveries. A must-have for any 4x4.",
  ),
  item(
    "ARB Snatch Strap 11,000 kg",
    "arb",
    5200,
    "strap",
    UNIVERSAL,
    "A kinetic recovery strap that stretches to snatch a stuck vehicle free. It is rated to 11,000 kg. Reinforced eyes resist wear. Supplied in a storage bag.",
  ),
  item(
    "ARB Soft Shackle",
    "arb",
    2400,
    "strap",
    UNIVERSAL,
    "A soft shackle made from synthetic fibre. It is lighter and safer than a steel shackle. Rated to a high breaking strength. Easy to attach to recovery points.",
  ),
  item(
    "ARB Recovery Damper",
    "arb",
    2100,
    "strap",
    UNIVERSAL,
    "A recovery damper that drapes over a winch rope or strap. It absorbs energy if the line breaks. An essential safety item for every recovery. Reflective strips make it easy to see.",
  ),
  item(
    "ARB Touring Awning 2500",
    "arb",
    24000,
    "awning",
    UNIVERSAL,
    "The ARB Touring Awning gives a large shaded area beside your vehicle. It rolls out in minutes and packs into a tough PVC bag. The frame is made from strong aluminium. Mounts to most roof racks.",
  ),
  item(
    "ARB Fridge Transit Bag 47L",
    "arb",
    8500,
    "box",
    UNIVERSAL,
    "An insulated transit bag for ARB fridges that keeps the cold in. It protects the fridge from scratches and dust. Access panels allow use without removing the bag. Fits the 47 litre fridge.",
  ),
  item(
    "ARB Recovery Points (Toyota Hilux)",
    "arb",
    9500,
    "shackle",
    [HILUX],
    "Rated recovery points for the Hilux that bolt to the chassis. They are designed for use with snatch straps and winches. Made from high-strength steel. Supplied with bolts and instructions.",
  ),
  item(
    "Safari Snorkel Pre-Cleaner",
    "safari",
    6800,
    "precleaner",
    BIG5,
    "The Safari pre-cleaner spins out dust before it reaches the air filter. It fits on most Safari snorkels in place of the ram head. A clear bowl shows when it needs emptying. Ideal for dusty outback-style tracks.",
  ),
  item(
    "Safari Snorkel Air Ram Head",
    "safari",
    4900,
    "precleaner",
    [HILUX, FORTUNER, PAJERO, JIMNY, WRANGLER],
    "A replacement air ram head for Safari snorkels. It directs air into the snorkel and separates water. Made from UV-stabilised plastic. Easy to swap.",
  ),
  item(
    "Rhino-Rack Vortex 2500 Roof Bars",
    "rhino-rack",
    21500,
    "roof-bars",
    [FORTUNER, PAJERO, ENDEAVOUR],
    "Rhino-Rack Vortex bars are aerodynamic roof bars for carrying gear. They are quiet at highway speeds. The bars fit the factory roof rails. Rated to carry up to 75 kg.",
  ),
  item(
    "Rhino-Rack Folding Ladder",
    "rhino-rack",
    18000,
    "roof-bars",
    UNIVERSAL,
    "A folding aluminium ladder for reaching the roof rack or tent. It folds down to a compact size for storage. The steps are wide and grippy. Rated for adult use.",
  ),
  item(
    "Front Runner Wolf Pack Pro Storage Box",
    "front-runner",
    5400,
    "box",
    UNIVERSAL,
    "The Wolf Pack Pro is a tough, stackable storage box for overland gear. It fits neatly in drawers and on roof racks. The lid locks closed and is weather resistant. A simple way to organise your kit.",
  ),
  item(
    "Front Runner Jerry Can Holder",
    "front-runner",
    7800,
    "jerrycan",
    UNIVERSAL,
    "A secure holder for a standard 20 litre jerry can. It mounts on a roof rack or rear bar. A lockable strap keeps the can in place. Made from powder-coated steel.",
  ),
  item(
    "Front Runner Water Tank 42L",
    "front-runner",
    19000,
    "jerrycan",
    UNIVERSAL,
    "A 42 litre water tank designed to fit under a roof rack or in the tray. It has a tap and hose for easy filling. The tank is made from food-grade plastic. Ideal for long trips.",
  ),
  item(
    "Dometic CFX3 Protective Cover 45",
    "dometic",
    7200,
    "box",
    UNIVERSAL,
    "A padded protective cover for the Dometic CFX3 45 fridge. It insulates the fridge and protects it from knocks. Access panels let you open the lid. Made from tough fabric.",
  ),
  item(
    "Warn Epic Recovery Kit",
    "warn",
    16500,
    "box",
    UNIVERSAL,
    "The Warn Epic recovery kit includes a snatch block, tree strap, shackles and gloves. Everything comes in a heavy-duty bag. It covers most winching and snatch recoveries. Built to Warn's standards.",
  ),
  item(
    "Smittybilt D-Ring Shackle Pair",
    "smittybilt",
    2800,
    "shackle",
    UNIVERSAL,
    "A pair of rated steel D-ring shackles for recovery. They connect straps and winch ropes to recovery points. Powder coated against corrosion. Supplied with isolators.",
  ),
  item(
    "Rough Country Molle Panel (Jeep Wrangler JL)",
    "rough-country",
    12000,
    "box",
    [WRANGLER],
    "A steel Molle panel for the Wrangler JL that mounts behind the rear seats. It lets you attach pouches and gear. The panel is powder coated. Bolts into factory mounting points.",
  ),
];

// ---------------------------------------------------------------------------------------------
// Body parts (the static client catalogue of SPEC section 3)
// ---------------------------------------------------------------------------------------------

interface BodyKind {
  id: string;
  name: string;
  rupees: number;
  brand: string;
  description: (vehicle: string) => string;
}

const BODY_KINDS: BodyKind[] = [
  {
    id: "side-mirror",
    name: "Side Mirror",
    rupees: 3400,
    brand: "uno-minda",
    description: (v) =>
      `Replacement outside rear-view mirror for the ${v}, matched to the original mounting and shape. The housing is made from UV-resistant ABS and can be painted to match your car. The glass gives a clear, distortion-free view. Fits in place of the original unit with the factory fasteners.`,
  },
  {
    id: "bonnet",
    name: "Bonnet",
    rupees: 10500,
    brand: "oem-replacement",
    description: (v) =>
      `A direct-fit replacement bonnet for the ${v}, pressed from steel to the original profile. It is supplied in black primer ready for paint. Hinge and latch points line up with the factory mounts. Ideal for repairing accident or rust damage.`,
  },
  {
    id: "front-bumper",
    name: "Front Bumper",
    rupees: 8500,
    brand: "oem-replacement",
    description: (v) =>
      `A direct-fit front bumper for the ${v}, moulded to the original shape. It is made from impact-resistant polypropylene and supplied in primer ready for paint. Fog lamp openings and number plate mounts match the original part. It bolts onto the factory brackets with no cutting.`,
  },
  {
    id: "rear-bumper",
    name: "Rear Bumper",
    rupees: 7800,
    brand: "oem-replacement",
    description: (v) =>
      `A replacement rear bumper for the ${v}, made to the original dimensions. The polypropylene moulding absorbs minor knocks. Reflector and sensor holes match the factory layout. It is supplied in primer ready for paint.`,
  },
  {
    id: "fog-light",
    name: "Fog Light",
    rupees: 2600,
    brand: "lumax",
    description: (v) =>
      `A replacement front fog lamp for the ${v} that fits the original bumper opening. It gives a wide, low beam for rain and mist. The housing is sealed against dust and water. Supplied with a bulb and connector.`,
  },
  {
    id: "windshield",
    name: "Windshield",
    rupees: 9500,
    brand: "oem-replacement",
    description: (v) =>
      `A laminated safety glass windshield made for the ${v}. It has a green tint and a shade band like the original. The glass meets Indian safety standards. Fitting by a professional glass installer is recommended.`,
  },
  {
    id: "front-door",
    name: "Front Door",
    rupees: 11500,
    brand: "oem-replacement",
    description: (v) =>
      `A replacement front door shell for the ${v}, made from pressed steel. It is supplied in primer without glass or trim. Hinge and lock points match the original door. Ideal for accident repair.`,
  },
  {
    id: "rear-door",
    name: "Rear Door",
    rupees: 11000,
    brand: "oem-replacement",
    description: (v) =>
      `A replacement rear door shell for the ${v}, pressed from steel to the original shape. It comes in primer ready for paint. Window, hinge and lock points match the factory part. Transfer the trim from your old door.`,
  },
  {
    id: "left-headlight",
    name: "Left Headlight",
    rupees: 6800,
    brand: "lumax",
    description: (v) =>
      `A replacement left-hand headlamp assembly for the ${v}. It has a clear polycarbonate lens and the original beam pattern. The unit plugs into the factory wiring. Bulbs are included.`,
  },
  {
    id: "right-headlight",
    name: "Right Headlight",
    rupees: 6800,
    brand: "lumax",
    description: (v) =>
      `A replacement right-hand headlamp assembly for the ${v}. The lens is UV coated to resist yellowing. It fits the original mounts and wiring connector. Bulbs are included.`,
  },
  {
    id: "tail-light",
    name: "Tail Light",
    rupees: 3800,
    brand: "lumax",
    description: (v) =>
      `A replacement tail lamp for the ${v} with brake, indicator and reverse sections. It matches the original shape and colour. The housing is sealed against water. Plugs into the factory connector.`,
  },
  {
    id: "skid-plate",
    name: "Skid Plate",
    rupees: 5200,
    brand: "oem-replacement",
    description: (v) =>
      `A front skid plate for the ${v} that protects the sump and lower engine. It is made from steel with a powder-coated finish. It bolts to the existing underbody mounts. Vent holes help cooling and servicing.`,
  },
  {
    id: "fender",
    name: "Fender",
    rupees: 3900,
    brand: "oem-replacement",
    description: (v) =>
      `A replacement front fender panel for the ${v}, pressed to the original shape. It is supplied in primer ready for paint. Indicator and mounting holes match the factory part. Ideal for accident or rust repair.`,
  },
  {
    id: "roof-rail",
    name: "Roof Rail",
    rupees: 6200,
    brand: "oem-replacement",
    description: (v) =>
      `A pair of aluminium roof rails styled for the ${v}. They add a rugged look and support cross bars for luggage. The rails are anodised against corrosion. Mounting hardware is included.`,
  },
  {
    id: "grille",
    name: "Grille",
    rupees: 4500,
    brand: "oem-replacement",
    description: (v) =>
      `A replacement front grille for the ${v} in the original design. It is moulded from tough ABS plastic with a black finish. It clips into the factory mounts. An easy way to refresh the front of the car.`,
  },
];

/** The 20 models of the client catalogue, with a price factor by vehicle class. */
const BODY_MODELS: [vehicle: string, factor: number][] = [
  ["toyota_hilux", 1.15],
  ["mahindra_thar", 1.1],
  ["isuzu_dmax", 1.1],
  ["suzuki_jimny", 1.0],
  ["ford_endeavor", 1.15],
  ["toyota_fortuner", 1.15],
  ["tata_safari", 1.1],
  ["hyundai_creta", 1.0],
  ["kia_seltos", 1.0],
  ["jeep_compass", 1.1],
  ["renault_duster", 0.9],
  ["honda_wrv", 0.85],
  ["volkswagen_taigun", 1.0],
  ["skoda_kushaq", 1.0],
  ["mg_hector", 1.05],
  ["nissan_magnite", 0.8],
  ["tata_nexon", 0.85],
  ["mahindra_scorpio_n", 1.1],
  ["hyundai_venue", 0.85],
  ["kia_sonet", 0.85],
];

const BODY_PARTS_PER_MODEL = 5;
const THREE_DOOR = new Set(["mahindra_thar"]);

// ---------------------------------------------------------------------------------------------
// Building the catalogue
// ---------------------------------------------------------------------------------------------

/** Products shown first under "newest" (the home page's Trending Products). */
const NEWEST_FIRST = [
  "method-mr305-nv-wheel",
  "warn-vr-evo-10-s-10000-lb-winch",
  "arb-summit-front-bar-toyota-hilux",
  "old-man-emu-bp-51-suspension-kit-toyota-hilux",
  "noco-genius10-10a-smart-charger",
  "safari-v-spec-snorkel-toyota-hilux",
];

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/(\d),(\d)/g, "$1$2")
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** mulberry32: a tiny deterministic PRNG, so the demo catalogue is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PRNG_SEED = 20261123;
const DAY_MS = 24 * 60 * 60 * 1000;
const SPREAD_DAYS = 180;
const SOLD_OUT_SHARE = 0.1;

type Draft = Omit<SeedProduct, "stock" | "createdAt">;

function vehiclesOf(fits: Fits): { universalFit: boolean; vehicles: string[] } {
  return fits === UNIVERSAL
    ? { universalFit: true, vehicles: [] }
    : { universalFit: false, vehicles: [...new Set(fits)] };
}

export function buildDemoCatalog(now: Date = new Date()): DemoCatalog {
  const artwork = new Map<string, ArtSpec>();
  const drafts: Draft[] = [];

  // Wheels: images keyed by design + finish + view, shared by products of the same design.
  for (const def of WHEELS) {
    const design = WHEEL_DESIGNS[def.design];
    const colors: SeedColor[] = def.finishes.map((code, index) => {
      const finish = FINISHES[code];
      const views: WheelView[] = index === 0 ? ["face", "angle", "detail"] : ["face", "angle"];
      const images = views.map((view) => {
        const key = `seed/wheels-${design.id}-${finish.id}-${view}`;
        if (!artwork.has(key)) artwork.set(key, { key, kind: "wheel", design, finish, view });
        return key;
      });
      return { name: finish.name, images };
    });
    const bolts = new Set(def.sizes.map(([, bolt]) => bolt));
    const vehicles = [...bolts].flatMap((bolt) => BOLT_FITS[bolt]);
    drafts.push({
      slug: slugify(def.title),
      title: def.title,
      brand: def.brand,
      category: "wheels",
      pricePaise: def.rupees * 100,
      description: def.description,
      image: colors[0].images[0],
      universalFit: false,
      vehicles: [...new Set(vehicles)],
      colors,
      sizes: def.sizes.map(([label, bolt, offset]) => {
        const [dia, width] = label.split("x").map(Number);
        return {
          label,
          diameter: dia,
          width,
          boltPattern: bolt,
          offsetMm: offset,
          hubBoreMm: HUB_BORE[bolt],
          partNumber: wheelPartNumber(def, label, bolt, offset, def.finishes[0]),
        };
      }),
    });
  }

  // Other categories: one shared image per artwork name.
  const lists: [CategorySlug, ItemDef[]][] = [
    ["suspension", SUSPENSION],
    ["winches", WINCHES],
    ["protection_equipment", PROTECTION],
    ["noco_chargers", CHARGERS],
    ["lights", LIGHTS],
    ["vibram_fivefingers", VIBRAM],
    ["generic_accessories", ACCESSORIES],
  ];
  for (const [category, items] of lists) {
    const table = ART[category] ?? {};
    for (const def of items) {
      const art = table[def.art];
      if (!art) throw new Error(`Unknown artwork ${def.art} in ${category}`);
      const key = objectArtKey(category, def.art);
      if (!artwork.has(key))
        artwork.set(key, { key, kind: "object", category, shape: art.shape, palette: art.palette });
      drafts.push({
        slug: slugify(def.title),
        title: def.title,
        brand: def.brand,
        category,
        pricePaise: def.rupees * 100,
        description: def.description,
        image: key,
        ...vehiclesOf(def.fits),
        colors: def.color ? [{ name: def.color, images: [key] }] : [],
        sizes: [],
      });
    }
  }

  // Body parts of the client catalogue.
  const vehicleBySlug = new Map(VEHICLES.map((v) => [v.slug, v]));
  const bodyPalette = pal("#8d959e", "#3a3f45", "#cfd6dd");
  BODY_MODELS.forEach(([vehicleSlug, factor], i) => {
    const vehicle = vehicleBySlug.get(vehicleSlug);
    if (!vehicle) throw new Error(`Unknown vehicle ${vehicleSlug}`);
    const name =
      vehicle.make === "Suzuki"
        ? `Maruti Suzuki ${vehicle.model}`
        : `${vehicle.make} ${vehicle.model}`;
    // Five kinds per model, rotating through the list; three-door models have no rear doors.
    const kinds = BODY_KINDS.map((_, k) => BODY_KINDS[(i * 4 + k) % BODY_KINDS.length])
      .filter((k) => !(THREE_DOOR.has(vehicleSlug) && k.id === "rear-door"))
      .slice(0, BODY_PARTS_PER_MODEL);
    for (const kind of kinds) {
      const key = `seed/body-${kind.id}`;
      if (!artwork.has(key))
        artwork.set(key, {
          key,
          kind: "object",
          category: "body_parts",
          shape: kind.id,
          palette: bodyPalette,
        });
      const rupees = Math.min(12000, Math.max(2000, kind.rupees * factor));
      const title = `${name} ${kind.name}`;
      drafts.push({
        slug: slugify(title),
        title,
        brand: kind.brand,
        category: "body_parts",
        pricePaise: (Math.round(rupees / 100) * 100 - 1) * 100,
        description: kind.description(name),
        image: key,
        universalFit: false,
        vehicles: [vehicleSlug],
        colors: [],
        sizes: [],
      });
    }
  });

  // Stock and creation dates from one seeded PRNG, in a fixed order: 2 to 40 units each, and
  // one product in ten (never a "newest" one) sold out.
  const random = seededRandom(PRNG_SEED);
  const stocks = drafts.map(() => 2 + Math.floor(random() * 39));
  const shuffled = (): number[] => {
    const order = drafts.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    return order;
  };
  const order = shuffled();
  const newest = NEWEST_FIRST.map((slug) => drafts.findIndex((d) => d.slug === slug)).filter(
    (i) => i >= 0,
  );
  const ranked = [...newest, ...order.filter((i) => !newest.includes(i))];
  const ages = new Map<number, number>();
  ranked.forEach((index, rank) => {
    const step = (SPREAD_DAYS * DAY_MS) / ranked.length;
    const jitter = Math.floor(random() * step * 0.8);
    ages.set(index, Math.round(rank * step + jitter + 2 * 60 * 60 * 1000));
  });

  const soldOut = new Set(
    shuffled()
      .filter((i) => !newest.includes(i))
      .slice(0, Math.round(drafts.length * SOLD_OUT_SHARE)),
  );

  const products: SeedProduct[] = drafts.map((draft, i) => ({
    ...draft,
    stock: soldOut.has(i) ? 0 : newest.includes(i) ? Math.max(stocks[i], 12) : stocks[i],
    createdAt: new Date(now.getTime() - (ages.get(i) ?? 0)).toISOString(),
  }));

  return {
    categories: CATEGORIES,
    brands: BRANDS,
    vehicles: VEHICLES,
    products,
    artwork: [...artwork.values()],
  };
}
