import { useRouteLoaderData } from "react-router";
import type { SessionUser } from "../../contracts/auth.contract";

/** What the root loader sends every page: who is signed in (null for a visitor). */
export type RootLoaderData = { user: SessionUser | null };

/**
 * The signed-in user of this page, from the root loader. Its own module so that
 * root.tsx and the features it renders (the site header) do not import each other.
 */
export function useSessionUser(): SessionUser | null {
  return useRouteLoaderData<RootLoaderData>("root")?.user ?? null;
}
