import { authMessages } from "./auth-messages";
import { PROFILE_LOADING } from "./loading-texts";

export const MAX_NAME_LENGTH = 50;
export const MAX_BIO_LENGTH = 2000;
export const MAX_LOCATION_LENGTH = 100;
export const MAX_WEBSITE_LENGTH = 2048;
export const MIN_BIRTH_YEAR = 1900;

/** The texts of the profile screens and API: SPEC §2 and §5 verbatim, then our own. */
export const profileMessages = {
  userNotFound: "User not found.",
  /** A person the team suspended (decision 0027): their artist page and profile. */
  profileUnavailable: "This profile is unavailable.",
  artistNeedsLink: authMessages.artistNeedsLink,
  noBio: "No bio available.",
  loading: PROFILE_LOADING,
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

/** A plausible birth year: four digits, from 1900, and not in the future. */
export function isPlausibleBirthYear(year: number, now: Date = new Date()): boolean {
  return Number.isInteger(year) && year >= MIN_BIRTH_YEAR && year <= now.getUTCFullYear();
}

/** SPEC §5: an artist keeps a social handle or a website. */
export function missesArtistLink(profile: {
  isArtist: boolean;
  instagramHandle: string | null;
  websiteURL: string | null;
}): boolean {
  return profile.isArtist && profile.instagramHandle === null && profile.websiteURL === null;
}
