// Draws the storefront's artwork (hero slides, vehicle banners and cards, builds, About) as small
// SVG files under public/art/ (never a folder named like a page). Deterministic: run `node scripts/storefront-art.mjs` to redraw them.
import fs from "node:fs";
import path from "node:path";

const palettes = {
  dusk: ["#1b1f3b", "#e8590c", "#f6c177", "#3a2e4a", "#5b3a52", "#2a1f2d"],
  desert: ["#f4a261", "#fde2b8", "#fff4d6", "#c47f4a", "#a9653a", "#7a4527"],
  forest: ["#0f3d3e", "#6fb3a0", "#e9f5db", "#2f6b4f", "#1f4d3a", "#12291f"],
  night: ["#0b1026", "#24386e", "#c9d6ff", "#1a2450", "#121a3a", "#080c1c"],
  snow: ["#5b8bd0", "#cfe3f7", "#ffffff", "#8aa7c7", "#dfe9f3", "#49607a"],
  canyon: ["#7f1d1d", "#f97316", "#fed7aa", "#9a3412", "#7c2d12", "#431407"],
  monsoon: ["#111827", "#4b5563", "#e5e7eb", "#374151", "#1f2937", "#030712"],
};

function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function ridge(w, h, base, amp, step, rand) {
  const pts = [`0,${h}`];
  for (let x = 0; x <= w + step; x += step)
    pts.push(`${Math.min(x, w)},${Math.round(base - rand() * amp)}`);
  pts.push(`${w},${h}`);
  return pts.join(" ");
}

const truck = (x, y, s, fill) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}"><path d="M6 58 L14 36 L58 30 L76 8 L146 8 L160 30 L188 34 C194 35 196 40 196 46 L196 58 Z"/><rect x="80" y="0" width="62" height="5" rx="2"/><rect x="86" y="14" width="26" height="14" rx="2" fill-opacity=".35" fill="#fff"/><rect x="118" y="14" width="24" height="14" rx="2" fill-opacity=".35" fill="#fff"/><circle cx="48" cy="62" r="20"/><circle cx="156" cy="62" r="20"/><circle cx="48" cy="62" r="8" fill="#999"/><circle cx="156" cy="62" r="8" fill="#999"/></g>`;

function art({ w, h, palette, seed, truckScale = 1, truckX = 0.55 }) {
  const [sky1, sky2, sun, m1, m2, ground] = palettes[palette];
  const r = rng(seed);
  const id = `g${seed}`;
  const s = (h / 450) * 1.4 * truckScale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky1}"/><stop offset="1" stop-color="${sky2}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#${id})"/><circle cx="${Math.round(w * (0.15 + r() * 0.2))}" cy="${Math.round(h * 0.3)}" r="${Math.round(h * 0.12)}" fill="${sun}" fill-opacity=".9"/><polygon points="${ridge(w, h, h * 0.62, h * 0.3, Math.round(w / 9), r)}" fill="${m1}"/><polygon points="${ridge(w, h, h * 0.75, h * 0.18, Math.round(w / 14), r)}" fill="${m2}"/><rect y="${Math.round(h * 0.84)}" width="${w}" height="${h}" fill="${ground}"/>${truck(Math.round(w * truckX), Math.round(h * 0.84 - 82 * s), s.toFixed(2), ground)}</svg>\n`;
}

const out = (file, svg) => {
  const full = path.join("public", "art", file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, svg);
};

const heroPalettes = ["dusk", "desert", "forest", "night", "canyon"];
heroPalettes.forEach((p, i) => {
  out(`hero/desktop-${i + 1}.svg`, art({ w: 1600, h: 450, palette: p, seed: 11 + i, truckX: 0.6 }));
  out(
    `hero/mobile-${i + 1}.svg`,
    art({ w: 768, h: 400, palette: p, seed: 31 + i, truckX: 0.3, truckScale: 0.9 }),
  );
});
// Phones get a sixth hero slide (the spec: six images on phones, five on wider screens).
out(
  "hero/mobile-6.svg",
  art({ w: 768, h: 400, palette: "monsoon", seed: 36, truckX: 0.3, truckScale: 0.9 }),
);

const vehicles = [
  "toyota_hilux",
  "suzuki_jimny",
  "jeep_wrangler",
  "toyota_fortuner",
  "isuzu_dmax",
  "mitsubishi_pajero",
  "ford_endeavor",
];
const vehiclePalettes = ["desert", "forest", "canyon", "dusk", "snow", "night", "desert"];
vehicles.forEach((v, i) => {
  for (let img = 0; img < 2; img++) {
    const p = img === 0 ? vehiclePalettes[i] : heroPalettes[(i + 2) % heroPalettes.length];
    out(
      `vehicles/${v}-${img}.svg`,
      art({ w: 1600, h: 400, palette: p, seed: 101 + i * 7 + img, truckX: 0.62 }),
    );
  }
  out(
    `vehicles/${v}-card.svg`,
    art({
      w: 600,
      h: 400,
      palette: vehiclePalettes[i],
      seed: 201 + i,
      truckX: 0.28,
      truckScale: 1.1,
    }),
  );
});

out("builds/suzuki_jimny.svg", art({ w: 800, h: 500, palette: "forest", seed: 301, truckX: 0.3 }));
out("builds/toyota_hilux.svg", art({ w: 800, h: 500, palette: "canyon", seed: 302, truckX: 0.35 }));
out("about/hero.svg", art({ w: 1600, h: 450, palette: "snow", seed: 401, truckX: 0.65 }));
out("about/team.svg", art({ w: 800, h: 500, palette: "dusk", seed: 402, truckX: 0.4 }));
