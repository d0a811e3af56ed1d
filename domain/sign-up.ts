import { z } from "zod";
import { MIN_PASSWORD_LENGTH, authMessages } from "./auth-messages";
import { INVALID_WEBSITE, isValidHandle, normalizeHandle, normalizeWebsite } from "./handles";

export const OCCUPATIONS = ["collector", "artist"] as const;
export type Occupation = (typeof OCCUPATIONS)[number];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const signUpShape = z.object({
  firstName: z.string().default(""),
  lastName: z.string().default(""),
  email: z.string().default(""),
  password: z.string().default(""),
  occupation: z.enum(OCCUPATIONS).default("collector"),
  instagramHandle: z.string().nullish(),
  websiteURL: z.string().nullish(),
  acceptTerms: z.boolean().default(false),
});

export type SignUpInput = z.input<typeof signUpShape>;

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
    const handle = normalizeHandle(v.instagramHandle);
    const website = normalizeWebsite(v.websiteURL);
    if (v.occupation === "artist" && handle === null && website === null) {
      return fail("instagramHandle", authMessages.artistNeedsLink);
    }
    if (v.password.length < MIN_PASSWORD_LENGTH) return fail("password", authMessages.weakPassword);
    if (handle !== null && !isValidHandle(handle))
      return fail("instagramHandle", authMessages.invalidHandle);
    if (website === INVALID_WEBSITE) return fail("websiteURL", authMessages.invalidWebsite);
  })
  .transform((v) => {
    const firstName = v.firstName.trim();
    const lastName = v.lastName.trim();
    const website = normalizeWebsite(v.websiteURL);
    return {
      firstName,
      lastName,
      displayName: `${firstName} ${lastName}`,
      email: v.email.trim().toLowerCase(),
      password: v.password,
      pendingOccupation: v.occupation === "artist" ? ("artist" as const) : null,
      instagramHandle: normalizeHandle(v.instagramHandle),
      websiteURL: website === INVALID_WEBSITE ? null : website,
    };
  });

export type SignUpData = z.output<typeof signUpSchema>;

export const signInSchema = z
  .object({ email: z.string().default(""), password: z.string().default("") })
  .superRefine((v, ctx) => {
    if (!v.email.trim() || !v.password) {
      ctx.addIssue({ code: "custom", path: ["form"], message: authMessages.signInRequired });
    }
  })
  .transform((v) => ({ email: v.email.trim().toLowerCase(), password: v.password }));

/** The first message of a failed parse: our schemas report one rule at a time. */
export function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? authMessages.signUpFailed;
}
