import { Link } from "react-router";
import { artistNameText, cardPriceText, titleText } from "../../domain/display";
import { preload } from "react-dom";
import { type CardLayout, cardImageSet } from "./artwork-images";
import type { ArtworkCard as ArtworkCardData } from "../../contracts/artworks.contract";
import { collectorTexts } from "./collectors/collectors.messages";
import { SaveButton } from "./collectors/save-button";
import { useCheckSaved } from "./collectors/saved-works";

/** The mark on a work the team hid (decision 0027), seen only on its artist's own profile. */
export const HIDDEN_MARK = "Hidden by the team";

/**
 * SPEC §2 card: thumbnail (250 px high), artist, title with year, price, 'Make an Offer' (offers
 * only, decision 0030) or SOLD; opens the artwork.
 * A work the team hid (only ever on its artist's own All Works) shows HIDDEN_MARK and the
 * reason instead of its price.
 * The heart sits over the image, beside the link (a control inside a link would
 * be lost to keyboards and screen readers); only inside a SavedWorksProvider. The artist's
 * own cards carry `savedCount` and say how many people saved the work.
 */
export function ArtworkCard({
  artwork,
  eager = false,
  priority = false,
  layout = "grid",
}: {
  artwork: ArtworkCardData;
  /** Where the card sits: its picture's `sizes` follow that layout. */
  layout?: CardLayout;
  /**
   * In the first row: loaded at once (the rest wait until they near the screen), at low
   * priority, which also keeps React from preloading it in the head: on a phone only the
   * first card is on screen, and the others would share the line with its picture.
   */
  eager?: boolean;
  /**
   * The page's largest picture (the first card of the marketplace, decision 0034): high
   * priority, and preloaded from the head of the server's HTML.
   */
  priority?: boolean;
}) {
  const image = cardImageSet(artwork, layout);
  if (image && priority) {
    preload(image.src, {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: image.srcSet,
      imageSizes: image.sizes,
    });
  }
  const title = titleText(artwork.title);
  const price = cardPriceText(artwork);
  return (
    <div className="artwork-card-frame">
      <Link to={`/artwork/${artwork.id}`} className="artwork-card">
        <div className="artwork-card-image">
          {image ? (
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes={image.sizes}
              alt={`${title} by ${artistNameText(artwork.artist.displayName)}`}
              width={
                artwork.width > 0 && artwork.height > 0
                  ? Math.round((250 * artwork.width) / artwork.height)
                  : 250
              }
              height={250}
              loading={eager || priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : eager ? "low" : undefined}
              decoding="async"
            />
          ) : (
            <span className="artwork-card-noimage">No image</span>
          )}
        </div>
        <div className="artwork-card-body">
          <p className="artwork-card-artist">{artistNameText(artwork.artist.displayName)}</p>
          <p className="artwork-card-title">
            {title}
            {artwork.createdYear ? (
              <span className="artwork-card-year">, {artwork.createdYear}</span>
            ) : null}
          </p>
          {artwork.hiddenReason !== undefined ? (
            <>
              <p className="artwork-card-price artwork-card-hidden">{HIDDEN_MARK}</p>
              {artwork.hiddenReason.trim() ? (
                <p className="artwork-card-hidden-reason">{artwork.hiddenReason}</p>
              ) : null}
            </>
          ) : (
            <p
              className={
                artwork.isForSale
                  ? "artwork-card-price"
                  : artwork.offersOnly
                    ? "artwork-card-price artwork-card-offers"
                    : "artwork-card-price artwork-card-sold"
              }
            >
              {price}
            </p>
          )}
          {artwork.savedCount !== undefined ? (
            <p className="artwork-card-saves">{collectorTexts.savedBy(artwork.savedCount)}</p>
          ) : null}
        </div>
      </Link>
      <SaveButton
        artworkId={artwork.id}
        artistId={artwork.artist.id}
        title={title}
        variant="card"
      />
    </div>
  );
}

export function ArtworkGrid({
  artworks,
  eagerCount = 0,
  priorityFirst = false,
  layout = "grid",
}: {
  artworks: ArtworkCardData[];
  layout?: CardLayout;
  eagerCount?: number;
  /** The first card's picture is the page's largest (the marketplace on a phone). */
  priorityFirst?: boolean;
}) {
  useCheckSaved(artworks.map((artwork) => artwork.id));
  return (
    <ul className="artwork-grid">
      {artworks.map((artwork, i) => (
        <li key={artwork.id}>
          <ArtworkCard
            artwork={artwork}
            eager={i < eagerCount}
            priority={priorityFirst && i === 0}
            layout={layout}
          />
        </li>
      ))}
    </ul>
  );
}
