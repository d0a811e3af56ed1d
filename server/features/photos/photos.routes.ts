import type { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../errors";
import type { AppServices } from "../../services";
import { imageBodyLimit, readImageFile } from "../../images/image-upload";
import { photoMessages as m } from "./photos.service";

/**
 * The signed-in person's own profile photo (SPEC §7 File storage): there is no user
 * id in the path, so nobody can change anyone else's.
 */
export function registerPhotoRoutes(app: Hono, { photos, auth }: AppServices) {
  /** Signed in, or 401 before a byte of the body is read. */
  const signedIn = createMiddleware<{ Variables: { viewerId: string } }>(async (c, next) => {
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    if (!viewer) throw new AppError("UNAUTHENTICATED", 401, m.signInRequired);
    c.set("viewerId", viewer.id);
    c.header("Cache-Control", "no-store");
    await next();
  });

  app.put("/api/me/photo", signedIn, imageBodyLimit(), async (c) => {
    const upload = await readImageFile(c, "photo", m);
    return c.json(await photos.set(c.get("viewerId"), upload));
  });

  app.delete("/api/me/photo", signedIn, async (c) =>
    c.json(await photos.remove(c.get("viewerId"))),
  );
}
