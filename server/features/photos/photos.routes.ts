import type { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../errors";
import type { AppServices } from "../../services";
import { MAX_IMAGE_BYTES, imageMessages } from "../images/image-pipeline";
import { photoMessages as m, removeProfilePhoto, setProfilePhoto } from "./photos.service";

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

function tooLarge(): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", 413, imageMessages.tooManyBytes);
}

/**
 * The signed-in person's own profile photo (SPEC §7 File storage): there is no user
 * id in the path, so nobody can change anyone else's.
 */
export function registerPhotoRoutes(app: Hono, { db, storage, logger, authService }: AppServices) {
  const deps = { db, storage, logger };

  /** Signed in, or 401 before a byte of the body is read. */
  const signedIn = createMiddleware<{ Variables: { viewerId: string } }>(async (c, next) => {
    const viewer = await authService.getSessionUser(c.req.raw.headers);
    if (!viewer) throw new AppError("UNAUTHENTICATED", 401, m.signInRequired);
    c.set("viewerId", viewer.id);
    c.header("Cache-Control", "no-store");
    await next();
  });

  app.put(
    "/api/me/photo",
    signedIn,
    // Refuses by Content-Length without reading, or stops reading a streamed body at the limit.
    bodyLimit({
      maxSize: MAX_IMAGE_BYTES + MULTIPART_OVERHEAD,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      let photo: unknown;
      try {
        photo = (await c.req.parseBody())["photo"];
      } catch {
        throw new AppError("BAD_REQUEST", 400, m.unreadableForm);
      }
      if (!(photo instanceof File)) throw new AppError("VALIDATION_FAILED", 400, m.missingFile);
      if (photo.size > MAX_IMAGE_BYTES) throw tooLarge();
      const upload = Buffer.from(await photo.arrayBuffer());
      return c.json(await setProfilePhoto(deps, c.get("viewerId"), upload));
    },
  );

  app.delete("/api/me/photo", signedIn, async (c) =>
    c.json(await removeProfilePhoto(deps, c.get("viewerId"))),
  );
}
