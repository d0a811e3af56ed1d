import type { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../errors";
import type { AppServices } from "../../services";
import { imageBodyLimit, readImageFile } from "../../images/image-upload";
import { uploadMessages as m } from "./uploads.service";

/** Artwork images for listings: approved artists only (SPEC §6). */
export function registerUploadRoutes(app: Hono, { uploads, auth }: AppServices) {
  /** 401 or 403 before a byte of the body is read. */
  const artistOnly = createMiddleware<{ Variables: { artistId: string } }>(async (c, next) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    if (!viewer) throw new AppError("UNAUTHENTICATED", 401, m.signInRequired);
    if (!viewer.isArtist) throw new AppError("FORBIDDEN", 403, m.artistsOnly);
    c.set("artistId", viewer.id);
    c.header("Cache-Control", "no-store");
    await next();
  });

  app.post("/api/uploads/images", artistOnly, imageBodyLimit(), async (c) => {
    const file = await readImageFile(c, "image", m);
    return c.json(await uploads.storeImage(c.get("artistId"), file), 201);
  });
}
