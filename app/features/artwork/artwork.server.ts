import type { AppLoadContext } from "react-router";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { savedStateFor } from "../../lib/collectors.server";
import { readForPage } from "../../lib/loader-errors.server";
import { artworkMessages as m } from "./artwork.messages";

/**
 * The artwork page's data. The read answers 404 'Artwork not found' for an unknown
 * or malformed id; the page then shows that text with a 404. Anything else is logged
 * and shown as 'Failed to fetch artwork details' with a 500.
 */
export async function loadArtworkPage(context: AppLoadContext, request: Request, id: string) {
  const { auth, discovery, collectors, config } = context.services;
  // The viewer decides whether the work's owner is in the page's data (issue 11).
  const viewer = await auth.getSessionUser(request.headers);
  const artwork: ArtworkDetail = await readForPage(context, () => discovery.artwork(id, viewer), {
    fallback: m.artworkLoadFailed,
    log: "An artwork failed to load",
    details: { id },
  });
  // Issue 16: the heart and the Follow button start as this viewer left them.
  const [saved, follow] = await Promise.all([
    savedStateFor(context, viewer?.id, [artwork.id]),
    viewer
      ? collectors.followState(artwork.artist.id, viewer.id)
      : { following: false, followers: 0 },
  ]);
  return { artwork, saved, follow, origin: config.publicUrl };
}
