import { useId } from "react";

/**
 * An amount in whole dollars, as the offer panel and a buyer's counter ask for it: a
 * "$" before the input, what is wrong with the amount under it, then the hint if any.
 * The parent keeps the typed text and decides what is wrong with it.
 */
export function OfferAmountField({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  /** What is wrong with the amount as typed, or null. */
  error: string | null;
  onChange: (value: string) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className="field offer-field-amount">
      <label htmlFor={inputId}>{label}</label>
      <div className="offer-amount-input">
        <span aria-hidden="true">$</span>
        <input
          id={inputId}
          type="text"
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </div>
      {error ? (
        <small id={errorId} className="field-error">
          {error}
        </small>
      ) : null}
      {hint ? <small id={hintId}>{hint}</small> : null}
    </div>
  );
}
