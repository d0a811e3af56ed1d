import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/test-app";
import { createArtist, createArtwork } from "../../test/factories";
import { artworks } from "../../db/schema";

/**
 * The artwork page's rails kept per work and content version (decision 0033):
 * the same answer while nothing changed, a fresh one as soon as a change is committed —
 * on PGlite through the notification after the commit (migration 0022), on PostgreSQL
 * through the version read for each request.
 */
describe("the rails kept per work and version", () => {
  let t: TestApp;
  let artistId: string;
  let workId: string;
  let otherId: string;

  beforeAll(async () => {
    t = await createTestApp({ DATA_CACHE_ENTRIES: "100" }, { dataCacheSettleMs: 0 });
    artistId = (await createArtist(t.db)).id;
    workId = (await createArtwork(t.db, { artistId, title: "Kept" })).id;
    otherId = (await createArtwork(t.db, { artistId, title: "Around", priceCents: 10_000 })).id;
  });
  afterAll(() => t.close());

  const rails = (id: string) => t.services.discovery.artworkRails(id);

  it("are read once while nothing changes", async () => {
    const first = await rails(workId);
    expect(first.moreByArtist.map((w) => w.id)).toEqual([otherId]);
    expect(await rails(workId)).toBe(first);
    // The id's case does not make another entry.
    expect(await rails(workId.toUpperCase())).toBe(first);
  });

  it("are read afresh after a new work", async () => {
    const before = await rails(workId);
    const added = await createArtwork(t.db, { artistId, title: "New" });
    const after = await rails(workId);
    expect(after).not.toBe(before);
    expect(after.moreByArtist.map((w) => w.id)).toContain(added.id);
  });

  it("are read afresh after a change of price, and after a work leaves the market", async () => {
    await rails(workId);
    await t.db.update(artworks).set({ priceCents: 12_345 }).where(eq(artworks.id, otherId));
    const priced = await rails(workId);
    expect(priced.moreByArtist.find((w) => w.id === otherId)?.price).toBe(12_345);
    await t.db.update(artworks).set({ status: "draft" }).where(eq(artworks.id, otherId));
    const gone = await rails(workId);
    expect(gone.moreByArtist.map((w) => w.id)).not.toContain(otherId);
  });
});

describe("the rails with the data cache off", () => {
  let t: TestApp;
  afterAll(() => t.close());

  it("are read for every request", async () => {
    t = await createTestApp({ DATA_CACHE_ENTRIES: "0" }, { dataCacheSettleMs: 0 });
    const artistId = (await createArtist(t.db)).id;
    const work = await createArtwork(t.db, { artistId });
    await createArtwork(t.db, { artistId });
    const first = await t.services.discovery.artworkRails(work.id);
    expect(await t.services.discovery.artworkRails(work.id)).not.toBe(first);
  });
});
