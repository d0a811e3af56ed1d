import { categoryLabel } from "../../../domain/display";
import { type AlertSearch, alertSearchPath } from "../../../domain/alert-search";
import { PRICE_RANGES } from "../../../domain/price-ranges";

export type { AlertSearch };
export { alertSearchPath };

/** The names behind the ids, as the catalog lists them. */
export type AlertCatalog = {
  cities: { id: string; name: string }[];
  categories: { id: string; name: string }[];
};

/** The longest alert name the server takes. */
export const ALERT_NAME_MAX = 80;

/** Whether there is anything to alert on: text or at least one filter. */
export function hasSearch(search: AlertSearch): boolean {
  return (
    search.q.trim() !== "" ||
    search.cities.length > 0 ||
    search.categories.length > 0 ||
    search.priceRanges.length > 0
  );
}

/**
 * The search in words, in the marketplace's chip order (Cities, Price, Categories), the
 * text first in quotes: `"harbour" · Lagos · $100-$500 · Painting`. An id the catalog no
 * longer knows (a deleted city) is left out rather than shown as an id.
 */
export function alertSummary(search: AlertSearch, catalog: AlertCatalog): string {
  const nameOf = (list: { id: string; name: string }[], id: string) =>
    list.find((item) => item.id === id)?.name;
  const parts = [
    ...(search.q.trim() ? [`“${search.q.trim()}”`] : []),
    ...search.cities.flatMap((id) => nameOf(catalog.cities, id) ?? []),
    ...search.priceRanges.flatMap((i) => PRICE_RANGES[i]?.label ?? []),
    ...search.categories.flatMap((id) => {
      const name = nameOf(catalog.categories, id);
      return name ? [categoryLabel(name)] : [];
    }),
  ];
  return parts.join(" · ");
}

/** A name to start from: the summary without quotes, cut to what the server takes. */
export function suggestedAlertName(search: AlertSearch, catalog: AlertCatalog): string {
  const summary = alertSummary(search, catalog).replace(/[“”]/g, "");
  return summary.length <= ALERT_NAME_MAX
    ? summary
    : `${summary.slice(0, ALERT_NAME_MAX - 1).trimEnd()}…`;
}
