import { type AppLoadContext, data, redirect } from "react-router";
import { isAppError } from "../../../server/errors";
import type { SessionUser } from "../../../contracts/auth.contract";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import {
  type PublicProfile,
  getCollection,
  getProfileArtworks,
  getPublicProfile,
  updateOwnProfile,
} from "../../../server/features/profiles/profiles.service";
import { readForm } from "../../lib/read-form.server";
import { type ProfileFormValues, profileFormInput } from "./profile-form";
import { type ProfileTabValue, chooseTab, visibleTabs } from "./profile-tabs";
import { profilePageMessages as m } from "./profile.messages";

/**
 * A profile and the works of its chosen tab, read in-process. `context.services` has
 * no profiles service yet, so the service functions are called with the database.
 * A missing (or malformed) id is 404 'User not found.'; SPEC §8 keeps other load
 * failures silent to the person (logged only).
 */
export async function loadProfilePage(
  context: AppLoadContext,
  request: Request,
  userId: string,
  viewer: Pick<SessionUser, "id" | "firstName" | "lastName" | "pendingOccupation"> | null,
) {
  const { db, config, logger } = context.services;
  const origin = config.publicUrl;
  const requested = new URL(request.url).searchParams.get("tab");
  let profile: PublicProfile;
  try {
    profile = await getPublicProfile(db, userId);
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) {
      logger.error("A profile failed to load", { error, userId });
    }
    return data(
      { profile: null, isOwn: false, pending: false, form: null, tab: null, artworks: [], origin },
      { status: isAppError(error) && error.status < 500 ? error.status : 500 },
    );
  }
  const isOwn = viewer?.id === profile.id;
  const tab = chooseTab(visibleTabs(profile, isOwn), requested);
  const artworks = await loadTab(context, profile.id, tab, viewer?.id);
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
  return { profile, isOwn, pending, form, tab, artworks, origin };
}

async function loadTab(
  context: AppLoadContext,
  userId: string,
  tab: ProfileTabValue | null,
  viewerId: string | undefined,
): Promise<ArtworkCard[]> {
  const { db, logger } = context.services;
  try {
    if (tab === "collection") return await getCollection(db, userId, viewerId);
    if (tab) return await getProfileArtworks(db, userId, tab);
    return [];
  } catch (error) {
    // SPEC §8: a profile load failure is silent; the tab then reads as empty.
    logger.error("A profile tab failed to load", { error, userId, tab });
    return [];
  }
}

/** The owner's edit: the service validates with the shared schema and writes all or nothing. */
export async function saveOwnProfile(context: AppLoadContext, request: Request) {
  const viewer = await context.services.auth.getSessionUser(request.headers);
  if (!viewer) throw redirect("/signin");
  const input = profileFormInput(await readForm(request));
  try {
    await updateOwnProfile(context.services.db, viewer.id, input);
    return { ok: true as const, error: null, message: m.saved };
  } catch (error) {
    if (isAppError(error) && error.status < 500) {
      return data(
        { ok: false as const, error: error.message, message: null },
        { status: error.status },
      );
    }
    context.services.logger.error("A profile edit failed", { error });
    return data({ ok: false as const, error: m.saveFailed, message: null }, { status: 500 });
  }
}
