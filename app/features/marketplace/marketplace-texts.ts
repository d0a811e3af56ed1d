import type { SearchSort } from "../../../contracts/search.contract";
import type { FilterType } from "../../../domain/filter-selection";

/** The marketplace's user-visible texts; the SPEC §2 ones are verbatim and tests assert them. */
export const marketplaceTexts = {
  searchPlaceholder: "Search artworks or artists...",
  searchLabel: "Search artworks or artists",
  loading: "Loading...",
  noResults: "No artworks found",
  noResultsHint: "Try other words, or remove a filter.",
  clearAll: "Clear all",
  loadMore: "Load More",
  loadingMore: "Loading more...",
  /** SPEC §8's text for artworks that could not be fetched. */
  loadFailed: "Failed to fetch artworks",
  filterButton: { cities: "Cities", priceRanges: "Price", categories: "Categories" },
  sectionTitle: { priceRanges: "Price Range", cities: "Cities", categories: "Categories" },
  noChoices: "Nothing to choose here for this search.",
  /** Decision 0032: a text search with more matches than it counts shows no facet counts. */
  countsNotShown: "This search has more than 1,000 matches: the choices are shown without counts.",
  clear: "Clear",
  apply: "Apply",
  closeDialog: "Close",
  dismissBanner: "Dismiss banner",
  bannerAlt: "Featured on Vernissage",
  removeFilter: (label: string) => `Remove filter ${label}`,
  /** Issue 16: the order of the results and "Available only". */
  sortLabel: "Sort by",
  sortOption: {
    featured: "Featured",
    newest: "Newest",
    price_asc: "Price low to high",
    price_desc: "Price high to low",
  },
  availableOnly: "Available only",
  /** The button that applies both before the page's script runs (or without it). */
  showResults: "Show results",
} as const satisfies {
  sortOption: Record<SearchSort, string>;
  filterButton: Record<FilterType, string>;
  sectionTitle: Record<FilterType, string>;
  [key: string]: unknown;
};
