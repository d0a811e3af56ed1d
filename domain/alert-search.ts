/**
 * The search an alert keeps: the marketplace's text and filters, by id, as the
 * URL and the search API name them.
 */
export type AlertSearch = {
  q: string;
  cities: string[];
  categories: string[];
  priceRanges: number[];
};

/**
 * The marketplace address that shows the search (`/?q=&cities=&priceRanges=&categories=`):
 * the settings page's "See matching works" and the digest's "and N more".
 */
export function alertSearchPath(search: AlertSearch): string {
  const params = new URLSearchParams();
  if (search.q.trim()) params.set("q", search.q.trim());
  if (search.cities.length) params.set("cities", search.cities.join(","));
  if (search.priceRanges.length) params.set("priceRanges", search.priceRanges.join(","));
  if (search.categories.length) params.set("categories", search.categories.join(","));
  const query = params.toString();
  return query ? `/?${query}` : "/";
}
