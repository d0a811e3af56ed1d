import type { ComponentPropsWithoutRef } from "react";

/** The three amounts a sale shows, already written out ("$1,250.00", "—", "Calculating…"). */
export type AmountTexts = { price: string; tax: string; total: string };

/**
 * Price, tax and total as a definition list (SPEC §2), shared by the checkout summary
 * and the purchase history. `totalClassName` keeps each page's class for the total
 * line; anything else (class, aria-live) goes on the list itself.
 */
export function AmountLines({
  lines,
  totalClassName,
  priceLabel = "Price",
  ...listProps
}: {
  lines: AmountTexts;
  totalClassName: string;
  /** What the first line is: the price, or an offered amount. */
  priceLabel?: string;
} & ComponentPropsWithoutRef<"dl">) {
  return (
    <dl {...listProps}>
      <div>
        <dt>{priceLabel}</dt>
        <dd>{lines.price}</dd>
      </div>
      <div>
        <dt>Tax</dt>
        <dd>{lines.tax}</dd>
      </div>
      <div className={totalClassName}>
        <dt>Total</dt>
        <dd>{lines.total}</dd>
      </div>
    </dl>
  );
}
