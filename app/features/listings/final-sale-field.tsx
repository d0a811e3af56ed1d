import { useId } from "react";

/**
 * "Final sale" in the listing form (decision 0055): the work is sold without returns,
 * which the artwork page and the buy panel say before anyone pays.
 */
export function FinalSaleField({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hint = useId();
  return (
    <div className="field">
      <label className="choice">
        <input
          type="checkbox"
          name="finalSale"
          checked={checked}
          aria-describedby={hint}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span>Final sale: no returns</span>
      </label>
      <p id={hint} className="hint">
        Buyers see this before they pay. Otherwise the marketplace&apos;s return window applies.
      </p>
    </div>
  );
}
