import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profileArtworksSchema, publicProfileSchema } from "../../../contracts/profiles.contract";
import { expectContract } from "../../test/contract";
import { profileMessages as m } from "../../../domain/profile";
import { createArtist, createArtwork, createExhibition } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type ErrorBody, type Member, signUp } from "./profiles.test-helpers";

let t: TestApp;
let artist: Member;
let collector: Member;
let stranger: Member;
const ids: Record<string, string> = {};

const SECRETS = {
  shippingAddress: { line1: "1 Secret St", city: "Austin", state: "TX", postal_code: "78701" },
  stripeId: "cus_secret_123",
  payoutAccountId: "acct_secret_456",
  payoutStatus: "active" as const,
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  artist = await signUp(
    t,
    { firstName: "Ruth", lastName: "Adeyemi", occupation: "artist", instagramHandle: "@ruth" },
    { isArtist: true, birthYear: 1984, location: "Austin, TX", bio: "Paints rivers.", ...SECRETS },
  );
  collector = await signUp(t, { firstName: "Cora", lastName: "Lee" }, SECRETS);
  stranger = await signUp(t, { firstName: "Sam", lastName: "Stone" });
  const other = await createArtist(db, { displayName: "Otto Other" });
  const forSale = await createArtwork(db, { artistId: artist.id, title: "River Song" });
  const sold = await createArtwork(db, {
    artistId: artist.id,
    ownerId: collector.id,
    title: "Sold Piece",
    isForSale: false,
    createdAt: new Date("2020-01-01T00:00:00Z"),
  });
  await createArtwork(db, { artistId: artist.id, title: "Draft", status: "draft" });
  // Not for sale and still the artist's: offers only, so still one of their listings.
  await createArtwork(db, {
    artistId: artist.id,
    title: "Open to Offers",
    isForSale: false,
    createdAt: new Date("2021-01-01T00:00:00Z"),
  });
  const bought = await createArtwork(db, {
    artistId: other.id,
    ownerId: collector.id,
    title: "Bought Piece",
    isForSale: false,
  });
  const active = await createExhibition(db, { name: "Rivers", artworkIds: [forSale.id] });
  await createExhibition(db, { name: "Closed", isActive: false, artworkIds: [sold.id] });
  Object.assign(ids, { forSale: forSale.id, sold: sold.id, bought: bought.id, active: active.id });
});
afterAll(() => t.close());

const PUBLIC_KEYS = [
  "bio",
  "birthYear",
  "displayName",
  "exhibitions",
  "id",
  "initials",
  "instagramHandle",
  "isArtist",
  "location",
  "profilePhoto",
  "websiteURL",
];

describe("GET /api/users/:id", () => {
  it("shows the public profile with active exhibitions", async () => {
    const response = await t.client().get(`/api/users/${artist.id}`);
    expect(response.status).toBe(200);
    const body: Record<string, unknown> = expectContract(
      publicProfileSchema,
      await response.json(),
    );
    expect(Object.keys(body).sort()).toEqual(PUBLIC_KEYS);
    expect(body).toMatchObject({
      id: artist.id,
      displayName: "Ruth Adeyemi",
      initials: "RA",
      birthYear: 1984,
      location: "Austin, TX",
      bio: "Paints rivers.",
      instagramHandle: "ruth",
      websiteURL: null,
      isArtist: true,
      exhibitions: [expect.objectContaining({ id: ids.active, name: "Rivers" })],
    });
  });

  it.each([
    ["a signed-out visitor", () => t.client()],
    ["another signed-in user", () => stranger.client],
    ["the owner", () => collector.client],
  ])("never shows private fields to %s", async (_who, client) => {
    for (const member of [artist, collector]) {
      const response = await client().get(`/api/users/${member.id}`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(Object.keys(JSON.parse(text) as object).sort()).toEqual(PUBLIC_KEYS);
      for (const secret of [
        member.email,
        SECRETS.shippingAddress.line1,
        SECRETS.stripeId,
        SECRETS.payoutAccountId,
      ]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toMatch(/email|shipping|stripe|payout|role|pendingOccupation/i);
    }
  });

  it.each([randomUUID(), "not-a-uuid"])("answers 404 'User not found.' for %s", async (id) => {
    const response = await t.client().get(`/api/users/${id}`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.message).toBe(m.userNotFound);
  });
});

describe("GET /api/users/:id/artworks", () => {
  async function titles(id: string, tab?: string) {
    const query = tab === undefined ? "" : `?tab=${tab}`;
    const response = await t.client().get(`/api/users/${id}/artworks${query}`);
    expect(response.status).toBe(200);
    return expectContract(profileArtworksSchema, await response.json()).map((a) => a.title);
  }

  it("lists works for sale and offers only under listings, all non-draft works under all, newest first", async () => {
    expect(await titles(artist.id, "listings")).toEqual(["River Song", "Open to Offers"]);
    const all = ["River Song", "Open to Offers", "Sold Piece"];
    expect(await titles(artist.id, "all")).toEqual(all);
    expect(await titles(artist.id)).toEqual(all);
  });

  it("is empty for a user who is not an artist", async () => {
    expect(await titles(collector.id, "all")).toEqual([]);
  });

  it("refuses an unknown tab and an unknown user", async () => {
    const bad = await t.client().get(`/api/users/${artist.id}/artworks?tab=sold`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.message).toBe(m.invalidTab);
    const unknown = await t.client().get(`/api/users/${randomUUID()}/artworks`);
    expect(unknown.status).toBe(404);
  });
});

describe("GET /api/users/:id/collection", () => {
  it("lists to the owner the works they own and did not make, newest first", async () => {
    const response = await collector.client.get(`/api/users/${collector.id}/collection`);
    expect(response.status).toBe(200);
    const cards = expectContract(profileArtworksSchema, await response.json());
    expect(cards.map((c) => c.id)).toEqual([ids.bought, ids.sold]);
  });

  it("leaves out works the owner made", async () => {
    const response = await artist.client.get(`/api/users/${artist.id}/collection`);
    expect(await response.json()).toEqual([]);
  });

  it.each([
    ["a signed-out visitor", () => t.client()],
    ["another signed-in user", () => stranger.client],
  ])("is 404 'User not found.' to %s", async (_who, client) => {
    const response = await client().get(`/api/users/${collector.id}/collection`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.message).toBe(m.userNotFound);
  });
});
