import { loadSharp } from "./sharp";
import { AppError } from "../errors";

/** Largest upload accepted, in bytes. */
export const MAX_IMAGE_BYTES = 30 * 1024 * 1024;
/** Largest image accepted, in pixels (width × height of one frame): 50 megapixels. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * The raster formats we decode (names as sharp's `metadata().format` reports them;
 * AVIF is reported as "heif"). Everything else is refused, SVG above all: sharp
 * would render it through librsvg, and an SVG is a document, not a picture.
 */
export const ACCEPTED_IMAGE_FORMATS = [
  "jpeg",
  "png",
  "webp",
  "gif",
  "avif",
  "tiff",
  "heif",
] as const;
export type ImageFormat = (typeof ACCEPTED_IMAGE_FORMATS)[number];

export type ImageLimits = { maxBytes: number; maxPixels: number };
export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxBytes: MAX_IMAGE_BYTES,
  maxPixels: MAX_IMAGE_PIXELS,
};

export const imageMessages = {
  tooManyBytes: "This file is too large. Please choose an image under 30 MB.",
  tooManyPixels: "This image has too many pixels. Please choose an image under 50 megapixels.",
  notAnImage:
    "This file is not an image we can read. Please choose a JPEG, PNG, WebP, GIF, AVIF, TIFF or HEIF image.",
  svg: "SVG files are not accepted. Please choose a JPEG, PNG, WebP, GIF, AVIF, TIFF or HEIF image.",
  damaged: "This image could not be read; the file may be damaged or incomplete.",
  empty: "The file is empty. Please choose an image.",
} as const;

export type ImageInfo = { format: ImageFormat; width: number; height: number };

/** One output of the pipeline: a box, how the image fills it, and the encoding. */
export type ImageVariant = {
  width: number;
  height: number;
  /** `cover` crops to exactly width × height; `inside` keeps the proportions within it. */
  fit: "cover" | "inside";
  format: "webp" | "jpeg";
  quality?: number;
};

function isAccepted(format: string | undefined): format is ImageFormat {
  return (ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format ?? "");
}

function tooManyBytes(): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", 413, imageMessages.tooManyBytes);
}

function tooManyPixels(): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", 413, imageMessages.tooManyPixels);
}

/**
 * Reads the header only (no pixels are decoded) and refuses what is too big, not
 * an image, or not one of the accepted raster formats. The name and declared type
 * of the upload play no part.
 */
export async function inspectImage(
  input: Buffer,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<ImageInfo> {
  if (input.length === 0) throw new AppError("VALIDATION_FAILED", 400, imageMessages.empty);
  if (input.length > limits.maxBytes) throw tooManyBytes();
  // Markup (SVG, HTML, XML) never reaches librsvg or libxml2: no raster format starts with "<".
  const head = input.subarray(0, 1024).toString("latin1").trimStart();
  if (head.startsWith("<")) {
    const svg = /<svg[\s>]/i.test(input.subarray(0, 64 * 1024).toString("latin1"));
    throw new AppError(
      "VALIDATION_FAILED",
      400,
      svg ? imageMessages.svg : imageMessages.notAnImage,
    );
  }
  // No pixel limit here: the header is read, never the pixels, and we check below.
  const sharp = await loadSharp();
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new AppError("VALIDATION_FAILED", 400, imageMessages.notAnImage);
    });
  if (metadata.format === "svg") throw new AppError("VALIDATION_FAILED", 400, imageMessages.svg);
  if (!isAccepted(metadata.format)) {
    throw new AppError("VALIDATION_FAILED", 400, imageMessages.notAnImage);
  }
  const { width, height } = metadata;
  if (!width || !height) throw new AppError("VALIDATION_FAILED", 400, imageMessages.notAnImage);
  if (width * height > limits.maxPixels) throw tooManyPixels();
  return { format: metadata.format, width, height };
}

/**
 * Decodes a verified upload and renders each variant: turned upright from its EXIF
 * orientation, converted to sRGB, and with no metadata at all (no EXIF, GPS, XMP
 * or ICC: sharp writes none unless asked). A file that fails to decode completely
 * (a truncated JPEG, a corrupt PNG) is refused.
 */
export async function renderVariants<K extends string>(
  input: Buffer,
  variants: Record<K, ImageVariant>,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<{ info: ImageInfo; outputs: Record<K, Buffer> }> {
  const info = await inspectImage(input, limits);
  const sharp = await loadSharp();
  const outputs = {} as Record<K, Buffer>;
  for (const name of Object.keys(variants) as K[]) {
    const variant = variants[name];
    // failOn "error": decoder errors and truncation refuse the file; harmless warnings do not.
    let pipeline = sharp(input, { limitInputPixels: limits.maxPixels, failOn: "error" })
      .rotate()
      .resize(variant.width, variant.height, {
        fit: variant.fit,
        position: "centre",
        withoutEnlargement: variant.fit === "inside",
      })
      .toColourspace("srgb");
    // JPEG has no transparency: transparent pixels become white, as on a page, not black.
    pipeline =
      variant.format === "webp"
        ? pipeline.webp({ quality: variant.quality ?? 82 })
        : pipeline
            .flatten({ background: "#ffffff" })
            .jpeg({ quality: variant.quality ?? 88, mozjpeg: true });
    try {
      outputs[name] = await pipeline.toBuffer();
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
      throw new AppError("VALIDATION_FAILED", 400, imageMessages.damaged);
    }
  }
  return { info, outputs };
}

/** Sizes of the profile photo: a 400 px square and a 96 px square avatar. */
export const PROFILE_PHOTO_SIZES = { large: 400, small: 96 } as const;

/** The profile photo's two square WebP crops, from any accepted upload. */
export async function renderProfilePhoto(
  input: Buffer,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<{ large: Buffer; small: Buffer }> {
  const square = (size: number): ImageVariant => ({
    width: size,
    height: size,
    fit: "cover",
    format: "webp",
  });
  const { outputs } = await renderVariants(
    input,
    { large: square(PROFILE_PHOTO_SIZES.large), small: square(PROFILE_PHOTO_SIZES.small) },
    limits,
  );
  return outputs;
}

/**
 * Sizes of an artwork image (long side, in pixels): the original is re-encoded at full
 * size up to 4000 px, the medium is for the artwork page, the thumbnail for grids.
 */
export const ARTWORK_IMAGE_SIZES = { original: 4000, medium: 1200, thumbnail: 500 } as const;

export type ArtworkImageFiles = {
  original: Buffer;
  medium: Buffer;
  thumbnail: Buffer;
  /** Pixel size of the stored original (upright). */
  width: number;
  height: number;
};

/** An artwork upload as original (JPEG), medium and thumbnail (WebP), all within their box. */
export async function renderArtworkImage(
  input: Buffer,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<ArtworkImageFiles> {
  const inside = (size: number, format: "jpeg" | "webp"): ImageVariant => ({
    width: size,
    height: size,
    fit: "inside",
    format,
  });
  const { outputs } = await renderVariants(
    input,
    {
      original: inside(ARTWORK_IMAGE_SIZES.original, "jpeg"),
      medium: inside(ARTWORK_IMAGE_SIZES.medium, "webp"),
      thumbnail: inside(ARTWORK_IMAGE_SIZES.thumbnail, "webp"),
    },
    limits,
  );
  // The header of our own output: the size after rotation and the 4000 px cap.
  const sharp = await loadSharp();
  const { width = 0, height = 0 } = await sharp(outputs.original).metadata();
  return { ...outputs, width, height };
}
