// Flat SVG illustrations for the demo listings, the banners and the category
// grid, rendered locally by sharp (librsvg): the project ships and downloads no
// stock photos. Deterministic for a given seed, so re-running a generator
// rewrites identical files. No text anywhere: the site overlays its own.

type Palette = {
  skyTop: string;
  skyBottom: string;
  sun: string;
  sunLow: boolean; // low sun near the horizon (golden hour, dusk)
  hillsFar: string;
  hills: string;
  grassTop: string;
  grassBottom: string;
  trees: string[];
  trunk: string;
  water: string;
  waterDeep: string;
  walls: string[];
  roofs: string[];
  glass: string;
  glassDark: string;
  lit: string; // window light, used only when `night` is set
  night: boolean;
  paving: string;
  accent: string;
};

export const PALETTES = {
  day: {
    skyTop: "#6fa8dc",
    skyBottom: "#d9ebf5",
    sun: "#fff6d5",
    sunLow: false,
    hillsFar: "#a9c4c9",
    hills: "#8fb59a",
    grassTop: "#9cc47a",
    grassBottom: "#6f9f55",
    trees: ["#4f8a4a", "#5e9a52", "#3f7442"],
    trunk: "#6b4f3a",
    water: "#7fb6d9",
    waterDeep: "#4a86b3",
    walls: ["#f2ede4", "#e7ddd0", "#d9d4cc", "#f4e7d3"],
    roofs: ["#3e4a56", "#b5603f", "#5b6770"],
    glass: "#a9cfe6",
    glassDark: "#5f8fb0",
    lit: "#ffd98a",
    night: false,
    paving: "#d8d2c6",
    accent: "#a0704a",
  },
  golden: {
    skyTop: "#8fb0d3",
    skyBottom: "#f6d5a8",
    sun: "#ffe3a3",
    sunLow: true,
    hillsFar: "#c5b9a4",
    hills: "#a3ad7f",
    grassTop: "#a9b96c",
    grassBottom: "#7c8f4c",
    trees: ["#5d7f3f", "#6d8c45", "#4a6b36"],
    trunk: "#6a4a33",
    water: "#9ab9c9",
    waterDeep: "#5f8aa3",
    walls: ["#f3e6d2", "#ead6bd", "#e9e1d4", "#f1dcc4"],
    roofs: ["#a8553a", "#4b4a4f", "#8c5a3c"],
    glass: "#b9d3de",
    glassDark: "#6f8fa0",
    lit: "#ffd27a",
    night: false,
    paving: "#dccbb0",
    accent: "#9a6a45",
  },
  dusk: {
    skyTop: "#2f4d72",
    skyBottom: "#e9a07e",
    sun: "#ffc990",
    sunLow: true,
    hillsFar: "#7e6f86",
    hills: "#58657a",
    grassTop: "#5e7a55",
    grassBottom: "#3f5940",
    trees: ["#2f4f3c", "#3a5c45", "#27443a"],
    trunk: "#3d3330",
    water: "#6d87a6",
    waterDeep: "#3f5a7d",
    walls: ["#d8cfc6", "#c9bdb3", "#b8b2ad", "#d6c6b4"],
    roofs: ["#3a3f4a", "#6f4a3f", "#4a4f5a"],
    glass: "#5d7391",
    glassDark: "#34465f",
    lit: "#ffd48a",
    night: true,
    paving: "#a69d93",
    accent: "#7d5a44",
  },
  morning: {
    skyTop: "#9cc9e6",
    skyBottom: "#f3f0e6",
    sun: "#fffbe8",
    sunLow: false,
    hillsFar: "#bdd3cf",
    hills: "#a3c4a2",
    grassTop: "#add08c",
    grassBottom: "#82ad66",
    trees: ["#5c9a5a", "#6ea862", "#4a8550"],
    trunk: "#735640",
    water: "#8cc3dd",
    waterDeep: "#5896bb",
    walls: ["#fbf8f2", "#efe6da", "#e3e8ea", "#f5ecdf"],
    roofs: ["#c06b48", "#56616b", "#9b5a3d"],
    glass: "#b7dbee",
    glassDark: "#6a9cbc",
    lit: "#ffe0a0",
    night: false,
    paving: "#e3ddd2",
    accent: "#b07d52",
  },
  teal: {
    skyTop: "#5e9fc2",
    skyBottom: "#e2eff0",
    sun: "#fff8e0",
    sunLow: false,
    hillsFar: "#9fbcbf",
    hills: "#7eab8f",
    grassTop: "#8fba77",
    grassBottom: "#628f55",
    trees: ["#3f7d57", "#4f8f5f", "#356b4b"],
    trunk: "#5e4636",
    water: "#6fb0c9",
    waterDeep: "#3e7f9e",
    walls: ["#eef0ec", "#dfe3de", "#e9dfd1", "#d7dde0"],
    roofs: ["#44525e", "#a55a3e", "#5d6a74"],
    glass: "#9fcbe0",
    glassDark: "#4f86a6",
    lit: "#ffd98a",
    night: false,
    paving: "#d5d3cb",
    accent: "#8f6848",
  },
} satisfies Record<string, Palette>;
export type PaletteName = keyof typeof PALETTES;

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = ReturnType<typeof rng>;

// Short numbers keep the SVG (and rendering) small.
const n = (v: number) => Math.round(v * 10) / 10;
const pick = <T>(r: Rand, list: readonly T[]) => list[Math.floor(r() * list.length)];

function rect(x: number, y: number, w: number, h: number, fill: string, extra = "") {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}" ${extra}/>`;
}
function poly(points: [number, number][], fill: string, extra = "") {
  return `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}" fill="${fill}" ${extra}/>`;
}
function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = "") {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(width)}" ${extra}/>`;
}
function circle(cx: number, cy: number, r: number, fill: string, extra = "") {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}" ${extra}/>`;
}
function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = "") {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" ${extra}/>`;
}

// A smooth closed blob (lagoons, bushes): random radii joined by quadratic curves.
function blob(r: Rand, cx: number, cy: number, rx: number, ry: number, points = 10, wobble = 0.18) {
  const pts: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * Math.PI * 2;
    const k = 1 - wobble + r() * wobble * 2;
    pts.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
  }
  const mid = (i: number) => {
    const p = pts[i % points];
    const q = pts[(i + 1) % points];
    return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  };
  const start = mid(points - 1);
  let d = `M${n(start[0])},${n(start[1])}`;
  for (let i = 0; i < points; i++) {
    const m = mid(i);
    d += `Q${n(pts[i][0])},${n(pts[i][1])} ${n(m[0])},${n(m[1])}`;
  }
  return `${d}Z`;
}

function svgDoc(W: number, H: number, defs: string, body: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}

function commonDefs(p: Palette) {
  return (
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>` +
    `<linearGradient id="grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.grassTop}"/><stop offset="1" stop-color="${p.grassBottom}"/></linearGradient>` +
    `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.water}"/><stop offset="1" stop-color="${p.waterDeep}"/></linearGradient>` +
    `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.glass}"/><stop offset="1" stop-color="${p.glassDark}"/></linearGradient>` +
    `<radialGradient id="sunglow"><stop offset="0" stop-color="${p.sun}" stop-opacity="0.9"/><stop offset="0.25" stop-color="${p.sun}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient>`
  );
}

// ---------------------------------------------------------------- landscape

function sky(W: number, H: number, p: Palette, r: Rand, horizon: number, sunX = 0.78) {
  let out = rect(0, 0, W, H, "url(#sky)");
  const sx = W * sunX;
  const sy = p.sunLow ? horizon - H * 0.12 : H * 0.16;
  const sr = Math.min(W, H) * 0.05;
  out += circle(sx, sy, sr * 6, "url(#sunglow)");
  out += circle(sx, sy, sr, p.sun);
  const clouds = 3 + Math.floor(r() * 3);
  for (let i = 0; i < clouds; i++) {
    const cx = W * (0.08 + r() * 0.84);
    const cy = horizon * (0.12 + r() * 0.4);
    const s = Math.min(W, H) * (0.05 + r() * 0.05);
    const op = p.night ? 0.18 : 0.55;
    out += `<g fill="#ffffff" opacity="${op}">${ellipse(cx, cy, s * 2.2, s * 0.5, "#fff")}${ellipse(cx - s * 0.7, cy - s * 0.3, s * 0.9, s * 0.55, "#fff")}${ellipse(cx + s * 0.5, cy - s * 0.4, s * 1.1, s * 0.65, "#fff")}</g>`;
  }
  return out;
}

function ridge(W: number, base: number, amp: number, r: Rand, fill: string, steps = 8) {
  let d = `M0,${n(base + amp)}`;
  let prev: [number, number] = [0, base + amp * (0.2 + r() * 0.6)];
  d = `M0,${n(base + amp * 2)}L${n(prev[0])},${n(prev[1])}`;
  for (let i = 1; i <= steps; i++) {
    const x = (W * i) / steps;
    const y = base + amp * (r() * 0.9);
    const cx = (prev[0] + x) / 2;
    d += `C${n(cx)},${n(prev[1])} ${n(cx)},${n(y)} ${n(x)},${n(y)}`;
    prev = [x, y];
  }
  d += `L${W},${n(base + amp * 2)}Z`;
  return `<path d="${d}" fill="${fill}"/>`;
}

function landscape(W: number, H: number, p: Palette, r: Rand, horizon: number) {
  let out = sky(W, H, p, r, horizon, 0.15 + r() * 0.7);
  out += ridge(W, horizon - H * 0.07, H * 0.05, r, p.hillsFar);
  out += ridge(W, horizon - H * 0.03, H * 0.035, r, p.hills);
  out += rect(0, horizon, W, H - horizon, "url(#grass)");
  return out;
}

function tree(x: number, y: number, s: number, p: Palette, r: Rand) {
  const c0 = pick(r, p.trees);
  const c1 = pick(r, p.trees);
  return (
    `<g>${ellipse(x, y, 46 * s, 9 * s, "#000", 'opacity="0.12"')}` +
    rect(x - 6 * s, y - 70 * s, 12 * s, 70 * s, p.trunk) +
    circle(x, y - 105 * s, 50 * s, c0) +
    circle(x - 32 * s, y - 80 * s, 34 * s, c1) +
    circle(x + 34 * s, y - 82 * s, 36 * s, c1) +
    circle(x - 14 * s, y - 122 * s, 24 * s, "#ffffff", 'opacity="0.10"') +
    `</g>`
  );
}

function bush(x: number, y: number, s: number, p: Palette, r: Rand) {
  return (
    ellipse(x, y - 16 * s, 40 * s, 22 * s, pick(r, p.trees)) +
    ellipse(x - 10 * s, y - 24 * s, 16 * s, 10 * s, "#fff", 'opacity="0.08"')
  );
}

function palm(x: number, y: number, s: number, p: Palette) {
  const top = y - 300 * s;
  let out = `<path d="M${n(x - 7 * s)},${n(y)} Q${n(x - 18 * s)},${n(y - 160 * s)} ${n(x)},${n(top)} L${n(x + 8 * s)},${n(top)} Q${n(x - 4 * s)},${n(y - 160 * s)} ${n(x + 7 * s)},${n(y)}Z" fill="${p.trunk}"/>`;
  for (const [dx, dy] of [
    [-110, 30],
    [-80, -25],
    [0, -45],
    [85, -20],
    [115, 35],
    [-40, 55],
    [50, 60],
  ]) {
    out += `<path d="M${n(x + 2 * s)},${n(top)} Q${n(x + dx * 0.5 * s)},${n(top + (dy - 50) * s)} ${n(x + dx * s)},${n(top + dy * s)} Q${n(x + dx * 0.45 * s)},${n(top + (dy - 20) * s)} ${n(x + 2 * s)},${n(top)}Z" fill="${p.trees[0]}"/>`;
  }
  return out;
}

function shadow(x: number, y: number, w: number, s: number) {
  return ellipse(x, y, w / 2, 14 * s, "#000", 'opacity="0.13"');
}

// A window pane with a diagonal reflection; lit at dusk on some windows.
function pane(x: number, y: number, w: number, h: number, p: Palette, r: Rand, litChance = 0.35) {
  if (p.night && r() < litChance) return rect(x, y, w, h, p.lit);
  return (
    rect(x, y, w, h, "url(#glass)") +
    poly(
      [
        [x, y + h * 0.7],
        [x + w * 0.55, y],
        [x + w * 0.8, y],
        [x, y + h],
      ],
      "#ffffff",
      'opacity="0.16"',
    )
  );
}

// ---------------------------------------------------------------- subjects

function modernHouse(x: number, y: number, s: number, p: Palette, r: Rand) {
  const wallA = p.walls[0];
  const wallB = p.walls[2];
  let out = shadow(x, y, 640 * s, s);
  // ground floor, left wing
  out += rect(x - 300 * s, y - 200 * s, 360 * s, 200 * s, wallA);
  out += rect(x - 320 * s, y - 214 * s, 400 * s, 16 * s, p.roofs[0]);
  out += pane(x - 270 * s, y - 170 * s, 190 * s, 130 * s, p, r);
  out += line(x - 175 * s, y - 170 * s, x - 175 * s, y - 40 * s, p.roofs[0], 4 * s);
  out += rect(x - 60 * s, y - 150 * s, 70 * s, 150 * s, p.accent);
  out += circle(x - 4 * s, y - 75 * s, 4 * s, "#e9d9a8");
  // upper volume, right
  out += rect(x + 30 * s, y - 350 * s, 290 * s, 350 * s, wallB);
  out += rect(x + 10 * s, y - 366 * s, 330 * s, 18 * s, p.roofs[0]);
  out += rect(x + 30 * s, y - 350 * s, 70 * s, 350 * s, p.accent, 'opacity="0.85"');
  for (let i = 0; i < 6; i++)
    out += line(x + (40 + i * 11) * s, y - 350 * s, x + (40 + i * 11) * s, y, "#000", 1.5 * s, 'opacity="0.15"');
  out += pane(x + 125 * s, y - 320 * s, 170 * s, 110 * s, p, r);
  out += rect(x + 120 * s, y - 205 * s, 180 * s, 8 * s, "#ffffff", 'opacity="0.7"');
  // garage door
  out += rect(x + 125 * s, y - 150 * s, 170 * s, 150 * s, "#8c8f93");
  for (let i = 1; i < 6; i++)
    out += line(x + 125 * s, y - 150 * s + i * 25 * s, x + 295 * s, y - 150 * s + i * 25 * s, "#6f7378", 2 * s);
  // driveway
  out += poly(
    [
      [x + 125 * s, y],
      [x + 295 * s, y],
      [x + 360 * s, y + 90 * s],
      [x + 90 * s, y + 90 * s],
    ],
    p.paving,
  );
  return out;
}

function pitchedHouse(
  x: number,
  y: number,
  s: number,
  p: Palette,
  r: Rand,
  opts: { wall: string; roof: string; old?: boolean; w?: number },
) {
  const w = (opts.w ?? 520) * s;
  const wallH = 210 * s;
  let out = shadow(x, y, w + 80 * s, s);
  if (opts.old) out += rect(x + w * 0.22, y - wallH - 150 * s, 34 * s, 90 * s, "#8a6a55");
  out += rect(x - w / 2, y - wallH, w, wallH, opts.wall);
  out += poly(
    [
      [x - w / 2 - 30 * s, y - wallH + 6 * s],
      [x, y - wallH - 150 * s],
      [x + w / 2 + 30 * s, y - wallH + 6 * s],
    ],
    opts.roof,
  );
  // roof tiles: a few darker courses
  for (let i = 1; i < 5; i++) {
    const yy = y - wallH + 6 * s - i * 30 * s;
    const half = ((w / 2 + 30 * s) * (150 * s - i * 30 * s)) / (150 * s);
    out += line(x - half, yy, x + half, yy, "#000", 2 * s, 'opacity="0.12"');
  }
  out += rect(x - w / 2, y - wallH, w, 10 * s, "#000", 'opacity="0.1"');
  // windows with frames (and shutters on the older house)
  for (const wx of [x - w * 0.36, x + w * 0.14]) {
    const ww = w * 0.22;
    out += rect(wx - 6 * s, y - 160 * s, ww + 12 * s, 100 * s + 12 * s, "#ffffff");
    out += pane(wx, y - 154 * s, ww, 100 * s, p, r);
    out += line(wx + ww / 2, y - 154 * s, wx + ww / 2, y - 54 * s, "#ffffff", 4 * s);
    if (opts.old) {
      out += rect(wx - 34 * s, y - 160 * s, 26 * s, 112 * s, "#5f7f63");
      out += rect(wx + ww + 8 * s, y - 160 * s, 26 * s, 112 * s, "#5f7f63");
    }
  }
  out += rect(x - 40 * s, y - 150 * s, 80 * s, 150 * s, opts.old ? "#7a5236" : p.accent);
  if (opts.old) {
    // porch
    out += rect(x - 90 * s, y - 190 * s, 180 * s, 14 * s, opts.roof);
    out += rect(x - 84 * s, y - 176 * s, 10 * s, 176 * s, "#ffffff");
    out += rect(x + 74 * s, y - 176 * s, 10 * s, 176 * s, "#ffffff");
  }
  out += poly(
    [
      [x - 40 * s, y],
      [x + 40 * s, y],
      [x + 70 * s, y + 80 * s],
      [x - 70 * s, y + 80 * s],
    ],
    p.paving,
  );
  return out;
}

function townhouses(x: number, y: number, s: number, p: Palette, r: Rand) {
  let out = shadow(x, y, 960 * s, s);
  const colors = [p.walls[1], p.walls[3], p.walls[0]];
  for (let i = 0; i < 3; i++) {
    const cx = x + (i - 1) * 300 * s;
    const w = 290 * s;
    out += rect(cx - w / 2, y - 330 * s, w, 330 * s, colors[i]);
    out += poly(
      [
        [cx - w / 2 - 12 * s, y - 326 * s],
        [cx, y - 430 * s],
        [cx + w / 2 + 12 * s, y - 326 * s],
      ],
      p.roofs[i % 2 === 0 ? 1 : 2],
    );
    out += pane(cx - 100 * s, y - 290 * s, 90 * s, 90 * s, p, r);
    out += pane(cx + 10 * s, y - 290 * s, 90 * s, 90 * s, p, r);
    out += rect(cx - 110 * s, y - 190 * s, 220 * s, 10 * s, "#ffffff", 'opacity="0.8"');
    out += pane(cx - 110 * s, y - 150 * s, 120 * s, 100 * s, p, r);
    out += rect(cx + 40 * s, y - 140 * s, 60 * s, 140 * s, p.accent);
    out += bush(cx - 60 * s, y + 10 * s, 0.9 * s, p, r);
  }
  return out;
}

function pool(x: number, y: number, w: number, h: number, s: number) {
  return (
    rect(x - 14 * s, y - 10 * s, w + 28 * s, h + 20 * s, "#efe9df", `rx="${n(10 * s)}"`) +
    rect(x, y, w, h, "url(#poolwater)", `rx="${n(6 * s)}"`) +
    `<path d="M${n(x + w * 0.1)},${n(y + h * 0.4)} q${n(w * 0.05)},${n(-8 * s)} ${n(w * 0.1)},0 t${n(w * 0.1)},0 t${n(w * 0.1)},0" stroke="#ffffff" stroke-width="${n(3 * s)}" fill="none" opacity="0.6"/>` +
    `<path d="M${n(x + w * 0.5)},${n(y + h * 0.7)} q${n(w * 0.05)},${n(-8 * s)} ${n(w * 0.1)},0 t${n(w * 0.1)},0 t${n(w * 0.1)},0" stroke="#ffffff" stroke-width="${n(3 * s)}" fill="none" opacity="0.5"/>`
  );
}

function tower(
  x: number,
  y: number,
  w: number,
  floors: number,
  s: number,
  p: Palette,
  r: Rand,
  wall: string,
  builtFloors = floors,
) {
  const fh = 44 * s;
  const h = floors * fh + 30 * s;
  let out = shadow(x + w / 2, y, w * 1.2, s);
  const top = y - h;
  const builtTop = y - builtFloors * fh - 30 * s;
  // finished floors
  out += rect(x, builtTop, w, y - builtTop, wall);
  const cols = Math.max(2, Math.round(w / (70 * s)));
  const cw = w / cols;
  for (let f = 0; f < builtFloors; f++) {
    const fy = y - 30 * s - (f + 1) * fh;
    for (let c = 0; c < cols; c++) out += pane(x + c * cw + cw * 0.14, fy + fh * 0.18, cw * 0.72, fh * 0.62, p, r);
    if (f > 0) out += rect(x - 6 * s, fy + fh - 5 * s, w + 12 * s, 5 * s, "#ffffff", 'opacity="0.55"');
  }
  out += rect(x + w * 0.62, builtTop, w * 0.38, y - builtTop, "#000", 'opacity="0.07"');
  // lobby
  out += rect(x, y - 30 * s, w, 30 * s, "#3b4550");
  out += rect(x + w * 0.38, y - 28 * s, w * 0.24, 28 * s, "url(#glass)");
  if (builtFloors === floors) {
    out += rect(x + w * 0.15, top - 26 * s, w * 0.7, 26 * s, wall);
    out += rect(x - 4 * s, top - 4 * s, w + 8 * s, 8 * s, p.roofs[0]);
  } else {
    // concrete frame of the floors still under construction
    const frame = "#9a9a98";
    for (let f = builtFloors; f <= floors; f++) {
      const fy = y - 30 * s - f * fh;
      out += rect(x - 4 * s, fy - 6 * s, w + 8 * s, 8 * s, frame);
    }
    for (let c = 0; c <= cols; c++) out += rect(x + c * cw - 4 * s, top, 8 * s, builtTop - top, frame);
    out += rect(x - 10 * s, builtTop, w * 0.45, y - builtTop - 30 * s, "#4d8a5c", 'opacity="0.35"');
  }
  return out;
}

function crane(x: number, y: number, height: number, jib: number, s: number, loadDrop: number) {
  const c = "#d9a520";
  const m = 22 * s;
  const top = y - height;
  let out = rect(x - m / 2 - 10 * s, y - 14 * s, m + 20 * s, 14 * s, "#6b6b6b");
  out += line(x - m / 2, y, x - m / 2, top, c, 4 * s) + line(x + m / 2, y, x + m / 2, top, c, 4 * s);
  let zig = `M${n(x - m / 2)},${n(y)}`;
  for (let yy = y, i = 0; yy > top; yy -= m, i++) zig += `L${n(i % 2 ? x - m / 2 : x + m / 2)},${n(yy - m)}`;
  out += `<path d="${zig}" stroke="${c}" stroke-width="${n(2.5 * s)}" fill="none"/>`;
  // jib to the left, counter-jib to the right
  const jy = top;
  out +=
    line(x - jib, jy, x + jib * 0.3, jy, c, 4 * s) + line(x - jib, jy - 16 * s, x + jib * 0.3, jy - 16 * s, c, 3 * s);
  let jz = `M${n(x - jib)},${n(jy)}`;
  for (let xx = x - jib, i = 0; xx < x + jib * 0.3; xx += 16 * s, i++)
    jz += `L${n(xx + 16 * s)},${n(i % 2 ? jy : jy - 16 * s)}`;
  out += `<path d="${jz}" stroke="${c}" stroke-width="${n(2 * s)}" fill="none"/>`;
  out += poly(
    [
      [x - m / 2, jy - 16 * s],
      [x, jy - 80 * s],
      [x + m / 2, jy - 16 * s],
    ],
    c,
  );
  out +=
    line(x, jy - 80 * s, x - jib * 0.9, jy - 16 * s, c, 2 * s) +
    line(x, jy - 80 * s, x + jib * 0.28, jy - 16 * s, c, 2 * s);
  out += rect(x + jib * 0.16, jy - 4 * s, jib * 0.13, 34 * s, "#7a7a78");
  out += rect(x + m / 2, jy + 2 * s, 30 * s, 26 * s, "#e9e6df");
  // trolley, cable and a beam being lifted
  const tx = x - jib * 0.62;
  out += rect(tx - 10 * s, jy, 20 * s, 10 * s, "#555");
  out += line(tx, jy + 10 * s, tx, jy + loadDrop, "#444", 1.6 * s);
  out += rect(tx - 60 * s, jy + loadDrop, 120 * s, 14 * s, "#8b8b8b");
  return out;
}

function storefronts(W: number, x: number, y: number, s: number, p: Palette, r: Rand) {
  const awnings = [
    ["#2f5d7c", "#ffffff"],
    ["#a9483c", "#f3e6d2"],
    ["#3d6b4f", "#f0efe8"],
    ["#c08a2e", "#fbf3e2"],
  ];
  const facades = [p.walls[1], p.walls[3], "#c9b9a6", p.walls[2]];
  let out = rect(0, y, W, 60 * s, p.paving);
  const count = 4;
  const w = 330 * s;
  const x0 = x - (count * w) / 2;
  for (let i = 0; i < count; i++) {
    const sx = x0 + i * w;
    const h = (300 + ((i * 37) % 70)) * s;
    out += rect(sx, y - h, w, h, facades[i]);
    out += rect(sx, y - h, w, 16 * s, "#000", 'opacity="0.08"');
    out += rect(sx + 24 * s, y - h + 34 * s, w - 48 * s, 46 * s, awnings[i][0], 'opacity="0.9"');
    out += rect(sx + 40 * s, y - h + 50 * s, w - 80 * s, 14 * s, awnings[i][1], 'opacity="0.35"');
    // awning stripes
    const ay = y - 200 * s;
    let stripes = "";
    for (let k = 0; k < 8; k++) {
      const kx = sx + 10 * s + (k * (w - 20 * s)) / 8;
      stripes += poly(
        [
          [kx, ay],
          [kx + (w - 20 * s) / 8, ay],
          [kx + (w - 20 * s) / 8 + 4 * s, ay + 56 * s],
          [kx + 4 * s, ay + 56 * s],
        ],
        awnings[i][k % 2],
      );
    }
    out += stripes;
    out += pane(sx + 26 * s, y - 140 * s, w * 0.55, 130 * s, p, r, 0.8);
    out += rect(sx + w * 0.66, y - 140 * s, w * 0.24, 140 * s, "#3f4850");
    out += rect(sx + w * 0.68, y - 134 * s, w * 0.2, 130 * s, "url(#glass)");
    out += line(sx, y - h, sx, y, "#000", 3 * s, 'opacity="0.15"');
  }
  return out;
}

function officeBuilding(x: number, y: number, s: number, p: Palette, r: Rand) {
  const w = 420 * s;
  const h = 640 * s;
  let out = shadow(x, y, w * 1.3, s);
  out += rect(x - w / 2, y - h, w, h, "url(#glass)");
  for (let i = 1; i < 7; i++)
    out += line(
      x - w / 2 + (i * w) / 7,
      y - h,
      x - w / 2 + (i * w) / 7,
      y - 50 * s,
      "#ffffff",
      2 * s,
      'opacity="0.45"',
    );
  for (let yy = y - 50 * s; yy > y - h; yy -= 42 * s)
    out += line(x - w / 2, yy, x + w / 2, yy, "#ffffff", 2 * s, 'opacity="0.35"');
  if (p.night) {
    for (let k = 0; k < 18; k++) {
      const c = Math.floor(r() * 7);
      const f = Math.floor(r() * 13);
      out += rect(
        x - w / 2 + (c * w) / 7 + 2 * s,
        y - 50 * s - (f + 1) * 42 * s + 2 * s,
        w / 7 - 4 * s,
        38 * s,
        p.lit,
        'opacity="0.85"',
      );
    }
  }
  out += poly(
    [
      [x - w / 2, y - h * 0.55],
      [x - w * 0.1, y - h],
      [x + w * 0.12, y - h],
      [x - w / 2, y - h * 0.3],
    ],
    "#ffffff",
    'opacity="0.15"',
  );
  out += rect(x - w / 2 - 6 * s, y - h - 16 * s, w + 12 * s, 16 * s, "#4a545e");
  out += rect(x - w / 2, y - 50 * s, w, 50 * s, "#3b4550");
  out += rect(x - 70 * s, y - 46 * s, 140 * s, 46 * s, "url(#glass)");
  out += rect(x - 110 * s, y - 70 * s, 220 * s, 12 * s, "#2d343b");
  return out;
}

function warehouse(x: number, y: number, s: number, p: Palette) {
  const w = 980 * s;
  const h = 250 * s;
  const left = x - w / 2;
  let out = shadow(x, y, w * 1.1, s);
  out += rect(left, y - h, w, h, "url(#corrugated)");
  out += `<path d="M${n(left - 16 * s)},${n(y - h + 4 * s)} Q${n(x)},${n(y - h - 150 * s)} ${n(left + w + 16 * s)},${n(y - h + 4 * s)}Z" fill="#8d969e"/>`;
  out += `<path d="M${n(left + 40 * s)},${n(y - h - 10 * s)} Q${n(x)},${n(y - h - 132 * s)} ${n(left + w - 40 * s)},${n(y - h - 10 * s)}" stroke="#ffffff" stroke-width="${n(3 * s)}" fill="none" opacity="0.35"/>`;
  out += rect(left, y - h, w, 26 * s, p.accent === "#7d5a44" ? "#4a5560" : "#2f5d7c");
  for (let i = 0; i < 8; i++) out += rect(left + 30 * s + i * 120 * s, y - h + 40 * s, 90 * s, 26 * s, "url(#glass)");
  for (const dx of [0.22, 0.5]) {
    const dx0 = left + w * dx;
    out += rect(dx0, y - 170 * s, 200 * s, 170 * s, "#b9bec3");
    for (let k = 1; k < 10; k++)
      out += line(dx0, y - 170 * s + k * 17 * s, dx0 + 200 * s, y - 170 * s + k * 17 * s, "#9aa0a6", 2 * s);
  }
  out += rect(left + w * 0.82, y - 120 * s, 70 * s, 120 * s, "#5b656e");
  out += rect(left - 60 * s, y, w + 120 * s, 70 * s, "#b9b5ad");
  return out;
}

function fence(W: number, y: number, s: number, color = "#8a6a4f") {
  let out = "";
  for (const k of [0.35, 0.65])
    out += line(0, y - 70 * s * k * 1.4, W, y - 70 * s * k * 1.4, "#777", 2 * s, 'opacity="0.8"');
  for (let x = 20 * s; x < W; x += 110 * s) out += rect(x, y - 90 * s, 12 * s, 100 * s, color);
  return out;
}

function livingRoom(W: number, H: number, p: Palette, r: Rand) {
  const floorY = H * 0.72;
  const s = Math.min(W / 1600, H / 1067);
  let out = rect(0, 0, W, floorY, "url(#wall)");
  out += rect(0, floorY, W, H - floorY, "url(#floor)");
  for (let x = -W; x < W * 2; x += 140 * s)
    out += line(x, floorY, x + (x - W / 2) * 0.6, H, "#000", 1.5 * s, 'opacity="0.08"');
  out += rect(0, floorY - 14 * s, W, 14 * s, "#ffffff", 'opacity="0.7"');
  // window with the garden outside
  const wx = W * 0.56;
  const wy = H * 0.12;
  const ww = W * 0.34;
  const wh = H * 0.48;
  out += `<clipPath id="win"><rect x="${n(wx)}" y="${n(wy)}" width="${n(ww)}" height="${n(wh)}"/></clipPath>`;
  out += `<g clip-path="url(#win)">${rect(wx, wy, ww, wh, "url(#sky)")}${rect(wx, wy + wh * 0.7, ww, wh * 0.3, "url(#grass)")}${tree(wx + ww * 0.3, wy + wh * 0.85, 1.1 * s, p, r)}${tree(wx + ww * 0.8, wy + wh * 0.9, 1.4 * s, p, r)}</g>`;
  out += `<rect x="${n(wx)}" y="${n(wy)}" width="${n(ww)}" height="${n(wh)}" fill="none" stroke="#ffffff" stroke-width="${n(14 * s)}"/>`;
  out += line(wx + ww / 2, wy, wx + ww / 2, wy + wh, "#ffffff", 10 * s);
  out += rect(wx - 50 * s, wy - 30 * s, 60 * s, wh + 90 * s, "#d8c7ad", 'opacity="0.9"');
  out += rect(wx + ww - 10 * s, wy - 30 * s, 60 * s, wh + 90 * s, "#d8c7ad", 'opacity="0.9"');
  // sunlight on the floor
  out += poly(
    [
      [wx, floorY + 20 * s],
      [wx + ww, floorY + 20 * s],
      [wx + ww * 1.3, H],
      [wx - ww * 0.1, H],
    ],
    "#fff7e0",
    'opacity="0.18"',
  );
  // art on the wall
  const ax = W * 0.16;
  out += rect(ax, H * 0.16, W * 0.2, H * 0.22, "#ffffff");
  out += rect(ax + 12 * s, H * 0.16 + 12 * s, W * 0.2 - 24 * s, H * 0.22 - 24 * s, "#f4efe6");
  out += circle(ax + W * 0.08, H * 0.26, 55 * s, "#c98b5a", 'opacity="0.85"');
  out += rect(ax + W * 0.09, H * 0.2, W * 0.07, H * 0.12, "#5f8aa3", 'opacity="0.8"');
  // rug, sofa, table
  out += ellipse(W * 0.33, floorY + (H - floorY) * 0.5, W * 0.3, (H - floorY) * 0.32, "#cdbfae");
  const sx = W * 0.08;
  const sy = floorY - 40 * s;
  out += rect(sx, sy - 190 * s, W * 0.44, 150 * s, "#6f8f94", `rx="${n(28 * s)}"`);
  out += rect(sx - 20 * s, sy - 90 * s, W * 0.48, 120 * s, "#7fa0a5", `rx="${n(26 * s)}"`);
  out += rect(sx - 30 * s, sy - 130 * s, 70 * s, 170 * s, "#6a898e", `rx="${n(26 * s)}"`);
  out += rect(sx + W * 0.44 - 40 * s, sy - 130 * s, 70 * s, 170 * s, "#6a898e", `rx="${n(26 * s)}"`);
  out += rect(sx + 60 * s, sy - 160 * s, 120 * s, 90 * s, "#e7c58f", `rx="${n(18 * s)}"`);
  out += rect(sx + W * 0.44 - 180 * s, sy - 160 * s, 120 * s, 90 * s, "#f1ece3", `rx="${n(18 * s)}"`);
  out +=
    rect(sx, sy + 30 * s, 16 * s, 40 * s, "#5b4a3a") +
    rect(sx + W * 0.44 - 16 * s, sy + 30 * s, 16 * s, 40 * s, "#5b4a3a");
  out += ellipse(W * 0.33, floorY + 110 * s, 170 * s, 34 * s, "#8a6446");
  out += rect(W * 0.33 - 8 * s, floorY + 110 * s, 16 * s, 70 * s, "#6b4d36");
  out += ellipse(W * 0.33, floorY + 180 * s, 70 * s, 10 * s, "#000", 'opacity="0.15"');
  // plant and lamp
  const px = W * 0.5;
  out += rect(px, floorY - 60 * s, 90 * s, 100 * s, "#d9cfc2", `rx="${n(10 * s)}"`);
  for (const [dx, dy, rx] of [
    [-30, -130, 40],
    [40, -170, 46],
    [100, -120, 38],
    [30, -230, 36],
  ]) {
    out += line(
      px + 45 * s,
      floorY - 60 * s,
      px + 45 * s + dx * s * 0.8,
      floorY - 60 * s + dy * s * 0.8,
      "#4f6b3f",
      4 * s,
    );
    out += ellipse(
      px + 45 * s + dx * s * 0.8,
      floorY - 60 * s + dy * s * 0.8,
      rx * s,
      rx * 0.45 * s,
      p.trees[1],
      `transform="rotate(${dx / 2} ${n(px + 45 * s + dx * s * 0.8)} ${n(floorY - 60 * s + dy * s * 0.8)})"`,
    );
  }
  const lx = W * 0.94;
  out += rect(lx - 3 * s, floorY - 380 * s, 6 * s, 400 * s, "#3b3b3b");
  out += poly(
    [
      [lx - 60 * s, floorY - 380 * s],
      [lx + 60 * s, floorY - 380 * s],
      [lx + 40 * s, floorY - 470 * s],
      [lx - 40 * s, floorY - 470 * s],
    ],
    "#f3ead8",
  );
  return out;
}

// ---------------------------------------------------------------- scenes

export type SceneKind =
  | "modern-house"
  | "pool-house"
  | "old-house"
  | "townhouses"
  | "tower"
  | "twin-towers"
  | "construction"
  | "launch"
  | "storefronts"
  | "office"
  | "warehouse"
  | "lot"
  | "living-room";

// One listing-style scene (3:2 works best) of `kind` at W×H pixels.
export function sceneSvg(kind: SceneKind, W: number, H: number, paletteName: PaletteName, seed: number) {
  const p = PALETTES[paletteName];
  const r = rng(seed);
  const s = Math.min(W / 1600, H / 1067);
  const defs =
    commonDefs(p) +
    `<linearGradient id="poolwater" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8fd3e8"/><stop offset="1" stop-color="#3f9cc0"/></linearGradient>` +
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b98d63"/><stop offset="1" stop-color="#9c7250"/></linearGradient>` +
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1e9de"/><stop offset="1" stop-color="#e3d7c7"/></linearGradient>` +
    `<pattern id="corrugated" width="${n(14 * s)}" height="10" patternUnits="userSpaceOnUse"><rect width="${n(14 * s)}" height="10" fill="#c9cdd1"/><rect width="${n(3 * s)}" height="10" fill="#b3b8bd"/></pattern>`;
  if (kind === "living-room") return svgDoc(W, H, defs, livingRoom(W, H, p, r));

  const horizon = H * 0.6;
  const base = H * 0.84;
  let body = landscape(W, H, p, r, horizon);
  const background: string[] = [];
  // a row of distant trees along the horizon
  for (let x = -40; x < W + 40; x += 70 * s + r() * 120 * s)
    background.push(tree(x, horizon + 10 * s, (0.35 + r() * 0.25) * s * 1.2, p, r));
  body += background.join("");

  const trees = (positions: [number, number, number][]) =>
    positions.map(([x, y, k]) => tree(W * x, y, k * s, p, r)).join("");
  switch (kind) {
    case "modern-house":
      body += trees([[0.12, base + 20 * s, 1.5]]);
      body += modernHouse(W * 0.52, base - 40 * s, 1.25 * s, p, r);
      body += trees([[0.9, base + 40 * s, 1.7]]) + bush(W * 0.3, base + 60 * s, 1.4 * s, p, r);
      break;
    case "pool-house":
      body += modernHouse(W * 0.56, base - 110 * s, 1.05 * s, p, r);
      body += rect(0, base - 30 * s, W, H - base + 30 * s, p.paving, 'opacity="0.65"');
      body += pool(W * 0.14, base + 10 * s, W * 0.52, 110 * s, s);
      body += palm(W * 0.08, base + 20 * s, 1.2 * s, p) + palm(W * 0.92, base + 40 * s, 1.35 * s, p);
      break;
    case "old-house":
      body += trees([
        [0.14, base, 2.1],
        [0.86, base + 10 * s, 2.3],
      ]);
      body += pitchedHouse(W * 0.5, base - 20 * s, 1.25 * s, p, r, {
        wall: p.walls[3],
        roof: p.night ? "#6f4a3f" : "#b0603f",
        old: true,
      });
      body += bush(W * 0.3, base + 30 * s, 1.5 * s, p, r) + bush(W * 0.7, base + 30 * s, 1.5 * s, p, r);
      body += trees([[0.97, base + 80 * s, 2.6]]);
      break;
    case "townhouses":
      body += townhouses(W * 0.5, base - 10 * s, 1.25 * s, p, r);
      body += trees([
        [0.05, base + 40 * s, 1.8],
        [0.96, base + 50 * s, 1.9],
      ]);
      break;
    case "tower":
      body += tower(W * 0.28, base - 60 * s, 260 * s, 9, 0.9 * s, p, r, p.walls[2]);
      body += tower(W * 0.46, base - 40 * s, 360 * s, 15, 1.05 * s, p, r, p.walls[0]);
      body += trees([
        [0.12, base + 30 * s, 1.6],
        [0.8, base + 40 * s, 1.8],
        [0.92, base + 50 * s, 1.5],
      ]);
      break;
    case "twin-towers":
      body += tower(W * 0.22, base - 50 * s, 330 * s, 16, 1 * s, p, r, p.walls[1]);
      body += tower(W * 0.56, base - 50 * s, 330 * s, 16, 1 * s, p, r, p.walls[1]);
      body += trees([
        [0.12, base + 40 * s, 1.6],
        [0.47, base + 40 * s, 1.4],
        [0.88, base + 40 * s, 1.7],
      ]);
      break;
    case "construction":
      body += rect(0, base - 60 * s, W, 90 * s, "#b8a58c", 'opacity="0.55"');
      body += tower(W * 0.36, base - 50 * s, 380 * s, 15, 1.05 * s, p, r, p.walls[2], 8);
      body += crane(W * 0.72, base - 50 * s, H * 0.62, W * 0.42, 1.2 * s, H * 0.2);
      body += fence(W, base + 90 * s, 1.1 * s, "#c9c3b8");
      break;
    case "launch":
      body += tower(W * 0.2, base - 50 * s, 340 * s, 14, 1.05 * s, p, r, p.walls[0]);
      body += tower(W * 0.52, base - 50 * s, 340 * s, 14, 1.05 * s, p, r, p.walls[0], 6);
      body += crane(W * 0.84, base - 50 * s, H * 0.62, W * 0.32, 1.1 * s, H * 0.14);
      body += trees([
        [0.08, base + 50 * s, 1.5],
        [0.44, base + 50 * s, 1.3],
      ]);
      break;
    case "storefronts":
      body += rect(0, base + 40 * s, W, H, "#6e7379");
      for (let x = 40 * s; x < W; x += 220 * s)
        body += rect(x, base + 120 * s, 110 * s, 8 * s, "#f2efe6", 'opacity="0.8"');
      body += storefronts(W, W * 0.5, base - 20 * s, 1.15 * s, p, r);
      body += trees([
        [0.03, base + 30 * s, 1.6],
        [0.98, base + 30 * s, 1.6],
      ]);
      break;
    case "office":
      body += tower(W * 0.12, base - 40 * s, 260 * s, 8, 0.9 * s, p, r, p.walls[1]);
      body += tower(W * 0.72, base - 40 * s, 300 * s, 10, 0.95 * s, p, r, p.walls[2]);
      body += officeBuilding(W * 0.5, base - 20 * s, 1.1 * s, p, r);
      body += trees([
        [0.33, base + 40 * s, 1.3],
        [0.66, base + 50 * s, 1.3],
      ]);
      break;
    case "warehouse":
      body += warehouse(W * 0.5, base - 60 * s, 1.2 * s, p);
      body += trees([
        [0.04, base, 1.7],
        [0.97, base + 10 * s, 1.8],
      ]);
      body += fence(W, base + 110 * s, 1 * s, "#9aa0a6");
      break;
    case "lot": {
      // mowed stripes, a lake behind the plot and a blank sale board
      body += `<path d="${blob(r, W * 0.72, horizon + 34 * s, W * 0.26, 26 * s, 12, 0.08)}" fill="url(#water)"/>`;
      for (let i = 0; i < 6; i++) {
        const y0 = horizon + 70 * s + i * 60 * s;
        body += rect(0, y0, W, 30 * s, "#ffffff", 'opacity="0.05"');
      }
      body += pitchedHouse(W * 0.12, horizon + 60 * s, 0.45 * s, p, r, { wall: p.walls[1], roof: p.roofs[1] });
      body += pitchedHouse(W * 0.9, horizon + 60 * s, 0.42 * s, p, r, { wall: p.walls[0], roof: p.roofs[2] });
      body += trees([
        [0.3, horizon + 80 * s, 1.2],
        [0.55, horizon + 70 * s, 0.9],
      ]);
      body +=
        rect(W * 0.6, base - 150 * s, 12 * s, 170 * s, "#6b5444") +
        rect(W * 0.74, base - 150 * s, 12 * s, 170 * s, "#6b5444");
      body +=
        rect(W * 0.58, base - 250 * s, W * 0.18, 130 * s, "#ffffff") +
        rect(W * 0.58, base - 250 * s, W * 0.18, 30 * s, "#2f5d7c");
      body += fence(W, base + 80 * s, 1.2 * s);
      break;
    }
  }
  return svgDoc(W, H, defs, body);
}

// ---------------------------------------------------------------- banners

// Darkens the left half (desktop) or the lower part (mobile) where the site
// sets its title, so white text keeps its contrast on any scene.
function textShade(W: number, H: number) {
  const portrait = H > W;
  const grad = portrait
    ? `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.3" stop-color="#0b1c2e" stop-opacity="0"/><stop offset="1" stop-color="#0b1c2e" stop-opacity="0.55"/></linearGradient>`
    : `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0b1c2e" stop-opacity="0.55"/><stop offset="0.45" stop-color="#0b1c2e" stop-opacity="0.25"/><stop offset="0.7" stop-color="#0b1c2e" stop-opacity="0"/></linearGradient>`;
  return { def: grad, body: rect(0, 0, W, H, "url(#shade)") };
}

// Banner 1: the city from above, with its lagoons ringed by parks.
export function aerialCitySvg(W: number, H: number, seed = 7, shade = true) {
  const r = rng(seed);
  const p = PALETTES.day;
  const u = Math.max(W, H) / 1600;
  const lagoons: { cx: number; cy: number; rx: number; ry: number }[] =
    H > W
      ? [
          { cx: W * 0.62, cy: H * 0.2, rx: W * 0.3, ry: H * 0.1 },
          { cx: W * 0.3, cy: H * 0.5, rx: W * 0.24, ry: H * 0.08 },
          { cx: W * 0.72, cy: H * 0.78, rx: W * 0.22, ry: H * 0.07 },
        ]
      : [
          { cx: W * 0.62, cy: H * 0.42, rx: W * 0.13, ry: H * 0.25 },
          { cx: W * 0.86, cy: H * 0.7, rx: W * 0.09, ry: H * 0.2 },
          { cx: W * 0.4, cy: H * 0.86, rx: W * 0.08, ry: H * 0.16 },
        ];
  const inside = (x: number, y: number, k: number) =>
    lagoons.some((l) => ((x - l.cx) / (l.rx * k)) ** 2 + ((y - l.cy) / (l.ry * k)) ** 2 < 1);
  let body = rect(0, 0, W, H, "#cfc8bb");
  // city blocks with rooftops, leaving room for the parks around the lagoons
  const bw = 86 * u;
  const bh = 64 * u;
  const street = 14 * u;
  const roofs = ["#b86a4b", "#c77a55", "#9f5a42", "#d9d4cc", "#a8aeb3", "#c9b79a", "#e4ddd0"];
  for (let y = -bh / 2; y < H; y += bh + street) {
    for (let x = -bw / 2 + (r() * 10 - 5) * u; x < W; x += bw + street) {
      const cx = x + bw / 2;
      const cy = y + bh / 2;
      if (inside(cx, cy, 1.45)) continue;
      if (r() < 0.06) {
        body += rect(x, y, bw, bh, "#7ea65f");
        body += circle(cx, cy, 18 * u, p.trees[0]);
        continue;
      }
      body += rect(x, y, bw, bh, "#e5e0d6");
      const cols = 2 + Math.floor(r() * 2);
      const cw = bw / cols;
      for (let c = 0; c < cols; c++) {
        for (const half of [0, 1]) {
          if (r() < 0.12) continue;
          const rx = x + c * cw + 3 * u;
          const ry = y + half * (bh / 2) + 3 * u;
          const rw = cw - 6 * u;
          const rh = bh / 2 - 6 * u;
          body += rect(rx + 3 * u, ry + 3 * u, rw, rh, "#000", 'opacity="0.12"');
          body += rect(rx, ry, rw, rh, pick(r, roofs));
          body += rect(rx, ry, rw, rh / 2, "#fff", 'opacity="0.08"');
        }
      }
      if (r() < 0.3) body += circle(x + r() * bw, y + r() * bh, 9 * u, pick(r, p.trees), 'opacity="0.95"');
    }
  }
  // parks, walking track and the water
  for (const l of lagoons) {
    body += `<path d="${blob(r, l.cx, l.cy, l.rx * 1.38, l.ry * 1.38, 12, 0.06)}" fill="#8fb86e"/>`;
    for (let i = 0; i < 26; i++) {
      const a = r() * Math.PI * 2;
      const k = 1.12 + r() * 0.2;
      body += circle(l.cx + Math.cos(a) * l.rx * k, l.cy + Math.sin(a) * l.ry * k, (8 + r() * 8) * u, pick(r, p.trees));
    }
    body += `<path d="${blob(r, l.cx, l.cy, l.rx * 1.08, l.ry * 1.08, 12, 0.05)}" fill="#e3d9c4"/>`;
    body += `<path d="${blob(r, l.cx, l.cy, l.rx * 1.02, l.ry * 1.02, 12, 0.05)}" fill="#8fb86e"/>`;
    body += `<path d="${blob(r, l.cx, l.cy, l.rx * 0.92, l.ry * 0.92, 12, 0.08)}" fill="url(#lagoon)"/>`;
    body += ellipse(l.cx - l.rx * 0.2, l.cy - l.ry * 0.3, l.rx * 0.4, l.ry * 0.12, "#ffffff", 'opacity="0.12"');
  }
  const shadeParts = textShade(W, H);
  const defs =
    `<radialGradient id="lagoon"><stop offset="0" stop-color="#3f7fa8"/><stop offset="1" stop-color="#6fa9c9"/></radialGradient>` +
    shadeParts.def;
  return svgDoc(W, H, defs, body + (shade ? shadeParts.body : ""));
}

// Banner 2: the wide Rio Paraná at golden hour, a long bridge on its piers.
export function riverBridgeSvg(W: number, H: number, seed = 11) {
  const r = rng(seed);
  const p = PALETTES.golden;
  const portrait = H > W;
  const horizon = H * (portrait ? 0.42 : 0.5);
  const u = Math.min(W, H) / 600;
  let body = sky(W, H, p, r, horizon, portrait ? 0.7 : 0.8);
  body += ridge(W, horizon - 26 * u, 14 * u, r, "#8d9a78");
  for (let x = 0; x < W; x += 18 * u + r() * 20 * u)
    body += circle(x, horizon - 10 * u - r() * 8 * u, (10 + r() * 8) * u, pick(r, ["#6f7f56", "#5f7049", "#7b8a5e"]));
  body += rect(0, horizon - 6 * u, W, H - horizon + 6 * u, "url(#river)");
  // sun reflection and ripples
  const sx = W * (portrait ? 0.7 : 0.8);
  body += poly(
    [
      [sx - 30 * u, horizon],
      [sx + 30 * u, horizon],
      [sx + 90 * u, H],
      [sx - 90 * u, H],
    ],
    p.sun,
    'opacity="0.22"',
  );
  for (let i = 0; i < 60; i++) {
    const y = horizon + (H - horizon) * r() ** 1.4;
    const len = (20 + r() * 60) * u * (0.5 + (y - horizon) / (H - horizon));
    const x = r() * W;
    body += line(x, y, x + len, y, "#ffffff", 1.5 * u, 'opacity="0.18"');
  }
  // The bridge, in perspective: from off-frame on the right it runs to the
  // far bank left of centre, a leading line that leaves the text area calm.
  const vx = W * (portrait ? 0.18 : 0.3);
  const depth = H - horizon;
  const nearX = W * (portrait ? 1.5 : 1.12) - vx;
  const at = (z: number, lift: number): [number, number] => [vx + nearX / z, horizon + (depth * 0.5 - lift) / z];
  const deckT = depth * 0.07;
  const truss = depth * 0.32;
  const steel = "#5a5048";
  const zs: number[] = [];
  for (let z = 0.8; z < 40; z *= 1.32) zs.push(z);
  for (const z of zs) {
    const [px, py] = at(z, -deckT);
    const water = horizon + (depth * 0.95) / z;
    const pw = (22 * u) / z;
    body += rect(px - pw / 2, py, pw, Math.max(0, water - py), "#9c8f80");
    body += rect(px - pw / 2, water, pw, (24 * u) / z, "#3f5a70", 'opacity="0.3"');
  }
  const zFar = zs[zs.length - 1];
  body += poly([at(0.8, 0), at(zFar, 0), at(zFar, -deckT), at(0.8, -deckT)], "#6e6258");
  for (let i = 0; i + 1 < zs.length; i++) {
    const [za, zb] = [zs[i], zs[i + 1]];
    const a = at(za, 0);
    const b = at(zb, 0);
    const m = at((za + zb) / 2, truss);
    const c = [2 * m[0] - (a[0] + b[0]) / 2, 2 * m[1] - (a[1] + b[1]) / 2];
    body += `<path d="M${n(a[0])},${n(a[1])} Q${n(c[0])},${n(c[1])} ${n(b[0])},${n(b[1])}" stroke="${steel}" stroke-width="${n((5 * u) / za)}" fill="none"/>`;
    for (let k = 1; k < 6; k++) {
      const t = k / 6;
      const z = za + (zb - za) * t;
      const lo = at(z, 0);
      const hi = at(z, truss * 4 * t * (1 - t) * 0.98);
      body += line(lo[0], lo[1], hi[0], hi[1], steel, (2 * u) / z);
    }
  }
  const shadeParts = textShade(W, H);
  const defs =
    commonDefs(p) +
    `<linearGradient id="river" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b8c2bf"/><stop offset="0.35" stop-color="#7f9fae"/><stop offset="1" stop-color="#3f6682"/></linearGradient>` +
    shadeParts.def;
  return svgDoc(W, H, defs, body + shadeParts.body);
}

// Banner 3: a tall obelisk in a paved square with palms and low buildings.
export function obeliskSquareSvg(W: number, H: number, seed = 23) {
  const r = rng(seed);
  const p = PALETTES.teal;
  const portrait = H > W;
  const horizon = H * (portrait ? 0.62 : 0.7);
  const u = Math.min(W, H) / 600;
  let body = sky(W, H, p, r, horizon, portrait ? 0.25 : 0.5);
  // low buildings around the square
  for (let x = -20 * u; x < W;) {
    const w = (70 + r() * 90) * u;
    const h = (50 + r() * 110) * u;
    const wall = pick(r, [...p.walls, "#d9cbb8", "#c8d1d6"]);
    body += rect(x, horizon - h, w, h, wall);
    body += rect(x + w * 0.7, horizon - h, w * 0.3, h, "#000", 'opacity="0.06"');
    for (let yy = horizon - h + 14 * u; yy < horizon - 24 * u; yy += 26 * u) {
      for (let xx = x + 10 * u; xx < x + w - 18 * u; xx += 24 * u) body += rect(xx, yy, 12 * u, 14 * u, "url(#glass)");
    }
    x += w + 4 * u;
  }
  for (let x = 0; x < W; x += 40 * u + r() * 50 * u) body += tree(x, horizon + 6 * u, (0.35 + r() * 0.15) * u, p, r);
  body += rect(0, horizon, W, H - horizon, "url(#plaza)");
  for (let i = 1; i < 8; i++) {
    const y = horizon + (H - horizon) * (i / 8) ** 1.3;
    body += line(0, y, W, y, "#ffffff", 1 * u, 'opacity="0.25"');
  }
  // the monument: stepped base, shaft, pyramidion
  const mx = W * (portrait ? 0.62 : 0.7);
  const my = horizon + (H - horizon) * 0.55;
  body += ellipse(mx, my + 6 * u, 150 * u, 22 * u, "#000", 'opacity="0.12"');
  body += ellipse(mx, my, 130 * u, 20 * u, "#a9cfe0") + ellipse(mx, my - 3 * u, 118 * u, 15 * u, "url(#water)");
  body +=
    rect(mx - 46 * u, my - 30 * u, 92 * u, 24 * u, "#d8d0c2") +
    rect(mx - 34 * u, my - 50 * u, 68 * u, 22 * u, "#e4ddd1");
  const top = my - H * (portrait ? 0.5 : 0.72);
  body += poly(
    [
      [mx - 20 * u, my - 50 * u],
      [mx + 20 * u, my - 50 * u],
      [mx + 12 * u, top + 30 * u],
      [mx - 12 * u, top + 30 * u],
    ],
    "#efe9df",
  );
  body += poly(
    [
      [mx + 2 * u, my - 50 * u],
      [mx + 20 * u, my - 50 * u],
      [mx + 12 * u, top + 30 * u],
      [mx + 1 * u, top + 30 * u],
    ],
    "#000",
    'opacity="0.1"',
  );
  body += poly(
    [
      [mx - 12 * u, top + 30 * u],
      [mx + 12 * u, top + 30 * u],
      [mx, top],
    ],
    "#d9c79a",
  );
  // palms, benches and lamps
  body += palm(mx - 190 * u, my + 30 * u, 0.75 * u, p) + palm(mx + 200 * u, my + 40 * u, 0.8 * u, p);
  if (!portrait) body += palm(W * 0.3, my + 50 * u, 0.7 * u, p);
  for (const bx of [mx - 110 * u, mx + 80 * u])
    body +=
      rect(bx, my + 42 * u, 40 * u, 6 * u, "#7a5a40") +
      rect(bx + 4 * u, my + 48 * u, 4 * u, 10 * u, "#444") +
      rect(bx + 32 * u, my + 48 * u, 4 * u, 10 * u, "#444");
  for (const lx of [mx - 250 * u, mx + 270 * u])
    body += rect(lx, my - 70 * u, 4 * u, 130 * u, "#3d4247") + circle(lx + 2 * u, my - 72 * u, 7 * u, "#f5f0dc");
  const shadeParts = textShade(W, H);
  const defs =
    commonDefs(p) +
    `<linearGradient id="plaza" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9d2c4"/><stop offset="1" stop-color="#bfb6a6"/></linearGradient>` +
    shadeParts.def;
  return svgDoc(W, H, defs, body + shadeParts.body);
}
