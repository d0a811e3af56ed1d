import { priceText, titleText } from "../../../domain/display";
import type { ArtworkDetail } from "../../../server/features/artworks/artworks.types";
import { useId } from "react";
import { ModalDialog } from "../../components/ui/modal-dialog";
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
  const titleId = useId();
  const thumbnail = artwork.imageThumbnail || artwork.imageMedium || artwork.imageOriginal;
  return (
    <ModalDialog className="buy-panel" labelledBy={titleId} onClose={onClose}>
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
    </ModalDialog>
  );
}
