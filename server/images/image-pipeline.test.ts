import sharp from "sharp";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { isAppError } from "../errors";
import { pngClaiming, twoColourPng } from "../test/images";
import {
  DEFAULT_IMAGE_LIMITS,
  imageMessages,
  inspectImage,
  renderArtworkImage,
  renderProfilePhoto,
  renderVariants,
} from "./image-pipeline";

async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i] ?? 0, g: data[i + 1] ?? 0, b: data[i + 2] ?? 0 };
}

async function alphaAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data[(y * info.width + x) * info.channels + 3] ?? -1;
}

/** Every output must be plain sRGB pixels and nothing else: no EXIF, GPS, XMP, IPTC or ICC. */
async function expectNoMetadata(image: Buffer) {
  const m = await sharp(image).metadata();
  expect({
    space: m.space,
    exif: m.exif,
    icc: m.icc,
    xmp: m.xmp,
    iptc: m.iptc,
    orientation: m.orientation,
  }).toEqual({
    space: "srgb",
    exif: undefined,
    icc: undefined,
    xmp: undefined,
    iptc: undefined,
    orientation: undefined,
  });
}

async function refusal(promise: Promise<unknown>) {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { status: error.status, code: error.code, message: error.message };
}

describe("image pipeline", () => {
  it("turns a PNG into 400 px and 96 px square WebP files", async () => {
    const { large, small } = await renderProfilePhoto(await twoColourPng(800, 500));
    const l = await sharp(large).metadata();
    const s = await sharp(small).metadata();
    expect([l.format, l.width, l.height]).toEqual(["webp", 400, 400]);
    expect([s.format, s.width, s.height]).toEqual(["webp", 96, 96]);
  });

  it("turns the photo upright and strips EXIF (orientation, GPS, copyright) and ICC", async () => {
    // Stored 600 × 300 with red on the left; orientation 6 means "rotate 90° clockwise to view".
    const jpeg = await sharp(await twoColourPng(600, 300))
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Copyright: "x" },
          IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" },
        },
      })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const {
      info,
      outputs: { upright },
    } = await renderVariants(jpeg, {
      upright: { width: 1000, height: 1000, fit: "inside", format: "webp" },
    });
    expect(info.format).toBe("jpeg");
    const after = await sharp(upright).metadata();
    // Rotated: now taller than wide, red on top, blue below.
    expect([after.width, after.height]).toEqual([300, 600]);
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    const top = await pixel(upright, 150, 20);
    const bottom = await pixel(upright, 150, 580);
    expect(top.r).toBeGreaterThan(200);
    expect(top.b).toBeLessThan(60);
    expect(bottom.b).toBeGreaterThan(200);
    expect(bottom.r).toBeLessThan(60);

    const { large, small } = await renderProfilePhoto(jpeg);
    for (const out of [large, small]) {
      const m = await sharp(out).metadata();
      expect(m.exif).toBeUndefined();
      expect(m.orientation).toBeUndefined();
    }
  });

  it("converts a CMYK JPEG to sRGB, keeping its colours", async () => {
    const cmyk = await sharp(await twoColourPng(200, 200))
      .toColourspace("cmyk")
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe("cmyk");
    const { large } = await renderProfilePhoto(cmyk);
    const artwork = await renderArtworkImage(cmyk);
    for (const out of [large, artwork.original, artwork.medium, artwork.thumbnail]) {
      await expectNoMetadata(out);
      // Read as RGB, CMYK ink values would come out as other colours entirely.
      const left = await pixel(out, 10, 50);
      expect(left.r).toBeGreaterThan(180);
      expect(Math.max(left.g, left.b)).toBeLessThan(60);
    }
  });

  it("converts an embedded Display P3 profile to sRGB and keeps no profile", async () => {
    // Pure sRGB red, stored as Display P3 pixels (about 234, 51, 35) with the P3 profile.
    const p3 = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 255, g: 0, b: 0 } },
    })
      .withIccProfile("p3")
      .jpeg({ quality: 95 })
      .toBuffer();
    const stored = await sharp(p3, { ignoreIcc: true }).raw().toBuffer();
    expect(stored[1]).toBeGreaterThan(40);
    expect((await sharp(p3).metadata()).icc).toBeDefined();

    const { large, small } = await renderProfilePhoto(p3);
    const artwork = await renderArtworkImage(p3);
    for (const out of [large, small, artwork.original, artwork.medium, artwork.thumbnail]) {
      await expectNoMetadata(out);
      // Converted back to sRGB red; the P3 numbers read as sRGB would keep green near 51.
      const centre = await pixel(out, 20, 20);
      expect(centre.r).toBeGreaterThan(245);
      expect(Math.max(centre.g, centre.b)).toBeLessThan(20);
    }
  });

  it("renders an artwork upload upright: a JPEG original capped at 4000 px and two WebP sizes", async () => {
    // Stored 1600 × 800 with red on the left; orientation 6 turns it to 800 × 1600, red on top.
    const jpeg = await sharp(await twoColourPng(1600, 800))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const artwork = await renderArtworkImage(jpeg);
    expect([artwork.width, artwork.height]).toEqual([800, 1600]);
    const sizes = await Promise.all(
      [artwork.original, artwork.medium, artwork.thumbnail].map(async (out) => {
        const m = await sharp(out).metadata();
        return [m.format, m.width, m.height];
      }),
    );
    expect(sizes).toEqual([
      ["jpeg", 800, 1600],
      ["webp", 600, 1200],
      ["webp", 250, 500],
    ]);
    for (const out of [artwork.original, artwork.medium, artwork.thumbnail]) {
      const m = await sharp(out).metadata();
      const top = await pixel(out, Math.floor((m.width ?? 0) / 2), 5);
      const bottom = await pixel(out, Math.floor((m.width ?? 0) / 2), (m.height ?? 0) - 5);
      expect(top.r).toBeGreaterThan(200);
      expect(bottom.b).toBeGreaterThan(200);
    }

    const wide = await renderArtworkImage(await twoColourPng(4400, 220));
    expect([wide.width, wide.height]).toEqual([4000, 200]);
  });

  it("flattens transparency to white in the JPEG original and keeps it in the WebP sizes", async () => {
    // Left half fully transparent, right half opaque blue.
    const blue = await sharp({
      create: {
        width: 100,
        height: 100,
        channels: 4,
        background: { r: 0, g: 0, b: 255, alpha: 1 },
      },
    })
      .png()
      .toBuffer();
    const png = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: blue, left: 100, top: 0 }])
      .png()
      .toBuffer();
    const artwork = await renderArtworkImage(png);
    expect((await sharp(artwork.original).metadata()).hasAlpha).toBe(false);
    expect(await pixel(artwork.original, 20, 50)).toEqual({ r: 255, g: 255, b: 255 });
    const right = await pixel(artwork.original, 180, 50);
    expect(right.b).toBeGreaterThan(200);
    expect(right.r).toBeLessThan(60);
    for (const out of [artwork.medium, artwork.thumbnail]) {
      expect(await alphaAt(out, 10, 10)).toBe(0);
      expect(await alphaAt(out, 190, 10)).toBe(255);
    }
  });

  it("writes no EXIF, GPS, XMP or ICC profile into any artwork or profile file", async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
      '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>' +
      "<rdf:Seq><rdf:li>Someone</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>";
    const jpeg = await sharp(await twoColourPng(640, 480))
      .withMetadata({
        orientation: 3,
        exif: {
          IFD0: { Copyright: "x", Artist: "Someone" },
          IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 0/1" },
        },
      })
      .withIccProfile("p3")
      .withXmp(xmp)
      .jpeg()
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect([!!before.exif, !!before.icc, !!before.xmp, before.orientation]).toEqual([
      true,
      true,
      true,
      3,
    ]);

    const artwork = await renderArtworkImage(jpeg);
    const profile = await renderProfilePhoto(jpeg);
    for (const out of [
      artwork.original,
      artwork.medium,
      artwork.thumbnail,
      profile.large,
      profile.small,
    ]) {
      await expectNoMetadata(out);
    }
  });

  it("refuses a text file, an HTML file and an SVG", async () => {
    const text = await refusal(renderProfilePhoto(Buffer.from("just some notes\n")));
    expect(text).toEqual({
      status: 400,
      code: "VALIDATION_FAILED",
      message: imageMessages.notAnImage,
    });
    const html = await refusal(
      renderProfilePhoto(Buffer.from("<!doctype html><html><body><img src=x></body></html>")),
    );
    expect(html.status).toBe(400);
    expect(html.message).toBe(imageMessages.notAnImage);
    const svg = await refusal(
      renderProfilePhoto(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><rect width="50" height="50"/></svg>',
        ),
      ),
    );
    expect(svg).toEqual({ status: 400, code: "VALIDATION_FAILED", message: imageMessages.svg });
    const xmlSvg = await refusal(
      renderProfilePhoto(
        Buffer.from(
          '\ufeff<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"/>',
        ),
      ),
    );
    expect(xmlSvg.message).toBe(imageMessages.svg);
    // Compressed SVG (svgz) does not start with "<", and is still refused once decoded.
    const svgz = await refusal(
      renderProfilePhoto(
        gzipSync('<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"/>'),
      ),
    );
    expect(svgz.status).toBe(400);
  });

  it("refuses an empty file", async () => {
    expect((await refusal(renderProfilePhoto(Buffer.alloc(0)))).status).toBe(400);
  });

  it("refuses a truncated JPEG, whose header alone still reads fine", async () => {
    const jpeg = await sharp(await twoColourPng(600, 400))
      .jpeg()
      .toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect((await inspectImage(truncated)).format).toBe("jpeg");
    const damaged = { status: 400, code: "VALIDATION_FAILED", message: imageMessages.damaged };
    expect(await refusal(renderProfilePhoto(truncated))).toEqual(damaged);
    expect(await refusal(renderArtworkImage(truncated))).toEqual(damaged);
  });

  it("refuses a decompression bomb from its header, before decoding any pixels", async () => {
    const bomb = pngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(100);
    const error = await refusal(renderProfilePhoto(bomb));
    expect(error).toEqual({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      message: imageMessages.tooManyPixels,
    });
  });

  it("applies the pixel and byte limits it is given", async () => {
    const png = await twoColourPng(300, 200);
    const pixels = await refusal(
      renderProfilePhoto(png, { ...DEFAULT_IMAGE_LIMITS, maxPixels: 300 * 200 - 1 }),
    );
    expect(pixels.status).toBe(413);
    expect(pixels.message).toBe(imageMessages.tooManyPixels);
    await expect(
      renderProfilePhoto(png, { ...DEFAULT_IMAGE_LIMITS, maxPixels: 300 * 200 }),
    ).resolves.toBeDefined();

    const bytes = await refusal(
      renderProfilePhoto(png, { ...DEFAULT_IMAGE_LIMITS, maxBytes: png.length - 1 }),
    );
    expect(bytes).toEqual({
      status: 413,
      code: "PAYLOAD_TOO_LARGE",
      message: imageMessages.tooManyBytes,
    });
  });
});
