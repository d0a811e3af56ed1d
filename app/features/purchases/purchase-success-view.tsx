import { Link, useLocation } from "react-router";
import { useSessionUser } from "../../lib/session-user";
import { readSuccessState } from "../../lib/purchase-success-state";
import { purchasesMessages as m } from "./purchases.messages";

/**
 * SPEC §2 Purchase success: the thank-you, the confirmation e-mail and the seller's
 * contact, and the optional message from navigation state (the guest account
 * notice). A direct visit has no state and shows the rest. After a guest purchase that
 * made an account, View My Purchases opens the set-password page the server gave the
 * payer (it signs them in and shows their purchases); otherwise a guest goes to sign-in
 * with the account's e-mail and why it is needed.
 */
export function PurchaseSuccessView() {
  const location = useLocation();
  const user = useSessionUser();
  const { message, artworkTitle, artworkId, guest, setPasswordPath } = readSuccessState(
    location.state,
  );
  const choosePassword = !user && setPasswordPath ? setPasswordPath : null;
  // A guest is not signed in: the sign-in page is told why, and for which e-mail.
  const toPurchases = choosePassword
    ? { to: choosePassword }
    : guest && !user
      ? { to: `/signin?next=${encodeURIComponent("/profile/purchases")}`, state: guest }
      : { to: "/profile/purchases" };
  return (
    <section className="narrow stack purchase-success" aria-labelledby="purchase-success-heading">
      <p className="purchase-success-mark" aria-hidden="true">
        ✓
      </p>
      <h1 id="purchase-success-heading">{m.thankYou}</h1>
      {artworkTitle ? (
        <p className="purchase-success-work">
          You bought{" "}
          {artworkId ? <Link to={`/artwork/${artworkId}`}>{artworkTitle}</Link> : artworkTitle}.
        </p>
      ) : null}
      <p>
        {m.confirmationSent} {m.sellerNotified}
      </p>
      {message ? (
        <p className="message message-success" role="status">
          {message}
        </p>
      ) : null}
      {choosePassword ? <p>{m.choosePasswordNow}</p> : null}
      <div className="purchase-success-actions">
        <Link {...toPurchases} className="button button-primary">
          {m.viewMyPurchases}
        </Link>
        <Link to="/" className="button">
          {m.returnToMarketplace}
        </Link>
      </div>
    </section>
  );
}
