import { useEffect, useRef } from "react";
import type { FilterType } from "../../../domain/filter-selection";
import { OPEN_PARAM } from "../../lib/panel-asked-early";
import type { FilterChip } from "./marketplace-filters";
import { FILTER_ORDER, type MarketplaceQuery } from "./marketplace-query";
import { marketplaceTexts as t } from "./marketplace-texts";

/**
 * SPEC §2: the Cities, Price and Categories buttons; each opens the filter dialog. Pressed
 * before the page's script has run, a button submits its GET form: the same view loads
 * with `?open=<type>`, and the dialog opens once the page has hydrated.
 */
export function FilterButtons({
  query,
  openType,
  onOpen,
  onIntent,
}: {
  /** The view shown, carried by the form. */
  query: Pick<MarketplaceQuery, "q" | "selection" | "sort" | "available">;
  openType: FilterType | null;
  onOpen: (type: FilterType) => void;
  /** The pointer or focus reached a button: the dialog's code may be fetched now. */
  onIntent?: () => unknown;
}) {
  const intent = onIntent ? () => void onIntent() : undefined;
  const { selection } = query;
  return (
    <form
      method="get"
      action="/"
      className="filter-buttons"
      role="group"
      aria-label="Filters"
      onSubmit={(event) => event.preventDefault()}
    >
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {FILTER_ORDER.map((type) =>
        selection[type]?.length ? (
          <input key={type} type="hidden" name={type} value={selection[type].join(",")} />
        ) : null,
      )}
      {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.available ? <input type="hidden" name="available" value="true" /> : null}
      {FILTER_ORDER.map((type) => {
        const count = selection[type]?.length ?? 0;
        return (
          <button
            key={type}
            type="submit"
            name={OPEN_PARAM}
            value={type}
            className={count ? "filter-button is-active" : "filter-button"}
            data-filter-button={type}
            aria-haspopup="dialog"
            aria-expanded={openType === type}
            onPointerEnter={intent}
            onFocus={intent}
            onTouchStart={intent}
            onClick={(event) => {
              event.preventDefault();
              onOpen(type);
            }}
          >
            {t.filterButton[type]}
            {/* The chips below name each choice; the number is a visual summary. */}
            {count ? (
              <span className="filter-button-count" aria-hidden="true">
                {count}
              </span>
            ) : null}
            <svg
              className="filter-button-caret"
              viewBox="0 0 12 12"
              aria-hidden="true"
              focusable="false"
            >
              <path d="m3 4.5 3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.4" />
            </svg>
          </button>
        );
      })}
    </form>
  );
}

/**
 * SPEC §2: active filters as removable chips. After a chip goes, focus moves to
 * the chip that took its place, or to its filter button when none is left.
 */
export function FilterChips({
  chips,
  onRemove,
  onClearAll,
}: {
  chips: FilterChip[];
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfter = useRef<{ index: number; fallback: FilterType } | null>(null);
  const chipKeys = chips.map((c) => `${c.type}:${c.id}`).join("|");

  useEffect(() => {
    const request = focusAfter.current;
    if (!request) return;
    focusAfter.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>("button.filter-chip");
    const target =
      buttons?.[Math.min(request.index, buttons.length - 1)] ??
      document.querySelector<HTMLButtonElement>(`[data-filter-button="${request.fallback}"]`);
    target?.focus();
  }, [chipKeys]);

  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips" ref={listRef} aria-label="Active filters">
      {chips.map((chip, index) => (
        <li key={`${chip.type}:${chip.id}`}>
          <button
            type="button"
            className="filter-chip"
            aria-label={t.removeFilter(chip.label)}
            onClick={() => {
              focusAfter.current = { index, fallback: chip.type };
              onRemove(chip);
            }}
          >
            {chip.label}
            <span className="filter-chip-x" aria-hidden="true">
              ×
            </span>
          </button>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <button
            type="button"
            className="button-link filter-chips-clear"
            onClick={() => {
              focusAfter.current = { index: 0, fallback: "cities" };
              onClearAll();
            }}
          >
            {t.clearAll}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
