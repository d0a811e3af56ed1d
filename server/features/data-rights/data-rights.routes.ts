import { Readable } from "node:stream";
import type { Hono } from "hono";
import { closeAccountBodySchema } from "../../../contracts/data-rights.contract";
import { dataRightsMessages } from "../../../domain/data-rights";
import { signedInOnly } from "../../http/access";
import { jsonBody } from "../../http/validate";
import type { AppServices } from "../../services";

/**
 * `/api/me/data-export` and `/api/me/account`: the signed-in person's own data and
 * account (decision 0058); there is no route to anyone else's.
 */
export function registerDataRightsRoutes(app: Hono, { auth, dataRights }: AppServices) {
  const signedIn = signedInOnly(auth, { signInRequired: dataRightsMessages.signIn, noStore: true });

  app.get("/api/me/data-export", signedIn, async (c) =>
    c.json({ export: await dataRights.currentExport(c.get("viewer").id) }),
  );
  app.post("/api/me/data-export", signedIn, async (c) =>
    c.json({ export: await dataRights.requestExport(c.get("viewer").id) }, 202),
  );
  app.get("/api/me/data-export/:id/download", signedIn, async (c) => {
    const file = await dataRights.openDownload(c.get("viewer").id, c.req.param("id"));
    const headers: Record<string, string> = {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    };
    if (file.bytes !== null) headers["Content-Length"] = String(file.bytes);
    return c.body(Readable.toWeb(file.body) as ReadableStream, 200, headers);
  });

  app.get("/api/me/account/closure", signedIn, async (c) =>
    c.json(await dataRights.closureBlockers(c.get("viewer").id)),
  );
  app.post("/api/me/account/close", signedIn, jsonBody(closeAccountBodySchema), async (c) => {
    await dataRights.closeAccount(c.get("viewer").id, c.req.valid("json"));
    return c.json({ closed: true as const });
  });
}
