import type { Hono } from "hono";
import {
  emailChangeMessages,
  emailChangeSchema,
  twoStepConfirmSchema,
  twoStepMessages,
  twoStepPasswordSchema,
} from "../../../contracts/auth.contract";
import { signedInOnly } from "../../http/access";
import { jsonBody } from "../../http/validate";
import type { AppServices } from "../../services";
import { meta } from "./auth.routes";

/**
 * `/api/me/two-step`: the signed-in person's own two-step verification (decision 0057).
 * Every answer is private (no-store): the secret and the backup codes are in some.
 */
export function registerTwoStepRoutes(app: Hono, { auth, twoStep, emailChange }: AppServices) {
  const signedIn = signedInOnly(auth, { signInRequired: twoStepMessages.signIn, noStore: true });
  const signedInForEmail = signedInOnly(auth, {
    signInRequired: emailChangeMessages.signIn,
    noStore: true,
  });

  /** A new e-mail address, with the password: a link goes to it (decision 0057). */
  app.post("/api/me/email", signedInForEmail, jsonBody(emailChangeSchema), async (c) => {
    await emailChange.request(c.get("viewer").id, c.req.valid("json"));
    return c.json({ sent: true }, 202);
  });

  app.post("/api/me/two-step", signedIn, jsonBody(twoStepPasswordSchema), async (c) =>
    c.json(await twoStep.start(c.get("viewer").id, c.req.valid("json"), meta(c))),
  );

  app.post("/api/me/two-step/confirm", signedIn, jsonBody(twoStepConfirmSchema), async (c) => {
    const { backupCodes, setCookies } = await twoStep.confirm(
      c.get("viewer").id,
      c.req.valid("json"),
      meta(c),
    );
    const response = c.json({ backupCodes });
    for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
    return response;
  });

  app.post("/api/me/two-step/disable", signedIn, jsonBody(twoStepPasswordSchema), async (c) => {
    const setCookies = await twoStep.disable(c.get("viewer").id, c.req.valid("json"), meta(c));
    const response = c.json({ disabled: true });
    for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
    return response;
  });

  app.post("/api/me/two-step/backup-codes", signedIn, jsonBody(twoStepPasswordSchema), async (c) =>
    c.json({ backupCodes: await twoStep.regenerateBackupCodes(c.req.valid("json"), meta(c)) }),
  );
}
