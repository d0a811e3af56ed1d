import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArtwork, createExhibition } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, signUp } from "../profiles/profiles.test-helpers";

/**
 * Who bought a work is the buyer's business: the owner is named only to
 * the owner, the work's artist and admins; no public answer carries it.
 */

let t: TestApp;
let artist: Member;
let collector: Member;
let admin: Member;
let stranger: Member;
let soldId: string;

beforeAll(async () => {
  t = await createTestApp();
  artist = await signUp(t, {}, { isArtist: true, payoutStatus: "active" });
  collector = await signUp(t);
  admin = await signUp(t, {}, { role: "admin" });
  stranger = await signUp(t);
  const sold = await createArtwork(t.db, {
    artistId: artist.id,
    ownerId: collector.id,
    isForSale: false,
    priceCents: 90_000,
  });
  soldId = sold.id;
  await createExhibition(t.db, { artworkIds: [sold.id] });
});
afterAll(() => t.close());

async function ownerSeenBy(member: Member | null): Promise<unknown> {
  const client = member?.client ?? t.client();
  const response = await client.get(`/api/artworks/${soldId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { ownerId?: unknown }).ownerId;
}

describe("the owner of a sold work", () => {
  it("is named to its owner, its artist and admins", async () => {
    expect(await ownerSeenBy(collector)).toBe(collector.id);
    expect(await ownerSeenBy(artist)).toBe(collector.id);
    expect(await ownerSeenBy(admin)).toBe(collector.id);
  });

  it("is not named to visitors or other members", async () => {
    expect(await ownerSeenBy(null)).toBeNull();
    expect(await ownerSeenBy(stranger)).toBeNull();
    const text = await (await t.client().get(`/api/artworks/${soldId}`)).text();
    expect(text).not.toContain(collector.id);
  });

  it("is not in the artwork page's data for a visitor", async () => {
    const artwork = await t.services.discovery.artwork(soldId, null);
    expect(artwork.ownerId).toBeNull();
    expect(JSON.stringify(artwork)).not.toContain(collector.id);
  });

  it("is not in search hits, the artist's sold tab, exhibitions or anyone else's view of the collection", async () => {
    const client = stranger.client;
    const exhibitions = (await (await client.get("/api/exhibitions")).json()) as { id: string }[];
    const pages = [
      "/api/artworks/search?hitsPerPage=100",
      `/api/artists/${artist.id}/artworks?tab=sold`,
      `/api/artists/${artist.id}/artworks?tab=all`,
      `/api/users/${artist.id}/artworks?tab=all`,
      ...exhibitions.map((e) => `/api/exhibitions/${e.id}`),
    ];
    for (const page of pages) {
      const response = await client.get(page);
      expect(response.status, page).toBe(200);
      const text = await response.text();
      expect(text, page).toContain(soldId);
      expect(text, page).not.toContain(collector.id);
    }
    expect((await client.get(`/api/users/${collector.id}/collection`)).status).toBe(404);
    expect((await t.client().get(`/api/users/${collector.id}/collection`)).status).toBe(404);
  });
});
