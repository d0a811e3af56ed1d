import { type AppLoadContext, data, redirect } from "react-router";
import {
  type OwnApplicationAnswer,
  artistApplicationBodySchema,
  artistApplicationMessages as m,
} from "../../../contracts/applications.contract";
import type { SessionUser } from "../../../contracts/auth.contract";
import { failureOf } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";
import { validInput } from "../../lib/valid-input.server";
import {
  ARTIST_APPLICATION_INTENT,
  type ApplicationFormValues,
  type ArtistApplicationResult,
} from "./artist-application-form";

/**
 * The own profile's application section: the latest application of a person who is not
 * an artist (null for an artist). A failed read is logged and shows no section.
 */
export async function loadOwnApplication(
  context: AppLoadContext,
  user: Pick<SessionUser, "id" | "isArtist">,
): Promise<OwnApplicationAnswer | null> {
  if (user.isArtist) return null;
  try {
    return await context.services.applications.own(user);
  } catch (error) {
    context.services.logger.error("The own artist application failed to load", { error });
    return null;
  }
}

/** True when the profile page's form is the artist application (its `intent` field). */
export async function isApplicationForm(request: Request): Promise<boolean> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form?.get("intent") === ARTIST_APPLICATION_INTENT;
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * "Apply as an artist" (or the answer to the team's question) from the own profile,
 * through the same contract and service as `POST /api/me/artist-application`. Refusals
 * come back with what was typed, so the form shows it again even without JavaScript.
 */
export async function applyFromProfile(context: AppLoadContext, request: Request) {
  const viewer = await context.services.auth.getSessionUser(request.headers);
  if (!viewer) throw redirect("/signin");
  const form = await readForm(request);
  const values: ApplicationFormValues = {
    instagramHandle: text(form, "instagramHandle"),
    websiteURL: text(form, "websiteURL"),
    note: text(form, "note"),
    answer: text(form, "answer"),
  };
  try {
    const before = await context.services.applications.own(viewer);
    const answering = before.application?.state === "info_requested";
    const body = validInput(artistApplicationBodySchema, values);
    await context.services.applications.apply(viewer.id, body);
    const result: ArtistApplicationResult = {
      form: ARTIST_APPLICATION_INTENT,
      ok: true,
      message: answering ? m.answered : m.sent,
      values,
    };
    return result;
  } catch (error) {
    const { status, message } = failureOf(context.services.logger, error, {
      fallback: m.failed,
      log: "An artist application from the profile failed",
    });
    const result: ArtistApplicationResult = {
      form: ARTIST_APPLICATION_INTENT,
      ok: false,
      message,
      values,
    };
    return data(result, { status });
  }
}
