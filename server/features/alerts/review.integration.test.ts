import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { send, signUp } from "../profiles/profiles.test-helpers";
import { alertAt, digestsTo, minutesAfter, windowFrom } from "./digest.test-helpers";
import { unsubscribeToken } from "./unsubscribe-token";

/** Review of issue 16: gaps found by reading the change; each test states what the issue asks. */

let t: TestApp;
const clock = testClock(new Date());
beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(() => t.close());

describe("review: newly listed", () => {
  it("a work uploaded before the artist's payouts were active is mailed once the work enters the marketplace", async () => {
    const person = await signUp(t);
    const artist = await createArtist(t.db, { payoutStatus: "pending" });
    await alertAt(t, clock, person, { name: "Gulls", q: "gull" });
    // Uploaded while the artist's payouts are pending: not listed yet.
    await createArtwork(t.db, {
      title: "Gull",
      artistId: artist.id,
      createdAt: minutesAfter(clock.now(), 5),
    });
    clock.advanceMs(60 * 60_000);
    await t.services.alerts.digest.run();
    expect(await digestsTo(t, person.email)).toEqual([]);
    // The payouts become active: the work is newly listed in the marketplace now.
    await t.db.update(users).set({ payoutStatus: "active" }).where(eq(users.id, artist.id));
    clock.advanceMs(25 * 60 * 60_000);
    await windowFrom(t, person.id, minutesAfter(clock.now(), -30));
    await t.services.alerts.digest.run();
    const mails = await digestsTo(t, person.email);
    expect(mails.map((m) => m.textBody).join("\n")).toContain("Gull");
  });
});

describe("review: saved list and the listing rule", () => {
  it("the Saved tab leaves out a work whose artist no longer has active payouts", async () => {
    const reader = await signUp(t);
    const artist = await createArtist(t.db);
    const work = await createArtwork(t.db, { artistId: artist.id, title: "Lapsed" });
    expect((await send(t, reader, "PUT", `/api/me/saved/${work.id}`)).status).toBe(200);
    await t.db.update(users).set({ payoutStatus: "pending" }).where(eq(users.id, artist.id));
    const cards = await t.services.collectors.savedArtworks(reader.id);
    expect(cards.map((c) => c.title)).not.toContain("Lapsed");
  });
});

describe("review: List-Unsubscribe address opened with GET (RFC 2369 clients)", () => {
  it("does not answer a bare 404", async () => {
    const person = await signUp(t);
    const token = unsubscribeToken(t.config.sessionSecret, person.id, "all");
    const response = await t.app.request(`/api/unsubscribe?token=${token}`);
    expect(response.status).not.toBe(404);
  });
});
