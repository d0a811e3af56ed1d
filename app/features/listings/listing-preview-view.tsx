import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { artistNameText, priceText, titleText, yearText } from "../../../domain/display";
import { offerMessages } from "../../../domain/offers";
import { ArtworkCarousel } from "../../components/artwork-carousel";
import { ArtworkFacts } from "../../components/artwork-facts";
import type { CarouselImage } from "../../components/artwork-images";
import { intrinsicSize } from "../../components/artwork-images";
import { type ListingDraft, draftFields } from "./listing-draft";
import { clearListingDraft, getListingDraft, saveListingDraft } from "./listing-draft-store";
import { listingPageMessages as m } from "./listings.messages";
import { saveListing, uploadFailedText } from "./save-listing";

function editAddress(draft: ListingDraft): string {
  return draft.artworkId === null
    ? "/upload"
    : `/upload?edit=${encodeURIComponent(draft.artworkId)}`;
}

/**
 * SPEC §2 /listing-preview: the listing as buyers will see it on its artwork page, with
 * Back to edit and Confirm. Without a draft (a reload, or a link) there is nothing to
 * show: the artist is sent to /upload with a note (decision 0012).
 */
export function ListingPreviewView({ categories }: { categories: { id: string; name: string }[] }) {
  const navigate = useNavigate();
  // Read once: on the server and at hydration the store is empty, so both render the same.
  const [draft, setDraft] = useState<ListingDraft | null>(() => getListingDraft());
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = percent !== null && error === null;

  useEffect(() => {
    if (!draft) void navigate("/upload", { replace: true, state: { note: "noDraft" } });
  }, [draft, navigate]);

  if (!draft) {
    return (
      <section className="narrow stack">
        <h1>Listing preview</h1>
        <p>
          {m.noDraft} <Link to="/upload">Add Artwork</Link>
        </p>
      </section>
    );
  }

  const fields = draftFields(draft);
  const images: CarouselImage[] = draft.images.map((image) => ({
    src: image.src,
    srcSet: undefined,
    original: image.original,
    thumbnail: image.thumbnail,
  }));
  const title = titleText(fields.title);
  const artistName = artistNameText(draft.artistName);
  const chosen = categories.filter((c) => fields.categoryIds.includes(c.id));

  async function confirm(current: ListingDraft) {
    setError(null);
    setPercent(0);
    try {
      const id = await saveListing(current, setPercent, (next) => {
        saveListingDraft(next);
        setDraft(next);
      });
      // Replaces the preview in the history: Back from the new artwork goes to the form.
      await navigate(`/artwork/${id}`, { replace: true });
      clearListingDraft();
    } catch (failure) {
      setError(uploadFailedText(failure));
    }
  }

  return (
    <article className="listing-preview artwork-page" aria-labelledby="listing-preview-heading">
      <header className="listing-preview-header">
        <h1 id="listing-preview-heading" className="listing-preview-heading">
          {draft.artworkId ? "Preview your changes" : "Preview your listing"}
        </h1>
        <p className="hint">
          {draft.artworkId ? m.editing : "This is how buyers will see your artwork."}
        </p>
      </header>
      <div className="artwork-layout">
        <ArtworkCarousel
          images={images}
          alt={`${title} by ${artistName}`}
          size={intrinsicSize({ width: fields.width ?? 0, height: fields.height ?? 0 })}
        />
        <div className="artwork-info">
          <p className="artwork-artist">{artistName}</p>
          <h2 className="artwork-title listing-preview-title">
            {title}
            <span className="artwork-year">, {yearText(fields.createdYear)}</span>
          </h2>
          <div className="artwork-purchase">
            {/* The artist's own work, still theirs: not for sale is offers only, never SOLD. */}
            {fields.isForSale ? (
              <p className="artwork-price">{priceText(fields.price)}</p>
            ) : (
              <p className="artwork-price">{offerMessages.makeOffer}</p>
            )}
            {fields.isForSale && fields.acceptsOffers ? (
              <p className="hint">{m.offersAllowedPreview}</p>
            ) : null}
            {fields.finalSale ? <p className="hint">Final sale: no returns.</p> : null}
          </div>
          <ArtworkFacts materials={fields.materials} size={fields} categories={chosen}>
            {fields.allowBuyerPickUp ? (
              <div>
                <dt>Pick-up</dt>
                <dd>Buyers may pick it up ({fields.zipCode})</dd>
              </div>
            ) : null}
          </ArtworkFacts>
          {fields.description.trim() ? (
            <section className="artwork-description" aria-labelledby="preview-about-heading">
              <h3 id="preview-about-heading">About the work</h3>
              <p>{fields.description}</p>
            </section>
          ) : null}
          <div className="listing-confirm" aria-busy={busy}>
            {percent !== null ? (
              <div className="listing-progress">
                <div
                  className="listing-progress-track"
                  role="progressbar"
                  aria-label="Upload progress"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-valuetext={`${percent}%`}
                >
                  <div className="listing-progress-bar" style={{ width: `${percent}%` }} />
                </div>
                <p className="listing-progress-text" aria-hidden="true">
                  {percent < 100 ? m.uploading : m.saving} {percent}%
                </p>
              </div>
            ) : null}
            {error ? (
              <p className="message message-error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="listing-actions">
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void navigate(editAddress(draft))}
              >
                Back to edit
              </button>
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                onClick={() => void confirm(draft)}
              >
                {busy ? "Saving…" : "Confirm"}
              </button>
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}
