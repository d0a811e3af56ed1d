import type { Hono } from "hono";
import { artistsOnly } from "../../http/access";
import type { AppServices } from "../../services";
import { imageBodyLimit, readImageFile } from "../../images/image-upload";
import { uploadMessages as m } from "./uploads.service";

/** Artwork images for listings: approved artists only (SPEC §6). */
export function registerUploadRoutes(app: Hono, { uploads, auth }: AppServices) {
  /** 401 or 403 before a byte of the body is read. */
  const artistOnly = artistsOnly(auth, {
    signInRequired: m.signInRequired,
    artistsOnly: m.artistsOnly,
    noStore: true,
  });

  app.post("/api/uploads/images", artistOnly, imageBodyLimit(), async (c) => {
    const file = await readImageFile(c, "image", m);
    return c.json(await uploads.storeImage(c.get("viewer").id, file), 201);
  });
}
