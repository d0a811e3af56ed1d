import type { ReactNode } from "react";
import { Link } from "react-router";
import { checkoutMessages as m } from "../../../domain/checkout";

/**
 * The foot of the buy panel and the offer panel: a way back to the marketplace when the
 * card processor or the work is unavailable, then Cancel beside the panel's own submit
 * control (`children`). Cancel is disabled while a payment is processing, as closing is.
 */
export function CheckoutActions({
  unavailable,
  processing,
  onCancel,
  children,
}: {
  unavailable: boolean;
  processing: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {unavailable ? (
        <p>
          <Link to="/" className="button-link">
            {m.returnToMarketplace}
          </Link>
        </p>
      ) : null}
      <div className="dialog-actions checkout-actions">
        <button type="button" className="button" disabled={processing} onClick={onCancel}>
          Cancel
        </button>
        {children}
      </div>
    </>
  );
}
