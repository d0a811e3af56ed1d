/** Relevance-ordered results stop here, as in hosted search (Algolia's paginationLimitedTo). */
export const RELEVANCE_LIMIT = 1000;

/** Words of the search text, for the full-text query (letters and digits only). */
export function searchWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** "lighth at" → "lighth:* & at:*": every word, each as a prefix. */
export function prefixTsQuery(words: string[]): string {
  return words.map((w) => `${w}:*`).join(" & ");
}
