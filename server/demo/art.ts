import { createRng, type Rng } from "./random";

/** The kinds of abstract composition the demo images are drawn in. */
export type ArtStyle =
  "geometric" | "color-field" | "organic" | "lines" | "bands" | "landscape" | "mosaic";

export type Composition = {
  style: ArtStyle;
  seed: number;
  /** Base hue (0–360) of the palette. */
  hue: number;
  width: number;
  height: number;
  /** Adds a lighthouse to a landscape (for "Lighthouse at Dusk"). */
  lighthouse?: boolean;
};

type Palette = { background: string; colors: string[]; dark: string; light: string };

/** HSL (degrees, percent, percent) to #rrggbb; SVG renderers all read hex. */
function hex(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.max(0, Math.min(100, s)) / 100;
  const lig = Math.max(0, Math.min(100, l)) / 100;
  const a = sat * Math.min(lig, 1 - lig);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const v = lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function palette(rng: Rng, baseHue: number): Palette {
  const hue = baseHue + rng.int(-25, 25);
  const accent = hue + rng.pick([150, 180, 210]);
  const sat = rng.int(35, 70);
  const lightBackground = rng.chance(0.55);
  return {
    background: lightBackground
      ? hex(hue + 10, rng.int(10, 35), rng.int(86, 94))
      : hex(hue, rng.int(20, 50), rng.int(12, 24)),
    colors: [
      hex(hue, sat, rng.int(40, 55)),
      hex(hue + rng.int(15, 40), sat - 10, rng.int(55, 70)),
      hex(hue - rng.int(15, 40), sat, rng.int(30, 45)),
      hex(accent, rng.int(55, 85), rng.int(45, 60)),
      hex(hue + 5, rng.int(15, 30), rng.int(70, 85)),
    ],
    dark: hex(hue, rng.int(20, 40), rng.int(10, 18)),
    light: hex(hue, rng.int(20, 40), rng.int(88, 95)),
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** A closed, smooth blob around (cx, cy), as an SVG path. */
function blob(rng: Rng, cx: number, cy: number, radius: number): string {
  const points = rng.int(5, 8);
  const pts = Array.from({ length: points }, (_, i) => {
    const angle = (i / points) * Math.PI * 2;
    const r = radius * rng.float(0.65, 1.2);
    return [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r] as const;
  });
  const mid = (a: readonly [number, number], b: readonly [number, number]) =>
    [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as const;
  const at = (i: number) => pts[(i + points) % points] ?? [cx, cy];
  const start = mid(at(-1), at(0));
  let d = `M${r1(start[0])},${r1(start[1])}`;
  for (let i = 0; i < points; i++) {
    const p = at(i);
    const m = mid(p, at(i + 1));
    d += ` Q${r1(p[0])},${r1(p[1])} ${r1(m[0])},${r1(m[1])}`;
  }
  return `${d}Z`;
}

/** More shapes on wide or tall canvases, so banners are not sparse. */
const spread = (w: number, h: number) => Math.max(1, Math.max(w, h) / Math.min(w, h) / 1.5);

function geometric(rng: Rng, p: Palette, w: number, h: number): string[] {
  const out: string[] = [];
  const shapes = Math.round(rng.int(6, 10) * spread(w, h));
  for (let i = 0; i < shapes; i++) {
    const fill = rng.pick(p.colors);
    const size = rng.float(0.12, 0.45) * Math.min(w, h);
    const x = rng.float(-0.1, 0.9) * w;
    const y = rng.float(-0.1, 0.9) * h;
    const kind = rng.int(0, 3);
    if (kind === 0)
      out.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(size / 2)}" fill="${fill}"/>`);
    else if (kind === 1)
      out.push(
        `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(size * rng.float(0.5, 2))}" height="${r1(size)}" fill="${fill}"/>`,
      );
    else if (kind === 2)
      out.push(
        `<path d="M${r1(x)},${r1(y + size)} L${r1(x + size / 2)},${r1(y)} L${r1(x + size)},${r1(y + size)}Z" fill="${fill}"/>`,
      );
    else
      out.push(
        `<path d="M${r1(x)},${r1(y)} a${r1(size / 2)},${r1(size / 2)} 0 0 1 ${r1(size)},0Z" fill="${fill}"/>`,
      );
  }
  const y = rng.float(0.2, 0.8) * h;
  out.push(
    `<line x1="0" y1="${r1(y)}" x2="${w}" y2="${r1(y + rng.float(-0.3, 0.3) * h)}" stroke="${p.dark}" stroke-width="${r1(Math.min(w, h) * 0.012)}"/>`,
  );
  return out;
}

function colorField(rng: Rng, p: Palette, w: number, h: number): string[] {
  const out: string[] = [];
  const fields = rng.int(2, 3);
  const margin = 0.08 * w;
  let y = 0.07 * h;
  for (let i = 0; i < fields; i++) {
    const fh = (0.86 / fields) * h * rng.float(0.8, 1.1);
    const fill = rng.pick(p.colors);
    for (const [inset, opacity] of [
      [0, 0.35],
      [0.012, 0.5],
      [0.024, 0.9],
    ] as const) {
      const d = inset * w;
      out.push(
        `<rect x="${r1(margin + d)}" y="${r1(y + d)}" width="${r1(w - 2 * margin - 2 * d)}" height="${r1(fh - 2 * d)}" rx="${r1(w * 0.01)}" fill="${fill}" opacity="${opacity}"/>`,
      );
    }
    y += fh + 0.02 * h;
  }
  return out;
}

function organic(rng: Rng, p: Palette, w: number, h: number): string[] {
  return Array.from({ length: Math.round(rng.int(6, 10) * spread(w, h)) }, () => {
    const radius = rng.float(0.1, 0.3) * Math.min(w, h);
    return `<path d="${blob(rng, rng.float(0.1, 0.9) * w, rng.float(0.1, 0.9) * h, radius)}" fill="${rng.pick(p.colors)}" opacity="${r1(rng.float(0.6, 0.95))}"/>`;
  });
}

function lines(rng: Rng, p: Palette, w: number, h: number): string[] {
  const out = [`<rect width="${w}" height="${h}" fill="${p.light}"/>`];
  for (let i = 0, n = rng.int(28, 48); i < n; i++) {
    const stroke = rng.chance(0.8) ? p.dark : rng.pick(p.colors);
    const [x1, y1, cx, cy, x2, y2] = [w, h, w, h, w, h].map((s) => r1(rng.float(0.05, 0.95) * s));
    out.push(
      `<path d="M${x1},${y1} Q${cx},${cy} ${x2},${y2}" fill="none" stroke="${stroke}" stroke-width="${r1(rng.float(1, 4))}" stroke-linecap="round" opacity="0.85"/>`,
    );
  }
  return out;
}

function bands(rng: Rng, p: Palette, w: number, h: number): string[] {
  const angle = rng.pick([0, 0, 90, 45, -30]);
  const span = Math.hypot(w, h);
  const out = [`<g transform="rotate(${angle} ${w / 2} ${h / 2})">`];
  for (let x = -span / 2; x < w + span / 2;) {
    const bw = rng.float(0.02, 0.12) * span;
    out.push(
      `<rect x="${r1(x)}" y="${r1(-span)}" width="${r1(bw)}" height="${r1(span * 3)}" fill="${rng.pick(p.colors)}"/>`,
    );
    x += bw + rng.float(0, 0.03) * span;
  }
  out.push("</g>");
  return out;
}

function landscape(
  rng: Rng,
  p: Palette,
  w: number,
  h: number,
  hue: number,
  lighthouse: boolean,
): string[] {
  const sky = [hex(hue + 200, 45, 30), hex(hue, 70, 62), hex(hue + 20, 80, 78)];
  const horizon = rng.float(0.5, 0.68) * h;
  const out = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">${sky.map((c, i) => `<stop offset="${i / 2}" stop-color="${c}"/>`).join("")}</linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
    `<circle cx="${r1((lighthouse ? rng.float(0.15, 0.4) : rng.float(0.2, 0.8)) * w)}" cy="${r1(horizon - rng.float(0.05, 0.25) * h)}" r="${r1(Math.min(w, h) * rng.float(0.06, 0.12))}" fill="${hex(hue + 15, 90, 85)}"/>`,
  ];
  const layers = rng.int(3, 4);
  for (let i = 0; i < layers; i++) {
    const base = horizon + (i / layers) * (h - horizon);
    let d = `M0,${h} L0,${r1(base)}`;
    for (let k = 0; k <= 6; k++) d += ` L${r1((k / 6) * w)},${r1(base - rng.float(0, 0.08) * h)}`;
    out.push(`<path d="${d} L${w},${h}Z" fill="${hex(hue + 200 + i * 8, 30, 34 - i * 8)}"/>`);
  }
  if (lighthouse) {
    const x = 0.68 * w;
    const top = horizon - 0.3 * h;
    const tw = 0.035 * w;
    out.push(
      `<path d="M${r1(x + w * 0.3)},${r1(top)} L${r1(x)},${r1(top + tw)} L${r1(x)},${r1(top - tw)}Z" fill="#fff6c8" opacity="0.35" transform="rotate(180 ${r1(x)} ${r1(top)})"/>`,
    );
    out.push(
      `<path d="M${r1(x - tw)},${r1(horizon)} L${r1(x - tw * 0.6)},${r1(top)} L${r1(x + tw * 0.6)},${r1(top)} L${r1(x + tw)},${r1(horizon)}Z" fill="#f2eee6"/>`,
    );
    out.push(
      `<rect x="${r1(x - tw * 0.8)}" y="${r1(top + (horizon - top) * 0.35)}" width="${r1(tw * 1.6)}" height="${r1((horizon - top) * 0.12)}" fill="#b8322a"/>`,
    );
    out.push(
      `<circle cx="${r1(x)}" cy="${r1(top - tw * 0.4)}" r="${r1(tw * 0.7)}" fill="#ffe98a"/>`,
    );
  }
  return out;
}

function mosaic(rng: Rng, p: Palette, w: number, h: number): string[] {
  const cols = rng.int(4, 9);
  const cell = w / cols;
  const rows = Math.ceil(h / cell);
  const gap = cell * 0.06;
  const out: string[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const fill = rng.pick(p.colors);
      const [x, y, s] = [r1(col * cell + gap), r1(row * cell + gap), r1(cell - 2 * gap)];
      out.push(
        rng.chance(0.25)
          ? `<circle cx="${r1(x + s / 2)}" cy="${r1(y + s / 2)}" r="${r1(s / 2)}" fill="${fill}"/>`
          : `<rect x="${x}" y="${y}" width="${s}" height="${s}" fill="${fill}"/>`,
      );
    }
  }
  return out;
}

/** An SVG document of `c.width` × `c.height` pixels. Same input, same picture. */
export function composeSvg(c: Composition, overlay = ""): string {
  const rng = createRng(c.seed);
  const p = palette(rng, c.hue);
  const { width: w, height: h } = c;
  const body =
    c.style === "geometric"
      ? geometric(rng, p, w, h)
      : c.style === "color-field"
        ? colorField(rng, p, w, h)
        : c.style === "organic"
          ? organic(rng, p, w, h)
          : c.style === "lines"
            ? lines(rng, p, w, h)
            : c.style === "bands"
              ? bands(rng, p, w, h)
              : c.style === "landscape"
                ? landscape(rng, p, w, h, c.hue, c.lighthouse ?? false)
                : mosaic(rng, p, w, h);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="${p.background}"/>${body.join("")}${overlay}</svg>`;
}
