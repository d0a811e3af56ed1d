import sharp from "sharp";
import { twoColourPng } from "../../test/images";
import type { TestApp } from "../../test/test-app";
import { type Member, headersFor } from "../profiles/profiles.test-helpers";

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
