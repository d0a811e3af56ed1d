/**
 * SPEC §4 filter selections: a map from filter type to the chosen ids. Unchecking
 * the last id removes that type; Clear removes the current type; Apply gives null
 * when nothing is selected.
 */
export const FILTER_TYPES = ["priceRanges", "cities", "categories"] as const;
export type FilterType = (typeof FILTER_TYPES)[number];
export type FilterSelection = Partial<Record<FilterType, string[]>>;

export type FilterAction =
  | { type: "toggle"; filter: FilterType; id: string }
  | { type: "clear"; filter: FilterType }
  | { type: "reset"; selection: FilterSelection | null };

export function filterSelectionReducer(
  state: FilterSelection,
  action: FilterAction,
): FilterSelection {
  switch (action.type) {
    case "toggle": {
      const current = state[action.filter] ?? [];
      const next = current.includes(action.id)
        ? current.filter((id) => id !== action.id)
        : [...current, action.id];
      return withType(state, action.filter, next);
    }
    case "clear":
      return withType(state, action.filter, []);
    case "reset":
      return normalizeSelection(action.selection ?? {});
  }
}

/** What Apply hands back: the selection, or null when nothing is chosen. */
export function applySelection(state: FilterSelection): FilterSelection | null {
  const normalized = normalizeSelection(state);
  return Object.keys(normalized).length === 0 ? null : normalized;
}

/** Removes one id of one type (a chip's remove button). */
export function removeFilter(
  state: FilterSelection,
  filter: FilterType,
  id: string,
): FilterSelection {
  return withType(
    state,
    filter,
    (state[filter] ?? []).filter((x) => x !== id),
  );
}

function withType(state: FilterSelection, filter: FilterType, ids: string[]): FilterSelection {
  const next = { ...state };
  if (ids.length === 0) delete next[filter];
  else next[filter] = ids;
  return next;
}

function normalizeSelection(state: FilterSelection): FilterSelection {
  const out: FilterSelection = {};
  for (const type of FILTER_TYPES) {
    const ids = [...new Set(state[type] ?? [])];
    if (ids.length > 0) out[type] = ids;
  }
  return out;
}
