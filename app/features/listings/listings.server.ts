import { type AppLoadContext, data } from "react-router";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { nullIfNotFound, readForPage } from "../../lib/loader-errors.server";
import { listingPageMessages as m } from "./listings.messages";

/** Why the page cannot list, or "ok". Each has its own explanation on the page. */
export type ListingAccess = "ok" | "signedOut" | "notArtist" | "pending" | "notOwner" | "notFound";

export type ListingPageData = {
  access: ListingAccess;
  categories: { id: string; name: string }[];
  /** Edit mode: the artwork as stored (also after a reload or from a link). */
  artwork: ArtworkDetail | null;
  artistName: string;
};

const statusOf: Record<ListingAccess, number> = {
  ok: 200,
  signedOut: 401,
  notArtist: 403,
  pending: 403,
  notOwner: 403,
  notFound: 404,
};

function answer(page: ListingPageData) {
  return data(page, { status: statusOf[page.access] });
}

/**
 * /upload and /listing-preview: only a signed-in approved artist lists; in edit mode
 * (`editId`) only the artwork's owner-artist (artist and owner the same user). The
 * server refuses everyone else too; this only explains it before they type anything.
 */
export async function loadListingPage(
  context: AppLoadContext,
  request: Request,
  editId: string | null,
) {
  const { auth, discovery } = context.services;
  const user = await auth.getSessionUser(request.headers);
  const none = { categories: [], artwork: null, artistName: "" };
  if (!user) return answer({ access: "signedOut", ...none });
  if (!user.isArtist) {
    const access = user.pendingOccupation === "artist" ? "pending" : "notArtist";
    return answer({ access, ...none });
  }
  let artwork: ArtworkDetail | null = null;
  if (editId !== null) {
    // A missing artwork is explained on the page (its own access state), not an error.
    artwork = await readForPage(
      context,
      () => discovery.artwork(editId, user).catch(nullIfNotFound),
      {
        fallback: m.unknownFailure,
        log: "An artwork to edit failed to load",
        details: { id: editId },
      },
    );
    if (!artwork) return answer({ access: "notFound", ...none });
    if (artwork.artist.id !== user.id || artwork.ownerId !== user.id)
      return answer({ access: "notOwner", ...none });
  }
  const categories = await discovery.categories();
  return answer({ access: "ok", categories, artwork, artistName: user.displayName });
}
