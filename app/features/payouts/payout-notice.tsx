import { Link } from "react-router";
import type { PayoutsState } from "../../../contracts/payouts.contract";
import { payoutNoticeMessages as m } from "../../../contracts/payout-notice.values";
import { FormNotice } from "../../components/ui/form-message";

/**
 * The artist's payout notice on /upload and their own /profile: why their works
 * are not listed and what to do, or (on the profile, `showActive`) that payouts are active.
 */
export function PayoutNotice({
  state,
  showActive = false,
  activated = false,
}: {
  state: PayoutsState | null;
  showActive?: boolean;
  /** Just came back from a successful onboarding. */
  activated?: boolean;
}) {
  if (!state) return null;
  if (state.status === "active") {
    if (!showActive) return null;
    return (
      <section className="payout-notice payout-notice-active" aria-label="Payouts">
        {activated ? <FormNotice message={m.done} /> : null}
        <p className="payout-notice-text">
          <strong>{m.active}</strong>
          {state.bankLast4 ? <span> · bank account ending in {state.bankLast4}</span> : null}
        </p>
      </section>
    );
  }
  const action =
    state.status === "none" ? m.setUp : state.status === "restricted" ? m.update : null;
  return (
    <section className="payout-notice payout-notice-attention" aria-label="Payouts">
      <p className="payout-notice-text">
        {state.status === "pending"
          ? m.pending
          : state.status === "restricted"
            ? m.restricted
            : m.notListed}
      </p>
      {state.status === "pending" ? <p className="hint">{m.notListed}</p> : null}
      {action ? (
        <Link className="button button-primary" to="/payouts/setup">
          {action}
        </Link>
      ) : null}
    </section>
  );
}
