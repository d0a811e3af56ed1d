import { z } from "zod";
import {
  INVALID_WEBSITE,
  isValidHandle,
  normalizeHandle,
  normalizeWebsite,
} from "../domain/handles";
import {
  MAX_BIO_LENGTH,
  MAX_LOCATION_LENGTH,
  MAX_NAME_LENGTH,
  MAX_WEBSITE_LENGTH,
  isPlausibleBirthYear,
  profileMessages as m,
} from "../domain/profile";
import { canonicalTimeZone, timeZoneMessages } from "../domain/date-time";
import { artworkCardSchema } from "./artworks.contract";
import { firstQueryValue, publicPersonSchema } from "./common.contract";

/**
 * Profiles (docs/api.md "Profiles"): `GET /api/users/:id`, its works and collection,
 * `PATCH /api/me`, and the profile page's data. The rules' texts stay in domain/profile.ts.
 */

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
  /** An IANA zone name ("America/New_York"), kept in its canonical spelling (decision 0043). */
  timeZone: z
    .string({ error: timeZoneMessages.invalidTimeZone })
    .transform((v, ctx) => {
      const zone = canonicalTimeZone(v);
      if (zone) return zone;
      ctx.addIssue({ code: "custom", message: timeZoneMessages.invalidTimeZone });
      return z.NEVER;
    })
    .optional(),
});

export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export const profileTabSchema = z.enum(["listings", "all"], { error: m.invalidTab });
export type ProfileTab = z.output<typeof profileTabSchema>;

/** The query of a profile's works: `?tab=` (the first one when repeated), `all` when absent. */
export const profileWorksQuerySchema = z.object({
  tab: firstQueryValue(profileTabSchema.default("all")),
});

/** `GET /api/users/:id`: nothing private, whoever asks. */
export const publicProfileSchema = publicPersonSchema.extend({
  isArtist: z.boolean(),
  initials: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** `PATCH /api/me` answers with this: the public profile plus the owner's own fields. */
export const ownProfileSchema = publicProfileSchema.extend({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  pendingOccupation: z.string().nullable(),
  timeZone: z.string(),
  lastModified: z.string(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** `GET /api/users/:id/artworks` and `GET /api/users/:id/collection`: cards. */
export const profileArtworksSchema = z.array(artworkCardSchema);
