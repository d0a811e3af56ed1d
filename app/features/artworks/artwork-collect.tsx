import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { collectorTexts } from "../../components/collectors/collectors.messages";
import { FollowButton, type FollowState } from "../../components/collectors/follow-button";
import { SaveButton } from "../../components/collectors/save-button";

/**
 * Issue 16 on the artwork page, under the title: the heart for everyone but the artist,
 * who sees instead how many people saved the work (the server sends the count to them
 * only). A hidden work has neither.
 */
export function ArtworkCollect({
  artwork,
  title,
  hidden,
}: {
  artwork: ArtworkDetail;
  title: string;
  hidden: boolean;
}) {
  if (artwork.savedCount !== undefined) {
    return <p className="artwork-saves">{collectorTexts.savedBy(artwork.savedCount)}</p>;
  }
  if (hidden) return null;
  return (
    <div className="artwork-save">
      <SaveButton
        artworkId={artwork.id}
        artistId={artwork.artist.id}
        title={title}
        variant="page"
      />
    </div>
  );
}

/** Follow / Following beside the artist's name (never shown to the artist themselves). */
export function ArtworkFollow({
  artwork,
  artistName,
  follow,
}: {
  artwork: ArtworkDetail;
  artistName: string;
  follow: FollowState;
}) {
  return <FollowButton artistId={artwork.artist.id} artistName={artistName} initial={follow} />;
}
