/**
 * The cookie that carries the browser's time zone to the server (decision 0043), and the
 * few lines that keep it (run by useTimeZone, on the pages that show times). Apart from
 * time-zone.server.ts, which reads it with the zone rules, so the browser gets only these.
 */
export const TIME_ZONE_COOKIE = "vernissage_tz";

/** A year: the zone changes only when the person travels, and then the page rewrites it. */
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Writes the browser's zone into the cookie when the cookie does not already say it. */
export function rememberBrowserTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  if (document.cookie.split("; ").includes(cookie)) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${cookie}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}
