import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import QRCode from "qrcode";
import {
  type TwoStepPassword,
  type TwoStepSetup,
  type TwoStepSignIn,
  twoStepMessages as m,
} from "../../../contracts/auth.contract";
import { normalizeBackupCode } from "../../../domain/backup-codes";
import { authMessages } from "../../../domain/auth-messages";
import { AppError } from "../../errors";
import {
  type AuthDeps,
  type RequestMeta,
  type SignedIn,
  callAuth,
  readAuthError,
  signedInUser,
} from "./auth.service";
import type { NewMail } from "../mail/mail.api";
import { findContact } from "../users/users.api";
import { twoStepOffMail, twoStepOnMail } from "./auth.mails";
import { findTwoFactor, replaceBackupCodes, reserveTwoFactorRow } from "./two-step.repository";

/**
 * Two-step verification (decision 0057) through Better Auth's two-factor plugin, called
 * through its HTTP handler like the rest of auth (its rate limits, its checks): set up
 * with the password, turned on by the first right code from the app, turned off and new
 * backup codes made with the password again, and the second step of a sign-in. The
 * secret, the URI and the codes are answered to the person and never logged.
 */

/** What turning two-step on or off needs besides auth: the security notice it mails. */
export type TwoStepDeps = AuthDeps & { enqueueMail: (mail: NewMail) => Promise<void> };

const DIGITS = 6;
const PERIOD = 30;

function refusal(deps: AuthDeps, response: Response, code: string, what: string): AppError {
  if (response.status === 429 || code === "ACCOUNT_TEMPORARILY_LOCKED") {
    return new AppError("TOO_MANY_ATTEMPTS", 429, code ? m.locked : authMessages.tooManyAttempts);
  }
  if (code === "INVALID_PASSWORD") return new AppError("VALIDATION_FAILED", 400, m.wrongPassword);
  if (code === "INVALID_CODE") return new AppError("VALIDATION_FAILED", 400, m.wrongCode);
  if (code === "INVALID_BACKUP_CODE")
    return new AppError("VALIDATION_FAILED", 400, m.wrongBackupCode);
  if (code === "TOTP_ALREADY_ENABLED") return new AppError("CONFLICT", 409, m.alreadyOn);
  if (code === "TWO_FACTOR_NOT_ENABLED") return new AppError("CONFLICT", 409, m.notOn);
  if (code === "TOTP_NOT_ENABLED") return new AppError("CONFLICT", 409, m.notStarted);
  if (response.status === 401) return new AppError("UNAUTHENTICATED", 401, m.signIn);
  // Only the status and the library's code: never the body, which may hold a secret.
  deps.logger.warn(`A two-step ${what} was refused`, { status: response.status, code });
  return new AppError("INTERNAL", 500, m.failed);
}

/** The QR code (SVG), the URI and the secret to type in, for a person's authenticator app. */
export async function describeSetup(uri: string): Promise<TwoStepSetup> {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { uri, secret, qrSvg };
}

/**
 * Step one of the setup: with the password, a new secret (not yet in force). Started again
 * before confirming (or twice at once), it replaces the secret in the person's one row;
 * once two-step is on, it is refused.
 */
export async function startTwoStep(
  deps: AuthDeps,
  userId: string,
  { password }: TwoStepPassword,
  meta: RequestMeta,
): Promise<TwoStepSetup> {
  await reserveTwoFactorRow(deps.db, userId);
  const response = await callAuth(deps, "/two-factor/enable", { password }, meta);
  if (!response.ok) throw refusal(deps, response, await readAuthError(response), "setup");
  const { totpURI } = (await response.json()) as { totpURI: string };
  return describeSetup(totpURI);
}

/**
 * Step two: the app's first right code turns two-step verification on; the 10 backup codes
 * are answered this once. The session is renewed by the library (new cookie).
 */
export async function confirmTwoStep(
  deps: TwoStepDeps,
  userId: string,
  { code }: { code: string },
  meta: RequestMeta,
): Promise<{ backupCodes: string[]; setCookies: string[] }> {
  const row = await findTwoFactor(deps.db, userId);
  if (row?.verified) throw new AppError("CONFLICT", 409, m.alreadyOn);
  // No row, or the empty one a setup reserves before its secret is written.
  if (!row?.secret) throw new AppError("CONFLICT", 409, m.notStarted);
  const response = await callAuth(deps, "/two-factor/verify-totp", { code }, meta);
  if (!response.ok) throw refusal(deps, response, await readAuthError(response), "confirmation");
  const { backupCodes } = await deps.betterAuth.api.viewBackupCodes({ body: { userId } });
  await mailSecurityNotice(deps, userId, twoStepOnMail);
  return { backupCodes, setCookies: response.headers.getSetCookie() };
}

/** Turns two-step verification off, with the password; the session is renewed. */
export async function disableTwoStep(
  deps: TwoStepDeps,
  userId: string,
  { password }: TwoStepPassword,
  meta: RequestMeta,
): Promise<string[]> {
  const response = await callAuth(deps, "/two-factor/disable", { password }, meta);
  if (!response.ok) throw refusal(deps, response, await readAuthError(response), "disabling");
  await mailSecurityNotice(deps, userId, twoStepOffMail);
  return response.headers.getSetCookie();
}

/** Two-step turned on or off: told to the account's address, like a changed password. */
async function mailSecurityNotice(
  deps: TwoStepDeps,
  userId: string,
  mail: (facts: { to: string; name: string; link: string }) => NewMail,
) {
  const contact = await findContact(deps.db, userId);
  if (!contact) return;
  await deps.enqueueMail(
    mail({
      to: contact.email,
      name: contact.displayName,
      link: `${deps.config.publicUrl}/profile/settings#two-step`,
    }),
  );
}

/** 10 new backup codes, with the password; the earlier ones stop working. */
export async function regenerateBackupCodes(
  deps: AuthDeps,
  { password }: TwoStepPassword,
  meta: RequestMeta,
): Promise<string[]> {
  const response = await callAuth(deps, "/two-factor/generate-backup-codes", { password }, meta);
  if (!response.ok) throw refusal(deps, response, await readAuthError(response), "backup codes");
  const { backupCodes } = (await response.json()) as { backupCodes: string[] };
  return backupCodes;
}

/**
 * The second step of a sign-in: the challenge cookie the password step set, and an app's
 * code or a backup code (used up). Each challenge allows 5 codes, the account 10 wrong
 * ones in a row (then 15 minutes' lock), and the route's rate limit applies.
 */
export async function verifySignInStep(
  deps: AuthDeps,
  { method, code }: TwoStepSignIn,
  meta: RequestMeta,
): Promise<SignedIn> {
  const path = method === "backup" ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp";
  // Backup codes are kept in lower case; the library compares them exactly.
  const typed = method === "backup" ? normalizeBackupCode(code) : code;
  const response = await callAuth(deps, path, { code: typed }, meta);
  if (response.ok) return signedInUser(deps, response);
  const errorCode = await readAuthError(response);
  if (errorCode === "INVALID_TWO_FACTOR_COOKIE")
    throw new AppError("UNAUTHENTICATED", 401, m.challengeExpired);
  if (errorCode === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
    throw new AppError("TOO_MANY_ATTEMPTS", 429, m.tooManyCodes);
  // A backup code used by two requests at once: the second finds it gone.
  if (response.status === 409) throw new AppError("VALIDATION_FAILED", 400, m.wrongBackupCode);
  throw refusal(deps, response, errorCode, "sign-in");
}

export type SecondStepResult = "not_enabled" | "ok" | "wrong" | "missing";

/**
 * For other features that ask for the second step again (closing an account): whether
 * `code` is the person's current app code or one of their unused backup codes (then used
 * up). "not_enabled" when the person has no two-step verification, "missing" when it is
 * on and no code was given.
 */
export async function checkSecondStep(
  { db, betterAuth }: AuthDeps,
  userId: string,
  code: string | undefined,
): Promise<SecondStepResult> {
  const row = await findTwoFactor(db, userId);
  if (!row?.verified) return "not_enabled";
  const given = (code ?? "").trim();
  if (!given) return "missing";
  if (given.length > 32 || given.includes("\u0000")) return "wrong";
  const key = (await betterAuth.$context).secretConfig;
  if (/^\d{6}$/.test(given)) {
    const secret = await symmetricDecrypt({ key, data: row.secret });
    const right = await createOTP(secret, { digits: DIGITS, period: PERIOD }).verify(given);
    return right ? "ok" : "wrong";
  }
  const codes = JSON.parse(await symmetricDecrypt({ key, data: row.backupCodes })) as string[];
  // In any case and with stray spaces, as at sign-in.
  const typed = normalizeBackupCode(given);
  const match = codes.find((c) => normalizeBackupCode(c) === typed);
  if (match === undefined) return "wrong";
  const rest = await symmetricEncrypt({
    key,
    data: JSON.stringify(codes.filter((c) => c !== match)),
  });
  // Compare and set: the same code sent twice at once is used once.
  return (await replaceBackupCodes(db, row.id, row.backupCodes, rest)) ? "ok" : "wrong";
}

/**
 * A confirmed two-step row as the library writes it (secret and codes encrypted with the
 * session secret), for the demo admin (domain/demo-two-step.ts): the seed inserts it in
 * its own transaction.
 */
export async function twoStepRowFor(
  { betterAuth }: AuthDeps,
  userId: string,
  secret: string,
  backupCodes: readonly string[],
) {
  const key = (await betterAuth.$context).secretConfig;
  return {
    userId,
    secret: await symmetricEncrypt({ key, data: secret }),
    backupCodes: await symmetricEncrypt({ key, data: JSON.stringify(backupCodes) }),
    verified: true,
  };
}
