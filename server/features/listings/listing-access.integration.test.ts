import { eq } from "drizzle-orm";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ArtworkDetail, listingDeletedSchema } from "../../../contracts/artworks.contract";
import { inputMessages } from "../../../domain/text-input";
import { expectContract } from "../../test/contract";
import { artworks, imageUploads, offers, orders } from "../../db/schema";
import {
  createArtwork,
  createCategory,
  createOrder,
  createPayment,
  createUser,
} from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type ErrorBody, type Member, signUp } from "../profiles/profiles.test-helpers";
import { solidJpeg } from "../../test/images";
import { postImage } from "../uploads/uploads.test-helpers";
import { createListingAs, listingBody, send, uploadImage } from "./listings.test-helpers";
import { listingApiMessages as m } from "./listings.service";

let t: TestApp;
let owner: Member;
let otherArtist: Member;
let collector: Member;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, {}, { isArtist: true });
  otherArtist = await signUp(t, {}, { isArtist: true });
  collector = await signUp(t);
  categoryId = (await createCategory(t.db)).id;
});

afterAll(async () => {
  await t.close();
});

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function readArtwork(id: string) {
  const [row] = await t.db.select().from(artworks).where(eq(artworks.id, id));
  return row;
}

async function listing(): Promise<ArtworkDetail> {
  return createListingAs(t, owner, listingBody(categoryId, [(await uploadImage(t, owner)).id]));
}

function fileOf(address: string): string {
  return path.join(t.config.mediaDir, address.slice("/media/".length));
}

async function expectError(response: Response, status: number, code: string, message?: string) {
  expect(response.status).toBe(status);
  const { error } = (await response.json()) as ErrorBody;
  expect(error.code).toBe(code);
  if (message) expect(error.message).toBe(message);
}

describe("who may create, edit, toggle, delete and upload", () => {
  it("creating and uploading: 401 signed out, 403 for a collector and an applicant", async () => {
    const image = await uploadImage(t, owner);
    const body = listingBody(categoryId, [image.id]);
    const applicant = await signUp(t, { occupation: "artist", websiteURL: "https://a.example" });
    await expectError(
      await send(t, undefined, "POST", "/api/artworks", body),
      401,
      "UNAUTHENTICATED",
      m.signInRequired,
    );
    // Even a body that breaks every rule gets the access answer first.
    await expectError(
      await send(t, undefined, "POST", "/api/artworks", {}),
      401,
      "UNAUTHENTICATED",
    );
    for (const member of [collector, applicant]) {
      await expectError(
        await send(t, member, "POST", "/api/artworks", body),
        403,
        "FORBIDDEN",
        m.artistsOnly,
      );
      await expectError(
        await send(t, member, "POST", "/api/artworks", "nonsense"),
        403,
        "FORBIDDEN",
      );
      expect((await postImage(t, member, await solidJpeg())).status).toBe(403);
    }
    expect((await postImage(t, undefined, await solidJpeg())).status).toBe(401);
    const [upload] = await t.db.select().from(imageUploads).where(eq(imageUploads.id, image.id));
    expect(upload!.artworkId).toBeNull();
  });

  it("refuses a NUL character before judging the artist's rights (docs/api.md)", async () => {
    const work = await listing();
    const nul = { title: "Harbour\u0000" };
    for (const [member, method, url] of [
      [collector, "POST", "/api/artworks"],
      [undefined, "POST", "/api/artworks"],
      [otherArtist, "PATCH", `/api/artworks/${work.id}`],
    ] as const) {
      await expectError(
        await send(t, member, method, url, nul),
        400,
        "VALIDATION_FAILED",
        inputMessages.nulCharacter,
      );
    }
  });

  it("editing, toggling and deleting: 401 signed out, 403 for anyone but the owner-artist, 404 unknown", async () => {
    const work = await listing();
    const url = `/api/artworks/${work.id}`;
    const attempts: ["PATCH" | "DELETE", unknown][] = [
      ["PATCH", { title: "Taken over" }],
      ["PATCH", { isForSale: false }],
      ["DELETE", undefined],
    ];
    for (const [method, body] of attempts) {
      await expectError(
        await send(t, undefined, method, url, body),
        401,
        "UNAUTHENTICATED",
        m.signInRequired,
      );
      await expectError(await send(t, collector, method, url, body), 403, "FORBIDDEN", m.notYours);
      await expectError(
        await send(t, otherArtist, method, url, body),
        403,
        "FORBIDDEN",
        m.notYours,
      );
      // Ownership wins over a broken body.
      if (method === "PATCH") {
        await expectError(await send(t, otherArtist, method, url, { title: 5 }), 403, "FORBIDDEN");
      }
      await expectError(
        await send(t, owner, method, `/api/artworks/${UNKNOWN}`, body),
        404,
        "NOT_FOUND",
        m.notFound,
      );
      await expectError(
        await send(t, owner, method, "/api/artworks/not-an-id", body),
        404,
        "NOT_FOUND",
      );
      await expectError(
        await send(t, undefined, method, `/api/artworks/${UNKNOWN}`, body),
        401,
        "UNAUTHENTICATED",
      );
    }
    expect(await readArtwork(work.id)).toMatchObject({ title: "Harbour at Dusk", isForSale: true });
  });

  it("a collector who owns a work (bought it) cannot edit it, nor can its artist any more", async () => {
    const buyer = await signUp(t);
    const work = await listing();
    await t.db
      .update(artworks)
      .set({ ownerId: buyer.id, isForSale: false, status: "not for sale" })
      .where(eq(artworks.id, work.id));
    for (const member of [buyer, owner]) {
      await expectError(
        await send(t, member, "PATCH", `/api/artworks/${work.id}`, { isForSale: true }),
        403,
        "FORBIDDEN",
      );
      await expectError(
        await send(t, member, "DELETE", `/api/artworks/${work.id}`),
        403,
        "FORBIDDEN",
      );
    }
  });
});

describe("DELETE /api/artworks/:id", () => {
  it("deletes the listing and then its image files and uploads", async () => {
    const a = await uploadImage(t, owner);
    const b = await uploadImage(t, owner);
    const work = await createListingAs(t, owner, listingBody(categoryId, [a.id, b.id]));
    const response = await send(t, owner, "DELETE", `/api/artworks/${work.id}`);
    expect(response.status).toBe(200);
    expect(expectContract(listingDeletedSchema, await response.json())).toEqual({ deleted: true });
    expect(await readArtwork(work.id)).toBeUndefined();
    expect((await t.app.request(`/api/artworks/${work.id}`)).status).toBe(404);
    for (const image of [a, b]) {
      for (const address of [image.original, image.medium, image.thumbnail]) {
        expect(existsSync(fileOf(address)), address).toBe(false);
      }
    }
    const uploads = await t.db.select().from(imageUploads).where(eq(imageUploads.id, a.id));
    expect(uploads).toEqual([]);
    // Once gone, it is not found.
    await expectError(await send(t, owner, "DELETE", `/api/artworks/${work.id}`), 404, "NOT_FOUND");
  });

  it("refuses to delete a sold work and keeps the buyer's order intact", async () => {
    const work = await listing();
    const buyer = await createUser(t.db);
    const order = await createOrder(t.db, { artworkId: work.id, purchaserId: buyer.id });
    const response = await send(t, owner, "DELETE", `/api/artworks/${work.id}`);
    await expectError(response, 409, "CONFLICT", m.sold);
    expect(await readArtwork(work.id)).toBeDefined();
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ artworkId: work.id, purchaserId: buyer.id });
    expect(existsSync(fileOf(work.imageOriginal!))).toBe(true);
  });

  it("refuses while a checkout holds the work, or when payments refer to it", async () => {
    const held = await listing();
    await t.db
      .update(artworks)
      .set({ reservedUntil: new Date(Date.now() + 15 * 60_000) })
      .where(eq(artworks.id, held.id));
    await expectError(
      await send(t, owner, "DELETE", `/api/artworks/${held.id}`),
      409,
      "CONFLICT",
      m.checkoutInProgress,
    );

    const paying = await listing();
    await createPayment(t.db, { artworkId: paying.id, status: "authorized" });
    await expectError(
      await send(t, owner, "DELETE", `/api/artworks/${paying.id}`),
      409,
      "CONFLICT",
      m.checkoutInProgress,
    );

    const declined = await listing();
    await createPayment(t.db, { artworkId: declined.id, status: "declined" });
    await expectError(
      await send(t, owner, "DELETE", `/api/artworks/${declined.id}`),
      409,
      "CONFLICT",
      m.hasPayments,
    );

    for (const work of [held, paying, declined]) expect(await readArtwork(work.id)).toBeDefined();
  });

  it("refuses when offers refer to the work, whatever became of them", async () => {
    const buyer = await createUser(t.db);
    for (const status of ["open", "declined"] as const) {
      const work = await listing();
      const now = new Date();
      await t.db.insert(offers).values({
        artworkId: work.id,
        artistId: owner.id,
        buyerId: buyer.id,
        buyerEmail: buyer.email,
        status,
        amountCents: 50_000,
        shippingAddress: { line1: "1 Main St", city: "Austin", state: "TX", postal_code: "78701" },
        expiresAt: new Date(now.getTime() + 3_600_000),
        lastMoveAt: now,
      });
      await expectError(
        await send(t, owner, "DELETE", `/api/artworks/${work.id}`),
        409,
        "CONFLICT",
        m.hasOffers,
      );
      expect(await readArtwork(work.id), status).toBeDefined();
      expect(existsSync(fileOf(work.imageOriginal!))).toBe(true);
    }
  });

  it("deletes a work made without uploads (demo data) and leaves files it did not make", async () => {
    const work = await createArtwork(t.db, {
      artistId: owner.id,
      categoryIds: [categoryId],
    });
    const response = await send(t, owner, "DELETE", `/api/artworks/${work.id}`);
    expect(response.status).toBe(200);
    expect(await readArtwork(work.id)).toBeUndefined();
    // Its images were not uploads: the delete did not touch /media/test/… (nothing to remove).
    expect(work.imageOriginal).toMatch(/^\/media\/test\//);
  });
});
