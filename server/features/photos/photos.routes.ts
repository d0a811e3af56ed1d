import type { Hono } from "hono";
import { signedInOnly } from "../../http/access";
import type { AppServices } from "../../services";
import { imageBodyLimit, readImageFile } from "../../images/image-upload";
import { photoMessages as m } from "./photos.service";

/**
 * The signed-in person's own profile photo (SPEC §7 File storage): there is no user
 * id in the path, so nobody can change anyone else's.
 */
export function registerPhotoRoutes(app: Hono, { photos, auth }: AppServices) {
  const signedIn = signedInOnly(auth, { signInRequired: m.signInRequired, noStore: true });

  app.put("/api/me/photo", signedIn, imageBodyLimit(), async (c) => {
    const upload = await readImageFile(c, "photo", m);
    return c.json(await photos.set(c.get("viewer").id, upload));
  });

  app.delete("/api/me/photo", signedIn, async (c) =>
    c.json(await photos.remove(c.get("viewer").id)),
  );
}
