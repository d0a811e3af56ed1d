import type { AppLoadContext } from "react-router";
import type { ExhibitionDetail, ExhibitionSummary } from "../../../contracts/exhibitions.contract";
import { savedStateFor } from "../../lib/collectors.server";
import { readForPage } from "../../lib/loader-errors.server";
import { exhibitionRun, todayIsoDay } from "./exhibition-dates";
import { exhibitionsMessages as m } from "./exhibitions.messages";

/** The list page: the active exhibitions, or the SPEC's load-failure text with a 500. */
export async function loadExhibitionsPage(context: AppLoadContext) {
  const exhibitions: ExhibitionSummary[] = await readForPage(
    context,
    () => context.services.discovery.exhibitions(),
    { fallback: m.exhibitionsLoadFailed, log: "The exhibitions list failed to load" },
  );
  const today = todayIsoDay();
  return {
    exhibitions: exhibitions.map((e) => ({ ...e, run: exhibitionRun(e, today) })),
    origin: context.services.config.publicUrl,
  };
}

/**
 * The detail page. The service already answers with the SPEC's texts: 400 'Invalid
 * exhibition data' for a malformed id, 404 'Failed to fetch exhibition data' for an
 * unknown or inactive one. Anything else is logged and shown as the load failure.
 */
export async function loadExhibitionPage(context: AppLoadContext, request: Request, id: string) {
  const exhibition: ExhibitionDetail = await readForPage(
    context,
    () => context.services.discovery.exhibition(id),
    { fallback: m.exhibitionLoadFailed, log: "An exhibition failed to load", details: { id } },
  );
  // Issue 16: the hearts of the works shown, as this viewer left them.
  const viewer = await context.services.auth.getSessionUser(request.headers);
  const saved = await savedStateFor(
    context,
    viewer?.id,
    exhibition.artworks.map((artwork) => artwork.id),
  );
  return {
    exhibition,
    run: exhibitionRun(exhibition, todayIsoDay()),
    saved,
    origin: context.services.config.publicUrl,
  };
}
