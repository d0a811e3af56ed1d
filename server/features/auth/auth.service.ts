import { MIN_PASSWORD_LENGTH, authMessages } from "../../../domain/auth-messages";
import {
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_TOKEN_LENGTH,
} from "../../../domain/text-input";
import type { ErrorCode } from "../../../domain/errors";
import { firstMessage, signInSchema, signUpSchema } from "../../../domain/sign-up";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { CLIENT_IP_HEADER } from "../../http/client-ip";
import type { Logger } from "../../logger";
import {
  type SessionUser,
  clearSignInFailures,
  countRecentSignInFailures,
  findSessionUser,
  recordSignInFailure,
} from "../users/users.repository";
import type { Auth } from "./auth";

/** Who is asking: the incoming headers (cookie, origin) and the client's address. */
export type RequestMeta = { headers: Headers; ip: string | undefined };
export type SignedIn = { user: SessionUser; setCookies: string[] };

/** Failed sign-ins allowed per e-mail in the window before we refuse for a while. */
export const SIGN_IN_FAILURE_LIMIT = 5;
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60;

const FORWARDED_HEADERS = ["cookie", "origin", "referer", "user-agent"];

export function createAuthService(deps: {
  auth: Auth;
  db: Database;
  config: Config;
  logger: Logger;
}) {
  const { auth, db, config, logger } = deps;

  /** Calls a Better Auth endpoint through its HTTP handler, so its origin check and rate limits apply. */
  async function callAuth(path: string, body: unknown, meta: RequestMeta): Promise<Response> {
    const headers = new Headers({ "content-type": "application/json" });
    for (const name of FORWARDED_HEADERS) {
      const value = meta.headers.get(name);
      if (value) headers.set(name, value);
    }
    if (meta.ip) headers.set(CLIENT_IP_HEADER, meta.ip);
    const url = `${config.publicUrl}/api/auth${path}`;
    return auth.handler(
      new Request(url, { method: "POST", headers, body: JSON.stringify(body ?? {}) }),
    );
  }

  async function readAuthError(response: Response): Promise<string> {
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    return body.code ?? "";
  }

  async function signedInUser(response: Response): Promise<SignedIn> {
    const body = (await response.json()) as { user?: { id?: string } };
    const user = body.user?.id ? await findSessionUser(db, body.user.id) : undefined;
    if (!user) throw new Error("the auth library answered without a user");
    return { user, setCookies: response.headers.getSetCookie() };
  }

  async function signUp(input: unknown, meta: RequestMeta): Promise<SignedIn> {
    const parsed = signUpSchema.safeParse(input);
    if (!parsed.success) throw new AppError("VALIDATION_FAILED", 400, firstMessage(parsed.error));
    const data = parsed.data;
    const response = await callAuth(
      "/sign-up/email",
      {
        name: data.displayName,
        email: data.email,
        password: data.password,
        firstName: data.firstName,
        lastName: data.lastName,
        pendingOccupation: data.pendingOccupation,
        instagramHandle: data.instagramHandle,
        websiteURL: data.websiteURL,
      },
      meta,
    );
    if (response.ok) return signedInUser(response);
    const code = await readAuthError(response);
    if (code.startsWith("USER_ALREADY_EXISTS"))
      throw new AppError("EMAIL_IN_USE", 409, authMessages.emailInUse);
    if (code === "PASSWORD_TOO_SHORT")
      throw new AppError("WEAK_PASSWORD", 400, authMessages.weakPassword);
    if (code === "INVALID_EMAIL")
      throw new AppError("VALIDATION_FAILED", 400, authMessages.invalidEmail);
    throw authFailure(response.status, code, authMessages.signUpFailed);
  }

  async function signIn(input: unknown, meta: RequestMeta): Promise<SignedIn> {
    const parsed = signInSchema.safeParse(input);
    if (!parsed.success) throw new AppError("VALIDATION_FAILED", 400, firstMessage(parsed.error));
    const { email, password } = parsed.data;
    const failures = await countRecentSignInFailures(db, email, SIGN_IN_FAILURE_WINDOW_SECONDS);
    if (failures >= SIGN_IN_FAILURE_LIMIT) {
      throw new AppError("TOO_MANY_ATTEMPTS", 429, authMessages.tooManyAttempts);
    }
    const response = await callAuth("/sign-in/email", { email, password, rememberMe: true }, meta);
    if (response.ok) {
      await clearSignInFailures(db, email);
      return signedInUser(response);
    }
    const code = await readAuthError(response);
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL") {
      await recordSignInFailure(db, email, meta.ip);
      throw new AppError("INVALID_CREDENTIALS", 401, authMessages.invalidCredentials);
    }
    throw authFailure(response.status, code, authMessages.signInFailed);
  }

  function authFailure(status: number, code: string, fallback: string): AppError {
    if (status === 429) return new AppError("TOO_MANY_ATTEMPTS", 429, authMessages.tooManyAttempts);
    logger.warn("auth request refused", { status, code });
    const errorCode: ErrorCode = status === 403 ? "FORBIDDEN" : "BAD_REQUEST";
    return new AppError(errorCode, status === 403 ? 403 : 400, fallback);
  }

  async function signOut(meta: RequestMeta): Promise<string[]> {
    const response = await callAuth("/sign-out", {}, meta);
    // SPEC §8: a failed sign-out is only logged; the cookie is cleared either way.
    if (!response.ok) logger.warn("sign-out refused", { status: response.status });
    return response.headers.getSetCookie();
  }

  async function requestPasswordReset(
    input: { email?: unknown },
    meta: RequestMeta,
  ): Promise<void> {
    const email = typeof input.email === "string" ? input.email.trim().toLowerCase() : "";
    if (!email) throw new AppError("VALIDATION_FAILED", 400, authMessages.resetNeedsEmail);
    if (email.length > MAX_EMAIL_LENGTH) {
      throw new AppError("VALIDATION_FAILED", 400, authMessages.invalidEmail);
    }
    const response = await callAuth(
      "/request-password-reset",
      { email, redirectTo: `${config.publicUrl}/reset-password` },
      meta,
    );
    if (response.ok) return;
    const code = await readAuthError(response);
    if (response.status === 429)
      throw new AppError("TOO_MANY_ATTEMPTS", 429, authMessages.resetFailed);
    logger.warn("password reset refused", { status: response.status, code });
    throw new AppError("BAD_REQUEST", 400, authMessages.resetFailed);
  }

  async function resetPassword(
    input: { token?: unknown; newPassword?: unknown },
    meta: RequestMeta,
  ) {
    const token = typeof input.token === "string" ? input.token : "";
    const newPassword = typeof input.newPassword === "string" ? input.newPassword : "";
    if (!token || token.length > MAX_TOKEN_LENGTH) {
      throw new AppError("INVALID_TOKEN", 400, authMessages.resetLinkInvalid);
    }
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      throw new AppError("WEAK_PASSWORD", 400, authMessages.weakPassword);
    }
    if (newPassword.length > MAX_PASSWORD_LENGTH) {
      throw new AppError("VALIDATION_FAILED", 400, authMessages.passwordTooLong);
    }
    const response = await callAuth("/reset-password", { token, newPassword }, meta);
    if (response.ok) return;
    const code = await readAuthError(response);
    if (code === "PASSWORD_TOO_SHORT")
      throw new AppError("WEAK_PASSWORD", 400, authMessages.weakPassword);
    if (code === "INVALID_TOKEN")
      throw new AppError("INVALID_TOKEN", 400, authMessages.resetLinkInvalid);
    throw authFailure(response.status, code, authMessages.resetLinkInvalid);
  }

  async function getSessionUser(headers: Headers): Promise<SessionUser | null> {
    if (!headers.get("cookie")) return null;
    const session = await auth.api.getSession({ headers });
    if (!session) return null;
    return (await findSessionUser(db, session.user.id)) ?? null;
  }

  return { signUp, signIn, signOut, requestPasswordReset, resetPassword, getSessionUser };
}

export type AuthService = ReturnType<typeof createAuthService>;
