import sharp from "sharp";
import type { StorageAdapter } from "../adapters/storage/storage";
import { type Composition, composeSvg } from "./art";

/** Longest side of a generated original, in pixels. */
export const ORIGINAL_LONG_SIDE = 1400;

/** The three addresses, and the original's size in pixels (for truthful `srcset` widths). */
export type StoredImage = {
  original: string;
  medium: string;
  thumbnail: string;
  width: number;
  height: number;
};

/** Pixel size of an image for a work of `width` × `height` (any unit), longest side `longSide`. */
export function pixelSize(
  width: number,
  height: number,
  longSide = ORIGINAL_LONG_SIDE,
): { width: number; height: number } {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const scale = longSide / Math.max(w, h);
  return {
    width: Math.max(64, Math.round(w * scale)),
    height: Math.max(64, Math.round(h * scale)),
  };
}

async function rasterize(
  svg: string,
): Promise<{ data: Buffer; width: number; height: number; channels: 3 }> {
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/**
 * Draws the composition once and stores it three times, as the upload pipeline does:
 * `<prefix>-original.jpg`, `<prefix>-medium.webp` and `<prefix>-thumbnail.webp`, fitted
 * inside 1200 px and 500 px squares like an upload's (ARTWORK_IMAGE_SIZES). The JPEG is
 * baseline: it decodes to the same pixels as a progressive one, is smaller at these
 * sizes, and takes half the time to encode (docs/performance.md, "Test suite time").
 */
export async function renderArtworkImage(
  storage: StorageAdapter,
  prefix: string,
  composition: Composition,
): Promise<StoredImage> {
  const raw = await rasterize(composeSvg(composition));
  const input = () =>
    sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
  const [original, medium, thumbnail] = await Promise.all([
    input().jpeg({ quality: 82 }).toBuffer(),
    input()
      .resize(1200, 1200, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80, effort: 2 })
      .toBuffer(),
    input()
      .resize(500, 500, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 78, effort: 2 })
      .toBuffer(),
  ]);
  const [o, m, t] = await Promise.all([
    storage.put(`${prefix}-original.jpg`, original, "image/jpeg"),
    storage.put(`${prefix}-medium.webp`, medium, "image/webp"),
    storage.put(`${prefix}-thumbnail.webp`, thumbnail, "image/webp"),
  ]);
  return {
    original: o.url,
    medium: m.url,
    thumbnail: t.url,
    width: raw.width,
    height: raw.height,
  };
}

/** A wide WebP (exhibition or home-page banner), optionally with a title drawn on it. */
export async function renderBannerImage(
  storage: StorageAdapter,
  key: string,
  composition: Composition,
  text?: { title: string; subtitle: string },
): Promise<string> {
  const overlay = text
    ? textOverlay(composition.width, composition.height, text.title, text.subtitle)
    : "";
  const body = await sharp(Buffer.from(composeSvg(composition, overlay)))
    .removeAlpha()
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
  const { url } = await storage.put(key, body, "image/webp");
  return url;
}

/** Large white text with a soft shadow, for banners. */
function textOverlay(w: number, h: number, title: string, subtitle: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const size = Math.round(h * 0.2);
  const text = (y: number, px: number, s: string, weight: number, fill: string, opacity = 1) =>
    `<text x="${Math.round(w * 0.06)}" y="${Math.round(y)}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${px}" font-weight="${weight}" fill="${fill}" opacity="${opacity}">${escape(s)}</text>`;
  return [
    `<rect x="0" y="${Math.round(h * 0.28)}" width="${Math.round(w * 0.62)}" height="${Math.round(h * 0.46)}" fill="#000" opacity="0.45"/>`,
    text(h * 0.5 + 4, size, title, 700, "#000000", 0.4),
    text(h * 0.5, size, title, 700, "#ffffff"),
    text(h * 0.5 + size * 0.8, Math.round(size * 0.36), subtitle, 400, "#ffffff"),
  ].join("");
}
