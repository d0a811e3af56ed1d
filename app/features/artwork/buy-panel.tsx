import { useId, useRef } from "react";
import { priceText, titleText } from "../../../domain/display";
import type { ArtworkDetail } from "../../../server/features/artworks/artworks.types";
import { useFocusTrap } from "../layout/use-focus-trap";
import { artworkMessages as m } from "./artwork.messages";

/**
 * SPEC §2 buy panel, opened by Buy Now. The checkout issue fills it with the shipping
 * address, e-mail, tax summary and card form; until then it says so plainly.
 * A modal dialog: focus moves in and stays in; Escape, Close or the backdrop close it.
 */
export function BuyPanel({
  artwork,
  artistName,
  onClose,
}: {
  artwork: ArtworkDetail;
  artistName: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, true, onClose);
  const thumbnail = artwork.imageThumbnail || artwork.imageMedium || artwork.imageOriginal;
  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className="dialog buy-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId}>Buy this artwork</h2>
        <div className="buy-panel-summary">
          {thumbnail ? (
            <img src={thumbnail} alt="" width={72} height={72} className="buy-panel-thumb" />
          ) : null}
          <div>
            <p className="buy-panel-title">{titleText(artwork.title)}</p>
            <p className="buy-panel-artist">{artistName}</p>
            <p className="buy-panel-price">{priceText(artwork.price)}</p>
          </div>
        </div>
        <p className="not-built-note" role="note">
          {m.checkoutNotBuilt}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
