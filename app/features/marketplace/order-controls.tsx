import { useId, useRef, useState } from "react";
import { SEARCH_SORTS, type SearchSort, isSearchSort } from "../../../contracts/search.values";
import { useFieldsChangedEarly } from "../../lib/fields-changed-early";
import { FILTER_ORDER, type MarketplaceQuery } from "./marketplace-query";
import { marketplaceTexts as t } from "./marketplace-texts";

/**
 * A choice shown at once, before the URL has it: the navigation starts in a transition,
 * and a controlled input would snap back until then. It follows the URL when the URL
 * changes (Back, Forward, a link).
 */
function useChoice<T>(fromUrl: T): [T, (value: T) => void] {
  const [choice, setChoice] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  if (seen !== fromUrl) {
    setSeen(fromUrl);
    setChoice(fromUrl);
  }
  return [choice, setChoice];
}

/**
 * Issue 16: the order of the results and the "Available only" switch. A GET form
 * that carries the rest of the view, so it works before the page's script has loaded
 * (or without it) with its "Show results" button; with the script each change
 * navigates at once and the button goes. A choice made before then is made again
 * once it has.
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
  const [sort, setSort] = useChoice<SearchSort>(query.sort ?? "featured");
  const [available, setAvailable] = useChoice(query.available === true);
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsChangedEarly(formRef, (field) => {
    if (field instanceof HTMLSelectElement && isSearchSort(field.value)) {
      setSort(field.value);
      onSort(field.value);
    } else if (field instanceof HTMLInputElement && field.name === "available") {
      setAvailable(field.checked);
      onAvailable(field.checked);
    }
  });
  return (
    <form
      ref={formRef}
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
          value={sort}
          onChange={(event) => {
            const chosen = event.target.value;
            if (!isSearchSort(chosen)) return;
            setSort(chosen);
            onSort(chosen);
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
          checked={available}
          onChange={(event) => {
            setAvailable(event.target.checked);
            onAvailable(event.target.checked);
          }}
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
