import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArtist, createArtwork, createExhibition } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("sitemap.xml and robots.txt", () => {
  it("lists the listed artworks, their artists and active exhibitions, not the rest", async () => {
    const db = t.db;
    const artist = await createArtist(db);
    const hidden = await createArtist(db, { payoutStatus: "pending" });
    const listed = await createArtwork(db, { artistId: artist.id });
    const draft = await createArtwork(db, { artistId: artist.id, status: "draft" });
    const unlisted = await createArtwork(db, { artistId: hidden.id });
    const show = await createExhibition(db, { artworkIds: [listed.id] });
    const closed = await createExhibition(db, { isActive: false });

    const response = await t.app.request("/sitemap.xml");
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain("<loc>http://localhost:3000/</loc>");
    expect(xml).toContain(`/artwork/${listed.id}</loc>`);
    expect(xml).toContain(`/artist/${artist.id}</loc>`);
    expect(xml).toContain(`/exhibition/${show.id}</loc>`);
    for (const id of [draft.id, unlisted.id, hidden.id, closed.id]) expect(xml).not.toContain(id);
  });

  it("points robots at the sitemap and away from the API", async () => {
    const text = await (await t.app.request("/robots.txt")).text();
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(text).toContain("Disallow: /api/");
  });
});
