/**
 * Demo product artwork: each `ArtSpec` of the seed catalogue becomes a square SVG drawing
 * (a wheel in its finish and view, a winch, a light bar, a shoe, a bumper ...) that
 * `writeWebpVariants` renders to WebP. No text and no external resources, so it renders the same
 * on any server without fonts or network.
 */
import type {
  ArtSpec,
  CategorySlug,
  Palette,
  WheelDesign,
  WheelFinish,
  WheelView,
} from "./catalog-data";

// ---------------------------------------------------------------------------------------------
// Colour and geometry helpers
// ---------------------------------------------------------------------------------------------

function hex(c: string): [number, number, number] {
  const v = c.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(v.slice(i, i + 2), 16)) as [number, number, number];
}

/** Linear mix of two #rrggbb colours (t = 0 gives a, 1 gives b). */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hex(a);
  const [br, bg, bb] = hex(b);
  const ch = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${ch(ar, br)}${ch(ag, bg)}${ch(ab, bb)}`;
}
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);

const r1 = (n: number) => Math.round(n * 10) / 10;
function polar(r: number, deg: number): [number, number] {
  const rad = ((deg - 90) * Math.PI) / 180;
  return [r1(r * Math.cos(rad)), r1(r * Math.sin(rad))];
}

/** Collects gradient definitions for one drawing. */
class Defs {
  private items: string[] = [];
  private n = 0;

  linear(c1: string, c2: string, vertical = true, o1 = 1, o2 = 1): string {
    const id = `g${this.n++}`;
    this.items.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">` +
        `<stop offset="0" stop-color="${c1}" stop-opacity="${o1}"/><stop offset="1" stop-color="${c2}" stop-opacity="${o2}"/></linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(c1: string, c2: string, o1 = 1, o2 = 1): string {
    const id = `g${this.n++}`;
    this.items.push(
      `<radialGradient id="${id}"><stop offset="0" stop-color="${c1}" stop-opacity="${o1}"/>` +
        `<stop offset="1" stop-color="${c2}" stop-opacity="${o2}"/></radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A radial gradient in user space (centred on 0,0) with explicit stops: [offset, colour]. */
  rings(radius: number, stops: [number, string][]): string {
    const id = `g${this.n++}`;
    this.items.push(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="${radius}">` +
        stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join("") +
        `</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A metal-like top-to-bottom shading of one colour. */
  metal(c: string, vertical = true): string {
    return this.linear(lighten(c, 0.22), darken(c, 0.25), vertical);
  }

  toString(): string {
    return `<defs>${this.items.join("")}</defs>`;
  }
}

const rect = (x: number, y: number, w: number, h: number, r: number, fill: string, extra = "") =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="${r}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = "") =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const path = (d: string, fill: string, extra = "") =>
  `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const stroke = (d: string, color: string, width: number, extra = "") =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ""}/>`;
const group = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;
const repeat = (n: number, fn: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => fn(i)).join("");

const BACKGROUNDS: Record<CategorySlug, [string, string]> = {
  wheels: ["#f4f6f9", "#d1d8e1"],
  suspension: ["#f8f4ed", "#e2d5bf"],
  winches: ["#f0f5f0", "#c9d7ca"],
  protection_equipment: ["#f6f1ed", "#dccbbf"],
  noco_chargers: ["#fff9ec", "#f1dbab"],
  lights: ["#2a3546", "#0b1017"],
  vibram_fivefingers: ["#f7f5f1", "#ddd5c8"],
  generic_accessories: ["#f1f3f7", "#cdd5e1"],
  body_parts: ["#f4f6f8", "#d5dce4"],
};

function frame(category: CategorySlug, draw: (defs: Defs) => string, shadow = true): string {
  const defs = new Defs();
  const [top, bottom] = BACKGROUNDS[category];
  const bg = defs.linear(top, bottom);
  const dark = category === "lights";
  const ground = shadow
    ? ellipse(
        200,
        352,
        150,
        16,
        defs.radial(dark ? "#000000" : "#1c2430", "#1c2430", dark ? 0.5 : 0.28, 0),
      )
    : "";
  const body = draw(defs);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 400 400">` +
    `${defs}${rect(0, 0, 400, 400, 0, bg)}${ground}${body}</svg>`
  );
}

// ---------------------------------------------------------------------------------------------
// Wheels
// ---------------------------------------------------------------------------------------------

const TYRE_R = 165;

function wheelFace(d: Defs, design: WheelDesign, finish: WheelFinish): string {
  const { face, shade, lip } = finish;
  const parts: string[] = [];
  // Tyre: carcass, tread blocks on the shoulder, sidewall bulge.
  parts.push(circle(0, 0, TYRE_R, "#1b1b1d"));
  parts.push(
    repeat(48, (i) =>
      group(`rotate(${i * 7.5})`, rect(-6, -TYRE_R, 12, i % 2 ? 11 : 15, 2, "#2c2c2f")),
    ),
  );
  parts.push(circle(0, 0, 146, "none", `stroke="#262629" stroke-width="20"`));
  parts.push(circle(0, 0, 132, "#151517"));
  // Rim: lip, barrel in shadow, face.
  parts.push(circle(0, 0, 121, d.linear(lighten(lip, 0.25), darken(lip, 0.2))));
  parts.push(circle(0, 0, 112, darken(shade, 0.1)));
  parts.push(circle(0, 0, 108, d.linear(lighten(face, 0.12), darken(face, 0.12))));

  // Seen through the windows: the dark wheel well with a brake disc and its hat.
  const windowFill = d.rings(112, [
    [0, "#0a0a0b"],
    [0.3, "#232427"],
    [0.4, "#0a0a0b"],
    [0.52, "#54585d"],
    [0.82, "#6b7076"],
    [0.86, "#3b3e42"],
    [0.9, "#0a0a0b"],
    [1, "#0a0a0b"],
  ]);
  const machinedEdge = finish.id === "black-machined" ? `stroke="${lip}" stroke-width="1.6"` : "";
  const windowStroke = finish.id === "black-machined" ? mix(lip, shade, 0.35) : shade;
  const n = design.spokes;
  if (design.holes) {
    const radius = n >= 10 ? 15 : 20;
    const ring = n >= 10 ? 76 : 72;
    for (let k = 0; k < n; k++) {
      const [x, y] = polar(ring, (k * 360) / n + 180 / n);
      parts.push(circle(x, y, radius, windowFill, machinedEdge));
    }
    parts.push(circle(0, 0, 46, "none", `stroke="${darken(face, 0.25)}" stroke-width="2"`));
  } else {
    const windows = (
      count: number,
      ri: number,
      ro: number,
      si: number,
      so: number,
      offset: number,
    ) => {
      for (let k = 0; k < count; k++) {
        const c = (k * 360) / count + offset;
        const [ax, ay] = polar(ri, c - si);
        const [bx, by] = polar(ro, c - so);
        const [cx, cy] = polar(ro, c + so);
        const [ex, ey] = polar(ri, c + si);
        parts.push(
          path(
            `M${ax} ${ay}L${bx} ${by}A${ro} ${ro} 0 0 1 ${cx} ${cy}L${ex} ${ey}A${ri} ${ri} 0 0 0 ${ax} ${ay}Z`,
            windowFill,
            `stroke="${windowStroke}" stroke-width="5" stroke-linejoin="round"`,
          ),
        );
      }
    };
    windows(n, design.innerRadius, design.outerRadius, design.innerSpan, design.outerSpan, 180 / n);
    if (design.mesh) windows(n * 2, 82, 101, 5, 6, 90 / n);
    for (let k = 0; k < n; k++) {
      const a = (k * 360) / n;
      const [x1, y1] = polar(design.innerRadius + 12, a);
      const [x2, y2] = polar(design.outerRadius - 8, a);
      if (design.slit) parts.push(stroke(`M${x1} ${y1}L${x2} ${y2}`, darken(shade, 0.2), 4));
      if (design.pocket) parts.push(stroke(`M${x1} ${y1}L${x2} ${y2}`, darken(face, 0.3), 9));
    }
  }
  if (design.rivets) {
    for (let k = 0; k < 18; k++) {
      const [x, y] = polar(103, k * 20);
      parts.push(circle(x, y, 2.6, lighten(face, 0.35)));
    }
  }
  if (design.beadlock) {
    parts.push(circle(0, 0, 115, "none", `stroke="${darken(lip, 0.25)}" stroke-width="11"`));
    for (let k = 0; k < 24; k++) {
      const [x, y] = polar(115, k * 15);
      parts.push(circle(x, y, 2.4, "#c9ced3"));
    }
  }
  // Hub: cap, lug nuts, centre badge (a plain disc: no text).
  parts.push(circle(0, 0, 36, d.linear(lighten(face, 0.2), darken(face, 0.1))));
  for (let k = 0; k < design.lugs; k++) {
    const [x, y] = polar(25, (k * 360) / design.lugs);
    parts.push(circle(x, y, 5.2, "#b9bec3", `stroke="#6d7379" stroke-width="1.2"`));
  }
  parts.push(circle(0, 0, 14, darken(face, 0.35)));
  parts.push(circle(0, 0, 7, lighten(face, 0.15)));
  // Light falling from the top left; glossy finishes get a stronger highlight.
  parts.push(circle(0, 0, 121, d.linear("#ffffff", "#ffffff", true, finish.gloss ? 0.3 : 0.1, 0)));
  return parts.join("");
}

function wheelArt(design: WheelDesign, finish: WheelFinish, view: WheelView): string {
  return frame("wheels", (d) => {
    const faceSvg = wheelFace(d, design, finish);
    if (view === "face") return group("translate(200 192)", faceSvg);
    if (view === "detail") {
      return group("translate(200 200) scale(2.1) translate(-52 52)", faceSvg);
    }
    // Three-quarter view: tyre tread band between the back and front ellipses, face squashed.
    const sx = 0.6;
    const rx = TYRE_R * sx;
    const depth = 72;
    const tread = repeat(40, (i) => {
      const theta = -90 + (i + 0.5) * 4.5;
      const rad = (theta * Math.PI) / 180;
      const y = TYRE_R * Math.sin(rad);
      const h = Math.max(1.5, 6 * Math.cos(rad));
      const x = rx * Math.cos(rad);
      return rect(x, y - h / 2, depth * (i % 2 ? 0.85 : 1), h, 1, "#303033");
    });
    const body =
      ellipse(depth, 0, rx, TYRE_R, "#141416") +
      rect(0, -TYRE_R, depth, TYRE_R * 2, 0, d.linear("#26262a", "#151517", false)) +
      tread +
      group(`scale(${sx} 1)`, faceSvg);
    return group(`translate(${200 - depth / 2} 192)`, body);
  });
}

// ---------------------------------------------------------------------------------------------
// Shared object parts
// ---------------------------------------------------------------------------------------------

/** An alligator clamp hanging from a lead, jaws down, at (x, y). */
function clamp(x: number, y: number, color: string, rotate = 0): string {
  return group(
    `translate(${x} ${y}) rotate(${rotate})`,
    rect(-11, -46, 22, 48, 7, color) +
      rect(-7, -40, 14, 6, 2, darken(color, 0.3)) +
      path("M-12 2L-8 30L8 30L12 2Z", "#b8bdc2") +
      stroke("M-6 12L6 12M-6 20L6 20", "#7b8187", 2),
  );
}

function shockBody(
  d: Defs,
  x: number,
  top: number,
  bottom: number,
  body: string,
  band: string,
  metalColor: string,
  width = 46,
): string {
  const shaftEnd = top + (bottom - top) * 0.35;
  return (
    circle(x, top, 14, "none", `stroke="${metalColor}" stroke-width="7"`) +
    rect(
      x - 7,
      top + 10,
      14,
      shaftEnd - top,
      3,
      d.linear(lighten(metalColor, 0.4), darken(metalColor, 0.2), false),
    ) +
    rect(
      x - width / 2,
      shaftEnd,
      width,
      bottom - shaftEnd - 18,
      10,
      d.linear(lighten(body, 0.25), darken(body, 0.3), false),
    ) +
    rect(x - width / 2, shaftEnd + 22, width, 20, 0, band) +
    circle(x, bottom, 14, "none", `stroke="${darken(body, 0.1)}" stroke-width="7"`)
  );
}

function coilSpring(
  x: number,
  top: number,
  bottom: number,
  width: number,
  color: string,
  turns: number,
  front: boolean,
): string {
  const pitch = (bottom - top) / turns;
  let d = "";
  for (let t = 0; t < turns; t++) {
    const y = top + t * pitch;
    d += front
      ? `M${x - width / 2} ${r1(y)}L${x + width / 2} ${r1(y + pitch / 2)}`
      : `M${x + width / 2} ${r1(y + pitch / 2)}L${x - width / 2} ${r1(y + pitch)}`;
  }
  return stroke(d, front ? color : darken(color, 0.35), 11);
}

// ---------------------------------------------------------------------------------------------
// Object shapes by category
// ---------------------------------------------------------------------------------------------

type Draw = (d: Defs, p: Palette) => string;

function winch(kind: "synthetic" | "steel" | "control"): Draw {
  return (d, { main, accent, extra }) => {
    const rope = accent;
    const body =
      rect(66, 272, 268, 14, 3, darken(main, 0.3)) +
      // Motor with cooling ribs and end cap.
      rect(48, 150, 112, 116, 20, d.metal(main)) +
      repeat(5, (i) => rect(68 + i * 18, 156, 5, 104, 2, lighten(main, 0.1))) +
      ellipse(50, 208, 12, 54, darken(main, 0.35)) +
      // Drum between two end plates, rope wraps.
      rect(168, 162, 112, 96, 6, d.linear(lighten(rope, 0.2), darken(rope, 0.3))) +
      repeat(15, (i) =>
        stroke(
          `M${172 + i * 7.2} 164L${176 + i * 7.2} 256`,
          darken(rope, kind === "steel" ? 0.35 : 0.45),
          kind === "steel" ? 1.6 : 2.6,
        ),
      ) +
      rect(156, 128, 16, 158, 4, d.metal(darken(main, 0.1))) +
      rect(276, 128, 16, 158, 4, d.metal(darken(main, 0.1))) +
      // Gearbox with clutch knob.
      rect(292, 146, 64, 124, 16, d.metal(main)) +
      rect(310, 122, 26, 30, 6, extra) +
      // Rope to the hook.
      stroke("M232 258C240 300 282 306 306 318", rope, kind === "steel" ? 4 : 7) +
      stroke("M306 318L318 324", "#9aa0a6", 9) +
      stroke(
        "M320 322C340 326 344 352 326 356C314 358 308 350 310 342",
        extra === "#111111" ? "#2b2d31" : extra,
        8,
      );
    let top = "";
    if (kind === "control") {
      top =
        rect(150, 78, 150, 52, 16, d.metal(lighten(main, 0.08))) +
        repeat(6, (i) => rect(172 + i * 18, 90, 8, 28, 3, darken(main, 0.25))) +
        circle(284, 104, 7, extra);
    } else {
      top =
        rect(176, 98, 96, 40, 8, d.metal(main)) +
        circle(258, 118, 5, "#c62828") +
        stroke("M176 118C150 118 120 130 110 150", "#111", 4);
    }
    return body + top;
  };
}

const SHAPES: Record<string, Draw> = {
  // --- winches ---
  "winch-synthetic": winch("synthetic"),
  "winch-steel": winch("steel"),
  "winch-control": winch("control"),
  "rope-spool": (d, { main, accent, extra }) =>
    repeat(7, (i) =>
      circle(200, 196, 128 - i * 13, "none", `stroke="${i % 2 ? accent : main}" stroke-width="12"`),
    ) +
    circle(200, 196, 36, d.radial(lighten(main, 0.2), darken(main, 0.3))) +
    stroke("M320 230C340 280 320 320 290 336", main, 10) +
    rect(276, 328, 26, 18, 5, "#9aa0a6") +
    stroke("M290 350C296 380 330 378 332 356C334 344 326 338 318 340", extra, 9),
  remote: (d, { main, accent, extra }) =>
    rect(138, 60, 124, 250, 40, d.metal(main)) +
    rect(156, 84, 88, 54, 12, darken(main, 0.4)) +
    circle(200, 111, 10, accent) +
    circle(200, 182, 30, d.metal(extra)) +
    path("M200 164L216 190L184 190Z", darken(main, 0.2)) +
    circle(200, 258, 30, d.metal(extra)) +
    path("M200 276L216 250L184 250Z", darken(main, 0.2)) +
    stroke("M262 140C300 150 310 210 300 250", darken(main, 0.1), 6),

  // --- suspension ---
  shock: (d, { main, accent, extra }) => shockBody(d, 200, 60, 336, main, accent, extra, 54),
  "shock-reservoir": (d, { main, accent, extra }) =>
    shockBody(d, 170, 60, 336, main, accent, extra, 54) +
    rect(246, 150, 42, 150, 12, d.linear(lighten(main, 0.25), darken(main, 0.3), false)) +
    rect(246, 178, 42, 16, 0, accent) +
    stroke("M267 150C267 120 220 120 196 160", "#2b2d31", 8),
  coilover: (d, { main, accent, extra }) =>
    coilSpring(200, 92, 290, 104, main, 6, false) +
    shockBody(d, 200, 56, 338, darken(accent, 0.1), main, extra, 44) +
    coilSpring(200, 92, 290, 104, main, 6, true) +
    rect(140, 82, 120, 12, 5, darken(extra, 0.3)) +
    rect(140, 290, 120, 12, 5, darken(extra, 0.3)),
  "coilover-reservoir": (d, { main, accent, extra }) =>
    coilSpring(180, 92, 290, 104, accent, 6, false) +
    shockBody(d, 180, 56, 338, main, accent, extra, 44) +
    coilSpring(180, 92, 290, 104, accent, 6, true) +
    rect(120, 82, 120, 12, 5, darken(extra, 0.3)) +
    rect(120, 290, 120, 12, 5, darken(extra, 0.3)) +
    rect(268, 140, 40, 160, 12, d.linear(lighten(main, 0.3), darken(main, 0.3), false)) +
    circle(288, 156, 9, accent) +
    stroke("M288 140C288 100 230 60 196 70", "#25272b", 8),
  coil: (_d, { main }) =>
    coilSpring(200, 60, 330, 170, main, 7, false) + coilSpring(200, 60, 330, 170, main, 7, true),
  leaf: (d, { main, accent, extra }) => {
    // An arched pack: each leaf shorter and lower than the one above, eyes on the main leaf.
    const leaves = repeat(6, (i) => {
      // Leaf i follows the main leaf's curve (a quadratic) between t and 1 - t, 10 px lower.
      const t = (i * 28) / 300;
      const yEnd = 170 + 160 * t * (1 - t) + i * 10;
      const yControl = 170 + 160 * t * (1 - t) + 80 * (1 - 2 * t) ** 2 + i * 10;
      return stroke(
        `M${50 + i * 28} ${r1(yEnd)}Q200 ${r1(yControl)} ${350 - i * 28} ${r1(yEnd)}`,
        i % 2 ? darken(main, 0.25) : main,
        9,
      );
    });
    return (
      leaves +
      circle(42, 160, 15, "none", `stroke="${main}" stroke-width="8"`) +
      circle(358, 160, 15, "none", `stroke="${main}" stroke-width="8"`) +
      circle(42, 160, 8, accent) +
      circle(358, 160, 8, accent) +
      rect(170, 170, 14, 140, 4, d.metal(extra)) +
      rect(216, 170, 14, 140, 4, d.metal(extra)) +
      rect(160, 178, 80, 18, 4, d.metal(extra)) +
      rect(160, 292, 80, 16, 4, darken(extra, 0.2))
    );
  },
  kit: (d, { main, accent, extra }) =>
    group(
      "translate(-96 0) scale(0.8) translate(50 50)",
      coilSpring(200, 60, 330, 150, accent, 7, false) +
        coilSpring(200, 60, 330, 150, accent, 7, true),
    ) +
    shockBody(d, 218, 70, 330, main, accent, extra, 42) +
    shockBody(d, 300, 90, 330, main, accent, extra, 38),
  // --- protection ---
  bullbar: (d, { main, accent, extra }) =>
    stroke("M128 236C128 112 272 112 272 236", main, 16) +
    stroke("M56 236L92 160L128 160", main, 12) +
    stroke("M344 236L308 160L272 160", main, 12) +
    path("M34 226L366 226L352 290L306 314L94 314L48 290Z", d.metal(main)) +
    rect(160, 244, 80, 28, 8, "#0f1012") +
    rect(172, 252, 56, 12, 6, d.metal(extra)) +
    circle(90, 262, 16, darken(accent, 0.4)) +
    circle(90, 262, 10, "#f1e7c4") +
    circle(310, 262, 16, darken(accent, 0.4)) +
    circle(310, 262, 10, "#f1e7c4") +
    rect(150, 310, 100, 20, 5, darken(main, 0.2)) +
    stroke("M120 318L120 336M280 318L280 336", "#b3261e", 10),
  "modular-bumper": (d, { main, accent, extra }) =>
    path("M50 210L350 210L336 290L64 290Z", d.metal(main)) +
    rect(150, 184, 100, 36, 8, d.metal(accent)) +
    rect(168, 196, 64, 12, 6, "#0f1012") +
    rect(60, 186, 40, 26, 4, d.metal(accent)) +
    rect(300, 186, 40, 26, 4, d.metal(accent)) +
    stroke("M114 290C114 330 150 330 150 290", extra, 9) +
    stroke("M250 290C250 330 286 330 286 290", extra, 9) +
    repeat(5, (i) => circle(86 + i * 57, 250, 5, darken(main, 0.4))),
  rearbar: (d, { main, accent, extra }) =>
    path("M30 200L370 200L360 270L40 270Z", d.metal(main)) +
    rect(110, 188, 180, 22, 6, d.metal(accent)) +
    repeat(12, (i) => rect(118 + i * 14.5, 194, 7, 10, 2, darken(accent, 0.4))) +
    rect(178, 270, 44, 40, 4, d.metal(darken(main, 0.2))) +
    rect(188, 280, 24, 20, 3, "#0b0b0c") +
    stroke("M30 200L18 150L60 130", main, 14) +
    stroke("M370 200L382 150L340 130", main, 14) +
    rect(60, 222, 36, 14, 3, "#c62828") +
    rect(304, 222, 36, 14, 3, "#c62828") +
    circle(200, 240, 6, extra),
  skidplate: (d, { main, accent, extra }) =>
    path("M90 92L310 92L356 296L44 296Z", d.linear(lighten(main, 0.25), darken(main, 0.15))) +
    path("M44 296L356 296L340 326L60 326Z", darken(main, 0.3)) +
    stroke("M104 120L296 120M68 270L332 270", accent, 3) +
    repeat(3, (r) =>
      repeat(5, (c) =>
        ellipse(122 + c * 39 + (r - 1) * 4, 160 + r * 40, 13, 10, darken(main, 0.45)),
      ),
    ) +
    [
      [98, 104],
      [302, 104],
      [56, 284],
      [344, 284],
    ]
      .map(([x, y]) => circle(x, y, 6, extra))
      .join(""),
  slider: (d, { main, accent, extra }) =>
    group(
      "rotate(-8 200 200)",
      rect(30, 196, 340, 30, 15, d.metal(main)) +
        rect(60, 250, 280, 22, 11, d.metal(darken(main, 0.05))) +
        repeat(4, (i) => rect(86 + i * 72, 220, 14, 34, 3, d.metal(accent))) +
        repeat(3, (i) =>
          path(
            `M${96 + i * 100} 198L${116 + i * 100} 120L${150 + i * 100} 120L${136 + i * 100} 198Z`,
            d.metal(accent),
          ),
        ) +
        repeat(3, (i) => circle(133 + i * 100, 134, 5, extra)),
    ),
  snorkel: (d, { main, accent, extra }) =>
    path("M96 300L164 284L178 346L110 362Z", d.metal(accent)) +
    repeat(4, (i) => circle([112, 160, 168, 120][i], [306, 296, 338, 350][i], 4, extra)) +
    stroke("M140 322L168 240C178 212 196 180 214 150L246 88", main, 36) +
    stroke("M146 312L172 238C182 210 198 180 216 150L246 92", lighten(main, 0.12), 8) +
    path(
      "M226 40L308 40C322 40 328 52 326 64L318 112C316 122 308 128 298 128L230 128C220 128 214 120 214 110L214 52C214 44 220 40 226 40Z",
      d.metal(main),
    ) +
    repeat(5, (i) => rect(224, 52 + i * 14, 44, 6, 3, darken(main, 0.5))) +
    rect(214, 196, 34, 10, 3, extra) +
    rect(236, 150, 34, 10, 3, extra),

  // --- chargers ---
  charger: (d, p) => charger(d, p, 180, 210, 4),
  "charger-pro": (d, { main, accent, extra }) =>
    stroke("M150 86C150 40 250 40 250 86", darken(main, 0.2), 14) +
    rect(96, 80, 208, 190, 26, d.metal(main)) +
    rect(118, 102, 164, 62, 10, "#0e2233") +
    rect(126, 110, 90, 12, 4, "#3fa9f5", `opacity="0.8"`) +
    repeat(5, (i) => circle(134 + i * 30, 196, 8, i === 1 ? extra : darken(main, 0.4))) +
    circle(200, 236, 16, accent) +
    stroke("M150 270C150 300 110 290 100 300", "#c62828", 8) +
    stroke("M250 270C250 300 290 290 300 300", "#1a1a1a", 8) +
    clamp(100, 340, "#c62828", 10) +
    clamp(300, 340, "#1a1a1a", -10),
  multibank: (d, { main, accent, extra }) =>
    rect(60, 96, 280, 150, 24, d.metal(main)) +
    repeat(
      4,
      (i) =>
        rect(84 + i * 62, 120, 46, 60, 8, darken(main, 0.3)) +
        circle(107 + i * 62, 150, 7, i < 3 ? extra : accent),
    ) +
    rect(84, 198, 232, 20, 8, accent) +
    repeat(4, (i) =>
      stroke(
        `M${98 + i * 62} 246C${98 + i * 62} 290 ${80 + i * 70} 300 ${76 + i * 70} 320`,
        i % 2 ? "#1a1a1a" : "#c62828",
        6,
      ),
    ) +
    repeat(4, (i) => circle(76 + i * 70, 330, 11, "none", `stroke="#b8bdc2" stroke-width="5"`)),
  onboard: (d, { main, accent, extra }) =>
    rect(40, 150, 320, 110, 12, darken(main, 0.2)) +
    circle(62, 205, 8, "#c9ced3") +
    circle(338, 205, 8, "#c9ced3") +
    rect(90, 110, 220, 180, 18, d.metal(main)) +
    repeat(9, (i) => rect(104 + i * 22, 124, 10, 104, 4, lighten(main, 0.12))) +
    rect(110, 240, 180, 30, 8, darken(main, 0.35)) +
    repeat(3, (i) => circle(140 + i * 30, 255, 6, i === 0 ? extra : accent)) +
    stroke("M150 290C150 330 120 340 110 350", "#c62828", 7) +
    stroke("M250 290C250 330 280 340 290 350", "#1a1a1a", 7),
  jumpstarter: (d, { main, accent, extra }) =>
    rect(110, 86, 180, 226, 32, d.metal(main)) +
    rect(110, 226, 180, 86, 32, accent) +
    rect(110, 226, 180, 30, 0, accent) +
    rect(150, 76, 100, 18, 8, "#e8eef3") +
    circle(200, 162, 38, darken(accent, 0.1)) +
    circle(200, 162, 26, "none", `stroke="${extra}" stroke-width="5"`) +
    rect(197, 130, 6, 24, 3, extra) +
    repeat(4, (i) => circle(158 + i * 28, 274, 6, i < 3 ? "#6fcf5a" : "#3b3d41")) +
    stroke("M290 240C330 240 330 280 318 300", "#c62828", 7) +
    stroke("M290 270C350 270 356 296 350 310", "#1a1a1a", 7) +
    clamp(318, 340, "#c62828", 10) +
    clamp(352, 350, "#1a1a1a", -6),
  battery: (d, { main, accent, extra }) =>
    rect(86, 130, 228, 190, 14, d.metal(main)) +
    rect(86, 130, 228, 36, 10, darken(main, 0.3)) +
    rect(86, 200, 228, 40, 0, accent) +
    rect(116, 104, 40, 30, 6, extra) +
    rect(244, 104, 40, 30, 6, "#2b2d31") +
    rect(126, 262, 30, 8, 2, "#e8e8e8") +
    rect(137, 251, 8, 30, 2, "#e8e8e8") +
    rect(244, 262, 30, 8, 2, "#e8e8e8"),

  // --- lights ---
  "lightbar-long": (d, p) => lightBar(d, p, 24, 352, 2, 14),
  "lightbar-short": (d, p) => lightBar(d, p, 70, 260, 1, 8),
  "lightbar-curved": (d, { main, accent, extra }) => {
    const glow = d.radial(accent, accent, 0.45, 0);
    const pts = repeat(16, (i) => {
      const t = (i + 0.5) / 16;
      const x = (1 - t) * (1 - t) * 40 + 2 * (1 - t) * t * 200 + t * t * 360;
      const y = (1 - t) * (1 - t) * 236 + 2 * (1 - t) * t * 150 + t * t * 236;
      return circle(x, y, 7, accent);
    });
    return (
      ellipse(200, 190, 190, 80, glow) +
      stroke("M40 236Q200 150 360 236", main, 58) +
      stroke("M40 236Q200 150 360 236", "#0c0d0f", 38) +
      pts +
      stroke("M40 262L40 300M360 262L360 300", extra, 10)
    );
  },
  round: (d, { main, accent, extra }) =>
    ellipse(200, 180, 170, 150, d.radial(accent, accent, 0.35, 0)) +
    stroke("M120 268L120 320L280 320L280 268", extra, 12) +
    rect(188, 316, 24, 30, 4, darken(extra, 0.3)) +
    circle(200, 180, 116, d.metal(main)) +
    circle(200, 180, 102, d.linear(lighten(extra, 0.3), darken(extra, 0.3))) +
    circle(200, 180, 92, d.radial(lighten(accent, 0.6), darken(accent, 0.2))) +
    repeat(3, (i) =>
      circle(
        200,
        180,
        30 + i * 20,
        "none",
        `stroke="${darken(accent, 0.25)}" stroke-width="2" opacity="0.6"`,
      ),
    ) +
    repeat(7, (i) => {
      const [x, y] = i === 6 ? [0, 0] : polar(44, i * 60);
      return circle(200 + x, 180 + y, 10, "#ffffff");
    }),
  pods: (d, { main, accent, extra }) =>
    [110, 290]
      .map(
        (x) =>
          ellipse(x, 190, 100, 90, d.radial(accent, accent, 0.4, 0)) +
          stroke(`M${x - 40} 262L${x} 300L${x + 40} 262`, extra, 10) +
          rect(x - 64, 126, 128, 128, 20, d.metal(main)) +
          rect(x - 52, 138, 104, 104, 12, "#0c0d0f") +
          circle(x, 190, 36, d.radial("#ffffff", accent)) +
          repeat(4, (i) => {
            const [dx, dy] = polar(40, 45 + i * 90);
            return circle(x + dx, 190 + dy, 7, accent);
          }),
      )
      .join(""),
  "rect-lamp": (d, { main, accent, extra }) =>
    ellipse(200, 190, 180, 120, d.radial(accent, accent, 0.4, 0)) +
    stroke("M140 280L200 326L260 280", extra, 12) +
    rect(70, 110, 260, 170, 30, d.metal(main)) +
    rect(84, 124, 232, 142, 22, d.linear(lighten(extra, 0.3), darken(extra, 0.3))) +
    rect(94, 134, 212, 122, 16, d.radial("#ffffff", darken(accent, 0.15))) +
    repeat(6, (i) =>
      stroke(`M${110 + i * 36} 140L${110 + i * 36} 250`, darken(accent, 0.2), 2, `opacity="0.6"`),
    ),

  // --- footwear ---
  shoe: (_d, p) => shoePair(p, "low"),
  "shoe-strap": (_d, p) => shoePair(p, "strap"),
  "shoe-high": (_d, p) => shoePair(p, "high"),

  // --- accessories ---
  tracks: (d, { main, accent }) =>
    [
      [-14, 150],
      [10, 250],
    ]
      .map(([rot, x]) => recoveryBoard(d, x, rot, main, accent))
      .join(""),
  compressor: (d, { main, accent, extra }) =>
    rect(60, 270, 280, 20, 6, darken(main, 0.2)) +
    rect(70, 160, 130, 110, 18, d.metal(main)) +
    repeat(6, (i) => rect(84 + i * 18, 168, 6, 94, 2, lighten(main, 0.12))) +
    rect(200, 150, 70, 120, 10, d.metal(accent)) +
    repeat(6, (i) => rect(204, 158 + i * 18, 62, 8, 3, darken(accent, 0.2))) +
    circle(300, 210, 34, d.metal(accent)) +
    circle(300, 210, 24, "#f5f5f5") +
    stroke("M300 210L312 194", "#c62828", 3) +
    repeat(4, (i) =>
      ellipse(
        130 + i * 6,
        326 - i * 3,
        70 - i * 4,
        20 - i * 2,
        "none",
        `stroke="${extra}" stroke-width="6"`,
      ),
    ) +
    stroke("M200 300C220 320 250 320 268 300L300 244", extra, 6),
  gauge: (d, { main, accent, extra }) =>
    stroke("M200 250C200 300 150 300 150 340", "#222", 12) +
    rect(136, 332, 28, 30, 6, "#c9a227") +
    circle(200, 160, 96, d.metal(main)) +
    circle(200, 160, 80, accent) +
    repeat(11, (i) => {
      const a = -120 + i * 24;
      const [x1, y1] = polar(66, a);
      const [x2, y2] = polar(76, a);
      return stroke(`M${200 + x1} ${160 + y1}L${200 + x2} ${160 + y2}`, "#222", 3);
    }) +
    stroke(`M200 160L${200 + polar(62, 30)[0]} ${160 + polar(62, 30)[1]}`, extra, 5) +
    circle(200, 160, 9, "#222") +
    rect(178, 244, 44, 22, 6, d.metal("#9aa0a6")),
  strap: (d, { main, accent, extra }) =>
    repeat(8, (i) =>
      circle(
        180,
        190,
        116 - i * 12,
        "none",
        `stroke="${i % 2 ? darken(main, 0.12) : main}" stroke-width="11"`,
      ),
    ) +
    circle(180, 190, 20, d.radial(lighten(main, 0.3), main)) +
    stroke("M290 230C320 290 320 330 290 350L250 350C230 340 240 320 262 318", main, 20) +
    rect(280, 240, 34, 54, 6, accent, `transform="rotate(-20 297 267)"`) +
    stroke("M240 120L270 110", extra, 3),
  shackle: (d, { main, extra }) =>
    stroke("M140 130L140 240A60 60 0 0 0 260 240L260 130", main, 28) +
    stroke("M150 140L150 236", lighten(main, 0.25), 6) +
    rect(106, 100, 190, 30, 14, d.metal(extra)) +
    circle(304, 115, 24, d.metal(extra)) +
    circle(100, 115, 16, d.metal(darken(extra, 0.1))),
  awning: (d, { main, accent, extra }) =>
    path("M46 168L354 168L336 320L64 320Z", accent, `opacity="0.9"`) +
    stroke("M64 320L64 350M336 320L336 350", extra, 6) +
    stroke("M46 168L64 320M354 168L336 320", darken(accent, 0.2), 4) +
    rect(30, 120, 340, 56, 28, d.metal(main)) +
    stroke("M54 148L346 148", lighten(main, 0.3), 3, `stroke-dasharray="8 6"`) +
    repeat(3, (i) => rect(90 + i * 100, 116, 16, 64, 4, darken(main, 0.3))) +
    rect(60, 92, 20, 30, 3, extra) +
    rect(320, 92, 20, 30, 3, extra),
  box: (d, { main, accent, extra }) =>
    path("M90 150L250 120L330 146L170 178Z", lighten(main, 0.15)) +
    path("M90 150L170 178L170 330L90 300Z", darken(main, 0.15)) +
    path("M170 178L330 146L330 296L170 330Z", d.metal(main)) +
    rect(236, 170, 30, 18, 4, accent, `transform="skewY(-11)"`) +
    path("M96 190L164 214L164 230L96 206Z", accent) +
    stroke("M200 260L300 240", extra, 8),
  jerrycan: (d, { main, accent, extra }) =>
    rect(120, 96, 170, 250, 16, d.metal(main)) +
    rect(138, 160, 134, 170, 8, darken(main, 0.12)) +
    stroke("M146 168L264 322M264 168L146 322", lighten(main, 0.18), 14) +
    rect(150, 70, 110, 34, 10, darken(main, 0.2)) +
    repeat(3, (i) => rect(160 + i * 32, 78, 22, 18, 5, "#e9edf1")) +
    rect(114, 80, 34, 40, 6, d.metal(accent)) +
    rect(110, 70, 42, 14, 4, extra),
  "roof-bars": (d, { main, accent, extra }) =>
    [0, 1]
      .map((i) =>
        group(
          `translate(${i * 26} ${i * 96})`,
          path("M36 150L350 118L356 134L42 168Z", d.metal(main)) +
            path("M40 166L60 166L64 196L34 196Z", accent) +
            path("M320 136L342 132L348 160L318 164Z", accent) +
            stroke("M60 154L330 126", extra, 2),
        ),
      )
      .join(""),
  precleaner: (d, { main, accent, extra }) =>
    rect(140, 70, 120, 40, 12, d.metal(main)) +
    repeat(6, (i) => rect(148 + i * 18, 60, 10, 56, 4, darken(main, 0.2))) +
    rect(150, 108, 100, 60, 8, d.metal(main)) +
    path("M150 166L250 166L240 300C236 318 164 318 160 300Z", accent, `opacity="0.75"`) +
    repeat(9, (i) => circle(170 + (i % 5) * 15, 290 - Math.floor(i / 5) * 10, 3, "#8d6e4a")) +
    stroke("M160 180L170 290", "#ffffff", 4, `opacity="0.7"`) +
    rect(176, 314, 48, 20, 5, extra),
  // --- body parts ---
  "side-mirror": (d, { main, accent }) =>
    path("M250 250L300 300L250 330Z", accent) +
    rect(236, 232, 40, 60, 10, accent, `transform="rotate(20 256 262)"`) +
    path(
      "M70 110C70 84 96 70 130 70L280 78C306 80 316 100 314 126L302 230C300 250 284 262 262 262L110 262C86 262 70 246 70 222Z",
      d.metal(main),
    ) +
    path(
      "M92 116C92 100 106 92 126 92L274 98C288 100 294 110 292 126L282 220C280 234 272 240 258 240L114 240C100 240 92 232 92 218Z",
      d.linear("#c9dbe6", "#5d7f95"),
    ) +
    path("M120 110L190 110L120 200Z", "#ffffff", `opacity="0.35"`),
  bonnet: (d, { main, accent }) =>
    path(
      "M70 110C130 80 270 80 330 110L360 320C250 336 150 336 40 320Z",
      d.linear(lighten(main, 0.3), darken(main, 0.1)),
    ) +
    stroke("M150 100L130 322M250 100L270 322", darken(main, 0.15), 3) +
    stroke("M152 104L134 320M248 104L266 320", lighten(main, 0.35), 1.5) +
    circle(170, 300, 4, accent) +
    circle(230, 300, 4, accent) +
    rect(110, 98, 30, 8, 3, accent) +
    rect(260, 98, 30, 8, 3, accent),
  "front-bumper": (d, { main, accent, extra }) =>
    path(
      "M30 160C30 140 50 130 80 130L320 130C350 130 370 140 370 160L362 250C358 280 330 294 300 294L100 294C70 294 42 280 38 250Z",
      d.metal(main),
    ) +
    rect(120, 226, 160, 46, 14, darken(accent, 0.2)) +
    repeat(5, (i) => rect(128, 232 + i * 8, 144, 3, 1, lighten(accent, 0.2))) +
    rect(150, 166, 100, 34, 4, lighten(main, 0.3)) +
    [80, 320]
      .map(
        (x) =>
          ellipse(x, 230, 28, 20, accent) + ellipse(x, 230, 18, 12, d.radial("#ffffff", extra)),
      )
      .join(""),
  "rear-bumper": (d, { main, accent }) =>
    path(
      "M30 150L370 150L362 250C358 278 334 290 300 290L100 290C66 290 42 278 38 250Z",
      d.metal(main),
    ) +
    rect(40, 142, 320, 20, 8, darken(main, 0.2)) +
    rect(50, 196, 50, 12, 4, "#b3261e") +
    rect(300, 196, 50, 12, 4, "#b3261e") +
    repeat(4, (i) => circle(140 + i * 40, 230, 6, darken(main, 0.35))) +
    rect(120, 258, 160, 22, 8, accent),
  "fog-light": (d, { accent, extra }) =>
    path("M80 200L140 96L260 96L320 200L260 304L140 304Z", d.metal(accent)) +
    circle(200, 200, 88, d.linear(lighten(extra, 0.2), darken(extra, 0.4))) +
    circle(200, 200, 72, d.radial("#ffffff", "#b9c3cc")) +
    repeat(3, (i) =>
      circle(200, 200, 20 + i * 16, "none", `stroke="#8d98a3" stroke-width="2" opacity="0.6"`),
    ) +
    circle(200, 200, 12, "#fff6c9"),
  windshield: (d, { accent, extra }) =>
    path(
      "M92 90L308 90C322 90 330 98 334 110L372 300C374 312 366 320 354 320L46 320C34 320 26 312 28 300L66 110C70 98 78 90 92 90Z",
      accent,
    ) +
    path(
      "M100 104L300 104C310 104 316 110 318 118L354 296C356 302 352 306 346 306L54 306C48 306 44 302 46 296L82 118C84 110 90 104 100 104Z",
      d.linear("#3f6a7a", lighten(extra, 0.2)),
    ) +
    path(
      "M100 104L300 104C310 104 316 110 318 118L322 140L78 140L82 118C84 110 90 104 100 104Z",
      "#1f3f4f",
      `opacity="0.7"`,
    ) +
    path("M120 300L200 130L240 130L160 300Z", "#ffffff", `opacity="0.18"`) +
    rect(186, 140, 28, 20, 6, accent),
  "front-door": (d, p) => door(d, p, true),
  "rear-door": (d, p) => door(d, p, false),
  "left-headlight": (d, p) => headlight(d, p, false),
  "right-headlight": (d, p) => headlight(d, p, true),
  "tail-light": (d, { main }) =>
    path(
      "M150 60L270 60C290 60 300 72 300 92L300 330C300 346 290 352 274 350L176 334C160 332 150 320 150 304Z",
      darken(main, 0.4),
    ) +
    path("M162 74L268 74C280 74 286 82 286 94L286 200L162 200Z", d.linear("#e53935", "#8e1b1b")) +
    path("M162 206L286 206L286 256L162 256Z", d.linear("#ffb74d", "#e08a00")) +
    path(
      "M162 262L286 262L286 326L176 318C168 318 162 312 162 304Z",
      d.linear("#f5f7f9", "#c3cad1"),
    ) +
    repeat(5, (i) => rect(176, 90 + i * 20, 96, 6, 3, "#ff8a80", `opacity="0.6"`)),
  "skid-plate": (d, { main, accent }) =>
    path("M90 100L310 100L350 290L50 290Z", d.linear(lighten(main, 0.25), darken(main, 0.2))) +
    path("M50 290L350 290L336 320L64 320Z", darken(main, 0.35)) +
    repeat(2, (r) =>
      repeat(4, (c) => rect(112 + c * 46 + r * 0, 150 + r * 60, 34, 22, 8, darken(main, 0.45))),
    ) +
    repeat(4, (i) => circle([100, 300, 62, 338][i], [112, 112, 278, 278][i], 6, accent)),
  fender: (d, { main, accent }) =>
    path(
      "M40 130L300 110C340 108 366 130 366 170L366 300L300 300C300 230 250 190 200 190C150 190 100 230 100 300L40 300Z",
      d.metal(main),
    ) +
    path(
      "M100 300C100 230 150 190 200 190C250 190 300 230 300 300L282 300C282 246 244 208 200 208C156 208 118 246 118 300Z",
      darken(accent, 0.1),
    ) +
    rect(320, 190, 30, 12, 5, "#f5a623") +
    stroke("M60 160L340 146", lighten(main, 0.3), 3),
  "roof-rail": (d, { accent, extra }) =>
    [0, 1]
      .map((i) =>
        group(
          `translate(${i * 20} ${i * 110})`,
          stroke("M40 150L360 110", extra, 16) +
            stroke("M40 146L360 106", lighten(extra, 0.4), 4) +
            path("M30 150L70 146L74 184L40 188Z", accent) +
            path("M330 112L366 108L372 142L336 146Z", accent) +
            path("M180 132L214 128L216 160L184 164Z", accent),
        ),
      )
      .join(""),
  grille: (d, { main, accent, extra }) =>
    rect(40, 110, 320, 180, 40, d.metal(main)) +
    rect(60, 128, 280, 144, 28, darken(accent, 0.3)) +
    repeat(7, (i) => rect(66, 138 + i * 19, 268, 9, 4, d.metal(accent))) +
    ellipse(200, 200, 40, 26, d.linear(lighten(extra, 0.4), darken(extra, 0.3))) +
    ellipse(200, 200, 28, 16, darken(main, 0.2)),
};

function charger(
  d: Defs,
  { main, accent, extra }: Palette,
  width: number,
  height: number,
  leds: number,
): string {
  const x = 200 - width / 2;
  const y = 50;
  return (
    stroke(`M${x + 20} ${y + 30}C${x - 40} ${y + 10} 60 40 40 90`, "#1a1a1a", 7) +
    rect(20, 86, 32, 40, 6, "#2b2d31") +
    rect(x, y, width, height, 30, d.metal(main)) +
    rect(x + 18, y + 20, width - 36, height * 0.42, 14, darken(main, 0.35)) +
    repeat(leds, (i) =>
      circle(
        x + 36 + i * ((width - 72) / Math.max(1, leds - 1)),
        y + 20 + height * 0.21,
        7,
        i === 0 ? extra : i === leds - 1 ? accent : darken(main, 0.1),
      ),
    ) +
    circle(200, y + height * 0.72, 18, accent) +
    circle(200, y + height * 0.72, 8, darken(accent, 0.3)) +
    stroke(
      `M180 ${y + height}C180 ${y + height + 30} 120 ${y + height + 20} 110 ${y + height + 40}`,
      "#c62828",
      7,
    ) +
    stroke(
      `M220 ${y + height}C220 ${y + height + 30} 280 ${y + height + 20} 290 ${y + height + 40}`,
      "#1a1a1a",
      7,
    ) +
    clamp(110, y + height + 84, "#c62828", 8) +
    clamp(290, y + height + 84, "#1a1a1a", -8)
  );
}

function lightBar(
  d: Defs,
  { main, accent, extra }: Palette,
  x: number,
  width: number,
  rows: number,
  perRow: number,
): string {
  const y = 168;
  const h = rows === 2 ? 70 : 52;
  const glow = d.radial(accent, accent, 0.45, 0);
  const step = (width - 36) / perRow;
  let leds = "";
  for (let r = 0; r < rows; r++) {
    for (let i = 0; i < perRow; i++) {
      const cx = x + 18 + step * (i + 0.5);
      const cy = y + (rows === 2 ? 22 + r * 26 : h / 2);
      leds +=
        circle(cx, cy, rows === 2 ? 10 : 13, d.radial("#ffffff", darken(accent, 0.1))) +
        circle(cx, cy, 4, "#ffffff");
    }
  }
  return (
    ellipse(200, y + h / 2, width * 0.62, 110, glow) +
    stroke(
      `M${x + 24} ${y + h}L${x + 30} ${y + h + 46}M${x + width - 24} ${y + h}L${x + width - 30} ${y + h + 46}`,
      extra,
      10,
    ) +
    rect(x, y, width, h, 14, d.metal(main)) +
    rect(x + 8, y + 6, width - 16, h - 12, 8, "#0c0d0f") +
    leds
  );
}

function shoePair(p: Palette, style: "low" | "strap" | "high"): string {
  const shapes: [number, number, number, number][] = [
    [0, 92, 40, 54],
    [2, 26, 44, 70],
    [8, -44, 56, 54],
    [40, -112, 17, 27],
    [12, -122, 11, 19],
    [-10, -118, 10, 17],
    [-30, -108, 9, 15],
    [-47, -93, 8, 13],
  ];
  const sole = shapes
    .map(([cx, cy, rx, ry]) =>
      ellipse(cx, cy, rx, ry, p.extra, `stroke="${p.extra}" stroke-width="14"`),
    )
    .join("");
  const upper = shapes.map(([cx, cy, rx, ry]) => ellipse(cx, cy, rx, ry, p.main)).join("");
  const toeCaps = shapes
    .slice(3)
    .map(([cx, cy, rx, ry]) => ellipse(cx, cy - ry * 0.45, rx * 0.8, ry * 0.45, p.accent))
    .join("");
  let details = stroke("M-40 -10C-10 4 24 4 50 -14", p.accent, 5);
  if (style === "low")
    details +=
      ellipse(0, 84, 27, 34, darken(p.main, 0.55)) +
      ellipse(0, 84, 27, 34, "none", `stroke="${p.accent}" stroke-width="4"`);
  if (style === "strap") {
    details +=
      ellipse(0, 88, 26, 30, darken(p.main, 0.55)) +
      rect(-52, 36, 104, 24, 8, p.accent) +
      rect(30, 38, 16, 20, 3, darken(p.accent, 0.3));
  }
  if (style === "high") {
    details +=
      ellipse(0, 74, 42, 46, lighten(p.main, 0.1)) +
      ellipse(0, 74, 30, 34, darken(p.main, 0.55)) +
      stroke("M-36 40L36 40M-38 56L38 56", p.accent, 4);
  }
  const foot = sole + upper + toeCaps + details;
  return (
    group("translate(132 212) rotate(-8)", foot) +
    group("translate(268 212) scale(-1 1) rotate(-8)", foot)
  );
}

function recoveryBoard(d: Defs, x: number, rot: number, main: string, accent: string): string {
  const cleats = repeat(9, (r) =>
    repeat(3, (c) => path(`M${x - 34 + c * 28} ${80 + r * 26}l10 -10l10 10z`, darken(accent, 0.1))),
  );
  return group(
    `rotate(${rot} ${x} 200)`,
    rect(x - 50, 40, 100, 320, 18, d.linear(lighten(main, 0.15), darken(main, 0.1), false)) +
      cleats +
      rect(x - 30, 50, 60, 16, 8, darken(main, 0.5)) +
      rect(x - 30, 334, 60, 16, 8, darken(main, 0.5)) +
      rect(x - 44, 190, 14, 44, 7, darken(main, 0.5)) +
      rect(x + 30, 190, 14, 44, 7, darken(main, 0.5)),
  );
}

function door(d: Defs, { main, accent, extra }: Palette, front: boolean): string {
  const glass = front
    ? "M90 70L290 70L340 170L90 170Z"
    : "M70 70L250 70C270 70 290 80 300 100L330 170L70 170Z";
  return (
    path(
      front
        ? "M60 60L300 60L370 180L370 330C370 340 362 346 352 346L76 346C66 346 60 340 60 330Z"
        : "M40 60L262 60C290 60 310 76 320 100L360 180L360 330C360 340 352 346 342 346L56 346C46 346 40 340 40 330Z",
      d.metal(main),
    ) +
    path(glass, d.linear(lighten(extra, 0.2), "#3f6a7a")) +
    stroke(front ? "M60 214L370 206" : "M40 214L360 206", darken(main, 0.2), 3) +
    stroke(front ? "M60 218L370 210" : "M40 218L360 210", lighten(main, 0.35), 1.5) +
    rect(front ? 270 : 250, 232, 60, 16, 8, darken(accent, 0.1)) +
    (front ? path("M290 70L330 70L350 120L315 120Z", accent) : "")
  );
}

function headlight(d: Defs, { accent, extra }: Palette, mirrored: boolean): string {
  const body =
    path(
      "M40 150C40 120 70 100 110 100L330 112C356 114 368 134 362 158L342 262C338 282 320 294 298 292L90 280C60 278 40 256 40 230Z",
      d.metal(accent),
    ) +
    path(
      "M58 156C58 134 80 120 112 120L322 130C340 132 348 146 344 162L326 250C322 266 310 274 294 272L96 262C74 260 58 246 58 226Z",
      d.linear(lighten(extra, 0.4), darken(extra, 0.3)),
    ) +
    circle(128, 196, 40, d.radial("#ffffff", "#9aa6b2")) +
    circle(128, 196, 18, "#2b2f35") +
    circle(226, 200, 30, d.radial("#ffffff", "#9aa6b2")) +
    circle(226, 200, 12, "#2b2f35") +
    stroke("M90 140C160 130 260 138 330 150", "#f5fbff", 6) +
    rect(270, 226, 50, 16, 6, "#f5a623");
  return mirrored ? group("translate(400 0) scale(-1 1)", body) : body;
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/** The SVG source of one artwork (square, 1024 px, no text). */
export function artworkSvg(spec: ArtSpec): string {
  if (spec.kind === "wheel") return wheelArt(spec.design, spec.finish, spec.view);
  const draw = SHAPES[spec.shape];
  if (!draw) throw new Error(`No artwork for shape ${spec.shape}`);
  return frame(spec.category, (d) => draw(d, spec.palette));
}
