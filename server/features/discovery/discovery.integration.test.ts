import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/test-app";
import {
  createArtist,
  createArtwork,
  createCategory,
  createCity,
  createExhibition,
  createUser,
} from "../../test/factories";
import { banners } from "../../db/schema";
import { discoveryMessages as m } from "../../../domain/discovery-messages";
import type { ZodType } from "zod";
import { artistPageSchema, artistWorksSchema } from "../../../contracts/artists.contract";
import { artworkDetailSchema } from "../../../contracts/artworks.contract";
import { activeBannerSchema, catalogListSchema } from "../../../contracts/catalog.contract";
import {
  exhibitionDetailSchema,
  exhibitionListSchema,
} from "../../../contracts/exhibitions.contract";
import { expectContract } from "../../test/contract";

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const city = await createCity(db, "Austin");
  const painting = await createCategory(db, "mixed_media");
  const artist = await createArtist(db, {
    firstName: "Ruth",
    lastName: "Adeyemi",
    displayName: "Ruth Adeyemi",
    email: "ruth@example.com",
    cityId: city.id,
    birthYear: 1984,
    bio: "Paints rivers.",
    instagramHandle: "ruth.paints",
    shippingAddress: { line1: "1 Secret St", city: "Austin", state: "TX", postal_code: "78701" },
    stripeId: "cus_secret",
  });
  const collector = await createUser(db);
  const forSale = await createArtwork(db, {
    artistId: artist.id,
    title: "River Song",
    depth: 3,
    categoryIds: [painting.id],
    imageCount: 3,
  });
  const sold = await createArtwork(db, {
    artistId: artist.id,
    ownerId: collector.id,
    title: "Sold Piece",
    isForSale: false,
    priceCents: 90_000,
    status: "not for sale",
  });
  // Not for sale and still the artist's: offers only, never sold (decision 0030).
  const offersOnly = await createArtwork(db, {
    artistId: artist.id,
    title: "Open to Offers",
    isForSale: false,
    priceCents: 70_000,
    offerMinimumCents: 50_000,
    createdAt: new Date("2020-01-01T00:00:00Z"),
  });
  const takesOffers = await createArtwork(db, {
    artistId: artist.id,
    title: "Offers Welcome",
    acceptsOffers: true,
    offerMinimumCents: 20_000,
    createdAt: new Date("2019-01-01T00:00:00Z"),
  });
  const draft = await createArtwork(db, { artistId: artist.id, title: "Draft", status: "draft" });
  const active = await createExhibition(db, {
    name: "Rivers",
    artworkIds: [forSale.id, sold.id, offersOnly.id],
  });
  const inactive = await createExhibition(db, {
    name: "Closed Show",
    isActive: false,
    artworkIds: [forSale.id],
  });
  Object.assign(ids, {
    artist: artist.id,
    collector: collector.id,
    forSale: forSale.id,
    sold: sold.id,
    offersOnly: offersOnly.id,
    takesOffers: takesOffers.id,
    draft: draft.id,
    active: active.id,
    inactive: inactive.id,
    painting: painting.id,
  });
});
afterAll(() => t.close());

async function get(path: string) {
  const response = await t.app.request(path);
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { error?: { message: string } },
  };
}

/** A 200 answer, parsed with its endpoint's contract schema. */
async function answer<T>(path: string, schema: ZodType<T>): Promise<T> {
  const response = await t.app.request(path);
  expect(response.status, path).toBe(200);
  return expectContract(schema, await response.json());
}

describe("the answers match their contracts (contracts/)", () => {
  it("artwork, artist, artist works, exhibitions, exhibition", async () => {
    await answer(`/api/artworks/${ids.forSale}`, artworkDetailSchema);
    await answer(`/api/artworks/${ids.sold}`, artworkDetailSchema);
    await answer(`/api/artists/${ids.artist}`, artistPageSchema);
    for (const tab of ["all", "forSale", "sold"]) {
      await answer(`/api/artists/${ids.artist}/artworks?tab=${tab}`, artistWorksSchema);
    }
    await answer("/api/exhibitions", exhibitionListSchema);
    await answer(`/api/exhibitions/${ids.active}`, exhibitionDetailSchema);
  });
});

describe("GET /api/artworks/:id", () => {
  it("gives the artwork with its images in order, categories, artist and active exhibitions", async () => {
    const { status, body } = await get(`/api/artworks/${ids.forSale}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: ids.forSale,
      title: "River Song",
      depth: 3,
      price: 25_000,
      isForSale: true,
      categories: [{ id: ids.painting, name: "mixed_media" }],
      artist: { id: ids.artist, displayName: "Ruth Adeyemi", birthYear: 1984, city: "Austin" },
      exhibitions: [{ id: ids.active, name: "Rivers" }],
    });
    const images = body.images as { original: string }[];
    expect(images).toHaveLength(3);
    expect(images.map((i) => i.original)).toEqual([...images.map((i) => i.original)].sort());
  });

  it.each([
    ["an unknown id", randomUUID()],
    ["a malformed id", "not-an-id"],
    ["a draft", "draft"],
  ])("answers 404 'Artwork not found' for %s", async (_label, id) => {
    const { status, body } = await get(`/api/artworks/${ids[id] ?? id}`);
    expect(status).toBe(404);
    expect(body.error?.message).toBe(m.artworkNotFound);
  });
});

describe("offers on the artwork page", () => {
  it("tells offers only from sold, and whether a buyer may make an offer, never the minimum", async () => {
    const detail = (id: string) => answer(`/api/artworks/${id}`, artworkDetailSchema);
    expect(await detail(ids.offersOnly!)).toMatchObject({
      isForSale: false,
      offersOnly: true,
      acceptsOffers: true,
      allowOffers: false,
      offerMinimum: null,
    });
    expect(await detail(ids.sold!)).toMatchObject({
      isForSale: false,
      offersOnly: false,
      acceptsOffers: false,
      offerMinimum: null,
    });
    expect(await detail(ids.takesOffers!)).toMatchObject({
      isForSale: true,
      offersOnly: false,
      acceptsOffers: true,
      allowOffers: true,
      offerMinimum: null,
    });
    expect(await detail(ids.forSale!)).toMatchObject({
      isForSale: true,
      offersOnly: false,
      acceptsOffers: false,
      allowOffers: false,
    });
  });

  it("marks the artist's cards: offers only, sold, or for sale", async () => {
    const cards = await answer(`/api/artists/${ids.artist}/artworks?tab=all`, artistWorksSchema);
    const flags = Object.fromEntries(cards.map((c) => [c.title, [c.isForSale, c.offersOnly]]));
    expect(flags).toEqual({
      "River Song": [true, false],
      "Sold Piece": [false, false],
      "Open to Offers": [false, true],
      "Offers Welcome": [true, false],
    });
  });
});

describe("GET /api/artists/:id", () => {
  it("gives the public profile and active exhibitions, nothing private", async () => {
    const { status, body } = await get(`/api/artists/${ids.artist}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      displayName: "Ruth Adeyemi",
      birthYear: 1984,
      city: "Austin",
      bio: "Paints rivers.",
      instagramHandle: "ruth.paints",
      exhibitions: [{ id: ids.active, name: "Rivers" }],
    });
    const text = JSON.stringify(body);
    for (const secret of ["ruth@example.com", "Secret St", "cus_secret", "acct_"])
      expect(text).not.toContain(secret);
  });

  it("answers 'Artist not found' for someone who is not an artist, 'Invalid artist data' for a malformed id", async () => {
    expect((await get(`/api/artists/${ids.collector}`)).body.error?.message).toBe(m.artistNotFound);
    const bad = await get("/api/artists/12345");
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(m.invalidArtist);
  });

  it("lists the artist's works by tab, newest first, without drafts", async () => {
    const titles = async (tab: string) =>
      (
        (await get(`/api/artists/${ids.artist}/artworks?tab=${tab}`)).body as unknown as {
          title: string;
        }[]
      ).map((a) => a.title);
    expect((await titles("all")).sort()).toEqual([
      "Offers Welcome",
      "Open to Offers",
      "River Song",
      "Sold Piece",
    ]);
    // For Sale: what a buyer can still acquire, offers only included; Sold: sold works only.
    expect(await titles("forSale")).toEqual(["River Song", "Open to Offers", "Offers Welcome"]);
    expect(await titles("sold")).toEqual(["Sold Piece"]);
    expect((await get(`/api/artists/${ids.artist}/artworks?tab=bogus`)).status).toBe(400);
  });
});

describe("exhibitions", () => {
  it("lists only active exhibitions", async () => {
    const list = await answer("/api/exhibitions", exhibitionListSchema);
    expect(list.map((e) => e.id)).toEqual([ids.active]);
  });

  it("gives an active exhibition with its works in order", async () => {
    const { status, body } = await get(`/api/exhibitions/${ids.active}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: "Rivers", address: "1 Gallery Street, New York, NY" });
    expect((body.artworks as { id: string }[]).map((a) => a.id)).toEqual([
      ids.forSale,
      ids.sold,
      ids.offersOnly,
    ]);
    // Each card tells offers only from sold.
    expect(
      (body.artworks as { isForSale: boolean; offersOnly: boolean }[]).map((a) => [
        a.isForSale,
        a.offersOnly,
      ]),
    ).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
  });

  it("answers the SPEC's texts for an inactive, unknown or malformed exhibition", async () => {
    for (const id of [ids.inactive, randomUUID()]) {
      const { status, body } = await get(`/api/exhibitions/${id}`);
      expect(status).toBe(404);
      expect(body.error?.message).toBe(m.exhibitionLoadFailed);
    }
    const bad = await get("/api/exhibitions/abc");
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(m.invalidExhibition);
  });
});

describe("catalog", () => {
  it("lists cities and categories, and the one active banner", async () => {
    const cities = await answer("/api/cities", catalogListSchema);
    expect(cities.map((c) => c.name)).toEqual(["Austin"]);
    expect(await answer("/api/categories", catalogListSchema)).toEqual([
      { id: ids.painting, name: "mixed_media" },
    ]);
    expect(await answer("/api/banners/active", activeBannerSchema)).toBeNull();
  });

  it("gives the active banner, not an inactive one", async () => {
    await t.db.insert(banners).values([
      { imageUrl: "/media/banners/old.webp", isActive: false },
      {
        imageUrl: "/media/banners/spring.webp",
        isActive: true,
        altText: "Spring Collection: new work from nine artists",
      },
    ]);
    const banner = await answer("/api/banners/active", activeBannerSchema);
    expect(banner?.imageUrl).toBe("/media/banners/spring.webp");
    // What the banner says, for those who cannot see it.
    expect(banner?.altText).toBe("Spring Collection: new work from nine artists");
  });
});
