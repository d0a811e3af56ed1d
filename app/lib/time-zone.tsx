import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
import { DEFAULT_TIME_ZONE, canonicalTimeZone } from "../../domain/date-time";

/**
 * The viewer's time zone for the times a page shows (decision 0043). The browser writes
 * its zone into this cookie once hydrated; the root loader reads it, so the server renders
 * the page in the zone the browser will use and hydration finds the same text.
 */
export const TIME_ZONE_COOKIE = "vernissage_tz";

/** A year: the zone changes only when the person travels, and then the page rewrites it. */
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

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

let browserZone: string | null | undefined;

/** The browser's own zone, or null where Intl does not say (or says something odd). */
function browserTimeZone(): string | null {
  browserZone ??= canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return browserZone;
}

/** The zone does not change while a page is open (a traveller's next page has the new one). */
function subscribeToNothing() {
  return () => {};
}

const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/**
 * Renders first in the zone the server used (`serverZone`), so hydration matches; then,
 * when the browser's zone differs (a first visit, or after travelling), shows this page's
 * times in the browser's zone and keeps it in the cookie for the next requests.
 */
export function TimeZoneProvider({
  serverZone,
  children,
}: {
  serverZone: string;
  children: React.ReactNode;
}) {
  const zone = useSyncExternalStore(
    subscribeToNothing,
    () => browserTimeZone() ?? serverZone,
    () => serverZone,
  );
  useEffect(() => {
    if (zone !== browserTimeZone() || timeZoneFromCookie(document.cookie) === zone) return;
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  }, [zone]);
  return <TimeZoneContext.Provider value={zone}>{children}</TimeZoneContext.Provider>;
}

/** The zone this page shows its times in. */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}

/** The browser's zone for a form to send (the sign-up's default); "" on the server. */
export function useBrowserTimeZone(): string {
  return useSyncExternalStore(
    subscribeToNothing,
    () => browserTimeZone() ?? "",
    () => "",
  );
}
