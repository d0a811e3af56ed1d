import { useId, useRef } from "react";
import type { FilterSelection } from "../../../domain/filter-selection";
import { useFieldsChangedEarly } from "../../lib/fields-changed-early";
import { FILTER_ORDER, MAX_QUERY_LENGTH, type MarketplaceQuery } from "./marketplace-query";
import { marketplaceTexts as t } from "./marketplace-texts";

/**
 * SPEC §2 search box; the parent debounces (see useSearchText) and Enter searches
 * at once. Before the page's script has loaded it is a plain GET form that keeps
 * the chosen filters, order and "Available only"; what is typed then is searched once
 * it has.
 */
export function SearchBox({
  text,
  selection,
  order = {},
  onChange,
  onSubmit,
}: {
  text: string;
  selection: FilterSelection;
  order?: Pick<MarketplaceQuery, "sort" | "available">;
  onChange: (value: string) => void;
  onSubmit: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFieldsChangedEarly(formRef, (field) => {
    if (field.name === "q") onChange(field.value);
  });
  return (
    <form
      ref={formRef}
      role="search"
      method="get"
      action="/"
      className="marketplace-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t.searchLabel}
      </label>
      <svg
        className="marketplace-search-icon"
        viewBox="0 0 20 20"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="8.5" cy="8.5" r="5.75" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="m13 13 4.5 4.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <input
        id={id}
        type="search"
        name="q"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t.searchPlaceholder}
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
      />
      {FILTER_ORDER.map((type) =>
        selection[type]?.length ? (
          <input key={type} type="hidden" name={type} value={selection[type].join(",")} />
        ) : null,
      )}
      {order.sort ? <input type="hidden" name="sort" value={order.sort} /> : null}
      {order.available ? <input type="hidden" name="available" value="true" /> : null}
    </form>
  );
}
