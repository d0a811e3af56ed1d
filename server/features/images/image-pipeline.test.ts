import sharp from "sharp";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors";
import { pngClaiming, twoColourPng } from "../../test/images";
import {
  DEFAULT_IMAGE_LIMITS,
  imageMessages,
  inspectImage,
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

  it("converts a CMYK JPEG to sRGB", async () => {
    const cmyk = await sharp(await twoColourPng(200, 200))
      .toColourspace("cmyk")
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe("cmyk");
    const { large } = await renderProfilePhoto(cmyk);
    expect((await sharp(large).metadata()).space).toBe("srgb");
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
    const error = await refusal(renderProfilePhoto(truncated));
    expect(error).toEqual({
      status: 400,
      code: "VALIDATION_FAILED",
      message: imageMessages.damaged,
    });
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
