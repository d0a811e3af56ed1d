import { useId } from "react";
import { SEARCH_SORTS, type SearchSort, isSearchSort } from "../../../contracts/search.contract";
import { FILTER_ORDER, type MarketplaceQuery } from "./marketplace-query";
import { marketplaceTexts as t } from "./marketplace-texts";

/**
 * Issue 16: the order of the results and the "Available only" switch. A GET form
 * that carries the rest of the view, so it works before the page's script has loaded
 * (or without it) with its "Show results" button; with the script each change
 * navigates at once and the button goes.
 */
export function OrderControls({
  query,
  hydrated,
  onSort,
  onAvailable,
}: {
  query: MarketplaceQuery;
  hydrated: boolean;
  onSort: (sort: SearchSort) => void;
  onAvailable: (available: boolean) => void;
}) {
  const sortId = useId();
  return (
    <form
      method="get"
      action="/"
      className="marketplace-order"
      aria-label="Order and availability"
      onSubmit={(event) => event.preventDefault()}
    >
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {FILTER_ORDER.map((type) =>
        query.selection[type]?.length ? (
          <input key={type} type="hidden" name={type} value={query.selection[type].join(",")} />
        ) : null,
      )}
      <div className="marketplace-sort">
        <label htmlFor={sortId}>{t.sortLabel}</label>
        <select
          id={sortId}
          name="sort"
          value={query.sort ?? "featured"}
          onChange={(event) => {
            if (isSearchSort(event.target.value)) onSort(event.target.value);
          }}
        >
          {SEARCH_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t.sortOption[sort]}
            </option>
          ))}
        </select>
      </div>
      <label className="marketplace-switch">
        <input
          type="checkbox"
          role="switch"
          name="available"
          value="true"
          checked={query.available === true}
          onChange={(event) => onAvailable(event.target.checked)}
        />
        <span className="marketplace-switch-track" aria-hidden="true" />
        {t.availableOnly}
      </label>
      {hydrated ? null : (
        <button type="submit" className="button marketplace-order-submit">
          {t.showResults}
        </button>
      )}
    </form>
  );
}
