import { useEffect, useRef } from "react";
import type { SearchResult } from "../../../contracts/search.contract";
import { ArtworkGrid } from "../../components/artwork-card";
import { resultCountText } from "./marketplace-filters";
import type { MarketplaceQuery } from "./marketplace-query";
import { marketplaceTexts as t } from "./marketplace-texts";
import { useLoadMore } from "./use-load-more";

/**
 * SPEC §2 grid and its states. While a new search loads, the previous cards stay
 * (dimmed) and the status says 'Loading...'; with nothing to show it says
 * 'No artworks found'. Load More appends the next page of 30.
 */
export function MarketplaceResults({
  first,
  query,
  entryKey,
  searching,
  onClearAll,
}: {
  first: SearchResult;
  query: MarketplaceQuery;
  entryKey: string;
  searching: boolean;
  onClearAll: (() => void) | null;
}) {
  const { hits, hasMore, status, loadMore } = useLoadMore(first, query, entryKey);
  const gridRef = useRef<HTMLDivElement>(null);
  const empty = first.nbHits === 0 || hits.length === 0;

  // After Load More, keyboard and screen-reader users continue at the first new card.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    focusFrom.current = null; // another search: nothing to continue from
  }, [first]);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || hits.length <= from) return;
    focusFrom.current = null;
    gridRef.current?.querySelectorAll<HTMLElement>(".artwork-card")[from]?.focus();
  }, [hits.length]);

  function onLoadMore() {
    focusFrom.current = hits.length;
    void loadMore();
  }

  return (
    <section className="marketplace-results" aria-labelledby="marketplace-results-heading">
      <h2 id="marketplace-results-heading" className="visually-hidden">
        Artworks
      </h2>
      <p
        role="status"
        className={!searching && empty ? "marketplace-status is-empty" : "marketplace-status"}
      >
        {searching
          ? t.loading
          : empty
            ? t.noResults
            : resultCountText(first.nbHits, first.exhaustiveNbHits)}
      </p>
      {!searching && empty ? (
        <div className="marketplace-empty">
          <p>{t.noResultsHint}</p>
          {onClearAll ? (
            <button type="button" className="button" onClick={onClearAll}>
              {t.clearAll}
            </button>
          ) : null}
        </div>
      ) : null}
      {hits.length ? (
        <div
          ref={gridRef}
          className={searching ? "marketplace-grid is-stale" : "marketplace-grid"}
          aria-busy={searching}
        >
          {/* The first card is the largest picture on a phone (the banner is wider but a
              quarter as tall): high priority, preloaded. The others load lazily; eager,
              the rest of the first row shared a phone's first bandwidth with it. */}
          <ArtworkGrid artworks={hits} priorityFirst />
        </div>
      ) : null}
      {hasMore && !searching ? (
        <div className="marketplace-more">
          <button
            type="button"
            className="button"
            aria-disabled={status === "loading"}
            onClick={onLoadMore}
          >
            {status === "loading" ? t.loadingMore : t.loadMore}
          </button>
          {status === "error" ? (
            <p role="alert" className="message message-error">
              {t.loadFailed}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
