import { type AppLoadContext, data } from "react-router";
import { isAppError } from "../../../server/errors";
import type { ExhibitionDetail, ExhibitionSummary } from "../../../contracts/exhibitions.contract";
import { exhibitionsMessages as m } from "./exhibitions.messages";

/** The list page: the active exhibitions, or the SPEC's load-failure text with a 500. */
export async function loadExhibitionsPage(context: AppLoadContext) {
  const { discovery, config, logger } = context.services;
  const origin = config.publicUrl;
  try {
    const exhibitions: ExhibitionSummary[] = await discovery.exhibitions();
    return { exhibitions, origin, error: null };
  } catch (error) {
    logger.error("The exhibitions list failed to load", { error });
    return data(
      { exhibitions: [] as ExhibitionSummary[], origin, error: m.exhibitionsLoadFailed },
      { status: 500 },
    );
  }
}

/**
 * The detail page. The service already answers with the SPEC's texts: 400 'Invalid
 * exhibition data' for a malformed id, 404 'Failed to fetch exhibition data' for an
 * unknown or inactive one. Anything else is logged and shown as the load failure.
 */
export async function loadExhibitionPage(context: AppLoadContext, id: string) {
  const { discovery, config, logger } = context.services;
  const origin = config.publicUrl;
  try {
    const exhibition: ExhibitionDetail = await discovery.exhibition(id);
    return { exhibition, origin, error: null };
  } catch (error) {
    const known = isAppError(error) && error.status < 500;
    if (!known) logger.error("An exhibition failed to load", { error, id });
    return data(
      {
        exhibition: null,
        origin,
        error: known ? error.message : (m.exhibitionLoadFailed as string),
      },
      { status: known ? error.status : 500 },
    );
  }
}
