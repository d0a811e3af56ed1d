import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts, artworks, users } from "../../db/schema";
import { createArtist, createArtwork } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { send, signUp } from "../profiles/profiles.test-helpers";
import { alertAt, digestsTo, minutesAfter, windowFrom } from "./digest.test-helpers";
import { unsubscribeToken } from "./unsubscribe-token";

/**
 * "Newly listed" is when a work enters the marketplace
 * (artworks.listed_at, migration 0019), the Saved tab follows the listing rule, and the
 * one-click address opened with GET leads to the page that asks.
 */

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
    // The payouts become active: the work is newly listed in the marketplace now. The
    // trigger stamps it with the database's time, which the test clock has run ahead of:
    // the window starts just before that time.
    const before = new Date(Date.now() - 60_000);
    await t.db.update(users).set({ payoutStatus: "active" }).where(eq(users.id, artist.id));
    clock.advanceMs(25 * 60 * 60_000);
    await windowFrom(t, person.id, before);
    await t.services.alerts.digest.run();
    const mails = await digestsTo(t, person.email);
    expect(mails.map((m) => m.textBody).join("\n")).toContain("Gull");
  });

  it("a work the team unhides is newly listed; one merely edited is not", async () => {
    const person = await signUp(t);
    const artist = await createArtist(t.db);
    await alertAt(t, clock, person, { name: "Herons", q: "heron" });
    const hidden = await createArtwork(t.db, {
      title: "Heron",
      artistId: artist.id,
      createdAt: new Date(Date.now() - 24 * 60 * 60_000),
    });
    const edited = await createArtwork(t.db, {
      title: "Heron Two",
      artistId: artist.id,
      createdAt: new Date(Date.now() - 24 * 60 * 60_000),
    });
    await t.db.update(artworks).set({ hiddenAt: new Date() }).where(eq(artworks.id, hidden.id));
    const before = new Date(Date.now() - 60_000);
    // The alert is older than the unhiding, on the database's time the trigger uses.
    await t.db
      .update(alerts)
      .set({ createdAt: minutesAfter(before, -60) })
      .where(eq(alerts.userId, person.id));
    await t.db.update(artworks).set({ hiddenAt: null }).where(eq(artworks.id, hidden.id));
    await t.db
      .update(artworks)
      .set({ title: "Heron Two, edited" })
      .where(eq(artworks.id, edited.id));
    clock.advanceMs(25 * 60 * 60_000);
    await windowFrom(t, person.id, before);
    await t.services.alerts.digest.run();
    const text = (await digestsTo(t, person.email)).map((m) => m.textBody).join("\n");
    expect(text).toContain("- Heron by");
    expect(text).not.toContain("Heron Two");
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
  it("leads to the page that asks first, and changes nothing", async () => {
    const person = await signUp(t);
    const token = unsubscribeToken(t.config.sessionSecret, person.id, "all");
    const response = await t.app.request(`/api/unsubscribe?token=${token}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/unsubscribe?token=${token}`);
    // Nothing changed on the way.
    expect((await t.services.alerts.preferences(person.id)).digestFrequency).toBe("daily");
  });
});
