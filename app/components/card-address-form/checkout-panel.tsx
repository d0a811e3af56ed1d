import { type ReactNode, type RefObject, useId } from "react";
import { titleText } from "../../../domain/display";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { ModalDialog } from "../ui/modal-dialog";

/**
 * The dialog the buy panel and the offer panel open in: the title, the refusal shown at
 * the top of the scroll area (the parent focuses it through `messageRef`), then the work
 * (thumbnail, title, artist, price) above the panel's form. It cannot be closed while a
 * payment is processing.
 */
export function CheckoutPanel({
  className,
  title,
  message,
  messageRef,
  artwork,
  artistName,
  price,
  processing,
  onClose,
  children,
}: {
  className: string;
  title: string;
  /** The refusal shown, or null. */
  message: string | null;
  messageRef: RefObject<HTMLParagraphElement | null>;
  artwork: ArtworkDetail;
  artistName: string;
  /** The work's price as shown, or undefined for no price line. */
  price: string | undefined;
  processing: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const thumbnail = artwork.imageThumbnail || artwork.imageMedium || artwork.imageOriginal;
  return (
    <ModalDialog
      className={className}
      labelledBy={titleId}
      closeOnBackdrop={!processing}
      onClose={() => {
        if (!processing) onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div className="checkout-error">
        {message !== null ? (
          <p ref={messageRef} className="message message-error" role="alert" tabIndex={-1}>
            {message}
          </p>
        ) : null}
      </div>
      <div className="buy-panel-summary">
        {thumbnail ? (
          <img src={thumbnail} alt="" width={72} height={72} className="buy-panel-thumb" />
        ) : null}
        <div>
          <p className="buy-panel-title">{titleText(artwork.title)}</p>
          <p className="buy-panel-artist">{artistName}</p>
          {price !== undefined ? <p className="buy-panel-price">{price}</p> : null}
        </div>
      </div>
      {children}
    </ModalDialog>
  );
}
