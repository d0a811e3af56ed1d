import { eq, sql } from "drizzle-orm";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingMessages } from "../../../domain/listing";
import { queryRows } from "../../db/rows";
import { artworks, imageUploads } from "../../db/schema";
import { createCategory } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type ArtworkDetail, artworkDetailSchema } from "../../../contracts/artworks.contract";
import { expectContract } from "../../test/contract";
import { listMail } from "../mail/mail.api";
import { type ErrorBody, type Member, headersFor, signUp } from "../profiles/profiles.test-helpers";
import { inputMessages } from "../../../domain/text-input";
import { createListingAs, listingBody, send, uploadImage } from "./listings.test-helpers";
import { listingApiMessages } from "./listings.service";

let t: TestApp;
let artist: Member;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ TEAM_EMAIL: "review@vernissage.test" });
  artist = await signUp(t, { firstName: "Mary", lastName: "Cassatt" }, { isArtist: true });
  categoryId = (await createCategory(t.db, "oil_painting")).id;
});

afterAll(async () => {
  await t.close();
});

async function readArtwork(id: string) {
  const [row] = await t.db.select().from(artworks).where(eq(artworks.id, id));
  return row;
}

function fileOf(address: string): string {
  return path.join(t.config.mediaDir, address.slice("/media/".length));
}

async function errorOf(response: Response) {
  return ((await response.json()) as ErrorBody).error;
}

describe("POST /api/artworks", () => {
  it("lists a work for sale with its images in order, the first as the cover", async () => {
    const first = await uploadImage(t, artist, "#a33");
    const second = await uploadImage(t, artist, "#3a3");
    const response = await send(
      t,
      artist,
      "POST",
      "/api/artworks",
      listingBody(categoryId, [first.id, second.id]),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const created = expectContract(artworkDetailSchema, await response.json());
    expect(created).toMatchObject({
      title: "Harbour at Dusk",
      createdYear: 2023,
      isForSale: true,
      price: 120_000,
      status: "available",
      materials: "Oil on linen",
      width: 24,
      height: 36,
      depth: 0,
      zipCode: null,
      ownerId: artist.id,
      artist: { id: artist.id, displayName: "Mary Cassatt" },
      categories: [{ id: categoryId, name: "oil_painting" }],
      imageOriginal: first.original,
      imageMedium: first.medium,
      imageThumbnail: first.thumbnail,
    });
    expect(created.images).toEqual([
      {
        id: first.id,
        original: first.original,
        medium: first.medium,
        thumbnail: first.thumbnail,
        type: "artist_uploaded",
        contextId: null,
        width: 900,
        height: 600,
      },
      {
        id: second.id,
        original: second.original,
        medium: second.medium,
        thumbnail: second.thumbnail,
        type: "artist_uploaded",
        contextId: null,
        width: 900,
        height: 600,
      },
    ]);

    const row = await readArtwork(created.id);
    expect(row).toMatchObject({ randomOrder: 100, isCurated: false, artistId: artist.id });
    const uploads = await t.db
      .select()
      .from(imageUploads)
      .where(eq(imageUploads.artworkId, created.id));
    expect(uploads.map((u) => u.id).sort()).toEqual([first.id, second.id].sort());

    const page = await t.app.request(`/api/artworks/${created.id}`);
    expect(((await page.json()) as ArtworkDetail).images.map((i) => i.id)).toEqual([
      first.id,
      second.id,
    ]);
  });

  it("stores an offers-only work with its asking price kept, and the zip code only with pick-up", async () => {
    const image = await uploadImage(t, artist);
    const offers = await createListingAs(
      t,
      artist,
      listingBody(categoryId, [image.id], { isForSale: false, price: 50_000, zipCode: "10001" }),
    );
    expect(offers).toMatchObject({
      isForSale: false,
      price: 50_000,
      status: "not for sale",
      zipCode: null,
    });
    const noPrice = await createListingAs(
      t,
      artist,
      listingBody(categoryId, [(await uploadImage(t, artist)).id], {
        isForSale: false,
        price: null,
      }),
    );
    expect(noPrice).toMatchObject({ isForSale: false, price: null, status: "not for sale" });

    const pickUp = await createListingAs(
      t,
      artist,
      listingBody(categoryId, [(await uploadImage(t, artist)).id], {
        allowBuyerPickUp: true,
        zipCode: " 10001 ",
        depth: "3",
        width: "30",
      }),
    );
    expect(pickUp).toMatchObject({ allowBuyerPickUp: true, zipCode: "10001", depth: 3, width: 30 });
  });

  it("ignores every field the server owns", async () => {
    const other = await signUp(t, {}, { isArtist: true });
    const image = await uploadImage(t, artist);
    const created = await createListingAs(t, artist, {
      ...listingBody(categoryId, [image.id]),
      id: "00000000-0000-4000-8000-000000000001",
      artistId: other.id,
      ownerId: other.id,
      artist: { id: other.id },
      owner: other.id,
      status: "draft",
      isCurated: true,
      randomOrder: 1,
      createdAt: "2001-01-01T00:00:00.000Z",
      updatedAt: "2001-01-01T00:00:00.000Z",
      reservedUntil: "2999-01-01T00:00:00.000Z",
      imageOriginal: "https://evil.example/x.jpg",
    });
    const row = await readArtwork(created.id);
    expect(row).toMatchObject({
      artistId: artist.id,
      ownerId: artist.id,
      status: "available",
      isCurated: false,
      randomOrder: 100,
      reservedUntil: null,
      imageOriginal: image.original,
    });
    expect(row!.id).not.toBe("00000000-0000-4000-8000-000000000001");
    expect(row!.createdAt.getFullYear()).toBeGreaterThan(2001);
  });

  it("applies SPEC §5's rules in their order, with their exact messages", async () => {
    const image = await uploadImage(t, artist);
    const steps: [Record<string, unknown>, string][] = [
      [{ title: "   " }, listingMessages.title],
      [{ title: "Dusk", createdYear: "" }, listingMessages.createdYear],
      [{ createdYear: "2021", categoryIds: [] }, listingMessages.categories],
      [{ categoryIds: [categoryId], price: null }, listingMessages.price],
      [{ price: 0 }, listingMessages.price],
      [{ price: 12.5 }, listingMessages.price],
      [{ price: 5_000, materials: "" }, listingMessages.materials],
      [{ materials: "Ink", width: "1.5" }, listingMessages.width],
      [{ width: 0 }, listingMessages.width],
      [{ width: "12", height: "-1" }, listingMessages.height],
      [{ height: "abc" }, listingMessages.height],
      [{ height: 10, allowBuyerPickUp: true, zipCode: "" }, listingMessages.zipCode],
      [{ zipCode: "1234" }, listingMessages.zipCode],
      [{ zipCode: "12345", imageIds: [] }, listingMessages.image],
    ];
    // Everything empty first: the title is the first rule.
    const empty = await send(t, artist, "POST", "/api/artworks", {});
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toEqual({
      code: "VALIDATION_FAILED",
      message: listingMessages.title,
    });

    let body: Record<string, unknown> = listingBody(categoryId, [image.id]);
    for (const [change, message] of steps) {
      body = { ...body, ...change };
      const response = await send(t, artist, "POST", "/api/artworks", body);
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(await errorOf(response)).toEqual({ code: "VALIDATION_FAILED", message });
    }
    // With an image it passes: each rule above was the one that failed.
    expect(
      (await send(t, artist, "POST", "/api/artworks", { ...body, imageIds: [image.id] })).status,
    ).toBe(201);
  });

  it("refuses a depth that is not a whole number of 0 or more, and stores nothing", async () => {
    const image = await uploadImage(t, artist);
    for (const depth of [-1, 1.5, "abc", "-1", "1.5"]) {
      const response = await send(
        t,
        artist,
        "POST",
        "/api/artworks",
        listingBody(categoryId, [image.id], { title: `Depth ${String(depth)}`, depth }),
      );
      expect(response.status, String(depth)).toBe(400);
      expect(await errorOf(response)).toEqual({
        code: "VALIDATION_FAILED",
        message: listingMessages.depth,
      });
    }
    const stored = await queryRows<{ count: number }>(
      t.db,
      sql`SELECT count(*)::int AS count FROM artworks WHERE title LIKE 'Depth %'`,
    );
    expect(stored[0]?.count).toBe(0);
  });

  it("refuses unknown categories and images that are not the artist's own, unused uploads", async () => {
    const other = await signUp(t, {}, { isArtist: true });
    const theirs = await uploadImage(t, other);
    const mine = await uploadImage(t, artist);
    const cases: [Record<string, unknown>, string][] = [
      [
        { categoryIds: ["00000000-0000-4000-8000-000000000000"] },
        listingApiMessages.unknownCategory,
      ],
      [{ categoryIds: ["painting"] }, listingApiMessages.unknownCategory],
      [{ imageIds: [theirs.id] }, listingApiMessages.unknownImage],
      [{ imageIds: [mine.id, "not-an-id"] }, listingApiMessages.unknownImage],
    ];
    for (const [change, message] of cases) {
      const response = await send(
        t,
        artist,
        "POST",
        "/api/artworks",
        listingBody(categoryId, [mine.id], change),
      );
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toBe(message);
    }
    // An upload already used by one listing cannot be taken by another.
    await createListingAs(t, artist, listingBody(categoryId, [mine.id]));
    const again = await send(
      t,
      artist,
      "POST",
      "/api/artworks",
      listingBody(categoryId, [mine.id]),
    );
    expect((await errorOf(again)).message).toBe(listingApiMessages.unknownImage);
  });

  it("refuses more than 8 images", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) ids.push((await uploadImage(t, artist)).id);
    const response = await send(t, artist, "POST", "/api/artworks", listingBody(categoryId, ids));
    expect((await errorOf(response)).message).toBe(listingMessages.tooManyImages);
    const eight = await createListingAs(t, artist, listingBody(categoryId, ids.slice(0, 8)));
    expect(eight.images).toHaveLength(8);
  });

  it("sends the team an e-mail about the new listing (newArtworkUpload)", async () => {
    const image = await uploadImage(t, artist);
    const created = await createListingAs(
      t,
      artist,
      listingBody(categoryId, [image.id], { title: "Morning Tide", depth: 2 }),
    );
    const mail = (await listMail(t.db, "review@vernissage.test")).find((row) =>
      row.textBody.includes(created.id),
    );
    expect(mail).toBeDefined();
    expect(mail!.kind).toBe("new-artwork-upload");
    expect(mail!.subject).toBe("New listing: Morning Tide by Mary Cassatt");
    for (const line of [
      `http://localhost:3000/artwork/${created.id}`,
      `id: ${created.id}`,
      "title: Morning Tide",
      `artistId: ${artist.id}`,
      "artistName: Mary Cassatt",
      "price: $1,200 (120000 cents)",
      "createdYear: 2023",
      "categoryNames: Oil Painting",
      "isPublicArt: false",
      "isForSale: true",
      "materials: Oil on linen",
      "width: 24",
      "height: 36",
      "depth: 2",
      "size: 24 inches x 36 inches x 2 inches",
      "description: Evening light over the harbour.",
      "allowBuyerPickUp: false",
      "\nzipCode:\n",
      `imageOriginal: http://localhost:3000${image.original}`,
      "status: available",
    ]) {
      expect(mail!.textBody).toContain(line);
    }
  });
});

describe("PATCH /api/artworks/:id", () => {
  it("merges the changes over the stored listing, reorders images and removes dropped files", async () => {
    const a = await uploadImage(t, artist, "#a00");
    const b = await uploadImage(t, artist, "#0a0");
    const created = await createListingAs(t, artist, listingBody(categoryId, [a.id, b.id]));
    const before = await readArtwork(created.id);
    const c = await uploadImage(t, artist, "#00a");
    const second = await createCategory(t.db, "mixed_media");

    const response = await send(t, artist, "PATCH", `/api/artworks/${created.id}`, {
      title: "Harbour, Later",
      price: 99_900,
      categoryIds: [categoryId, second.id],
      imageIds: [c.id, b.id],
    });
    expect(response.status).toBe(200);
    const edited = expectContract(artworkDetailSchema, await response.json());
    expect(edited).toMatchObject({
      title: "Harbour, Later",
      price: 99_900,
      materials: "Oil on linen",
      width: 24,
      imageOriginal: c.original,
      imageThumbnail: c.thumbnail,
    });
    expect(edited.images.map((i) => i.id)).toEqual([c.id, b.id]);
    expect(edited.categories.map((x) => x.name)).toEqual(["mixed_media", "oil_painting"]);
    const after = await readArtwork(created.id);
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    // A is no longer used: its row and files are gone; B and C stay.
    expect(existsSync(fileOf(a.original))).toBe(false);
    expect(existsSync(fileOf(a.thumbnail))).toBe(false);
    expect(existsSync(fileOf(b.original))).toBe(true);
    const rows = await t.db.select().from(imageUploads).where(eq(imageUploads.id, a.id));
    expect(rows).toEqual([]);
  });

  it("writes the categories only when they change, so kept facet counts survive other edits", async () => {
    const image = await uploadImage(t, artist, "#aa0");
    const created = await createListingAs(t, artist, listingBody(categoryId, [image.id]));
    const version = async () => {
      const [row] = await queryRows<{ v: string }>(
        t.db,
        sql`select version::text as v from catalogue_version`,
      );
      return row!.v;
    };
    const before = await version();
    const same = await send(t, artist, "PATCH", `/api/artworks/${created.id}`, {
      title: "Harbour, Retitled",
      categoryIds: [categoryId],
    });
    expect(same.status).toBe(200);
    expect(await version()).toBe(before);

    const other = await createCategory(t.db, "etching");
    const changed = await send(t, artist, "PATCH", `/api/artworks/${created.id}`, {
      categoryIds: [other.id],
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as ArtworkDetail).categories.map((c) => c.name)).toEqual([
      "etching",
    ]);
    expect(await version()).not.toBe(before);
  });

  it("validates the merged listing with the SPEC's messages and changes nothing when refused", async () => {
    const created = await createListingAs(
      t,
      artist,
      listingBody(categoryId, [(await uploadImage(t, artist)).id]),
    );
    for (const [body, message] of [
      [{ title: "" }, listingMessages.title],
      [{ width: "2.5" }, listingMessages.width],
      [{ allowBuyerPickUp: true }, listingMessages.zipCode],
      [{ imageIds: [] }, listingMessages.image],
      [{ isForSale: true, price: null }, listingMessages.price],
      [{ depth: -1 }, listingMessages.depth],
      [{ depth: "abc" }, listingMessages.depth],
    ] as const) {
      const response = await send(t, artist, "PATCH", `/api/artworks/${created.id}`, body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toEqual({ code: "VALIDATION_FAILED", message });
    }
    const row = await readArtwork(created.id);
    expect(row).toMatchObject({ title: "Harbour at Dusk", width: 24, priceCents: 120_000 });
  });

  it("ignores server-owned fields on an edit", async () => {
    const other = await signUp(t, {}, { isArtist: true });
    const created = await createListingAs(
      t,
      artist,
      listingBody(categoryId, [(await uploadImage(t, artist)).id]),
    );
    const response = await send(t, artist, "PATCH", `/api/artworks/${created.id}`, {
      title: "Renamed",
      artistId: other.id,
      ownerId: other.id,
      status: "draft",
      isCurated: true,
      randomOrder: 0,
      createdAt: "2001-01-01T00:00:00.000Z",
    });
    expect(response.status).toBe(200);
    expect(await readArtwork(created.id)).toMatchObject({
      title: "Renamed",
      artistId: artist.id,
      ownerId: artist.id,
      status: "available",
      isCurated: false,
      randomOrder: 100,
    });
  });

  it("toggles For Sale alone, keeping the stored price, and needs a price to go on sale", async () => {
    const created = await createListingAs(
      t,
      artist,
      listingBody(categoryId, [(await uploadImage(t, artist)).id]),
    );
    const off = await send(t, artist, "PATCH", `/api/artworks/${created.id}`, { isForSale: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({
      isForSale: false,
      status: "not for sale",
      price: 120_000,
    });
    const on = await send(t, artist, "PATCH", `/api/artworks/${created.id}`, { isForSale: true });
    expect(await on.json()).toMatchObject({ isForSale: true, status: "available", price: 120_000 });

    const offers = await createListingAs(
      t,
      artist,
      listingBody(categoryId, [(await uploadImage(t, artist)).id], {
        isForSale: false,
        price: null,
      }),
    );
    const refused = await send(t, artist, "PATCH", `/api/artworks/${offers.id}`, {
      isForSale: true,
    });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toEqual({
      code: "VALIDATION_FAILED",
      message: listingMessages.price,
    });
    expect(await readArtwork(offers.id)).toMatchObject({
      isForSale: false,
      status: "not for sale",
    });
  });

  it("keeps the price through an edit of a work that is off sale, so it can go back on sale", async () => {
    const created = await createListingAs(
      t,
      artist,
      listingBody(categoryId, [(await uploadImage(t, artist)).id]),
    );
    const url = `/api/artworks/${created.id}`;
    expect((await send(t, artist, "PATCH", url, { isForSale: false })).status).toBe(200);
    // An edit while off sale that does not touch the price (the form's price field is hidden).
    const edited = await send(t, artist, "PATCH", url, { title: "Harbour, Revised" });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ isForSale: false, price: 120_000 });
    // A full edit to "offers only" keeps it too.
    const offers = await send(t, artist, "PATCH", url, { isForSale: false, price: 120_000 });
    expect(await offers.json()).toMatchObject({ isForSale: false, price: 120_000 });

    const on = await send(t, artist, "PATCH", url, { isForSale: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ isForSale: true, status: "available", price: 120_000 });
  });

  it("refuses changes while a checkout holds the work", async () => {
    const created = await createListingAs(
      t,
      artist,
      listingBody(categoryId, [(await uploadImage(t, artist)).id]),
    );
    await t.db
      .update(artworks)
      .set({ reservedUntil: new Date(Date.now() + 10 * 60_000) })
      .where(eq(artworks.id, created.id));
    for (const body of [{ isForSale: false }, { price: 1 }]) {
      const response = await send(t, artist, "PATCH", `/api/artworks/${created.id}`, body);
      expect(response.status).toBe(409);
      expect((await errorOf(response)).message).toBe(listingApiMessages.checkoutInProgress);
    }
    expect(await readArtwork(created.id)).toMatchObject({ isForSale: true, priceCents: 120_000 });
  });
});

describe("offers on a listing", () => {
  let seller: Member;
  let buyer: Member;
  let admin: Member;

  beforeAll(async () => {
    // Payouts active, so the works are listed and can take offers.
    seller = await signUp(
      t,
      { firstName: "Berthe", lastName: "Morisot" },
      { isArtist: true, payoutStatus: "active", payoutAccountId: "acct_offers" },
    );
    buyer = await signUp(t, { firstName: "Gustave", lastName: "Caillebotte" });
    admin = await signUp(t, {}, { role: "admin" });
  });

  async function view(member: Member | undefined, id: string) {
    const response = await t.app.request(`/api/artworks/${id}`, { headers: headersFor(member) });
    expect(response.status).toBe(200);
    const text = await response.text();
    return { text, detail: expectContract(artworkDetailSchema, JSON.parse(text)) };
  }

  async function sellerListing(overrides: Record<string, unknown>) {
    return createListingAs(
      t,
      seller,
      listingBody(categoryId, [(await uploadImage(t, seller)).id], overrides),
    );
  }

  it("stores Allow offers and the minimum, and gives the minimum to the artist alone", async () => {
    const created = await sellerListing({ acceptsOffers: true, offerMinimum: 80_000 });
    expect(created).toMatchObject({
      isForSale: true,
      offersOnly: false,
      acceptsOffers: true,
      allowOffers: true,
      offerMinimum: 80_000,
    });
    expect(await readArtwork(created.id)).toMatchObject({
      acceptsOffers: true,
      offerMinimumCents: 80_000,
    });
    expect((await view(seller, created.id)).detail.offerMinimum).toBe(80_000);
    // A buyer, a visitor and an admin on the artwork page: never the minimum.
    for (const member of [buyer, undefined, admin]) {
      const { text, detail } = await view(member, created.id);
      expect(detail).toMatchObject({ acceptsOffers: true, offerMinimum: null });
      expect(text).not.toContain("80000");
    }
  });

  it("defaults to no offers and no minimum for a work for sale", async () => {
    const created = await sellerListing({});
    expect(created).toMatchObject({
      acceptsOffers: false,
      allowOffers: false,
      offerMinimum: null,
      offersOnly: false,
    });
    expect(await readArtwork(created.id)).toMatchObject({
      acceptsOffers: false,
      offerMinimumCents: null,
    });
  });

  it("takes offers on an offers-only work whatever Allow offers says, while it is listed", async () => {
    const created = await sellerListing({ isForSale: false, price: null, offerMinimum: 30_000 });
    expect(created).toMatchObject({
      offersOnly: true,
      acceptsOffers: true,
      allowOffers: false,
      offerMinimum: 30_000,
    });
    expect((await view(buyer, created.id)).detail).toMatchObject({
      offersOnly: true,
      acceptsOffers: true,
      offerMinimum: null,
    });
    // An artist whose payouts are not set up is not listed: nobody can make an offer yet.
    const unlisted = await createListingAs(
      t,
      artist,
      listingBody(categoryId, [(await uploadImage(t, artist)).id], { isForSale: false }),
    );
    expect(unlisted).toMatchObject({ offersOnly: true, acceptsOffers: false });
  });

  it("changes Allow offers and the minimum by an edit, and reads them back", async () => {
    const created = await sellerListing({});
    const url = `/api/artworks/${created.id}`;
    const on = await send(t, seller, "PATCH", url, { acceptsOffers: true, offerMinimum: 100_000 });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ allowOffers: true, offerMinimum: 100_000 });
    const cleared = await send(t, seller, "PATCH", url, { offerMinimum: null });
    expect(await cleared.json()).toMatchObject({ allowOffers: true, offerMinimum: null });
    const off = await send(t, seller, "PATCH", url, { acceptsOffers: false });
    expect(await off.json()).toMatchObject({ allowOffers: false, acceptsOffers: false });
    expect(await readArtwork(created.id)).toMatchObject({
      acceptsOffers: false,
      offerMinimumCents: null,
    });
  });

  it("refuses a bad minimum with its message and changes nothing", async () => {
    const created = await sellerListing({ acceptsOffers: true, offerMinimum: 50_000 });
    const url = `/api/artworks/${created.id}`;
    for (const [offerMinimum, message] of [
      [-100, listingMessages.offerMinimum],
      [0, listingMessages.offerMinimum],
      [50_050, listingMessages.offerMinimum],
      [500.5, listingMessages.offerMinimum],
      [120_000, listingMessages.offerMinimumNotBelowPrice],
      [200_000, listingMessages.offerMinimumNotBelowPrice],
      [90_000_100, listingMessages.offerMinimumTooHigh],
    ] as const) {
      const response = await send(t, seller, "PATCH", url, { offerMinimum });
      expect(response.status, String(offerMinimum)).toBe(400);
      expect(await errorOf(response)).toEqual({ code: "VALIDATION_FAILED", message });
    }
    // Shapes the schema refuses: NUL, text, a number too large to be one (JSON's 1e999).
    const raw = async (body: string) =>
      t.app.request(url, {
        method: "PATCH",
        headers: headersFor(seller, { "content-type": "application/json" }),
        body,
      });
    const nul = await raw(JSON.stringify({ offerMinimum: "\u0000" }));
    expect(await errorOf(nul)).toEqual({
      code: "VALIDATION_FAILED",
      message: inputMessages.nulCharacter,
    });
    for (const body of [
      '{"offerMinimum": "500"}',
      '{"offerMinimum": 1e999}',
      '{"acceptsOffers": "yes"}',
    ]) {
      const response = await raw(body);
      expect(response.status, body).toBe(400);
      expect((await errorOf(response)).code, body).toBe("VALIDATION_FAILED");
    }
    expect(await readArtwork(created.id)).toMatchObject({
      acceptsOffers: true,
      offerMinimumCents: 50_000,
      priceCents: 120_000,
    });
    // A new listing with a bad minimum is not created at all.
    const before = await t.db.select({ id: artworks.id }).from(artworks);
    const refused = await send(
      t,
      seller,
      "POST",
      "/api/artworks",
      listingBody(categoryId, [(await uploadImage(t, seller)).id], {
        acceptsOffers: true,
        offerMinimum: -5_000,
      }),
    );
    expect(await errorOf(refused)).toEqual({
      code: "VALIDATION_FAILED",
      message: listingMessages.offerMinimum,
    });
    expect(await t.db.select({ id: artworks.id }).from(artworks)).toHaveLength(before.length);
  });

  it("puts a work back on sale only while its kept minimum is below the price", async () => {
    const created = await sellerListing({
      isForSale: false,
      price: 120_000,
      acceptsOffers: true,
      offerMinimum: 150_000,
    });
    const url = `/api/artworks/${created.id}`;
    const refused = await send(t, seller, "PATCH", url, { isForSale: true });
    expect(await errorOf(refused)).toEqual({
      code: "VALIDATION_FAILED",
      message: listingMessages.offerMinimumNotBelowPrice,
    });
    expect(await readArtwork(created.id)).toMatchObject({
      isForSale: false,
      status: "not for sale",
    });
    // Without offers on the sale, the kept minimum does not matter; it stays for later.
    expect((await send(t, seller, "PATCH", url, { acceptsOffers: false })).status).toBe(200);
    const on = await send(t, seller, "PATCH", url, { isForSale: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({
      isForSale: true,
      acceptsOffers: false,
      offerMinimum: 150_000,
    });
  });
});
