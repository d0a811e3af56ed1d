import sharp from "sharp";
import { crc32 } from "node:zlib";
import { TEST_ORIGIN, type TestApp } from "../../test/test-app";
import type { Member } from "../profiles/profiles.test-helpers";

/** Cookie and Origin headers of a member's session (none when signed out). */
export function headersFor(member: Member | undefined, extra: Record<string, string> = {}) {
  const headers = new Headers({ origin: TEST_ORIGIN, ...extra });
  if (member?.client.jar.size) {
    headers.set("cookie", [...member.client.jar].map(([k, v]) => `${k}=${v}`).join("; "));
  }
  return headers;
}

/** `POST /api/uploads/images` the way a browser sends a file input: multipart, field `image`. */
export function postImage(
  t: TestApp,
  member: Member | undefined,
  file: Blob | Buffer,
  name = "work.jpg",
  type = "image/jpeg",
  field = "image",
) {
  const form = new FormData();
  form.set(field, file instanceof Blob ? file : new Blob([new Uint8Array(file)], { type }), name);
  return t.app.request("/api/uploads/images", {
    method: "POST",
    headers: headersFor(member),
    body: form,
  });
}

/** A plain JPEG of one colour. */
export function solidJpeg(width = 640, height = 480, colour = "#c33"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** Left half red, right half blue, so turning it can be seen in its pixels. */
export async function twoColourPng(width: number, height: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const blue = await sharp({
    create: { width: width - half, height, channels: 3, background: { r: 0, g: 0, b: 255 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: blue, left: half, top: 0 }])
    .png()
    .toBuffer();
}

/** GPS coordinates and camera data that must never reach a stored file. */
export const SECRET_EXIF = {
  make: "SecretCam",
  model: "Model-X9",
  latitude: "48/1 51/1 2938/100",
} as const;

/**
 * A phone photo as it arrives: stored sideways with EXIF orientation 6 ("rotate 90°
 * clockwise to view"), with camera make and model and GPS position.
 */
export async function phoneJpegWithGps(width = 600, height = 300): Promise<Buffer> {
  return sharp(await twoColourPng(width, height))
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: SECRET_EXIF.make, Model: SECRET_EXIF.model },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: SECRET_EXIF.latitude,
          GPSLongitudeRef: "E",
          GPSLongitude: "2/1 17/1 4000/100",
        },
      },
    })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims width × height, with (almost) no pixel data behind it. */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** True when the bytes hold an EXIF block or any of the secret texts above. */
export function holdsMetadata(file: Buffer): boolean {
  const text = file.toString("latin1");
  return (
    text.includes("Exif\0\0") ||
    text.includes(SECRET_EXIF.make) ||
    text.includes(SECRET_EXIF.model) ||
    text.includes("GPS")
  );
}
