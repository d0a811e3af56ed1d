import { useEffect, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootLoaderData } from "./session-user";
import { rememberBrowserTimeZone } from "./time-zone-cookie";

/**
 * The viewer's time zone for the times a page shows (decision 0043). The root loader
 * renders in the zone the browser's cookie names (time-zone.server.ts, written by
 * time-zone-cookie.ts), then the profile's, then UTC; hydration finds the same text, and
 * a page rendered in another zone (a first visit, or after travelling) then shows its
 * times in the browser's own zone. The cookie is written by the pages that show times,
 * the only ones it changes, so the others' first script does not carry it.
 */
let browserZone: string | null | undefined;

function browserTimeZone(): string | null {
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  return browserZone;
}

/** The zone does not change while a page is open (a traveller's next page has the new one). */
function subscribeToNothing() {
  return () => {};
}

/** The zone this page shows its times in. */
export function useTimeZone(): string {
  const serverZone = useRouteLoaderData<RootLoaderData>("root")?.timeZone ?? "UTC";
  useEffect(rememberBrowserTimeZone, []);
  return useSyncExternalStore(
    subscribeToNothing,
    () => browserTimeZone() ?? serverZone,
    () => serverZone,
  );
}

/** The browser's zone for a form to send (the sign-up's default); "" on the server. */
export function useBrowserTimeZone(): string {
  return useSyncExternalStore(
    subscribeToNothing,
    () => browserTimeZone() ?? "",
    () => "",
  );
}
