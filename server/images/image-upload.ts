import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../errors";
import { MAX_IMAGE_BYTES, imageMessages } from "./image-pipeline";

/**
 * The HTTP side of an image upload (a profile photo, an artwork image): one file in a
 * multipart form, refused when it is larger than the pipeline takes.
 */

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

function tooLarge(): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", 413, imageMessages.tooManyBytes);
}

/** Refuses by Content-Length without reading, or stops reading a streamed body at the limit. */
export function imageBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_IMAGE_BYTES + MULTIPART_OVERHEAD,
    onError: () => {
      throw tooLarge();
    },
  });
}

/** The bytes of the form's file field `field`; the feature's own texts for a bad form. */
export async function readImageFile(
  c: Context,
  field: string,
  messages: { unreadableForm: string; missingFile: string },
): Promise<Buffer> {
  let file: unknown;
  try {
    file = (await c.req.parseBody())[field];
  } catch {
    throw new AppError("BAD_REQUEST", 400, messages.unreadableForm);
  }
  if (!(file instanceof File)) throw new AppError("VALIDATION_FAILED", 400, messages.missingFile);
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
  return Buffer.from(await file.arrayBuffer());
}
