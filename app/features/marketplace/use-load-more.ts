import { useEffect, useRef, useState } from "react";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import type { SearchResult } from "../../../contracts/search.contract";
import { type MarketplaceQuery, searchApiPath, toSearchString } from "./marketplace-query";

type Pages = {
  /** The server-rendered first page these pages continue. */
  first: SearchResult;
  hits: ArtworkCard[];
  page: number;
  nbPages: number;
  status: "idle" | "loading" | "error";
};

type Remembered = { search: string; hits: ArtworkCard[]; page: number; nbPages: number };

/**
 * Pages loaded with Load More, per history entry, kept in memory for this tab:
 * coming back from an artwork to the marketplace shows the same pages, so the
 * scroll position can be restored. A reload starts again from the first page.
 */
const remembered = new Map<string, Remembered>();
const REMEMBER_AT_MOST = 20;

function start(first: SearchResult, query: MarketplaceQuery, entryKey: string): Pages {
  const fresh: Pages = {
    first,
    hits: first.hits,
    page: first.page,
    nbPages: first.nbPages,
    status: "idle",
  };
  const saved = remembered.get(entryKey);
  if (!saved || saved.search !== toSearchString(query)) return fresh;
  return {
    ...fresh,
    hits: appendNew(first.hits, saved.hits),
    page: saved.page,
    nbPages: saved.nbPages,
  };
}

/** Later pages may repeat a work the catalogue moved since; each card shows once. */
function appendNew(hits: ArtworkCard[], more: ArtworkCard[]): ArtworkCard[] {
  const seen = new Set(hits.map((hit) => hit.id));
  return [...hits, ...more.filter((hit) => !seen.has(hit.id))];
}

/** SPEC §2 paging: the first page comes from the loader; Load More appends the next one. */
export function useLoadMore(first: SearchResult, query: MarketplaceQuery, entryKey: string) {
  const [pages, setPages] = useState(() => start(first, query, entryKey));
  if (pages.first !== first) setPages(start(first, query, entryKey));
  const inFlight = useRef<AbortController | null>(null);
  // A new first page (another search) makes a pending page meaningless.
  useEffect(() => () => inFlight.current?.abort(), [first]);
  useEffect(() => {
    if (pages.page > pages.first.page) remember(entryKey, query, pages);
  }, [entryKey, query, pages]);

  const hasMore = pages.page < pages.nbPages - 1;

  async function loadMore() {
    if (!hasMore || pages.status === "loading") return;
    const controller = new AbortController();
    inFlight.current = controller;
    setPages((p) => ({ ...p, status: "loading" }));
    try {
      // The request and its answer's schema (and zod) only when someone asks for more
      // (decision 0034).
      const [{ request }, { searchResultSchema }] = await Promise.all([
        import("../../lib/api-client"),
        import("../../../contracts/search.contract"),
      ]);
      const next = await request(searchApiPath(query, pages.page + 1), {
        schema: searchResultSchema,
        signal: controller.signal,
      });
      setPages((p) =>
        p.first === first
          ? {
              ...p,
              hits: appendNew(p.hits, next.hits),
              page: next.page,
              nbPages: next.nbPages,
              status: "idle",
            }
          : p,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn("Load More failed", error);
      setPages((p) => (p.first === first ? { ...p, status: "error" } : p));
    }
  }

  return { hits: pages.hits, hasMore, status: pages.status, loadMore };
}

function remember(entryKey: string, query: MarketplaceQuery, pages: Pages) {
  remembered.delete(entryKey);
  remembered.set(entryKey, {
    search: toSearchString(query),
    hits: pages.hits.slice(pages.first.hits.length),
    page: pages.page,
    nbPages: pages.nbPages,
  });
  for (const key of remembered.keys()) {
    if (remembered.size <= REMEMBER_AT_MOST) break;
    remembered.delete(key);
  }
}
