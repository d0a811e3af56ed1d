import { useId, useReducer } from "react";
import {
  applySelection,
  type FilterSelection,
  type FilterType,
  filterSelectionReducer,
} from "../../../domain/filter-selection";
import { ModalDialog } from "../../components/ui/modal-dialog";
import type { FilterOption } from "./marketplace-filters";
import { marketplaceTexts as t } from "./marketplace-texts";

/**
 * SPEC §2, §4 filter dialog for one filter type: checkboxes with result counts,
 * Clear (this type only) and Apply (null when nothing at all is chosen). Closes on
 * the backdrop, the close button, Escape and Apply; focus stays inside while open
 * and goes back to the button that opened it.
 */
export function FilterDialog({
  type,
  selection,
  options,
  onApply,
  onClose,
}: {
  type: FilterType;
  selection: FilterSelection;
  options: FilterOption[];
  onApply: (selection: FilterSelection | null) => void;
  onClose: () => void;
}) {
  const [draft, dispatch] = useReducer(filterSelectionReducer, selection);
  const titleId = useId();
  const chosen = draft[type] ?? [];

  return (
    <ModalDialog
      className="filter-dialog"
      backdropClassName="filter-dialog-backdrop"
      labelledBy={titleId}
      onClose={onClose}
    >
      <div className="filter-dialog-head">
        <h2 id={titleId}>{t.sectionTitle[type]}</h2>
        <button
          type="button"
          className="filter-dialog-close"
          aria-label={t.closeDialog}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="filter-dialog-body">
        {options.some((option) => option.count === null) ? (
          <p className="filter-dialog-note">{t.countsNotShown}</p>
        ) : null}
        {options.length ? (
          <div role="group" aria-labelledby={titleId}>
            <ul className="filter-options">
              {options.map((option) => (
                <li key={option.id}>
                  <label className="filter-option">
                    {/* One phrase, "Austin, 7 artworks": the label's parts, read
                        separately, would come out as "Austin , 7 artworks". */}
                    <input
                      type="checkbox"
                      aria-label={
                        option.count === null
                          ? option.label
                          : `${option.label}, ${option.count} ${option.count === 1 ? "artwork" : "artworks"}`
                      }
                      checked={chosen.includes(option.id)}
                      onChange={() => dispatch({ type: "toggle", filter: type, id: option.id })}
                    />
                    <span className="filter-option-label">{option.label}</span>
                    {option.count === null ? null : (
                      <span className="filter-option-count" aria-hidden="true">
                        {option.count}
                      </span>
                    )}
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="filter-dialog-empty">{t.noChoices}</p>
        )}
      </div>
      <div className="dialog-actions filter-dialog-actions">
        <button
          type="button"
          className="button"
          onClick={() => dispatch({ type: "clear", filter: type })}
        >
          {t.clear}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => onApply(applySelection(draft))}
        >
          {t.apply}
        </button>
      </div>
    </ModalDialog>
  );
}
