import { loadSharp } from "../images/sharp";
import type { StorageAdapter } from "../adapters/storage/storage";
import { type Composition, composeSvg } from "./art";
import type { CachedPicture, PictureCache } from "./picture-cache";

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
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/**
 * How this file turns a drawing into files, beyond the settings below: bump it with any
 * change to rasterize, the resizing or the encoders' calls that these objects do not name,
 * since the cache key (picture-cache.ts) knows only what is in them.
 */
const PIPELINE = 1;

/**
 * How an artwork's three files are encoded; part of each picture's cache key, so a change
 * here draws every picture afresh. The JPEG is baseline: it decodes to the same pixels as
 * a progressive one, is smaller at these sizes, and takes half the time to encode
 * (docs/performance.md, "Test suite time").
 */
const ARTWORK_ENCODING = {
  pipeline: PIPELINE,
  fit: "inside",
  original: { quality: 82 },
  medium: { box: 1200, quality: 80, effort: 2 },
  thumbnail: { box: 500, quality: 78, effort: 2 },
} as const;
const BANNER_ENCODING = { pipeline: PIPELINE, banner: { quality: 80, effort: 2 } } as const;

/** The cached picture for this drawing, or drawn (and kept) by `draw`. */
async function cachedOr(
  cache: PictureCache | null,
  svg: string,
  encoding: unknown,
  parts: number,
  draw: () => Promise<CachedPicture>,
): Promise<CachedPicture> {
  if (!cache) return draw();
  const key = await cache.keyOf(svg, encoding);
  const kept = await cache.get(key);
  if (kept?.files.length === parts) return kept;
  const drawn = await draw();
  await cache.put(key, drawn);
  return drawn;
}

/**
 * Draws the composition once and stores it three times, as the upload pipeline does:
 * `<prefix>-original.jpg`, `<prefix>-medium.webp` and `<prefix>-thumbnail.webp`, fitted
 * inside 1200 px and 500 px squares like an upload's (ARTWORK_IMAGE_SIZES). With a
 * cache, a drawing made before on this machine is read back instead (picture-cache.ts).
 */
export async function renderArtworkImage(
  storage: StorageAdapter,
  prefix: string,
  composition: Composition,
  cache: PictureCache | null = null,
): Promise<StoredImage> {
  const svg = composeSvg(composition);
  const picture = await cachedOr(cache, svg, ARTWORK_ENCODING, 3, async () => {
    const raw = await rasterize(svg);
    const sharp = await loadSharp();
    const input = () =>
      sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
    const { original, medium, thumbnail } = ARTWORK_ENCODING;
    const files = await Promise.all([
      input().jpeg({ quality: original.quality }).toBuffer(),
      input()
        .resize(medium.box, medium.box, { fit: ARTWORK_ENCODING.fit, withoutEnlargement: true })
        .webp({ quality: medium.quality, effort: medium.effort })
        .toBuffer(),
      input()
        .resize(thumbnail.box, thumbnail.box, {
          fit: ARTWORK_ENCODING.fit,
          withoutEnlargement: true,
        })
        .webp({ quality: thumbnail.quality, effort: thumbnail.effort })
        .toBuffer(),
    ]);
    return { files, width: raw.width, height: raw.height };
  });
  const [original, medium, thumbnail] = picture.files as [Buffer, Buffer, Buffer];
  const [o, m, t] = await Promise.all([
    storage.put(`${prefix}-original.jpg`, original, "image/jpeg"),
    storage.put(`${prefix}-medium.webp`, medium, "image/webp"),
    storage.put(`${prefix}-thumbnail.webp`, thumbnail, "image/webp"),
  ]);
  return {
    original: o.url,
    medium: m.url,
    thumbnail: t.url,
    width: picture.width,
    height: picture.height,
  };
}

/** A wide WebP (exhibition or home-page banner), optionally with a title drawn on it. */
export async function renderBannerImage(
  storage: StorageAdapter,
  key: string,
  composition: Composition,
  text?: { title: string; subtitle: string },
  cache: PictureCache | null = null,
): Promise<string> {
  const overlay = text
    ? textOverlay(composition.width, composition.height, text.title, text.subtitle)
    : "";
  const svg = composeSvg(composition, overlay);
  const picture = await cachedOr(cache, svg, BANNER_ENCODING, 1, async () => {
    const sharp = await loadSharp();
    const { data, info } = await sharp(Buffer.from(svg))
      .removeAlpha()
      .webp(BANNER_ENCODING.banner)
      .toBuffer({ resolveWithObject: true });
    return { files: [data], width: info.width, height: info.height };
  });
  const { url } = await storage.put(key, picture.files[0] as Buffer, "image/webp");
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
