import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { CheckoutDialog } from "../checkout/checkout-dialog";

/**
 * SPEC §2 buy panel, opened by Buy Now: the checkout in a modal dialog (focus moves in
 * and stays in; Escape, Cancel or the backdrop close it, except while paying).
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
  return <CheckoutDialog artwork={artwork} artistName={artistName} onClose={onClose} />;
}
