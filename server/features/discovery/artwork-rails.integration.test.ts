import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/test-app";
import { createArtist, createArtwork, createCategory, createUser } from "../../test/factories";
import { artworkCategories, artworks } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { type ArtworkRails, artworkRailsSchema } from "../../../contracts/artwork-rails.contract";
import { LARGE_CATEGORY } from "../artworks/artworks.api";

/**
 * "More by {artist}" and "Related works". Each scenario runs twice: with small
 * categories (read whole) and with the same categories made large by sold works that are
 * never candidates (walked in price order from the work's price), so both ways of finding
 * candidates must give the same answer.
 */
describe.each([
  { name: "small categories", padding: 0 },
  { name: "large categories (price walk)", padding: LARGE_CATEGORY },
])("the works around a work, $name", ({ padding }) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const extra: {
    excluded: string[];
    tinyOthers: Record<number, string>;
    prolificIds: { forSale: string[]; sold: string[] };
  } = { excluded: [], tinyOthers: {}, prolificIds: { forSale: [], sold: [] } };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.db;
    const painting = await createCategory(db);
    const sculpture = await createCategory(db);
    const textile = await createCategory(db);
    const tiny = await createCategory(db);
    const artist = await createArtist(db, { displayName: "Ruth Adeyemi" });
    const other = await createArtist(db);
    const third = await createArtist(db);
    const pending = await createArtist(db, { payoutStatus: "pending" });
    const suspended = await createArtist(db, { suspendedAt: new Date() });
    const collector = await createUser(db);
    const at = (day: number) => new Date(Date.UTC(2024, 0, day));

    const work = await createArtwork(db, {
      artistId: artist.id,
      priceCents: 50_000,
      categoryIds: [painting.id, sculpture.id],
      createdAt: at(10),
    });
    // The artist's other works.
    const newer = await createArtwork(db, {
      artistId: artist.id,
      categoryIds: [painting.id],
      priceCents: 51_000,
      createdAt: at(20),
    });
    const older = await createArtwork(db, { artistId: artist.id, createdAt: at(5) });
    const offersOnly = await createArtwork(db, {
      artistId: artist.id,
      isForSale: false,
      priceCents: 40_000,
      categoryIds: [painting.id],
      createdAt: at(3),
    });
    const sold = await createArtwork(db, {
      artistId: artist.id,
      ownerId: collector.id,
      isForSale: false,
      priceCents: 60_000,
      categoryIds: [painting.id],
      createdAt: at(30),
    });
    await createArtwork(db, { artistId: artist.id, status: "draft", createdAt: at(31) });
    const hidden = await createArtwork(db, {
      artistId: artist.id,
      hiddenAt: new Date(),
      hiddenReason: "Spam",
      createdAt: at(32),
    });

    // Related: for sale, by others, sharing a category.
    const both = await createArtwork(db, {
      artistId: other.id,
      priceCents: 150_000,
      categoryIds: [painting.id, sculpture.id],
    });
    const near = await createArtwork(db, {
      artistId: other.id,
      priceCents: 52_000,
      categoryIds: [painting.id],
    });
    const below = await createArtwork(db, {
      artistId: third.id,
      priceCents: 45_000,
      categoryIds: [sculpture.id],
    });
    const far = await createArtwork(db, {
      artistId: third.id,
      priceCents: 80_000,
      categoryIds: [painting.id, textile.id],
    });
    const noPrice = await createArtwork(db, {
      artistId: other.id,
      priceCents: null,
      categoryIds: [painting.id],
    });
    // Never related: sold, offers only, draft, hidden, unlisted or suspended artist, no shared category.
    const excluded = [
      await createArtwork(db, {
        artistId: other.id,
        ownerId: collector.id,
        isForSale: false,
        priceCents: 50_000,
        categoryIds: [painting.id],
      }),
      await createArtwork(db, {
        artistId: other.id,
        isForSale: false,
        priceCents: 50_000,
        categoryIds: [painting.id],
      }),
      await createArtwork(db, { artistId: other.id, status: "draft", categoryIds: [painting.id] }),
      await createArtwork(db, {
        artistId: other.id,
        hiddenAt: new Date(),
        categoryIds: [painting.id],
      }),
      await createArtwork(db, { artistId: pending.id, categoryIds: [painting.id] }),
      await createArtwork(db, { artistId: suspended.id, categoryIds: [sculpture.id] }),
      await createArtwork(db, {
        artistId: other.id,
        priceCents: 50_000,
        categoryIds: [textile.id],
      }),
    ];

    // Ten works in one category, for "at most 8" by nearness of price.
    const tinyWork = await createArtwork(db, {
      artistId: artist.id,
      createdAt: at(15),
      priceCents: 5_500,
      categoryIds: [tiny.id],
    });
    const tinyOthers: Record<number, string> = {};
    for (let price = 1_000; price <= 10_000; price += 1_000) {
      const a = await createArtwork(db, {
        artistId: price % 2000 ? other.id : third.id,
        priceCents: price,
        categoryIds: [tiny.id],
      });
      tinyOthers[price] = a.id;
    }

    // A prolific artist: six sold works newer than six for sale.
    const prolific = await createArtist(db);
    const prolificWork = await createArtwork(db, { artistId: prolific.id, createdAt: at(1) });
    const prolificIds: { forSale: string[]; sold: string[] } = { forSale: [], sold: [] };
    for (let i = 0; i < 6; i++) {
      const forSale = await createArtwork(db, { artistId: prolific.id, createdAt: at(10 + i) });
      const gone = await createArtwork(db, {
        artistId: prolific.id,
        ownerId: collector.id,
        isForSale: false,
        priceCents: 1_000,
        createdAt: at(20 + i),
      });
      prolificIds.forSale.unshift(forSale.id);
      prolificIds.sold.unshift(gone.id);
    }

    const bare = await createArtwork(db, { artistId: other.id, priceCents: 50_000 });
    const unpricedWork = await createArtwork(db, {
      artistId: (await createArtist(db)).id,
      isForSale: false,
      priceCents: null,
      categoryIds: [painting.id],
    });

    if (padding > 0) {
      // Sold works make the work's categories large without adding a candidate.
      const filler = await createArtist(db);
      const rows = await db
        .insert(artworks)
        .values(
          Array.from({ length: padding }, (_, i) => ({
            title: `Filler ${i}`,
            artistId: filler.id,
            ownerId: collector.id,
            isForSale: false,
            status: "not for sale" as const,
            priceCents: 49_000 + i * 10,
          })),
        )
        .returning({ id: artworks.id });
      await db.insert(artworkCategories).values(
        rows.flatMap((r) => [
          { artworkId: r.id, categoryId: painting.id },
          { artworkId: r.id, categoryId: sculpture.id },
          { artworkId: r.id, categoryId: tiny.id },
        ]),
      );
    }

    Object.assign(ids, {
      work: work.id,
      newer: newer.id,
      older: older.id,
      offersOnly: offersOnly.id,
      sold: sold.id,
      both: both.id,
      near: near.id,
      below: below.id,
      far: far.id,
      noPrice: noPrice.id,
      tinyWork: tinyWork.id,
      prolificWork: prolificWork.id,
      bare: bare.id,
      unpricedWork: unpricedWork.id,
      hidden: hidden.id,
    });
    Object.assign(extra, { excluded: excluded.map((e) => e.id), tinyOthers, prolificIds });
  });
  afterAll(() => t.close());

  async function rails(id: string): Promise<ArtworkRails> {
    const response = await t.app.request(`/api/artworks/${id}/related`);
    expect(response.status).toBe(200);
    return expectContract(artworkRailsSchema, await response.json());
  }
  const idsOf = (cards: { id: string }[]) => cards.map((c) => c.id);

  it("related works: for sale, by others, sharing a category; more shared first, then nearest in price, no price last", async () => {
    const { related } = await rails(ids.work!);
    // A work for sale without a price (the listing rules no longer allow one) is a candidate
    // only in a small category; the price walk of a large one never meets it.
    const unpriced = padding ? [] : [ids.noPrice];
    expect(idsOf(related)).toEqual([ids.both, ids.near, ids.below, ids.far, ...unpriced]);
    for (const id of extra.excluded) expect(idsOf(related)).not.toContain(id);
  });

  it("related works of a sold work are the same (the page is not a dead end)", async () => {
    const { related } = await rails(ids.sold!);
    // The sold work is in one category (painting): sculpture-only works are not related.
    const unpriced = padding ? [] : [ids.noPrice];
    expect(idsOf(related)).toEqual([ids.near, ids.far, ids.both, ...unpriced]);
  });

  it("related works: at most 8, the nearest in price", async () => {
    const { related } = await rails(ids.tinyWork!);
    expect(related).toHaveLength(8);
    const prices = related.map((c) => c.price ?? 0);
    const distances = prices.map((p) => Math.abs(p - 5_500));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(new Set(prices)).toEqual(new Set([2, 3, 4, 5, 6, 7, 8, 9].map((k) => k * 1_000)));
  });

  it("a work without a price: works sharing its categories, ranked by id", async () => {
    const { related } = await rails(ids.unpricedWork!);
    const painting = [ids.work!, ids.newer!, ids.both!, ids.near!, ids.far!, ids.noPrice!];
    const expected = painting.sort();
    // A large category is read only in part (its first works by id), so some may be missing.
    if (padding) for (const id of idsOf(related)) expect(expected).toContain(id);
    else expect(idsOf(related)).toEqual(expected);
  });

  it("a work without categories has no related works", async () => {
    expect((await rails(ids.bare!)).related).toEqual([]);
  });

  it("more by the artist: never the work itself, nor drafts or hidden works; for sale first, then sold", async () => {
    const { moreByArtist } = await rails(ids.work!);
    expect(idsOf(moreByArtist)).toEqual([
      ids.newer,
      ids.tinyWork,
      ids.older,
      ids.offersOnly,
      ids.sold,
    ]);
  });

  it("more by the artist: at most 8, for sale before sold whatever their age", async () => {
    const { moreByArtist } = await rails(ids.prolificWork!);
    expect(idsOf(moreByArtist)).toEqual([
      ...extra.prolificIds.forSale,
      ...extra.prolificIds.sold.slice(0, 2),
    ]);
  });

  it("an unknown, malformed or hidden work answers 404, as the work's own read; a NUL byte 400", async () => {
    for (const id of [randomUUID(), "not-an-id", "x".repeat(5000), ids.hidden!]) {
      const response = await t.app.request(`/api/artworks/${id}/related`);
      expect(response.status, id.slice(0, 20)).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "NOT_FOUND", message: "Artwork not found" },
      });
    }
    expect((await t.app.request("/api/artworks/%00/related")).status).toBe(400);
  });
});
