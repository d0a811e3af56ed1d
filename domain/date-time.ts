/**
 * The one way the marketplace writes a day or a moment, on its pages and in its e-mails:
 * in the reader's own time zone, with the zone's name beside a time so that nobody has to
 * guess which clock is meant. Pages use the viewer's zone, e-mails the recipient's
 * (decision 0043); UTC when nobody's zone is known.
 */

export const DEFAULT_TIME_ZONE = "UTC";

/** Longer than any IANA name (the longest is about 30 characters). */
export const MAX_TIME_ZONE_LENGTH = 64;

export const timeZoneMessages = {
  invalidTimeZone: "Please choose a time zone from the list, such as America/New_York.",
  timeZoneSaved: (zone: string) => `Times in your e-mails are now shown in ${zone}.`,
} as const;

// A zone's name: letters first (no "+01:00" offsets, which some engines accept), then
// the characters IANA names use ("America/Port-au-Prince", "Etc/GMT+5").
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

const formats = new Map<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  const known = formats.get(timeZone);
  if (known) return known;
  const made = {
    date: new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }),
    dateTime: new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
      timeZone,
    }),
  };
  formats.set(timeZone, made);
  return made;
}

/**
 * The zone's canonical IANA name ("asia/tokyo" → "Asia/Tokyo"), or null when it is not a
 * zone this runtime's Intl knows. Anything but such a name is refused, never guessed.
 */
export function canonicalTimeZone(name: unknown): string | null {
  if (typeof name !== "string" || name.length > MAX_TIME_ZONE_LENGTH) return null;
  if (!ZONE_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A known zone as it is, anything else (missing, misspelt) as UTC. */
export function timeZoneOrDefault(name: string | null | undefined): string {
  return canonicalTimeZone(name) ?? DEFAULT_TIME_ZONE;
}

function instantOf(at: Date | string): Date | null {
  const date = typeof at === "string" ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day in the zone: "November 30, 2026"; "" for a value that is not a moment. */
export function formatDate(at: Date | string, timeZone: string): string {
  const date = instantOf(at);
  return date ? formatsFor(timeZoneOrDefault(timeZone)).date.format(date) : "";
}

/** A moment in the zone, with its name: "November 30, 2026 at 6:45 PM EST". */
export function formatDateTime(at: Date | string, timeZone: string): string {
  const date = instantOf(at);
  return date ? formatsFor(timeZoneOrDefault(timeZone)).dateTime.format(date) : "";
}

/**
 * A calendar day ("2026-11-12") has no zone: it is read in UTC, where midnight of that
 * day is that day, so it is the same day wherever it is read. Anything else is null.
 */
function calendarDay(isoDay: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDay) ? instantOf(`${isoDay}T00:00:00Z`) : null;
}

/** A calendar day as formatDate writes a day: "November 12, 2026"; "" for anything else. */
export function formatCalendarDay(isoDay: string): string {
  const day = calendarDay(isoDay);
  return day ? formatsFor(DEFAULT_TIME_ZONE).date.format(day) : "";
}

/**
 * A run of calendar days, what they share written once: "November 12 – December 20,
 * 2026", "November 12 – 20, 2026", "November 12, 2026 – January 20, 2027"; one day as
 * that day. "" when either is not a day.
 */
export function formatCalendarDayRange(startIsoDay: string, endIsoDay: string): string {
  const start = calendarDay(startIsoDay);
  const end = calendarDay(endIsoDay);
  if (!start || !end) return "";
  // ICU puts thin or narrow spaces around the dash in some versions: one plain space, so
  // the server's text and the browser's are the same.
  const range = formatsFor(DEFAULT_TIME_ZONE).date.formatRange(start, end);
  return range.replace(/\s*–\s*/u, " – ");
}

/** The zones a person may choose from, as this runtime knows them, UTC first. */
export function timeZoneChoices(): string[] {
  const zones = Intl.supportedValuesOf("timeZone").filter((zone) => zone !== DEFAULT_TIME_ZONE);
  return [DEFAULT_TIME_ZONE, ...zones];
}
