import { z } from "zod";
import {
  MAX_TWO_STEP_CODE_LENGTH,
  MIN_PASSWORD_LENGTH,
  authMessages,
  emailChangeMessages,
  twoStepMessages,
} from "../domain/auth-messages";
import { MAX_NAME_LENGTH, MAX_WEBSITE_LENGTH, profileMessages } from "../domain/profile";
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MAX_TOKEN_LENGTH } from "../domain/text-input";
import {
  INVALID_WEBSITE,
  isValidHandle,
  normalizeHandle,
  normalizeWebsite,
} from "../domain/handles";
import { shippingAddressSchema } from "./checkout.contract";
import {
  DEFAULT_TIME_ZONE,
  MAX_TIME_ZONE_LENGTH,
  canonicalTimeZone,
  timeZoneMessages,
} from "../domain/date-time";

/**
 * Sign-up, sign-in, sign-out, password reset and the session (docs/api.md "Accounts"):
 * the bodies, checked the same way by the sign-up form, its action and the API, and the
 * answers.
 */

// ---- Requests ----

const OCCUPATIONS = ["collector", "artist"] as const;

/** A handle is at most 30 characters; room for a leading @ and spaces around it. */
const MAX_HANDLE_INPUT = 64;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Text of at most `max` characters; longer is refused with `message`. */
function capped(max: number, message: string) {
  return z.string().max(max, { error: message }).default("");
}

const email = capped(MAX_EMAIL_LENGTH, authMessages.invalidEmail);
const password = capped(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong);

/**
 * An artist's Instagram handle and website as typed (SPEC §5): sign-up reads them, and so
 * does an application from the profile (contracts/applications.contract.ts).
 */
export const artistLinkFields = {
  instagramHandle: z
    .string()
    .max(MAX_HANDLE_INPUT, { error: authMessages.invalidHandle })
    .nullish(),
  websiteURL: z.string().max(MAX_WEBSITE_LENGTH, { error: authMessages.invalidWebsite }).nullish(),
};

type ArtistLinksInput = { instagramHandle?: string | null; websiteURL?: string | null };

/** The handle (leading @ stripped) and website (normalised), null when blank or not valid. */
export function normalizedArtistLinks(v: ArtistLinksInput) {
  const website = normalizeWebsite(v.websiteURL);
  return {
    instagramHandle: normalizeHandle(v.instagramHandle),
    websiteURL: website === INVALID_WEBSITE ? null : website,
  };
}

/** True when an artist gave neither a handle nor a website (authMessages.artistNeedsLink). */
export function lacksArtistLink(v: ArtistLinksInput): boolean {
  return normalizeHandle(v.instagramHandle) === null && normalizeWebsite(v.websiteURL) === null;
}

/** The first problem with a handle or website that was given: its field and message. */
export function artistLinkProblem(v: ArtistLinksInput): { path: string; message: string } | null {
  const handle = normalizeHandle(v.instagramHandle);
  if (handle !== null && !isValidHandle(handle))
    return { path: "instagramHandle", message: authMessages.invalidHandle };
  if (normalizeWebsite(v.websiteURL) === INVALID_WEBSITE)
    return { path: "websiteURL", message: authMessages.invalidWebsite };
  return null;
}

const signUpShape = z.object({
  firstName: capped(MAX_NAME_LENGTH, profileMessages.firstNameTooLong),
  lastName: capped(MAX_NAME_LENGTH, profileMessages.lastNameTooLong),
  email,
  password,
  occupation: z.enum(OCCUPATIONS).default("collector"),
  ...artistLinkFields,
  acceptTerms: z.boolean().default(false),
  /** The browser's zone, sent by the form (decision 0043); UTC when absent. */
  timeZone: z
    .string({ error: timeZoneMessages.invalidTimeZone })
    .max(MAX_TIME_ZONE_LENGTH, { error: timeZoneMessages.invalidTimeZone })
    .nullish(),
});

/**
 * Sign-up rules of SPEC §5, checked in one fixed order so the person sees one
 * message at a time, the same in the browser and on the server.
 */
export const signUpSchema = signUpShape
  .superRefine((v, ctx) => {
    const fail = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (!v.firstName.trim() || !v.lastName.trim() || !v.email.trim() || !v.password) {
      return fail("form", authMessages.requiredFields);
    }
    if (!EMAIL.test(v.email.trim())) return fail("email", authMessages.invalidEmail);
    if (!v.acceptTerms) return fail("acceptTerms", authMessages.mustAgreeToTerms);
    if (v.occupation === "artist" && lacksArtistLink(v)) {
      return fail("instagramHandle", authMessages.artistNeedsLink);
    }
    if (v.password.length < MIN_PASSWORD_LENGTH) return fail("password", authMessages.weakPassword);
    const problem = artistLinkProblem(v);
    if (problem) return fail(problem.path, problem.message);
    if (v.timeZone && !canonicalTimeZone(v.timeZone)) {
      return fail("timeZone", timeZoneMessages.invalidTimeZone);
    }
  })
  .transform((v) => {
    const firstName = v.firstName.trim();
    const lastName = v.lastName.trim();
    return {
      firstName,
      lastName,
      displayName: `${firstName} ${lastName}`,
      email: v.email.trim().toLowerCase(),
      password: v.password,
      pendingOccupation: v.occupation === "artist" ? ("artist" as const) : null,
      ...normalizedArtistLinks(v),
      timeZone: (v.timeZone && canonicalTimeZone(v.timeZone)) || DEFAULT_TIME_ZONE,
    };
  });

export type SignUpData = z.output<typeof signUpSchema>;

export const signInSchema = z
  .object({ email, password })
  .superRefine((v, ctx) => {
    if (!v.email.trim() || !v.password) {
      ctx.addIssue({ code: "custom", path: ["form"], message: authMessages.signInRequired });
    }
  })
  .transform((v) => ({ email: v.email.trim().toLowerCase(), password: v.password }));

export type SignInData = z.output<typeof signInSchema>;

/**
 * Any value that is not text counts as empty text, so the service's own rule answers
 * with its own code (an empty reset token is INVALID_TOKEN, not a validation failure).
 */
const textOrEmpty = z.unknown().transform((v) => (typeof v === "string" ? v : ""));

/** `POST /api/auth/request-password-reset` (and the sign-in page's "Forgot password?"). */
export const passwordResetRequestSchema = z.object({
  email: textOrEmpty
    .transform((v) => v.trim().toLowerCase())
    .pipe(
      z
        .string()
        .min(1, authMessages.resetNeedsEmail)
        .max(MAX_EMAIL_LENGTH, authMessages.invalidEmail),
    ),
});
export type PasswordResetRequest = z.output<typeof passwordResetRequestSchema>;

/**
 * `POST /api/auth/reset-password`: the link's token and the new password. Their rules
 * (a token's length, the password's) are the service's, which answers them with their
 * own codes (INVALID_TOKEN, WEAK_PASSWORD).
 */
export const resetPasswordBodySchema = z.object({ token: textOrEmpty, newPassword: textOrEmpty });
export type ResetPasswordBody = z.output<typeof resetPasswordBodySchema>;

// ---- Answers ----

/** The signed-in person as the pages and `GET /api/session` see them. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  isArtist: z.boolean(),
  pendingOccupation: z.string().nullable(),
  role: z.string(),
  profilePhoto: z.string().nullable(),
  instagramHandle: z.string().nullable(),
  websiteURL: z.string().nullable(),
  /** The address of the last purchase, offered again at the next checkout. */
  shippingAddress: shippingAddressSchema.nullable(),
  /** The zone of the person's e-mails, and of their pages until the browser tells its own. */
  timeZone: z.string(),
  /** Two-step verification is on (decision 0057): required for the console. */
  twoFactorEnabled: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /api/session`: the person, or null when nobody is signed in. */
export const sessionSchema = sessionUserSchema.nullable();

/** `POST /api/auth/sign-up/email` and `/sign-in/email` (the session cookie comes with it). */
export const signedInSchema = z.object({ user: sessionUserSchema });

/** `POST /api/auth/sign-out`. */
export const signedOutSchema = z.object({ success: z.literal(true) });

/** `POST /api/auth/request-password-reset` and `/reset-password`. */
export const resetAnswerSchema = z.object({ status: z.literal(true) });

/** The first message of a failed parse: our schemas report one rule at a time. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? authMessages.signUpFailed;
}

/**
 * One signed-in device of the person (`GET /api/me/sessions`): the browser and system read
 * from its user agent, when it signed in and was last seen; never its token or address.
 */
export const deviceSchema = z.object({
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  /** The country of the device's address if known (decision 0057), else "Unknown place". */
  place: z.string(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** The device this request came from. */
  current: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;
export const devicesSchema = z.object({ devices: z.array(deviceSchema) });
export const signedOutDevicesSchema = z.object({ signedOut: z.number().int() });

/** `POST /api/me/password`: the current password and the new one (Better Auth checks both). */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: "Enter your current password." })
    .min(1, "Enter your current password.")
    .max(128, "Password must be at most 128 characters."),
  newPassword: z
    .string({ error: "Enter a new password." })
    .min(1, "Enter a new password.")
    .max(128, "Password must be at most 128 characters."),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

// ---- Two-step verification (decision 0057) ----

export { MAX_TWO_STEP_CODE_LENGTH, twoStepMessages };

const twoStepPassword = z
  .string({ error: twoStepMessages.passwordRequired })
  .min(1, twoStepMessages.passwordRequired)
  .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong);

/** `POST /api/me/two-step`, `/disable` and `/backup-codes`: the password, checked again. */
export const twoStepPasswordSchema = z.object({ password: twoStepPassword });
export type TwoStepPassword = z.infer<typeof twoStepPasswordSchema>;

/** `POST /api/me/two-step/confirm`: the app's code, which turns two-step verification on. */
export const twoStepConfirmSchema = z.object({
  code: z
    .string({ error: twoStepMessages.codeRequired })
    .trim()
    .min(1, twoStepMessages.codeRequired)
    .max(MAX_TWO_STEP_CODE_LENGTH, twoStepMessages.codeTooLong),
});

/** `POST /api/auth/two-step`: the second step of a sign-in, an app's code or a backup code. */
export const twoStepSignInSchema = z
  .object({
    method: z.enum(["app", "backup"]).default("app"),
    code: z
      .string({ error: twoStepMessages.codeRequired })
      .trim()
      .max(MAX_TWO_STEP_CODE_LENGTH, twoStepMessages.codeTooLong)
      .default(""),
  })
  .superRefine((v, ctx) => {
    if (!v.code) {
      ctx.addIssue({
        code: "custom",
        path: ["code"],
        message:
          v.method === "backup" ? twoStepMessages.backupCodeRequired : twoStepMessages.codeRequired,
      });
    }
  });
export type TwoStepSignIn = z.infer<typeof twoStepSignInSchema>;

/** `POST /api/me/two-step`: what the authenticator app is given (shown once, never logged). */
export const twoStepSetupSchema = z.object({
  /** The otpauth:// URI, for the QR code and for apps that take a link. */
  uri: z.string(),
  /** The secret in base32, for typing into the app by hand. */
  secret: z.string(),
  /** The QR code of `uri`, an SVG image. */
  qrSvg: z.string(),
});
export type TwoStepSetup = z.infer<typeof twoStepSetupSchema>;

/** `POST /api/me/two-step/confirm` and `/backup-codes`: the 10 backup codes, shown once. */
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });

/** `POST /api/auth/sign-in/email` when the account has two-step verification on. */
export const twoStepRequiredSchema = z.object({ twoStepRequired: z.literal(true) });

// ---- Changing the e-mail address (decision 0057) ----

export { emailChangeMessages };

/** `POST /api/me/email`: the new address and the password. */
export const emailChangeSchema = z.object({
  newEmail: z
    .string({ error: authMessages.invalidEmail })
    .trim()
    .max(MAX_EMAIL_LENGTH, authMessages.invalidEmail)
    .refine((v) => EMAIL.test(v), authMessages.invalidEmail)
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ error: twoStepMessages.passwordRequired })
    .min(1, twoStepMessages.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
});
export type EmailChange = z.infer<typeof emailChangeSchema>;

/** `POST /api/auth/confirm-email`: the token of the link sent to the new address. */
export const emailConfirmSchema = z.object({
  token: z
    .string({ error: emailChangeMessages.linkInvalid })
    .min(1, emailChangeMessages.linkInvalid)
    .max(MAX_TOKEN_LENGTH, emailChangeMessages.linkInvalid),
});
