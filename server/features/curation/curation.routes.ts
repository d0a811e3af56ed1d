import type { Hono } from "hono";
import {
  bannerCreateSchema,
  categoryBodySchema,
  cityBodySchema,
  exhibitionArtworksSchema,
  exhibitionCreateSchema,
  exhibitionPatchSchema,
  pickerQuerySchema,
} from "../../../contracts/admin-curation.contract";
import { adminOnly } from "../../http/access";
import { imageBodyLimit, readImageFile } from "../../images/image-upload";
import { jsonBody, queryParams } from "../../http/validate";
import type { AppServices } from "../../services";

const imageFormMessages = {
  missingFile: "Please choose an image to upload (form field “image”).",
  unreadableForm: "The upload could not be read. Please send the image as multipart/form-data.",
} as const;

/** The console's curation areas (docs/api.md "Console and operations"); admins only. */
export function registerCurationRoutes(app: Hono, { curation, uploads, auth }: AppServices) {
  const admin = adminOnly(auth);

  // The console's images go through the artwork image pipeline and are uploads of the admin.
  app.post("/api/admin/images", admin, imageBodyLimit(), async (c) => {
    const file = await readImageFile(c, "image", imageFormMessages);
    return c.json(await uploads.storeImage(c.get("viewer").id, file), 201);
  });

  app.get("/api/admin/exhibitions", admin, async (c) => c.json(await curation.exhibitions()));
  app.post("/api/admin/exhibitions", admin, jsonBody(exhibitionCreateSchema), async (c) =>
    c.json(await curation.createExhibition(c.get("viewer"), c.req.valid("json")), 201),
  );
  app.get("/api/admin/exhibitions/:id", admin, async (c) =>
    c.json(await curation.exhibition(c.req.param("id"))),
  );
  app.patch("/api/admin/exhibitions/:id", admin, jsonBody(exhibitionPatchSchema), async (c) =>
    c.json(await curation.editExhibition(c.get("viewer"), c.req.param("id"), c.req.valid("json"))),
  );
  app.post("/api/admin/exhibitions/:id/activate", admin, async (c) =>
    c.json(await curation.setExhibitionActive(c.get("viewer"), c.req.param("id"), true)),
  );
  app.post("/api/admin/exhibitions/:id/deactivate", admin, async (c) =>
    c.json(await curation.setExhibitionActive(c.get("viewer"), c.req.param("id"), false)),
  );
  app.put(
    "/api/admin/exhibitions/:id/artworks",
    admin,
    jsonBody(exhibitionArtworksSchema),
    async (c) =>
      c.json(
        await curation.setExhibitionArtworks(
          c.get("viewer"),
          c.req.param("id"),
          c.req.valid("json"),
        ),
      ),
  );
  app.get("/api/admin/exhibition-picker", admin, queryParams(pickerQuerySchema), async (c) =>
    c.json(await curation.pickArtworks(c.req.valid("query"))),
  );

  app.get("/api/admin/banners", admin, async (c) => c.json(await curation.banners()));
  app.post("/api/admin/banners", admin, jsonBody(bannerCreateSchema), async (c) =>
    c.json(await curation.createBanner(c.get("viewer"), c.req.valid("json")), 201),
  );
  app.post("/api/admin/banners/:id/activate", admin, async (c) =>
    c.json(await curation.activateBanner(c.get("viewer"), c.req.param("id"))),
  );
  app.post("/api/admin/banners/:id/deactivate", admin, async (c) =>
    c.json(await curation.deactivateBanner(c.get("viewer"), c.req.param("id"))),
  );
  app.delete("/api/admin/banners/:id", admin, async (c) => {
    await curation.deleteBanner(c.get("viewer"), c.req.param("id"));
    return c.body(null, 204);
  });

  app.get("/api/admin/catalog", admin, async (c) => c.json(await curation.catalog()));
  for (const [kind, path, schema] of [
    ["city", "cities", cityBodySchema],
    ["category", "categories", categoryBodySchema],
  ] as const) {
    app.post(`/api/admin/${path}`, admin, jsonBody(schema), async (c) =>
      c.json(
        await curation.createCatalogEntry(c.get("viewer"), kind, c.req.valid("json").name),
        201,
      ),
    );
    app.patch(`/api/admin/${path}/:id`, admin, jsonBody(schema), async (c) =>
      c.json(
        await curation.renameCatalogEntry(
          c.get("viewer"),
          kind,
          c.req.param("id"),
          c.req.valid("json").name,
        ),
      ),
    );
    app.delete(`/api/admin/${path}/:id`, admin, async (c) => {
      await curation.deleteCatalogEntry(c.get("viewer"), kind, c.req.param("id"));
      return c.body(null, 204);
    });
  }
}
