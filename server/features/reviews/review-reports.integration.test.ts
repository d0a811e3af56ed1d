import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  artistReviewsSchema,
  orderReviewSchema,
  reportedReviewsSchema,
  reviewActionSchema,
} from "../../../contracts/reviews.contract";
import { reviewTexts as rt } from "../../../domain/reviews";
import { inputMessages } from "../../../domain/text-input";
import { ADMIN_ONLY } from "../../http/access";
import { auditEvents, reviewReports } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp } from "../../test/test-app";
import { type Member, send, signUp } from "../profiles/profiles.test-helpers";
import { errorOf, newArtist, newBuyer, orderOf, reviewed } from "./reviews.test-helpers";

let t: TestApp;
let admin: Member;
let otherAdmin: Member;
let buyer: Member;
let reader: Member;
let otherReader: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { firstName: "Ada", lastName: "Admin" }, { role: "admin" });
  otherAdmin = await signUp(t, { firstName: "Otto", lastName: "Admin" }, { role: "admin" });
  buyer = await newBuyer(t);
  reader = await newBuyer(t, "Rita");
  otherReader = await newBuyer(t, "Rob");
});
afterAll(() => t.close());

/** An artist with three reviews (so the profile shows them), and the first one's id. */
async function artistWithThreeReviews() {
  const artist = await newArtist(t);
  const ids: string[] = [];
  for (const rating of [5, 4, 3])
    ids.push(await reviewed(t, buyer, (await orderOf(t, artist, buyer)).id, rating));
  return { artist, reviewId: ids[0]!, ids };
}

function report(by: Member | undefined, reviewId: string, reason = "This is not about the work.") {
  return send(t, by, "POST", `/api/reviews/${reviewId}/report`, { reason });
}

async function profile(artistId: string) {
  const response = await send(t, undefined, "GET", `/api/artists/${artistId}/reviews`);
  return expectContract(artistReviewsSchema, await response.json());
}

describe("reporting a review", () => {
  it("takes one report per person, refuses the author and the signed out", async () => {
    const { reviewId } = await artistWithThreeReviews();
    const first = await report(reader, reviewId);
    expect(first.status).toBe(201);
    expect(((await first.json()) as { message: string }).message).toBe(rt.reported);
    const again = await report(reader, reviewId, "Still wrong.");
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(rt.alreadyReported);
    const own = await report(buyer, reviewId);
    expect(own.status).toBe(409);
    expect(await errorOf(own)).toBe(rt.ownReview);
    const signedOut = await report(undefined, reviewId);
    expect(signedOut.status).toBe(401);
    expect((await report(reader, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("makes one report of a double submit", async () => {
    const { reviewId } = await artistWithThreeReviews();
    const answers = await Promise.all([report(reader, reviewId), report(reader, reviewId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const rows = await t.db
      .select()
      .from(reviewReports)
      .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.reporterId, reader.id)));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["no reason", "  ", rt.reasonRequired],
    ["a NUL character", "bad\u0000", inputMessages.nulCharacter],
    ["a lone surrogate", "bad \udc00", inputMessages.illFormedText],
    ["too long a reason", "x".repeat(1001), rt.reasonTooLong],
  ])("refuses %s", async (_, reason, message) => {
    const { reviewId } = await artistWithThreeReviews();
    const response = await report(otherReader, reviewId, reason);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
  });
});

describe("the console's reported reviews", () => {
  it("lists reported reviews with their reports, to admins only", async () => {
    const { artist, reviewId } = await artistWithThreeReviews();
    await report(reader, reviewId, "Rude words.");
    await report(otherReader, reviewId, "Off topic.");
    const response = await send(t, admin, "GET", "/api/admin/reviews");
    expect(response.status).toBe(200);
    const queue = expectContract(reportedReviewsSchema, await response.json());
    const listed = queue.reviews.find((r) => r.id === reviewId);
    expect(listed).toMatchObject({ artistId: artist.id, artistName: "Ines Artist", rating: 5 });
    expect(listed?.reports.map((r) => [r.reporterName, r.reason])).toEqual([
      ["Rita Buyer", "Rude words."],
      ["Rob Buyer", "Off topic."],
    ]);
    for (const who of [reader, artist]) {
      const refused = await send(t, who, "GET", "/api/admin/reviews");
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toBe(ADMIN_ONLY);
    }
  });

  it("hides a review with a reason: not shown, not counted, in the audit log", async () => {
    const { artist, reviewId, ids } = await artistWithThreeReviews();
    await report(reader, reviewId);
    expect((await profile(artist.id)).count).toBe(3);

    const missing = await send(t, admin, "POST", `/api/admin/reviews/${reviewId}/hide`, {
      reason: " ",
    });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe(rt.hideReasonRequired);

    const hidden = await send(t, admin, "POST", `/api/admin/reviews/${reviewId}/hide`, {
      reason: "Personal details of the artist.",
    });
    expect(hidden.status).toBe(200);
    expect(expectContract(reviewActionSchema, await hidden.json()).message).toBe(rt.hiddenDone);

    // Two visible reviews are left: below the threshold, nothing is shown.
    expect(await profile(artist.id)).toEqual({
      shown: false,
      average: null,
      count: 0,
      reviews: [],
    });
    await reviewed(t, buyer, (await orderOf(t, artist, buyer)).id, 1);
    const shown = await profile(artist.id);
    expect(shown.count).toBe(3);
    expect(shown.average).toBe(2.67);
    expect(shown.reviews.map((r) => r.id)).not.toContain(reviewId);
    expect(shown.reviews.map((r) => r.id)).toEqual(expect.arrayContaining(ids.slice(1)));

    const queue = expectContract(
      reportedReviewsSchema,
      await (await send(t, admin, "GET", "/api/admin/reviews")).json(),
    );
    expect(queue.reviews.map((r) => r.id)).not.toContain(reviewId);
    const [report1] = await t.db
      .select()
      .from(reviewReports)
      .where(eq(reviewReports.reviewId, reviewId));
    expect(report1).toMatchObject({ status: "hidden", decidedBy: admin.id });

    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, reviewId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "review.hide",
      targetType: "review",
      actorId: admin.id,
      after: { hidden: true, reason: "Personal details of the artist.", reportsClosed: 1 },
    });

    // Nobody can reply to or report a hidden review: it is unknown to them.
    const replied = await send(t, artist, "POST", `/api/me/reviews/${reviewId}/reply`, {
      reply: "Too late.",
    });
    expect(replied.status).toBe(404);
    expect((await report(otherReader, reviewId)).status).toBe(404);
  });

  it("shows the buyer their hidden review as hidden, and refuses an edit", async () => {
    const artist = await newArtist(t);
    const order = await orderOf(t, artist, buyer);
    const reviewId = await reviewed(t, buyer, order.id);
    await send(t, admin, "POST", `/api/admin/reviews/${reviewId}/hide`, { reason: "Spam." });
    const state = expectContract(
      orderReviewSchema,
      await (await send(t, buyer, "GET", `/api/me/purchases/${order.id}/review`)).json(),
    );
    expect(state).toMatchObject({ hidden: true, mayReview: false, editableUntil: null });
    const edit = await send(t, buyer, "PATCH", `/api/me/purchases/${order.id}/review`, {
      rating: 5,
      body: "Back again.",
    });
    expect(edit.status).toBe(409);
    expect(await errorOf(edit)).toBe(rt.hidden);
  });

  it("hides once when two admins answer at once", async () => {
    const { reviewId } = await artistWithThreeReviews();
    await report(reader, reviewId);
    const answers = await Promise.all(
      [admin, otherAdmin].map((who) =>
        send(t, who, "POST", `/api/admin/reviews/${reviewId}/hide`, { reason: "Abuse." }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, reviewId));
    expect(audit).toHaveLength(1);
  });

  it("dismisses the reports: the review stays, the dismissal is audited, once", async () => {
    const { artist, reviewId } = await artistWithThreeReviews();
    await report(reader, reviewId);
    const dismissed = await send(t, admin, "POST", `/api/admin/reviews/${reviewId}/dismiss`);
    expect(dismissed.status).toBe(200);
    expect(((await dismissed.json()) as { message: string }).message).toBe(rt.dismissedDone);
    expect((await profile(artist.id)).reviews.map((r) => r.id)).toContain(reviewId);
    const again = await send(t, admin, "POST", `/api/admin/reviews/${reviewId}/dismiss`);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(rt.alreadyDecided);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, reviewId));
    expect(audit.map((a) => a.action)).toEqual(["review_report.dismiss"]);
  });

  it("has its routes under /api/admin, so the console's access sweep covers them", () => {
    const routes = t.app.routes.map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        "GET /api/admin/reviews",
        "POST /api/admin/reviews/:id/hide",
        "POST /api/admin/reviews/:id/dismiss",
      ]),
    );
  });
});
