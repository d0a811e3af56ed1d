import { useEffect, useRef } from "react";
import type { FilterSelection, FilterType } from "../../../domain/filter-selection";
import type { FilterChip } from "./marketplace-filters";
import { FILTER_ORDER } from "./marketplace-query";
import { marketplaceTexts as t } from "./marketplace-texts";

/** SPEC §2: the Cities, Price and Categories buttons; each opens the filter dialog. */
export function FilterButtons({
  selection,
  openType,
  onOpen,
  onIntent,
}: {
  selection: FilterSelection;
  openType: FilterType | null;
  onOpen: (type: FilterType) => void;
  /** The pointer or focus reached a button: the dialog's code may be fetched now. */
  onIntent?: () => unknown;
}) {
  const intent = onIntent ? () => void onIntent() : undefined;
  return (
    <div className="filter-buttons" role="group" aria-label="Filters">
      {FILTER_ORDER.map((type) => {
        const count = selection[type]?.length ?? 0;
        return (
          <button
            key={type}
            type="button"
            className={count ? "filter-button is-active" : "filter-button"}
            data-filter-button={type}
            aria-haspopup="dialog"
            aria-expanded={openType === type}
            onPointerEnter={intent}
            onFocus={intent}
            onTouchStart={intent}
            onClick={() => onOpen(type)}
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
    </div>
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
