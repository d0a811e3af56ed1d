import { z } from "zod";
import { categoryStoredName } from "../domain/display";
import { adminSearchText } from "./admin.contract";
import { MAX_EXHIBITION_ARTWORKS } from "./admin.values";

export { MAX_EXHIBITION_ARTWORKS };

/**
 * The console's curation areas (docs/api.md "Console and operations"): exhibitions,
 * banners, cities and categories, and the console's image upload.
 */

export const curationMessages = {
  nameRequired: "Please enter a name.",
  nameTooLong: "The name is too long (at most 200 characters).",
  descriptionTooLong: "The description is too long (at most 5,000 characters).",
  addressTooLong: "The address is too long (at most 500 characters).",
  startsOnInvalid: "Please enter the start date as a date between 1900 and 2999.",
  endsOnInvalid: "Please enter the end date as a date between 1900 and 2999.",
  endBeforeStart: "The end date cannot be before the start date.",
  openingHoursTooLong: "The opening hours are too long (at most 200 characters).",
  uploadIdInvalid: "That image is not one of your uploads. Please upload the image again.",
  uploadUnavailable:
    "That image is no longer available (it was not one of your recent uploads, or it is in use). Please upload it again.",
  exhibitionNotFound: "That exhibition does not exist.",
  alreadyActive: "That exhibition is already active.",
  alreadyInactive: "That exhibition is already inactive.",
  nothingToChange: "Please change at least one field.",
  artworkIdsRequired: "Please send the list of artworks (artworkIds).",
  tooManyArtworks: "An exhibition can show at most 200 artworks.",
  artworkTwice: "An artwork is in the list twice.",
  artworkUnknown: "Some artworks do not exist",
  artworkDraft: "Some artworks are drafts and cannot be shown",
  artworkHidden: "Some artworks are hidden by the team and cannot be shown",
  bannerNotFound: "That banner does not exist.",
  altTextRequired: "Please enter the banner's alt text (what the banner says).",
  altTextTooLong: "The alt text is too long (at most 500 characters).",
  bannerAlreadyActive: "That banner is already active.",
  bannerAlreadyInactive: "That banner is already inactive.",
  bannerActiveDelete: "That banner is on the home page. Deactivate it before deleting it.",
  bannerBusy: "Another admin changed the banners at the same moment. Please try again.",
  cityNameRequired: "Please enter the city's name.",
  cityNameTooLong: "The city's name is too long (at most 100 characters).",
  cityNotFound: "That city does not exist.",
  cityDuplicate: "A city with that name already exists.",
  cityInUse: "That city is in use (people have chosen it), so it cannot be deleted.",
  categoryNameRequired: "Please enter the category's name.",
  categoryNameTooLong: "The category's name is too long (at most 60 characters).",
  categoryNameInvalid: "A category's name may contain only letters, digits, spaces and hyphens.",
  categoryNotFound: "That category does not exist.",
  categoryDuplicate: "A category with that name already exists.",
  categoryInUse: "That category is in use (artworks have it), so it cannot be deleted.",
} as const;
const m = curationMessages;

/** A trimmed text of at most `max` characters (`required`: not empty after trimming). */
function text(max: number, tooLong: string, required?: string) {
  const base = z
    .string({ error: required ?? tooLong })
    .max(max, { error: tooLong })
    .transform((s) => s.trim());
  return required ? base.refine((s) => s.length > 0, { error: required }) : base;
}

const uploadId = z.uuid({ error: m.uploadIdInvalid });

const ISO_DAY = z.iso.date();
/**
 * A calendar day as a date field sends it ("2026-11-12"); empty or null clears it. Years
 * are bounded so that every accepted day is one PostgreSQL's date stores.
 */
function calendarDay(error: string) {
  return z
    .union([z.string(), z.null()], { error })
    .transform((s) => (s ?? "").trim())
    .refine((s) => s === "" || (ISO_DAY.safeParse(s).success && s >= "1900" && s < "3000"), {
      error,
    })
    .transform((s) => (s === "" ? null : s));
}

/**
 * Free text of opening hours ("Tue–Sat 11:00–18:00, Thu until 21:00"); ill-formed text
 * never gets here (the boundary's one rule, decision 0048).
 */
const openingHours = text(200, m.openingHoursTooLong);

/** Both days set and the end before the start (ISO days compare as text). */
export function endsBeforeStart(startsOn: string | null, endsOn: string | null): boolean {
  return startsOn !== null && endsOn !== null && endsOn < startsOn;
}

// ---- Exhibitions ----

export const exhibitionCreateSchema = z
  .object({
    name: text(200, m.nameTooLong, m.nameRequired),
    description: text(5_000, m.descriptionTooLong).default(""),
    address: text(500, m.addressTooLong).default(""),
    startsOn: calendarDay(m.startsOnInvalid).default(null),
    endsOn: calendarDay(m.endsOnInvalid).default(null),
    openingHours: openingHours.default(""),
    bannerUploadId: uploadId.optional(),
  })
  .refine((e) => !endsBeforeStart(e.startsOn, e.endsOn), {
    error: m.endBeforeStart,
    path: ["endsOn"],
  });
export type ExhibitionCreate = z.infer<typeof exhibitionCreateSchema>;

/**
 * Partial; `bannerUploadId: null` removes the banner, a date null (or empty) clears it. The
 * order of the days is checked here when both are sent, and by the service against the
 * stored day when one is.
 */
export const exhibitionPatchSchema = z
  .object({
    name: text(200, m.nameTooLong, m.nameRequired).optional(),
    description: text(5_000, m.descriptionTooLong).optional(),
    address: text(500, m.addressTooLong).optional(),
    startsOn: calendarDay(m.startsOnInvalid).optional(),
    endsOn: calendarDay(m.endsOnInvalid).optional(),
    openingHours: openingHours.optional(),
    bannerUploadId: uploadId.nullable().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { error: m.nothingToChange })
  .refine((p) => !endsBeforeStart(p.startsOn ?? null, p.endsOn ?? null), {
    error: m.endBeforeStart,
    path: ["endsOn"],
  });
export type ExhibitionPatch = z.infer<typeof exhibitionPatchSchema>;

export const exhibitionArtworksSchema = z.object({
  artworkIds: z
    .array(z.uuid({ error: m.artworkUnknown }), { error: m.artworkIdsRequired })
    .max(MAX_EXHIBITION_ARTWORKS, { error: m.tooManyArtworks })
    .refine((ids) => new Set(ids).size === ids.length, { error: m.artworkTwice }),
});
export type ExhibitionArtworks = z.infer<typeof exhibitionArtworksSchema>;

export const adminExhibitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  bannerUrl: z.string().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  openingHours: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  artworkCount: z.number().int(),
});
export type AdminExhibition = z.infer<typeof adminExhibitionSchema>;

/** `GET /api/admin/exhibitions`: all of them, active first, then newest first. */
export const adminExhibitionListSchema = z.array(adminExhibitionSchema);

/** A work as the picker and the exhibition's list show it. */
export const pickerArtworkSchema = z.object({
  id: z.string(),
  title: z.string(),
  artistName: z.string(),
  thumbnail: z.string().nullable(),
  year: z.number().int().nullable(),
  status: z.string(),
  hidden: z.boolean(),
});
export type PickerArtwork = z.infer<typeof pickerArtworkSchema>;

/** `GET /api/admin/exhibitions/:id`: the exhibition and its works in order. */
export const adminExhibitionDetailSchema = adminExhibitionSchema.extend({
  artworks: z.array(pickerArtworkSchema),
});
export type AdminExhibitionDetail = z.infer<typeof adminExhibitionDetailSchema>;

export const pickerQuerySchema = z.object({ q: adminSearchText });
export type PickerQuery = z.infer<typeof pickerQuerySchema>;

/** `GET /api/admin/exhibition-picker?q=`: up to 20 non-draft, not hidden works. */
export const pickerResultSchema = z.array(pickerArtworkSchema);

// ---- Banners ----

export const bannerCreateSchema = z.object({
  uploadId,
  altText: text(500, m.altTextTooLong, m.altTextRequired),
});
export type BannerCreate = z.infer<typeof bannerCreateSchema>;

export const adminBannerSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  altText: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

/** `GET /api/admin/banners`: the active one first, then newest first. */
export const adminBannerListSchema = z.array(adminBannerSchema);

// ---- Cities and categories ----

export const cityBodySchema = z.object({
  name: text(100, m.cityNameTooLong, m.cityNameRequired).transform((s) => s.replace(/\s+/gu, " ")),
});
export type CityBody = z.infer<typeof cityBodySchema>;

/** Typed as people read it ("Mixed Media"); answered in its stored form ("mixed_media"). */
export const categoryBodySchema = z.object({
  name: text(60, m.categoryNameTooLong, m.categoryNameRequired)
    .refine((s) => /^[\p{L}\p{N}\s_-]+$/u.test(s), { error: m.categoryNameInvalid })
    .transform(categoryStoredName)
    .refine((s) => s.length > 0, { error: m.categoryNameRequired }),
});
export type CategoryBody = z.infer<typeof categoryBodySchema>;

export const adminCitySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** People (artists and collectors) who chose it. */
  userCount: z.number().int(),
});
export type AdminCity = z.infer<typeof adminCitySchema>;

export const adminCategorySchema = z.object({
  id: z.string(),
  /** Stored form, "mixed_media". */
  name: z.string(),
  /** Shown form, "Mixed Media". */
  label: z.string(),
  artworkCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** `GET /api/admin/catalog`: both lists by name, with their usage. */
export const adminCatalogSchema = z.object({
  cities: z.array(adminCitySchema),
  categories: z.array(adminCategorySchema),
});
export type AdminCatalog = z.infer<typeof adminCatalogSchema>;

/** `POST /api/admin/images`: the console's own upload (uploads contract's shape). */
export { uploadedImageSchema as adminImageSchema } from "./uploads.contract";
