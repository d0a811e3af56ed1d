import { type InputHTMLAttributes, useId } from "react";
import { checkoutMessages as m } from "../../../domain/checkout";
import type { FieldProblems } from "./checkout-field-checks";
import type { CheckoutFields } from "./checkout-form";
import { formatCardNumber, formatExpiry } from "./checkout-form";
import type { Problem } from "./checkout-problem";

export type FieldChange = (name: keyof CheckoutFields, value: string) => void;

/**
 * What every field of the panel is given: the values, the change handler, the shown
 * problem (a refusal, about one field), and each field's own check as it is shown now
 * (useFieldChecks) with the handler that says a field was left.
 */
type FieldProps = {
  fields: CheckoutFields;
  onChange: FieldChange;
  problem: Problem | null;
  checks?: FieldProblems;
  onLeave?: (name: keyof CheckoutFields) => void;
};

type TextFieldProps = FieldProps & {
  label: string;
  name: keyof CheckoutFields;
  hint?: string;
  format?: (text: string) => string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "value" | "onChange">;

/**
 * A labelled input bound to one checkout field; `format` tidies what is typed. When
 * the field's own check or the shown problem is about this field, the field is marked
 * invalid and carries the message right below it, as its description. A check's
 * message is an alert: it appears as the buyer moves on to the next field, whose own
 * description is what a screen reader reads then.
 */
function TextField(props: TextFieldProps) {
  const { label, name, fields, onChange, problem, checks, onLeave, hint, format, ...input } = props;
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const checked = checks?.[name] ?? null;
  const error = checked ?? (problem?.field === name ? problem.message : null);
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  // A div, not a wrapping label: the hint is the input's description, not part of its name.
  return (
    <div className={`field checkout-field-${name}`}>
      <span>
        <label htmlFor={inputId}>{label}</label>
      </span>
      <input
        id={inputId}
        type="text"
        name={name}
        value={fields[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          const text = event.currentTarget.value;
          onChange(name, format ? format(text) : text);
        }}
        onBlur={() => onLeave?.(name)}
        {...input}
      />
      {error ? (
        <small id={errorId} className="field-error" role={checked ? "alert" : undefined}>
          {error}
        </small>
      ) : null}
      {hint ? <small id={hintId}>{hint}</small> : null}
    </div>
  );
}

/**
 * SPEC §2: the Shipping Address fields (line1, city, state, postal_code) and the e-mail.
 * `emailHint` says what the e-mail is for (a purchase's receipt unless told otherwise).
 */
export function ShippingFields({
  signedIn,
  emailHint,
  ...props
}: FieldProps & { signedIn: boolean; emailHint?: string }) {
  return (
    <fieldset className="checkout-section">
      <legend>Shipping Address</legend>
      <TextField
        {...props}
        label="Street address"
        name="line1"
        autoComplete="shipping address-line1"
      />
      <div className="checkout-row">
        <TextField {...props} label="City" name="city" autoComplete="shipping address-level2" />
        <TextField {...props} label="State" name="state" autoComplete="shipping address-level1" />
        <TextField
          {...props}
          label="ZIP code"
          name="postal_code"
          autoComplete="shipping postal-code"
          inputMode="numeric"
          maxLength={5}
        />
      </div>
      <TextField
        {...props}
        type="email"
        label="Email"
        name="email"
        autoComplete="email"
        disabled={signedIn}
        hint={
          emailHint ??
          (signedIn
            ? "Your account's email address. The receipt is sent here."
            : "We send your receipt here, and create an account for it if you have none.")
        }
      />
    </fieldset>
  );
}

/** Our own card form, for the simulated processor; it says plainly that nothing is charged. */
export function SimulatedCardFields(props: FieldProps) {
  return (
    <>
      <p className="checkout-test-mode" role="note">
        {m.testMode}
      </p>
      <TextField
        {...props}
        label="Card number"
        name="cardNumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        format={formatCardNumber}
      />
      <div className="checkout-row">
        <TextField
          {...props}
          label="Expiry (MM/YY)"
          name="cardExpiry"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          maxLength={7}
          format={formatExpiry}
        />
        <TextField
          {...props}
          label="CVC"
          name="cardCvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
        />
      </div>
    </>
  );
}

/** The name printed on the card, sent as the billing name (both processors). */
export function CardNameField(props: FieldProps) {
  return <TextField {...props} label="Name on card" name="cardName" autoComplete="cc-name" />;
}
