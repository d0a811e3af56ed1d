import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import {
  reportConversationBodySchema,
  sendMessageBodySchema,
  startConversationBodySchema,
} from "../../../contracts/conversations.contract";
import { messageTexts } from "../../../domain/messages";
import { createMiddleware } from "hono/factory";
import type { SessionUser } from "../../../contracts/auth.contract";
import { AppError } from "../../errors";
import { signedInOnly } from "../../http/access";
import { jsonBody, queryParams } from "../../http/validate";
import { imageBodyLimit, readImageFile } from "../../images/image-upload";
import type { AppServices } from "../../services";
import { messageImageTexts } from "./conversations.service";

/** A comment line every so often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

const inboxQuerySchema = z.object({ before: z.string().max(200).optional() });

/**
 * `/api/me/conversations…`: signed in, and always the session's own conversations; a
 * conversation of anyone else answers 404 as an unknown one does.
 */
export function registerConversationRoutes(app: Hono, { auth, conversations }: AppServices) {
  const signedIn = signedInOnly(auth, { signInRequired: messageTexts.signIn, noStore: true });
  // One conversation's routes answer a signed-out request as they answer a stranger: 404,
  // so nobody learns from outside whether a conversation exists.
  const member = createMiddleware<{ Variables: { viewer: SessionUser } }>(async (c, next) => {
    c.header("Cache-Control", "no-store");
    const viewer = await auth.getSessionUser(c.req.raw.headers);
    if (!viewer) throw new AppError("NOT_FOUND", 404, messageTexts.notFound);
    c.set("viewer", viewer);
    await next();
  });
  const me = (c: { get(key: "viewer"): { id: string } }) => c.get("viewer").id;

  app.get("/api/me/conversations", signedIn, queryParams(inboxQuerySchema), async (c) =>
    c.json(await conversations.inbox(me(c), c.req.valid("query").before)),
  );
  app.post("/api/me/conversations", signedIn, jsonBody(startConversationBodySchema), async (c) =>
    c.json(await conversations.start(me(c), c.req.valid("json")), 201),
  );
  app.get("/api/me/conversations/unread", signedIn, async (c) =>
    c.json({ unread: await conversations.unread(me(c)) }),
  );
  app.post("/api/me/conversations/images", signedIn, imageBodyLimit(), async (c) => {
    const file = await readImageFile(c, "image", messageImageTexts);
    return c.json(await conversations.addImage(me(c), file), 201);
  });

  /**
   * The push stream: an event each time a message arrives for the signed-in person, in
   * any conversation. Holds no database connection while idle (see push.ts).
   */
  app.get("/api/me/conversations/stream", signedIn, (c) => {
    const userId = me(c);
    return streamSSE(c, async (stream) => {
      const queue: string[] = [];
      let ended = false;
      let wake: (() => void) | undefined;
      const unsubscribe = conversations.bus.subscribe(userId, (event) => {
        if (event) queue.push(JSON.stringify(event));
        else ended = true;
        wake?.();
      });
      const heartbeat = setInterval(() => {
        void stream.write(": keep-alive\n\n").catch(() => {});
      }, HEARTBEAT_MS);
      stream.onAbort(() => {
        unsubscribe();
        clearInterval(heartbeat);
        wake?.();
      });
      try {
        // "ready" means pushes can arrive: on PostgreSQL, once this process LISTENs.
        await conversations.bus.ready();
        await stream.writeSSE({ event: "ready", data: "{}" });
        while (!ended && !stream.aborted && !stream.closed) {
          const next = queue.shift();
          if (next) {
            await stream.writeSSE({ event: "message", data: next });
            continue;
          }
          if (ended) break;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
        }
      } finally {
        unsubscribe();
        clearInterval(heartbeat);
      }
    });
  });

  app.get("/api/me/conversations/:id", member, async (c) =>
    c.json(await conversations.get(me(c), c.req.param("id"))),
  );
  app.post(
    "/api/me/conversations/:id/messages",
    member,
    jsonBody(sendMessageBodySchema),
    async (c) =>
      c.json(await conversations.send(me(c), c.req.param("id"), c.req.valid("json")), 201),
  );
  app.put("/api/me/conversations/:id/block", member, async (c) =>
    c.json(await conversations.setBlocked(me(c), c.req.param("id"), true)),
  );
  app.delete("/api/me/conversations/:id/block", member, async (c) =>
    c.json(await conversations.setBlocked(me(c), c.req.param("id"), false)),
  );
  app.post(
    "/api/me/conversations/:id/report",
    member,
    jsonBody(reportConversationBodySchema),
    async (c) =>
      c.json(await conversations.report(me(c), c.req.param("id"), c.req.valid("json").reason), 201),
  );
}
