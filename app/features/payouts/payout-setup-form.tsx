import { Form, useNavigation } from "react-router";
import { US_STATES, payoutsMessages as m } from "../../../contracts/payouts.values";
import { FormError } from "../../components/ui/form-message";
import type { SetupValues } from "./payouts-form";

const EMPTY: SetupValues = {
  firstName: "",
  lastName: "",
  dateOfBirth: "",
  country: "US",
  line1: "",
  city: "",
  state: "",
  postalCode: "",
  routingNumber: "",
  accountNumber: "",
};

/**
 * `/payouts/setup` with the simulated provider: what Stripe Express asks a US individual
 * in test mode. A plain form (works without JavaScript); a refusal comes back with the
 * message above the form and every field as typed.
 */
export function PayoutSetupForm({
  status,
  error,
  values = EMPTY,
}: {
  status: string;
  error: string | null;
  values?: SetupValues;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section className="payout-setup narrow" aria-labelledby="payout-setup-heading">
      <h1 id="payout-setup-heading">Set up payouts</h1>
      <p>
        {status === "restricted"
          ? "Update your details so your works can be listed again."
          : "Your works are listed in the marketplace once payouts are set up. Buyers' payments reach this bank account."}
      </p>
      <p className="message payout-test-hint" id="payout-test-hint">
        This marketplace runs in test mode. Use Stripe&apos;s test bank numbers: routing number{" "}
        <strong>110000000</strong> and account number <strong>000123456789</strong>. We keep only
        the last four digits of the account number.
      </p>
      <Form method="post" className="stack" noValidate aria-describedby="payout-test-hint">
        <FormError message={error} />
        <fieldset className="payout-group">
          <legend>Personal details</legend>
          <div className="field-row">
            <label className="field">
              <span>Legal first name</span>
              <input
                name="firstName"
                defaultValue={values.firstName}
                autoComplete="given-name"
                maxLength={100}
                required
              />
            </label>
            <label className="field">
              <span>Legal last name</span>
              <input
                name="lastName"
                defaultValue={values.lastName}
                autoComplete="family-name"
                maxLength={100}
                required
              />
            </label>
          </div>
          <div className="field">
            <label htmlFor="payout-dateOfBirth">Date of birth</label>
            <input
              id="payout-dateOfBirth"
              type="date"
              name="dateOfBirth"
              defaultValue={values.dateOfBirth}
              autoComplete="bday"
              required
              aria-describedby="dob-hint"
            />
            <small id="dob-hint">You must be at least 18.</small>
          </div>
        </fieldset>
        <fieldset className="payout-group">
          <legend>Address</legend>
          <div className="field">
            <label htmlFor="payout-country">Country</label>
            <select
              id="payout-country"
              name="country"
              defaultValue={values.country || "US"}
              autoComplete="country"
            >
              <option value="US">United States</option>
            </select>
          </div>
          <label className="field">
            <span>Street address</span>
            <input
              name="line1"
              defaultValue={values.line1}
              autoComplete="address-line1"
              maxLength={200}
              required
            />
          </label>
          <div className="field-row">
            <label className="field">
              <span>City</span>
              <input
                name="city"
                defaultValue={values.city}
                autoComplete="address-level2"
                maxLength={100}
                required
              />
            </label>
            <div className="field">
              <label htmlFor="payout-state">State</label>
              <select
                id="payout-state"
                name="state"
                defaultValue={values.state}
                autoComplete="address-level1"
                required
              >
                <option value="">Choose…</option>
                {US_STATES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </div>
            <label className="field">
              <span>ZIP code</span>
              <input
                name="postalCode"
                defaultValue={values.postalCode}
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={5}
                required
              />
            </label>
          </div>
        </fieldset>
        <fieldset className="payout-group">
          <legend>Bank account</legend>
          <div className="field-row">
            <div className="field">
              <label htmlFor="payout-routingNumber">Routing number</label>
              <input
                id="payout-routingNumber"
                name="routingNumber"
                defaultValue={values.routingNumber}
                inputMode="numeric"
                autoComplete="off"
                maxLength={11}
                required
                aria-describedby="routing-hint"
              />
              <small id="routing-hint">9 digits. Test mode: 110000000</small>
            </div>
            <div className="field">
              <label htmlFor="payout-accountNumber">Account number</label>
              <input
                id="payout-accountNumber"
                name="accountNumber"
                defaultValue={values.accountNumber}
                inputMode="numeric"
                autoComplete="off"
                maxLength={20}
                required
                aria-describedby="account-hint"
              />
              <small id="account-hint">Test mode: 000123456789</small>
            </div>
          </div>
        </fieldset>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Saving…" : m.setUp}
        </button>
      </Form>
    </section>
  );
}
