// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ArtworkCard } from "../../../contracts/artworks.contract";
import type { SearchResult } from "../../../contracts/search.contract";
import { fakeApi } from "../../test/fake-api";
import type { MarketplaceQuery } from "./marketplace-query";
import { useLoadMore } from "./use-load-more";

afterEach(cleanup);

// What the first Load More downloads, loaded once here so that each test's
// answers arrive within a few turns of the event loop, as they do in a browser that
// has the files.
beforeAll(async () => {
  await Promise.all([import("../../lib/api-client"), import("../../../contracts/search.contract")]);
});

function hit(n: number): ArtworkCard {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    title: `Work ${n}`,
    createdYear: 2020,
    price: 10_000,
    isForSale: true,
    offersOnly: false,
    imageThumbnail: null,
    imageMedium: null,
    imageOriginal: null,
    width: 20,
    height: 16,
    artist: { id: "00000000-0000-4000-8000-0000000000aa", displayName: "Elena Marsh" },
  };
}

function result(page: number, nbPages: number, ids: number[]): SearchResult {
  return {
    hits: ids.map(hit),
    page,
    nbPages,
    nbHits: nbPages * 30,
    hitsPerPage: 30,
    facets: { cities: {}, categories: {}, priceRanges: {} },
    exhaustiveNbHits: true,
    exhaustiveFacetsCount: true,
  };
}

const everything: MarketplaceQuery = { q: "", selection: {} };
const ids = (hits: ArtworkCard[]) => hits.map((h) => Number(h.id.slice(-12)));

/**
 * Lets the answer travel through the client and React render what it set. A few turns
 * of the event loop, not only microtasks: the request and its schema are downloaded on
 * the first Load More.
 */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Load More's click: the handler starts the request and returns at once. */
function pressLoadMore(pages: { loadMore: () => Promise<void> }) {
  act(() => {
    void pages.loadMore();
  });
}

function renderPages(first: SearchResult, query: MarketplaceQuery, entryKey: string) {
  return renderHook((props) => useLoadMore(props.first, props.query, props.entryKey), {
    initialProps: { first, query, entryKey },
  });
}

describe("useLoadMore", () => {
  it("asks for the next page of the same search and appends the works not shown yet", async () => {
    const api = fakeApi();
    const hook = renderPages(result(0, 3, [1, 2]), { q: "marsh", selection: {} }, "a");
    expect(hook.result.current).toMatchObject({ hasMore: true, status: "idle" });

    pressLoadMore(hook.result.current);
    await settle();
    expect(hook.result.current.status).toBe("loading");
    expect(api.request(0).url).toBe("/api/artworks/search?q=marsh&page=1&hitsPerPage=30");
    // Pressing again while a page is on its way asks nothing more.
    pressLoadMore(hook.result.current);
    expect(api.requests).toHaveLength(1);

    // Work 2 moved to page 1 since: it is shown once.
    api.request(0).respond(200, result(1, 3, [2, 3]));
    await settle();
    expect(ids(hook.result.current.hits)).toEqual([1, 2, 3]);
    expect(hook.result.current).toMatchObject({ hasMore: true, status: "idle" });
  });

  it("has no more after the last page", () => {
    fakeApi();
    const hook = renderPages(result(0, 1, [1]), everything, "b");
    expect(hook.result.current.hasMore).toBe(false);
  });

  it("says the page failed and keeps what is shown", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const api = fakeApi();
    const hook = renderPages(result(0, 3, [1]), everything, "c");
    pressLoadMore(hook.result.current);
    await settle();
    api.request(0).respond(500, { error: { code: "INTERNAL", message: "boom" } });
    await settle();
    expect(hook.result.current.status).toBe("error");
    expect(ids(hook.result.current.hits)).toEqual([1]);
    expect(warn).toHaveBeenCalledWith("Load More failed", expect.anything());
    warn.mockRestore();
  });

  it("drops a pending page when another search's first page arrives", async () => {
    const api = fakeApi({ ignoreAbort: true });
    const hook = renderPages(result(0, 3, [1]), everything, "d");
    pressLoadMore(hook.result.current);
    await settle();
    const pending = api.request(0);
    hook.rerender({ first: result(0, 2, [7]), query: { q: "fog", selection: {} }, entryKey: "e" });
    expect(pending.signal?.aborted).toBe(true);
    pending.respond(200, result(1, 3, [2]));
    await settle();
    expect(ids(hook.result.current.hits)).toEqual([7]);
    expect(hook.result.current.status).toBe("idle");
  });

  it("shows the same pages again when the person comes back to the entry", async () => {
    const api = fakeApi();
    const first = result(0, 3, [1]);
    const hook = renderPages(first, everything, "f");
    pressLoadMore(hook.result.current);
    await settle();
    api.request(0).respond(200, result(1, 3, [2]));
    await settle();
    hook.unmount();

    // Back from an artwork: the same history entry and search, a fresh first page.
    const back = renderPages(result(0, 3, [1]), everything, "f");
    expect(ids(back.result.current.hits)).toEqual([1, 2]);
    expect(api.requests).toHaveLength(1);
    // Another entry (a new visit) starts from its first page.
    const other = renderPages(first, everything, "g");
    expect(ids(other.result.current.hits)).toEqual([1]);
  });
});
