import { type AppLoadContext, data } from "react-router";
import { isAppError } from "../../../server/errors";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { artworkMessages as m } from "./artwork.messages";

/**
 * The artwork page's data. The read answers 404 'Artwork not found' for an unknown
 * or malformed id; the page then shows that text with a 404. Anything else is logged
 * and shown as 'Failed to fetch artwork details' with a 500.
 */
export async function loadArtworkPage(context: AppLoadContext, request: Request, id: string) {
  const { auth, discovery, config, logger } = context.services;
  const origin = config.publicUrl;
  try {
    // The viewer decides whether the work's owner is in the page's data (issue 11).
    const viewer = await auth.getSessionUser(request.headers);
    const artwork: ArtworkDetail = await discovery.artwork(id, viewer);
    return { artwork, origin, error: null };
  } catch (error) {
    const notFound = isAppError(error) && error.status === 404;
    if (!notFound) logger.error("An artwork failed to load", { error, id });
    return data(
      {
        artwork: null,
        origin,
        error: notFound ? (m.artworkNotFound as string) : (m.artworkLoadFailed as string),
      },
      { status: notFound ? 404 : 500 },
    );
  }
}
