import { useRouteLoaderData } from "react-router";
import type { SessionUser } from "../../contracts/auth.contract";

/**
 * What the root loader sends every page: who is signed in (null for a visitor), the zone
 * the page's times are shown in (app/lib/time-zone.tsx), and for an admin only, how many
 * artist applications wait for the team (the header's count).
 */
export type RootLoaderData = {
  user: SessionUser | null;
  timeZone: string;
  waitingApplications?: number | null;
  /** Signed in: the unread messages of all their conversations (null if the count failed). */
  unreadMessages?: number | null;
};

/**
 * The signed-in user of this page, from the root loader. Its own module so that
 * root.tsx and the features it renders (the site header) do not import each other.
 */
export function useSessionUser(): SessionUser | null {
  return useRouteLoaderData<RootLoaderData>("root")?.user ?? null;
}

/** The header's count of waiting applications: a number for an admin, null for anyone else. */
export function useWaitingApplications(): number | null {
  return useRouteLoaderData<RootLoaderData>("root")?.waitingApplications ?? null;
}

/** The header's unread messages as the root loader counted them; null signed out. */
export function useUnreadMessages(): number | null {
  return useRouteLoaderData<RootLoaderData>("root")?.unreadMessages ?? null;
}
