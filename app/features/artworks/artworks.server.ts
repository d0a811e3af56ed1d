import { returnPolicyText } from "../../../domain/returns";
import type { AppLoadContext } from "react-router";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import type { ArtworkRails } from "../../../contracts/artwork-rails.contract";
import { savedStateFor } from "../../lib/collectors.server";
import { readForPage } from "../../lib/loader-errors.server";
import { artworkMessages as m } from "./artworks.messages";

/**
 * The artwork page's data. The read answers 404 'Artwork not found' for an unknown
 * or malformed id; the page then shows that text with a 404. Anything else is logged
 * and shown as 'Failed to fetch artwork details' with a 500.
 *
 * The works around it are read by the work's id alone, so they start at once
 * and run beside the session and the work's own read: the page waits for the slower of
 * the two, not for both in turn, and its HTML has the rails. A failed rails read is logged
 * and leaves the rails out; it never fails the page.
 */
export async function loadArtworkPage(context: AppLoadContext, request: Request, id: string) {
  const { auth, discovery, collectors, conversations, config, logger } = context.services;
  const railsRead = discovery.artworkRails(id).catch((error: unknown): ArtworkRails => {
    logger.error("The works around an artwork failed to load", { error, id });
    return { moreByArtist: [], related: [] };
  });
  // The viewer decides whether the page's data names the work's owner: who bought a work is
  // told only to the buyer, its artist and admins.
  const viewer = await auth.getSessionUser(request.headers);
  const artwork: ArtworkDetail = await readForPage(context, () => discovery.artwork(id, viewer), {
    fallback: m.artworkLoadFailed,
    log: "An artwork failed to load",
    details: { id },
  });
  const rails = await railsRead;
  // The hearts (the work's and the rails' cards) and the Follow button start as
  // this viewer left them: one query for all the works shown.
  const shown = [artwork, ...rails.moreByArtist, ...rails.related].map((work) => work.id);
  // "Usually replies within N hours" under Ask the artist; a failed read shows none.
  const [saved, follow, replyTime, returnWindow] = await Promise.all([
    savedStateFor(context, viewer?.id, shown),
    viewer
      ? collectors.followState(artwork.artist.id, viewer.id)
      : { following: false, followers: 0 },
    conversations.replyTime(artwork.artist.id).catch((error: unknown) => {
      logger.error("An artist's reply time failed to load", { error, id });
      return null;
    }),
    context.services.returns.window().catch((error: unknown) => {
      logger.error("The return window failed to load", { error, id });
      return null;
    }),
  ]);
  // The policy the work is sold under, stated before anyone pays (decision 0055).
  const returnPolicy = returnWindow
    ? returnPolicyText({ finalSale: artwork.finalSale, windowDays: returnWindow.returnWindowDays })
    : null;
  return { artwork, rails, saved, follow, replyTime, returnPolicy, origin: config.publicUrl };
}
