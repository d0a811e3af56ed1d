import { type AppLoadContext, redirect } from "react-router";
import type { SessionUser } from "../../../contracts/auth.contract";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import type { Following } from "../../../contracts/collectors.contract";
import { savedStateFor } from "../../lib/collectors.server";
import { type PublicProfile, profileUpdateSchema } from "../../../contracts/profiles.contract";
import { actionError, readForPage } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";
import { validInput } from "../../lib/valid-input.server";
import { type ProfileFormValues, profileFormInput } from "./profile-form";
import { type ProfileTabValue, chooseTab, visibleTabs } from "./profile-tabs";
import { profilePageMessages as m } from "./profiles.messages";

/**
 * A profile and the works of its chosen tab, read in-process through
 * `context.services.profiles`. A missing (or malformed) id is 404 'User not found.',
 * thrown to the route's ErrorBoundary; SPEC §8 keeps a failed tab silent to the person
 * (logged only).
 */
export async function loadProfilePage(
  context: AppLoadContext,
  request: Request,
  userId: string,
  viewer: Pick<SessionUser, "id" | "firstName" | "lastName" | "pendingOccupation"> | null,
) {
  const { profiles, config } = context.services;
  const origin = config.publicUrl;
  const requested = new URL(request.url).searchParams.get("tab");
  // SPEC §2 has one text for a profile that cannot be shown, 'User not found.'.
  const profile: PublicProfile = await readForPage(context, () => profiles.publicProfile(userId), {
    fallback: m.userNotFound,
    log: "A profile failed to load",
    details: { userId },
  });
  const isOwn = viewer?.id === profile.id;
  const tab = chooseTab(visibleTabs(profile, isOwn), requested);
  const artworks = await loadTab(context, profile.id, tab, viewer?.id);
  // Issue 16: the own Following list, and the hearts of the cards shown.
  const following =
    tab === "following" && isOwn && viewer ? await loadFollowing(context, viewer.id) : [];
  const saved = await savedStateFor(
    context,
    viewer?.id,
    artworks.map((artwork) => artwork.id),
  );
  const form: ProfileFormValues | null =
    isOwn && viewer
      ? {
          firstName: viewer.firstName,
          lastName: viewer.lastName,
          bio: profile.bio,
          birthYear: profile.birthYear ? String(profile.birthYear) : "",
          location: profile.location ?? "",
          instagramHandle: profile.instagramHandle ?? "",
          websiteURL: profile.websiteURL ?? "",
        }
      : null;
  // The old placeholder told an applicant their application waits for review; keep it.
  const pending = isOwn && viewer?.pendingOccupation === "artist";
  return { profile, isOwn, pending, form, tab, artworks, following, saved, origin };
}

async function loadTab(
  context: AppLoadContext,
  userId: string,
  tab: ProfileTabValue | null,
  viewerId: string | undefined,
): Promise<ArtworkCard[]> {
  const { profiles, logger } = context.services;
  try {
    if (tab === "collection") return await profiles.collection(userId, viewerId);
    // Issue 16: only ever the session's own saved works, whoever's page this is.
    if (tab === "saved") {
      return viewerId === userId ? await context.services.collectors.savedArtworks(userId) : [];
    }
    if (tab === "following") return [];
    if (tab) return await profiles.artworks(userId, tab, viewerId);
    return [];
  } catch (error) {
    // SPEC §8: a profile load failure is silent; the tab then reads as empty.
    logger.error("A profile tab failed to load", { error, userId, tab });
    return [];
  }
}

/** The own Following tab; like the other tabs, a failure is logged and reads as empty. */
async function loadFollowing(
  context: AppLoadContext,
  viewerId: string,
): Promise<Following["following"]> {
  try {
    return (await context.services.collectors.following(viewerId)).following;
  } catch (error) {
    context.services.logger.error("The Following tab failed to load", { error });
    return [];
  }
}

/**
 * The owner's edit: read with the contract's schema (the same as `PATCH /api/me`), then
 * written all or nothing. A refused field answers 400 with its message.
 */
export async function saveOwnProfile(context: AppLoadContext, request: Request) {
  const viewer = await context.services.auth.getSessionUser(request.headers);
  if (!viewer) throw redirect("/signin");
  const input = profileFormInput(await readForm(request));
  try {
    await context.services.profiles.updateOwn(viewer.id, validInput(profileUpdateSchema, input));
    return { ok: true as const, error: null, message: m.saved };
  } catch (error) {
    return actionError(context, error, { fallback: m.saveFailed, log: "A profile edit failed" });
  }
}
