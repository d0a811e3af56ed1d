import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../errors";
import type { AppServices } from "../../services";
import { MAX_IMAGE_BYTES, imageMessages } from "../images/image-pipeline";
import { uploadMessages as m, storeArtworkImage } from "./uploads.service";

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

function tooLarge(): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", 413, imageMessages.tooManyBytes);
}

/** Artwork images for listings: approved artists only (SPEC §6). */
export function registerUploadRoutes(app: Hono, { db, storage, logger, authService }: AppServices) {
  const deps = { db, storage, logger };

  /** 401 or 403 before a byte of the body is read. */
  const artistOnly = createMiddleware<{ Variables: { artistId: string } }>(async (c, next) => {
    const viewer = await authService.getSessionUser(c.req.raw.headers);
    if (!viewer) throw new AppError("UNAUTHENTICATED", 401, m.signInRequired);
    if (!viewer.isArtist) throw new AppError("FORBIDDEN", 403, m.artistsOnly);
    c.set("artistId", viewer.id);
    c.header("Cache-Control", "no-store");
    await next();
  });

  app.post(
    "/api/uploads/images",
    artistOnly,
    // Refuses by Content-Length without reading, or stops reading a streamed body at the limit.
    bodyLimit({
      maxSize: MAX_IMAGE_BYTES + MULTIPART_OVERHEAD,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      let image: unknown;
      try {
        image = (await c.req.parseBody())["image"];
      } catch {
        throw new AppError("BAD_REQUEST", 400, m.unreadableForm);
      }
      if (!(image instanceof File)) throw new AppError("VALIDATION_FAILED", 400, m.missingFile);
      if (image.size > MAX_IMAGE_BYTES) throw tooLarge();
      const file = Buffer.from(await image.arrayBuffer());
      return c.json(await storeArtworkImage(deps, c.get("artistId"), file), 201);
    },
  );
}
