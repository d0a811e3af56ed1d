import { authMessages } from "../../../domain/auth-messages";
import type { GuestAccountState } from "../../lib/purchase-success-state";

/**
 * On the sign-in page after a guest purchase (View My Purchases): why signing in is
 * needed, for which e-mail, and the password link one press away. The button sends
 * the form with its own Reset Password button (the reset intent and its checks), so
 * it is not a submit button itself: Enter in the password field still signs in.
 */
export function PurchaseAccountNotice({ guest }: { guest: GuestAccountState }) {
  const text =
    guest.account === "created"
      ? authMessages.purchaseAccountCreated
      : authMessages.purchaseAccountFound;
  return (
    <div className="message purchase-account-notice" role="note">
      <p>{text}</p>
      <p>
        <strong>{guest.purchaseEmail}</strong>
      </p>
      <button
        type="button"
        className="button button-primary"
        onClick={(event) => {
          const form = event.currentTarget.form;
          const reset = form?.querySelector<HTMLButtonElement>('button[value="reset"]');
          if (form && reset) form.requestSubmit(reset);
        }}
      >
        {authMessages.sendPasswordLink}
      </button>
    </div>
  );
}
