import { z } from "zod";
import { authMessages } from "./auth-messages";
import { INVALID_WEBSITE, isValidHandle, normalizeHandle, normalizeWebsite } from "./handles";

export const MAX_NAME_LENGTH = 50;
export const MAX_BIO_LENGTH = 2000;
export const MAX_LOCATION_LENGTH = 100;
export const MAX_WEBSITE_LENGTH = 2048;
export const MIN_BIRTH_YEAR = 1900;

/** The texts of the profile screens and API: SPEC §2 and §5 verbatim, then our own. */
export const profileMessages = {
  userNotFound: "User not found.",
  artistNeedsLink: authMessages.artistNeedsLink,
  noBio: "No bio available.",
  loading: "Loading profile...",
  // Not in the SPEC: our own texts for the edit rules it leaves open.
  signInRequired: "Please sign in to edit your profile.",
  firstNameRequired: "Please enter your first name.",
  lastNameRequired: "Please enter your last name.",
  firstNameTooLong: `First name must be at most ${MAX_NAME_LENGTH} characters.`,
  lastNameTooLong: `Last name must be at most ${MAX_NAME_LENGTH} characters.`,
  bioTooLong: "Bio must be at most 2,000 characters.",
  locationTooLong: `Location must be at most ${MAX_LOCATION_LENGTH} characters.`,
  invalidBirthYear: `Please enter a four-digit birth year from ${MIN_BIRTH_YEAR} to this year.`,
  invalidHandle: authMessages.invalidHandle,
  invalidWebsite: authMessages.invalidWebsite,
  invalidTab: "tab must be listings or all.",
} as const;

const m = profileMessages;

/** A plausible birth year: four digits, from 1900, and not in the future. */
export function isPlausibleBirthYear(year: number, now: Date = new Date()): boolean {
  return Number.isInteger(year) && year >= MIN_BIRTH_YEAR && year <= now.getUTCFullYear();
}

function nameField(required: string, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(MAX_NAME_LENGTH, { error: tooLong });
}

/** An optional text: blank (or null) clears it to null. */
function optionalText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullable()
    .transform((v) => (v ? v : null));
}

const birthYear = z
  .union([z.number(), z.string()], { error: m.invalidBirthYear })
  .nullable()
  .transform((v, ctx) => {
    if (v === null || (typeof v === "string" && v.trim() === "")) return null;
    const text = typeof v === "string" ? v.trim() : String(v);
    const year = Number(text);
    if (!/^\d{4}$/.test(text) || !isPlausibleBirthYear(year)) {
      ctx.addIssue({ code: "custom", message: m.invalidBirthYear });
      return z.NEVER;
    }
    return year;
  });

const instagramHandle = z
  .string({ error: m.invalidHandle })
  .nullable()
  .transform((v, ctx) => {
    const handle = normalizeHandle(v);
    if (handle !== null && !isValidHandle(handle)) {
      ctx.addIssue({ code: "custom", message: m.invalidHandle });
      return z.NEVER;
    }
    return handle;
  });

const websiteURL = z
  .string({ error: m.invalidWebsite })
  .max(MAX_WEBSITE_LENGTH, { error: m.invalidWebsite })
  .nullable()
  .transform((v, ctx) => {
    const website = normalizeWebsite(v);
    if (website === INVALID_WEBSITE) {
      ctx.addIssue({ code: "custom", message: m.invalidWebsite });
      return z.NEVER;
    }
    return website;
  });

/**
 * The body of `PATCH /api/me`, shared with the profile form. Every field is
 * optional (absent means unchanged); an empty string clears an optional field.
 * Keys not listed here (isArtist, role, email, payout fields) are dropped: the
 * person does not own them.
 */
export const profileUpdateSchema = z.object({
  firstName: nameField(m.firstNameRequired, m.firstNameTooLong).optional(),
  lastName: nameField(m.lastNameRequired, m.lastNameTooLong).optional(),
  bio: z
    .string({ error: m.bioTooLong })
    .trim()
    .max(MAX_BIO_LENGTH, { error: m.bioTooLong })
    .nullable()
    .transform((v) => v ?? "")
    .optional(),
  birthYear: birthYear.optional(),
  location: optionalText(MAX_LOCATION_LENGTH, m.locationTooLong).optional(),
  instagramHandle: instagramHandle.optional(),
  websiteURL: websiteURL.optional(),
});

export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** SPEC §5: an artist keeps a social handle or a website. */
export function missesArtistLink(profile: {
  isArtist: boolean;
  instagramHandle: string | null;
  websiteURL: string | null;
}): boolean {
  return profile.isArtist && profile.instagramHandle === null && profile.websiteURL === null;
}

export const profileTabSchema = z.enum(["listings", "all"], { error: m.invalidTab });
export type ProfileTab = z.output<typeof profileTabSchema>;
