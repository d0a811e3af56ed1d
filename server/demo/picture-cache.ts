import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadSharp } from "../images/sharp";
import { projectRoot } from "../paths";

/**
 * The demo's rendered pictures, kept between first starts on one machine (decision 0037).
 *
 * A demo load draws about 100 pictures and encodes each as a JPEG and two WebPs: about
 * 12 s of CPU, the larger part of a first start. The pictures depend only on what is
 * drawn and on the encoder, so a second first start on the same machine (`./data`
 * deleted to start over, each test run's fresh data folders) reads the same bytes back
 * instead. What is kept is named by a hash of the drawing (the SVG), the encoder settings
 * and sharp's and libvips' versions: a change to any of them draws afresh.
 *
 * Only a speed-up, never a source of truth: anything it cannot read (missing, cut short,
 * unreadable folder) is drawn again, and anything it cannot write (read-only folder, full
 * disk) is only not kept. An entry is written to a temporary name and renamed, so a start
 * killed mid-write leaves no half entry under the real name; two starts at once write
 * the same bytes.
 */
const DEMO_PICTURE_CACHE_DIR = path.join(
  projectRoot,
  "node_modules",
  ".cache",
  "vernissage",
  "demo-pictures",
);

/** Bumped when what an entry holds changes shape. */
const FORMAT = 2;

/** One entry: the encoded files in order, and the picture's size. */
export type CachedPicture = { files: Buffer[]; width: number; height: number };

export type PictureCache = {
  /** The key of a drawing with these encoder settings. */
  keyOf: (svg: string, settings: unknown) => Promise<string>;
  get: (key: string) => Promise<CachedPicture | null>;
  put: (key: string, picture: CachedPicture) => Promise<void>;
};

/**
 * An entry is one file: a JSON header line (format, size, each part's length, the SHA-256
 * of the parts), then the parts back to back. A file shorter or longer than its header
 * says, or whose parts do not hash to it, is not an entry.
 */
export function createPictureCache(dir: string = DEMO_PICTURE_CACHE_DIR): PictureCache {
  const fileOf = (key: string) => path.join(dir, `${key}.bin`);
  return {
    keyOf: async (svg, settings) => {
      const versions = JSON.stringify((await loadSharp()).versions);
      return createHash("sha256")
        .update(`${FORMAT}\n${versions}\n${JSON.stringify(settings)}\n${svg}`)
        .digest("hex");
    },
    get: async (key) => {
      let bytes: Buffer;
      try {
        bytes = await readFile(fileOf(key));
      } catch {
        return null;
      }
      return parseEntry(bytes);
    },
    put: async (key, picture) => {
      const header = Buffer.from(
        `${JSON.stringify({
          format: FORMAT,
          width: picture.width,
          height: picture.height,
          lengths: picture.files.map((f) => f.length),
          sha256: digest(picture.files),
        })}\n`,
      );
      const temporary = `${fileOf(key)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(temporary, Buffer.concat([header, ...picture.files]));
        await rename(temporary, fileOf(key));
      } catch {
        await rm(temporary, { force: true }).catch(() => undefined);
      }
    },
  };
}

function parseEntry(bytes: Buffer): CachedPicture | null {
  const end = bytes.indexOf(0x0a);
  if (end < 0) return null;
  let header: unknown;
  try {
    header = JSON.parse(bytes.subarray(0, end).toString("utf8"));
  } catch {
    return null;
  }
  if (!isHeader(header)) return null;
  const total = header.lengths.reduce((sum, n) => sum + n, 0);
  if (end + 1 + total !== bytes.length) return null;
  const files: Buffer[] = [];
  let at = end + 1;
  for (const length of header.lengths) {
    files.push(bytes.subarray(at, at + length));
    at += length;
  }
  // Bytes changed on disk (a bad sector, a stray write) are not served as the picture.
  if (digest(files) !== header.sha256) return null;
  return { files, width: header.width, height: header.height };
}

function isHeader(
  value: unknown,
): value is { format: number; width: number; height: number; lengths: number[]; sha256: string } {
  if (typeof value !== "object" || value === null) return false;
  const h = value as Record<string, unknown>;
  return (
    h.format === FORMAT &&
    Number.isInteger(h.width) &&
    Number.isInteger(h.height) &&
    Array.isArray(h.lengths) &&
    h.lengths.length > 0 &&
    h.lengths.every((n) => Number.isInteger(n) && (n as number) > 0) &&
    typeof h.sha256 === "string"
  );
}

function digest(files: Buffer[]): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(file);
  return hash.digest("hex");
}
