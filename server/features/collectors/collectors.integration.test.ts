import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  followAnswerSchema,
  followingSchema,
  savedAnswerSchema,
  savedWorksSchema,
} from "../../../contracts/collectors.contract";
import { follows, savedWorks } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtist, createArtwork, createUser } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";

let t: TestApp;
let collector: Member;
let other: Member;
let artist: Awaited<ReturnType<typeof createArtist>>;

beforeAll(async () => {
  t = await createTestApp();
  collector = await signUp(t, { firstName: "Cora", lastName: "Lee" });
  other = await signUp(t, { firstName: "Olga", lastName: "Other" });
  artist = await createArtist(t.db, { displayName: "Ines Moreau" });
});
afterAll(() => t.close());

describe("saving a work", () => {
  it("is idempotent: PUT twice keeps one row, DELETE twice leaves none", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    for (let i = 0; i < 2; i += 1) {
      const put = await send(t, collector, "PUT", `/api/me/saved/${work.id}`);
      expect(put.status).toBe(200);
      expect(expectContract(savedAnswerSchema, await put.json())).toEqual({ saved: true });
    }
    const rows = await t.db.select().from(savedWorks).where(eq(savedWorks.artworkId, work.id));
    expect(rows).toHaveLength(1);
    const list = expectContract(
      savedWorksSchema,
      await (await send(t, collector, "GET", "/api/me/saved")).json(),
    );
    expect(list.saved.map((s) => s.artworkId)).toEqual([work.id]);
    for (let i = 0; i < 2; i += 1) {
      const del = await send(t, collector, "DELETE", `/api/me/saved/${work.id}`);
      expect(expectContract(savedAnswerSchema, await del.json())).toEqual({ saved: false });
    }
    expect(await t.db.select().from(savedWorks).where(eq(savedWorks.artworkId, work.id))).toEqual(
      [],
    );
  });

  it("refuses a work the marketplace does not show, and a malformed id, changing nothing", async () => {
    const draft = await createArtwork(t.db, { artistId: artist.id, status: "draft" });
    const hidden = await createArtwork(t.db, { artistId: artist.id, hiddenAt: new Date() });
    for (const id of [draft.id, hidden.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const response = await send(t, collector, "PUT", `/api/me/saved/${id}`);
      expect(response.status, id).toBe(404);
    }
    const rows = await t.db.select().from(savedWorks);
    expect(rows.filter((row) => row.artworkId === draft.id || row.artworkId === hidden.id)).toEqual(
      [],
    );
  });
});

describe("following an artist", () => {
  it("is idempotent and answers the follower count", async () => {
    const answers = [];
    for (let i = 0; i < 2; i += 1) {
      const put = await send(t, collector, "PUT", `/api/me/following/${artist.id}`);
      answers.push(expectContract(followAnswerSchema, await put.json()));
    }
    expect(answers).toEqual([
      { following: true, followers: 1 },
      { following: true, followers: 1 },
    ]);
    const list = expectContract(
      followingSchema,
      await (await send(t, collector, "GET", "/api/me/following")).json(),
    );
    expect(list.following).toMatchObject([{ artistId: artist.id, displayName: "Ines Moreau" }]);
    const del = await send(t, collector, "DELETE", `/api/me/following/${artist.id}`);
    expect(expectContract(followAnswerSchema, await del.json())).toEqual({
      following: false,
      followers: 0,
    });
    const again = await send(t, collector, "DELETE", `/api/me/following/${artist.id}`);
    expect(again.status).toBe(200);
  });

  it("refuses following oneself, a person who is not a listed artist, and bad ids", async () => {
    const notArtist = await createUser(t.db);
    const unlisted = await createArtist(t.db, { payoutStatus: "pending" });
    expect((await send(t, collector, "PUT", `/api/me/following/${collector.id}`)).status).toBe(400);
    for (const id of [notArtist.id, unlisted.id, "x"]) {
      expect((await send(t, collector, "PUT", `/api/me/following/${id}`)).status, id).toBe(404);
    }
    const rows = await t.db.select().from(follows).where(eq(follows.followerId, collector.id));
    expect(rows).toEqual([]);
  });
});

describe("privacy", () => {
  it("each person reads and changes only their own lists; signed out gets 401", async () => {
    const work = await createArtwork(t.db, { artistId: artist.id });
    await send(t, collector, "PUT", `/api/me/saved/${work.id}`);
    await send(t, collector, "PUT", `/api/me/following/${artist.id}`);
    const theirs = expectContract(
      savedWorksSchema,
      await (await send(t, other, "GET", "/api/me/saved")).json(),
    );
    expect(theirs.saved).toEqual([]);
    expect(
      expectContract(
        followingSchema,
        await (await send(t, other, "GET", "/api/me/following")).json(),
      ).following,
    ).toEqual([]);
    // Another person's DELETE removes only their own (absent) row.
    await send(t, other, "DELETE", `/api/me/saved/${work.id}`);
    const kept = await t.db.select().from(savedWorks).where(eq(savedWorks.userId, collector.id));
    expect(kept.map((row) => row.artworkId)).toContain(work.id);
    for (const [method, path] of [
      ["GET", "/api/me/saved"],
      ["PUT", `/api/me/saved/${work.id}`],
      ["DELETE", `/api/me/saved/${work.id}`],
      ["GET", "/api/me/following"],
      ["PUT", `/api/me/following/${artist.id}`],
      ["DELETE", `/api/me/following/${artist.id}`],
    ] as const) {
      expect((await send(t, undefined, method, path)).status, `${method} ${path}`).toBe(401);
    }
  });
});
