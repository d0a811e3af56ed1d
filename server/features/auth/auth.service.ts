import type {
  PasswordResetRequest,
  ResetPasswordBody,
  SessionUser,
  SignInData,
  SignUpData,
} from "../../../contracts/auth.contract";
import { MIN_PASSWORD_LENGTH, authMessages } from "../../../domain/auth-messages";
import type { ErrorCode } from "../../../domain/errors";
import { MAX_PASSWORD_LENGTH, MAX_TOKEN_LENGTH } from "../../../domain/text-input";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { CLIENT_IP_HEADER } from "../../http/client-ip";
import { hasSessionCookie } from "../../http/session-cookie";
import type { Logger } from "../../logger";
import {
  clearSignInFailures,
  countRecentSignInFailures,
  deleteSessionsOf,
  findSessionUser,
  isSuspended,
  recordSignInFailure,
} from "../users/users.api";
import type { BetterAuth } from "./better-auth";
import { findResetTokenEmail } from "./reset-tokens.repository";

/**
 * Sign-up, sign-in, sign-out, password reset and the session, through Better Auth's own
 * HTTP handler (so its origin check and rate limits apply) with our rules, messages and
 * throttling in front.
 */

export type AuthDeps = { betterAuth: BetterAuth; db: Database; config: Config; logger: Logger };

/** Who is asking: the incoming headers (cookie, origin) and the client's address. */
export type RequestMeta = { headers: Headers; ip: string | undefined };
export type SignedIn = { user: SessionUser; setCookies: string[] };

/** Failed sign-ins allowed per e-mail in the window before we refuse for a while. */
export const SIGN_IN_FAILURE_LIMIT = 5;
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60;

const FORWARDED_HEADERS = ["cookie", "origin", "referer", "user-agent"];

/** Calls a Better Auth endpoint through its HTTP handler, so its origin check and rate limits apply. */
export async function callAuth(
  { betterAuth, config }: AuthDeps,
  path: string,
  body: unknown,
  meta: RequestMeta,
): Promise<Response> {
  const headers = new Headers({ "content-type": "application/json" });
  for (const name of FORWARDED_HEADERS) {
    const value = meta.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (meta.ip) headers.set(CLIENT_IP_HEADER, meta.ip);
  const url = `${config.publicUrl}/api/auth${path}`;
  return betterAuth.handler(
    new Request(url, { method: "POST", headers, body: JSON.stringify(body ?? {}) }),
  );
}

export async function readAuthError(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  return body.code ?? "";
}

/** The password was right and the account has two-step verification on: a code comes next. */
export type TwoStepPending = { twoStepRequired: true; setCookies: string[] };

export async function signedInUser(deps: AuthDeps, response: Response): Promise<SignedIn> {
  const body = (await response.json()) as { user?: { id?: string } };
  return signedInFrom(deps, body, response);
}

async function signedInFrom(
  { db }: AuthDeps,
  body: { user?: { id?: string } },
  response: Response,
): Promise<SignedIn> {
  // A suspended person (decision 0027): the session the library just made is ended at once.
  if (body.user?.id && (await isSuspended(db, body.user.id))) {
    await deleteSessionsOf(db, body.user.id);
    throw new AppError("FORBIDDEN", 403, authMessages.accountSuspended);
  }
  const user = body.user?.id ? await findSessionUser(db, body.user.id) : undefined;
  if (!user) throw new Error("the auth library answered without a user");
  return { user, setCookies: response.headers.getSetCookie() };
}

function authFailure(
  { logger }: AuthDeps,
  status: number,
  code: string,
  fallback: string,
): AppError {
  if (status === 429) return new AppError("TOO_MANY_ATTEMPTS", 429, authMessages.tooManyAttempts);
  logger.warn("auth request refused", { status, code });
  const errorCode: ErrorCode = status === 403 ? "FORBIDDEN" : "BAD_REQUEST";
  return new AppError(errorCode, status === 403 ? 403 : 400, fallback);
}

export async function signUp(
  deps: AuthDeps,
  data: SignUpData,
  meta: RequestMeta,
): Promise<SignedIn> {
  const response = await callAuth(
    deps,
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
      timeZone: data.timeZone,
    },
    meta,
  );
  if (response.ok) return signedInUser(deps, response);
  const code = await readAuthError(response);
  if (code.startsWith("USER_ALREADY_EXISTS"))
    throw new AppError("EMAIL_IN_USE", 409, authMessages.emailInUse);
  if (code === "PASSWORD_TOO_SHORT")
    throw new AppError("WEAK_PASSWORD", 400, authMessages.weakPassword);
  if (code === "INVALID_EMAIL")
    throw new AppError("VALIDATION_FAILED", 400, authMessages.invalidEmail);
  throw authFailure(deps, response.status, code, authMessages.signUpFailed);
}

export async function signIn(
  deps: AuthDeps,
  { email, password }: SignInData,
  meta: RequestMeta,
): Promise<SignedIn | TwoStepPending> {
  const { db } = deps;
  const failures = await countRecentSignInFailures(db, email, SIGN_IN_FAILURE_WINDOW_SECONDS);
  if (failures >= SIGN_IN_FAILURE_LIMIT) {
    throw new AppError("TOO_MANY_ATTEMPTS", 429, authMessages.tooManyAttempts);
  }
  const response = await callAuth(
    deps,
    "/sign-in/email",
    { email, password, rememberMe: true },
    meta,
  );
  if (response.ok) {
    await clearSignInFailures(db, email);
    const body = (await response.json()) as { user?: { id?: string }; twoFactorRedirect?: boolean };
    // Decision 0057: the library made no session, only a short-lived signed challenge cookie.
    if (body.twoFactorRedirect) {
      return { twoStepRequired: true, setCookies: response.headers.getSetCookie() };
    }
    return signedInFrom(deps, body, response);
  }
  const code = await readAuthError(response);
  if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL") {
    await recordSignInFailure(db, email, meta.ip);
    throw new AppError("INVALID_CREDENTIALS", 401, authMessages.invalidCredentials);
  }
  throw authFailure(deps, response.status, code, authMessages.signInFailed);
}

export async function signOut(deps: AuthDeps, meta: RequestMeta): Promise<string[]> {
  const response = await callAuth(deps, "/sign-out", {}, meta);
  // SPEC §8: a failed sign-out is only logged; the cookie is cleared either way.
  if (!response.ok) deps.logger.warn("sign-out refused", { status: response.status });
  return response.headers.getSetCookie();
}

export async function requestPasswordReset(
  deps: AuthDeps,
  { email }: PasswordResetRequest,
  meta: RequestMeta,
): Promise<void> {
  const response = await callAuth(
    deps,
    "/request-password-reset",
    { email, redirectTo: `${deps.config.publicUrl}/reset-password` },
    meta,
  );
  if (response.ok) return;
  const code = await readAuthError(response);
  if (response.status === 429)
    throw new AppError("TOO_MANY_ATTEMPTS", 429, authMessages.resetFailed);
  deps.logger.warn("password reset refused", { status: response.status, code });
  throw new AppError("BAD_REQUEST", 400, authMessages.resetFailed);
}

/** Sets the password; answers the account's e-mail, for a sign-in straight after. */
export async function resetPassword(
  deps: AuthDeps,
  { token, newPassword }: ResetPasswordBody,
  meta: RequestMeta,
): Promise<{ email: string }> {
  if (!token || token.length > MAX_TOKEN_LENGTH) {
    throw new AppError("INVALID_TOKEN", 400, authMessages.resetLinkInvalid);
  }
  if (newPassword.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("WEAK_PASSWORD", 400, authMessages.weakPassword);
  }
  if (newPassword.length > MAX_PASSWORD_LENGTH) {
    throw new AppError("VALIDATION_FAILED", 400, authMessages.passwordTooLong);
  }
  const email = await findResetTokenEmail(deps.db, token);
  const response = await callAuth(deps, "/reset-password", { token, newPassword }, meta);
  if (response.ok) return { email: email ?? "" };
  const code = await readAuthError(response);
  if (code === "PASSWORD_TOO_SHORT")
    throw new AppError("WEAK_PASSWORD", 400, authMessages.weakPassword);
  if (code === "INVALID_TOKEN")
    throw new AppError("INVALID_TOKEN", 400, authMessages.resetLinkInvalid);
  throw authFailure(deps, response.status, code, authMessages.resetLinkInvalid);
}

export function getSessionUser(deps: AuthDeps, headers: Headers): Promise<SessionUser | null> {
  // No auth cookie, no session: a visitor costs no query.
  if (!hasSessionCookie(headers.get("cookie"))) return Promise.resolve(null);
  return lookUpSessionUser(deps, headers);
}

async function lookUpSessionUser(
  { betterAuth, db }: AuthDeps,
  headers: Headers,
): Promise<SessionUser | null> {
  const session = await betterAuth.api.getSession({ headers });
  if (!session) return null;
  return (await findSessionUser(db, session.user.id)) ?? null;
}

/**
 * The few Better Auth endpoints we let through as they are (`GET /api/auth/ok`), with the
 * client's address as we read it.
 */
export function passThrough({ betterAuth }: AuthDeps, request: Request): Promise<Response> {
  return betterAuth.handler(request);
}

/** A password hash as Better Auth makes and checks them (the demo accounts' passwords). */
export async function hashPassword({ betterAuth }: AuthDeps, password: string): Promise<string> {
  const context = await betterAuth.$context;
  return context.password.hash(password);
}
