import { categoryLabel } from "../../../domain/display";
import type { FilterSelection, FilterType } from "../../../domain/filter-selection";
import { PRICE_RANGES } from "../../../domain/price-ranges";
import type { FacetCounts } from "../../../contracts/search.contract";
import { SEARCH_COUNT_LIMIT } from "../../../contracts/search.values";
import { FILTER_ORDER } from "./marketplace-query";

/** The names behind the ids: cities and categories as the catalog lists them. */
export type FilterCatalog = {
  cities: { id: string; name: string }[];
  categories: { id: string; name: string }[];
};

/** `count` is null when the search's facet counts are not exact (decision 0032): no number is shown. */
export type FilterOption = { id: string; label: string; count: number | null };
export type FilterChip = { type: FilterType; id: string; label: string };

function allOptions(type: FilterType, catalog: FilterCatalog): { id: string; label: string }[] {
  switch (type) {
    case "priceRanges":
      return PRICE_RANGES.map((range) => ({ id: String(range.index), label: range.label }));
    case "cities":
      return catalog.cities.map((city) => ({ id: city.id, label: city.name }));
    case "categories":
      return catalog.categories
        .map((category) => ({ id: category.id, label: categoryLabel(category.name) }))
        .sort((a, b) => a.label.localeCompare(b.label));
  }
}

/**
 * The checkboxes of one dialog section, with the number of artworks each would
 * show. A choice that would show nothing is left out, unless it is already chosen
 * (it must stay visible so it can be unchecked). When the counts are not exact (a text
 * search with more than 1,000 matches counts the first 1,001 only, decision 0032) every
 * choice is offered without a number: a count of some matches would pass for all of
 * them, and a choice missing from those few may still have matches.
 */
export function filterOptions(
  type: FilterType,
  catalog: FilterCatalog,
  facets: FacetCounts,
  selected: readonly string[],
  exhaustive = true,
): FilterOption[] {
  if (!exhaustive) return allOptions(type, catalog).map((option) => ({ ...option, count: null }));
  return allOptions(type, catalog)
    .map((option) => ({ ...option, count: facets[type][option.id] ?? 0 }))
    .filter((option) => option.count > 0 || selected.includes(option.id));
}

/** One chip per chosen id, in the order of the filter buttons; ids without a name are skipped. */
export function filterChips(selection: FilterSelection, catalog: FilterCatalog): FilterChip[] {
  return FILTER_ORDER.flatMap((type) => {
    const labels = new Map(allOptions(type, catalog).map((o) => [o.id, o.label]));
    return (selection[type] ?? []).flatMap((id) => {
      const label = labels.get(id);
      return label ? [{ type, id, label }] : [];
    });
  });
}

/**
 * "67 artworks", "1 artwork"; "1,000+ artworks" when the search counted no further than
 * its limit (`exhaustive` false: a text search with more matches, decision 0032).
 */
export function resultCountText(nbHits: number, exhaustive = true): string {
  if (!exhaustive) return `${SEARCH_COUNT_LIMIT.toLocaleString("en-US")}+ artworks`;
  return `${nbHits.toLocaleString("en-US")} ${nbHits === 1 ? "artwork" : "artworks"}`;
}
