import { eq, inArray, sql } from "drizzle-orm";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageUploads } from "../../db/schema";
import { createCategory } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { createListingAs, listingBody, send, uploadImage } from "../listings/listings.test-helpers";
import { type Member, signUp } from "../profiles/profiles.test-helpers";
import type { UploadedImage } from "../../../contracts/uploads.contract";
import { sweepUnusedUploads } from "./uploads.sweeper";

let t: TestApp;
let artist: Member;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  artist = await signUp(t, {}, { isArtist: true });
  categoryId = (await createCategory(t.db, "oil_painting")).id;
});

afterAll(async () => {
  await t.close();
});

/** The three files of an upload in local storage, under the test app's data folder. */
function filesOf(upload: UploadedImage): string[] {
  return [upload.original, upload.medium, upload.thumbnail].map((address) => {
    expect(address.startsWith("/media/")).toBe(true);
    return path.join(t.config.mediaDir, address.slice("/media/".length));
  });
}

function expectStored(upload: UploadedImage) {
  for (const file of filesOf(upload)) expect(existsSync(file), file).toBe(true);
}

function expectNoFiles(upload: UploadedImage) {
  for (const file of filesOf(upload)) expect(existsSync(file), file).toBe(false);
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(imageUploads).where(eq(imageUploads.id, id));
  return row;
}

/** Moves an upload's creation time into the past, by the database's clock. */
async function age(ids: string[], hours: number) {
  await t.db
    .update(imageUploads)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours}::int)` })
    .where(inArray(imageUploads.id, ids));
}

describe("the unused-upload sweeper", () => {
  it("deletes the row and all three files of an unused upload older than a day", async () => {
    const old = await uploadImage(t, artist, "#a00");
    const fresh = await uploadImage(t, artist, "#0a0");
    const almostADay = await uploadImage(t, artist, "#00a");
    await age([old.id], 25);
    await age([almostADay.id], 23);
    expectStored(old);

    expect(await t.services.uploads.sweeper.run()).toEqual({ deleted: 1 });

    expect(await rowOf(old.id)).toBeUndefined();
    expectNoFiles(old);
    for (const kept of [fresh, almostADay]) {
      expect(await rowOf(kept.id)).toMatchObject({ artworkId: null });
      expectStored(kept);
    }
  });

  it("keeps an upload a listing uses, however old, and one an artwork image still shows", async () => {
    const used = await uploadImage(t, artist, "#a0a");
    const shown = await uploadImage(t, artist, "#0aa");
    const work = await createListingAs(t, artist, listingBody(categoryId, [used.id, shown.id]));
    await age([used.id, shown.id], 24 * 365 * 10);
    // An upload that lost its artwork link while an image still shows it is kept too.
    await t.db.update(imageUploads).set({ artworkId: null }).where(eq(imageUploads.id, shown.id));

    expect(await t.services.uploads.sweeper.run()).toEqual({ deleted: 0 });

    expect(await rowOf(used.id)).toMatchObject({ artworkId: work.id });
    expect(await rowOf(shown.id)).toMatchObject({ artworkId: null });
    expectStored(used);
    expectStored(shown);
    const page = await t.app.request(`/api/artworks/${work.id}`);
    expect(page.status).toBe(200);
  });

  it("lets an edit delete the image it drops at once, and a delete the rest", async () => {
    const dropped = await uploadImage(t, artist, "#aa0");
    const kept = await uploadImage(t, artist, "#555");
    const work = await createListingAs(t, artist, listingBody(categoryId, [dropped.id, kept.id]));

    const edit = await send(t, artist, "PATCH", `/api/artworks/${work.id}`, {
      imageIds: [kept.id],
    });
    expect(edit.status).toBe(200);
    expect(await rowOf(dropped.id)).toBeUndefined();
    expectNoFiles(dropped);
    expect(await rowOf(kept.id)).toMatchObject({ artworkId: work.id });
    expectStored(kept);

    const removal = await send(t, artist, "DELETE", `/api/artworks/${work.id}`);
    expect(removal.status).toBe(200);
    expect(await rowOf(kept.id)).toBeUndefined();
    expectNoFiles(kept);
  });

  it("deletes each upload once when several sweeps run at the same time", async () => {
    const uploads: UploadedImage[] = [];
    for (let i = 0; i < 7; i++) uploads.push(await uploadImage(t, artist, `#${i}${i}${i}`));
    const fresh = await uploadImage(t, artist, "#fff");
    await age(
      uploads.map((u) => u.id),
      48,
    );
    const deps = { db: t.db, storage: t.services.storage, logger: t.services.logger };

    // The process's own sweeper and two more, as other app servers would run them.
    const reports = await Promise.all([
      t.services.uploads.sweeper.run(),
      sweepUnusedUploads(deps, { batchSize: 2 }),
      sweepUnusedUploads(deps, { batchSize: 3 }),
    ]);

    expect(reports.reduce((sum, report) => sum + report.deleted, 0)).toBe(uploads.length);
    const left = await t.db
      .select({ id: imageUploads.id })
      .from(imageUploads)
      .where(
        inArray(
          imageUploads.id,
          uploads.map((u) => u.id),
        ),
      );
    expect(left).toEqual([]);
    for (const upload of uploads) expectNoFiles(upload);
    expectStored(fresh);
    expect(await t.services.uploads.sweeper.run()).toEqual({ deleted: 0 });
  });
});
