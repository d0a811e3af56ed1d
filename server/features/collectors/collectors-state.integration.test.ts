import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_SAVED_IDS,
  followingSchema,
  savedIdsMessages,
  savedIdsSchema,
} from "../../../contracts/collectors.contract";
import { artworkDetailSchema } from "../../../contracts/artworks.contract";
import { artworks } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";

/**
 * What the pages need to draw hearts, Follow buttons and counts: which shown
 * works the viewer saved, the follower count, and save counts for the artist only.
 */

let t: TestApp;
let collector: Member;
let other: Member;
let artist: Member;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp();
  collector = await signUp(t, { firstName: "Cora", lastName: "Lee" });
  other = await signUp(t, { firstName: "Olga", lastName: "Other" });
  artist = await signUp(
    t,
    { firstName: "Ines", lastName: "Moreau" },
    { isArtist: true, payoutStatus: "active", displayName: "Ines Moreau" },
  );
  admin = await signUp(t, {}, { role: "admin" });
});
afterAll(() => t.close());

const idsPath = (ids: string[]) => `/api/me/saved/ids?artworkIds=${ids.join(",")}`;

describe("savedAmong and GET /api/me/saved/ids", () => {
  it("answers only the asked works the session saved, never another person's", async () => {
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(() => createArtwork(t.db, { artistId: artist.id })),
    );
    await send(t, collector, "PUT", `/api/me/saved/${a!.id}`);
    await send(t, collector, "PUT", `/api/me/saved/${c!.id}`);
    await send(t, other, "PUT", `/api/me/saved/${b!.id}`);

    const ask = [a!.id, b!.id, c!.id];
    expect((await t.services.collectors.savedAmong(collector.id, ask)).sort()).toEqual(
      [a!.id, c!.id].sort(),
    );
    const mine = expectContract(
      savedIdsSchema,
      await (await send(t, collector, "GET", idsPath(ask.map((id) => id.toUpperCase())))).json(),
    );
    expect(mine.saved.sort()).toEqual([a!.id, c!.id].sort());
    const theirs = expectContract(
      savedIdsSchema,
      await (await send(t, other, "GET", idsPath(ask))).json(),
    );
    expect(theirs.saved).toEqual([b!.id]);
    // Not asked, not told: a page learns nothing about works it does not show.
    const onlyB: unknown = await (await send(t, collector, "GET", idsPath([b!.id]))).json();
    expect(onlyB).toEqual({ saved: [] });
    const none = await send(t, collector, "GET", "/api/me/saved/ids");
    expect(await none.json()).toEqual({ saved: [] });
  });

  it("refuses a signed-out visitor, too many ids, and malformed ids with a clear message", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    expect((await send(t, undefined, "GET", idsPath([work.id]))).status).toBe(401);

    const tooMany = Array.from({ length: MAX_SAVED_IDS + 1 }, () => crypto.randomUUID());
    const many = await send(t, collector, "GET", idsPath(tooMany));
    expect(many.status).toBe(400);
    expect(((await many.json()) as { error: { message: string } }).error.message).toBe(
      savedIdsMessages.tooMany,
    );
    const exactly = await send(t, collector, "GET", idsPath(tooMany.slice(1)));
    expect(exactly.status).toBe(200);

    for (const bad of ["not-a-uuid", `${work.id},x`, `${work.id}%00`, "x".repeat(10_000)]) {
      const response = await send(t, collector, "GET", `/api/me/saved/ids?artworkIds=${bad}`);
      expect(response.status, bad.slice(0, 40)).toBe(400);
    }
    // The service ignores what is not an id, rather than failing the page.
    expect(await t.services.collectors.savedAmong(collector.id, ["x", ""])).toEqual([]);
  });
});

describe("save counts", () => {
  it("go to the work's artist only, on the artwork and on their own profile cards", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    const unsaved = await createArtwork(t.db, { artistId: artist.id });
    await send(t, collector, "PUT", `/api/me/saved/${work.id}`);
    await send(t, other, "PUT", `/api/me/saved/${work.id}`);

    const forArtist = expectContract(
      artworkDetailSchema,
      await (await send(t, artist, "GET", `/api/artworks/${work.id}`)).json(),
    );
    expect(forArtist.savedCount).toBe(2);
    const zero: unknown = await (
      await send(t, artist, "GET", `/api/artworks/${unsaved.id}`)
    ).json();
    expect((zero as { savedCount?: number }).savedCount).toBe(0);
    for (const viewer of [undefined, collector, other, admin]) {
      const body = (await (await send(t, viewer, "GET", `/api/artworks/${work.id}`)).json()) as {
        savedCount?: number;
      };
      expect("savedCount" in body, viewer?.email ?? "visitor").toBe(false);
    }

    for (const tab of ["listings", "all"]) {
      const own = (await (
        await send(t, artist, "GET", `/api/users/${artist.id}/artworks?tab=${tab}`)
      ).json()) as { id: string; savedCount?: number }[];
      expect(own.find((card) => card.id === work.id)?.savedCount, tab).toBe(2);
      expect(own.find((card) => card.id === unsaved.id)?.savedCount, tab).toBe(0);
      for (const viewer of [undefined, collector, admin]) {
        const cards = (await (
          await send(t, viewer, "GET", `/api/users/${artist.id}/artworks?tab=${tab}`)
        ).json()) as object[];
        expect(cards.length).toBeGreaterThan(0);
        expect(
          cards.every((card) => !("savedCount" in card)),
          tab,
        ).toBe(true);
      }
    }
  });
});

describe("follow state and the Saved tab", () => {
  it("counts followers and tells each viewer only whether they follow", async () => {
    const lone = await createArtist(t.db, { displayName: "Lone Painter" });
    expect(await t.services.collectors.followState(lone.id, collector.id)).toEqual({
      followers: 0,
      following: false,
    });
    await send(t, collector, "PUT", `/api/me/following/${lone.id}`);
    await send(t, other, "PUT", `/api/me/following/${lone.id}`);
    expect(await t.services.collectors.followState(lone.id, collector.id)).toEqual({
      followers: 2,
      following: true,
    });
    await send(t, other, "DELETE", `/api/me/following/${lone.id}`);
    expect(await t.services.collectors.followState(lone.id, other.id)).toEqual({
      followers: 1,
      following: false,
    });
    expect(await t.services.collectors.followState(lone.id, null)).toEqual({
      followers: 1,
      following: false,
    });
    expect(await t.services.collectors.followState("bad id", collector.id)).toEqual({
      followers: 0,
      following: false,
    });
    const list = expectContract(
      followingSchema,
      await (await send(t, collector, "GET", "/api/me/following")).json(),
    );
    expect(list.following.find((f) => f.artistId === lone.id)).toMatchObject({
      displayName: "Lone Painter",
      photoUrl: null,
    });
  });

  it("lists the person's own saved works as cards, newest saved first, without hidden ones", async () => {
    const reader = await signUp(t);
    const first = await createArtwork(t.db, { artistId: artist.id, title: "First" });
    const second = await createArtwork(t.db, { artistId: artist.id, title: "Second" });
    const hiddenLater = await createArtwork(t.db, { artistId: artist.id, title: "Hidden" });
    for (const work of [first, second, hiddenLater]) {
      await send(t, reader, "PUT", `/api/me/saved/${work.id}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await t.db
      .update(artworks)
      .set({ hiddenAt: new Date() })
      .where(eq(artworks.id, hiddenLater.id));
    const cards = await t.services.collectors.savedArtworks(reader.id);
    expect(cards.map((card) => card.title)).toEqual(["Second", "First"]);
    expect(await t.services.collectors.savedArtworks(other.id)).not.toContainEqual(
      expect.objectContaining({ id: first.id }),
    );
  });
});
