import { DEFAULT_TIME_ZONE, canonicalTimeZone } from "../../domain/date-time";
import { TIME_ZONE_COOKIE } from "./time-zone-cookie";

/** The zone the request's cookie names, if it is a zone at all (anything else is ignored). */
export function timeZoneFromCookie(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.split("=");
    if (name?.trim() !== TIME_ZONE_COOKIE) continue;
    try {
      return canonicalTimeZone(decodeURIComponent(rest.join("=").trim()));
    } catch {
      return null;
    }
  }
  return null;
}

/** The zone the page is rendered in: the browser's (cookie), the profile's, then UTC. */
export function pageTimeZone(cookieHeader: string | null, profileZone?: string | null): string {
  return timeZoneFromCookie(cookieHeader) ?? canonicalTimeZone(profileZone) ?? DEFAULT_TIME_ZONE;
}
