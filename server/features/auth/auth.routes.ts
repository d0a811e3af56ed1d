import type { Context, Hono } from "hono";
import {
  passwordResetRequestSchema,
  resetPasswordBodySchema,
  signInSchema,
  signUpSchema,
  emailConfirmSchema,
  twoStepSignInSchema,
} from "../../../contracts/auth.contract";
import { AppError } from "../../errors";
import { CLIENT_IP_HEADER, clientIp } from "../../http/client-ip";
import { jsonBody } from "../../http/validate";
import type { AppServices } from "../../services";
import type { RequestMeta } from "./auth.service";

/**
 * Sign-up, sign-in, sign-out and password reset go through our service (our
 * validation, messages and throttling). Everything else under /api/auth is not
 * exposed: profile changes go through /api/me, where our rules apply; the session is
 * read through /api/session, which never carries the session token (get-session does,
 * to any script on the page); and reset links point at our /reset-password page, so
 * Better Auth's redirecting GET /reset-password/:token is not needed either.
 */
const PASSTHROUGH = new Set(["GET /ok"]);

export function registerAuthRoutes(app: Hono, { auth, emailChange }: AppServices) {
  app.post("/api/auth/sign-up/email", jsonBody(signUpSchema), async (c) => {
    const { user, setCookies } = await auth.signUp(c.req.valid("json"), meta(c));
    return withCookies(c.json({ user }), setCookies);
  });

  app.post("/api/auth/sign-in/email", jsonBody(signInSchema), async (c) => {
    const result = await auth.signIn(c.req.valid("json"), meta(c));
    // Decision 0057: the password was right; the code goes to /api/auth/two-step.
    if ("twoStepRequired" in result) {
      return withCookies(c.json({ twoStepRequired: true }), result.setCookies);
    }
    return withCookies(c.json({ user: result.user }), result.setCookies);
  });

  /** The sign-in's second step: the challenge cookie of the password step, and a code. */
  app.post("/api/auth/two-step", jsonBody(twoStepSignInSchema), async (c) => {
    const { user, setCookies } = await auth.verifySignInStep(c.req.valid("json"), meta(c));
    return withCookies(c.json({ user }), setCookies);
  });

  app.post("/api/auth/sign-out", async (c) => {
    const setCookies = await auth.signOut(meta(c));
    return withCookies(c.json({ success: true }), setCookies);
  });

  app.post("/api/auth/request-password-reset", jsonBody(passwordResetRequestSchema), async (c) => {
    await auth.requestPasswordReset(c.req.valid("json"), meta(c));
    return c.json({ status: true });
  });

  app.post("/api/auth/reset-password", jsonBody(resetPasswordBodySchema), async (c) => {
    await auth.resetPassword(c.req.valid("json"), meta(c));
    return c.json({ status: true });
  });

  /** The link sent to a new e-mail address (decision 0057); this browser stays signed in. */
  app.post("/api/auth/confirm-email", jsonBody(emailConfirmSchema), async (c) => {
    c.header("Cache-Control", "no-store");
    const { email } = await emailChange.confirm(c.req.valid("json").token, c.req.raw.headers);
    return c.json({ email });
  });

  app.all("/api/auth/*", async (c) => {
    const rest = c.req.path.slice("/api/auth".length);
    if (!PASSTHROUGH.has(`${c.req.method} ${rest}`)) {
      throw new AppError("NOT_FOUND", 404, "Not found.");
    }
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    return auth.passThrough(new Request(c.req.raw, { headers }));
  });

  app.get("/api/session", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await auth.getSessionUser(c.req.raw.headers));
  });
}

export function meta(c: Context): RequestMeta {
  return { headers: c.req.raw.headers, ip: clientIp(c) };
}

function withCookies(response: Response, setCookies: string[]): Response {
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  response.headers.set("Cache-Control", "no-store");
  return response;
}
