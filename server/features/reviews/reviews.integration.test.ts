import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  artistReviewsSchema,
  orderReviewSchema,
  ownReviewsSchema,
  reviewSchema,
} from "../../../contracts/reviews.contract";
import { inputMessages } from "../../../domain/text-input";
import { MAX_REVIEW_LENGTH, reviewTexts as rt } from "../../../domain/reviews";
import { orders, outbox, reviews } from "../../db/schema";
import { queryRows } from "../../db/rows";
import { expectContract } from "../../test/contract";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { type Member, send } from "../profiles/profiles.test-helpers";
import {
  errorOf,
  newArtist,
  newBuyer,
  orderOf,
  postReview,
  reviewed,
} from "./reviews.test-helpers";

let t: TestApp;
const clock = testClock(new Date("2026-11-01T12:00:00Z"));
// Sign-ups are rate limited (20 a minute): most tests share these people, with new orders.
let artist: Member;
let buyer: Member;
let stranger: Member;
let otherArtist: Member;

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  artist = await newArtist(t);
  buyer = await newBuyer(t);
  stranger = await newBuyer(t, "Sam");
  otherArtist = await newArtist(t, "Otto");
});
afterAll(() => t.close());

describe("who may review", () => {
  it("waits for the order's own return window to end, also after completion", async () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    const order = await orderOf(t, artist, buyer, "completed", "Tide Line");
    const deliveredAt = new Date(clock.now().getTime() - 8 * DAY_MS);
    await t.db
      .update(orders)
      .set({ deliveredAt, returnWindowDays: 14 })
      .where(eq(orders.id, order.id));
    const opensAt = new Date(deliveredAt.getTime() + 14 * DAY_MS);
    const state = async () =>
      expectContract(
        orderReviewSchema,
        await (await send(t, buyer, "GET", `/api/me/purchases/${order.id}/review`)).json(),
      );
    expect(await state()).toMatchObject({ mayReview: false, opensAt: opensAt.toISOString() });
    const early = await postReview(t, buyer, order.id);
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toBe(rt.returnWindowOpen);

    const wait = opensAt.getTime() - clock.now().getTime();
    clock.advanceMs(wait - 1);
    try {
      expect((await postReview(t, buyer, order.id)).status).toBe(409);
      clock.advanceMs(1);
      expect(await state()).toMatchObject({ mayReview: true, opensAt: null });
      await reviewed(t, buyer, order.id);
    } finally {
      clock.advanceMs(-wait);
    }
  });

  it("opens at completion without a return window, and never during a return or after a refund", async () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    const finalSale = await orderOf(t, artist, buyer, "completed", "Final Sale");
    await t.db
      .update(orders)
      .set({ deliveredAt: new Date(clock.now().getTime() - 7 * DAY_MS), returnWindowDays: 0 })
      .where(eq(orders.id, finalSale.id));
    await reviewed(t, buyer, finalSale.id);
    for (const status of [
      "return_requested",
      "return_accepted",
      "return_shipped",
      "refunded",
    ] as const) {
      const order = await orderOf(t, artist, buyer, status, `In ${status}`);
      await t.db
        .update(orders)
        .set({ deliveredAt: new Date(clock.now().getTime() - 30 * DAY_MS), returnWindowDays: 14 })
        .where(eq(orders.id, order.id));
      const refused = await postReview(t, buyer, order.id);
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toBe(rt.notReviewable);
      const seen = expectContract(
        orderReviewSchema,
        await (await send(t, buyer, "GET", `/api/me/purchases/${order.id}/review`)).json(),
      );
      expect(seen).toMatchObject({ mayReview: false, opensAt: null });
    }
  });

  it("lets the buyer of a completed order review it, and e-mails the artist", async () => {
    const artist = await newArtist(t);
    const buyer = await newBuyer(t);
    const order = await orderOf(t, artist, buyer, "completed", "Harbour at Dawn");
    const before = expectContract(
      orderReviewSchema,
      await (await send(t, buyer, "GET", `/api/me/purchases/${order.id}/review`)).json(),
    );
    expect(before).toEqual({
      mayReview: true,
      opensAt: null,
      review: null,
      editableUntil: null,
      hidden: false,
    });

    const response = await postReview(t, buyer, order.id, { rating: 4, body: "  Lovely work. " });
    expect(response.status, await response.clone().text()).toBe(201);
    const after = expectContract(orderReviewSchema, await response.json());
    expect(after.mayReview).toBe(false);
    expect(after.review).toMatchObject({
      rating: 4,
      body: "Lovely work.",
      buyerName: "Bea Buyer",
      artworkTitle: "Harbour at Dawn",
      reply: null,
    });
    expect(after.editableUntil).toBe("2026-12-01T12:00:00.000Z");

    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "review_received"), eq(outbox.recipient, artist.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A new review of your sale of "Harbour at Dawn"');
    expect(mails[0]!.textBody).toContain("Lovely work.");
    expect(mails[0]!.textBody).toContain("4 out of 5 stars");
  });

  it.each(["paid", "shipped", "delivered", "problem_reported", "refunded", "cancelled"] as const)(
    "refuses an order that is %s",
    async (status) => {
      const order = await orderOf(t, artist, buyer, status);
      const response = await postReview(t, buyer, order.id);
      expect(response.status).toBe(409);
      expect(await errorOf(response)).toBe(rt.notReviewable);
      const state = await send(t, buyer, "GET", `/api/me/purchases/${order.id}/review`);
      expect(((await state.json()) as { mayReview: boolean }).mayReview).toBe(false);
    },
  );

  it("lets the buyer of a partially refunded order review it", async () => {
    const order = await orderOf(t, artist, buyer, "partially_refunded");
    expect((await postReview(t, buyer, order.id)).status).toBe(201);
  });

  it("refuses someone else's order, an unknown one and a signed-out request", async () => {
    const order = await orderOf(t, artist, buyer);
    for (const who of [stranger, artist]) {
      const response = await postReview(t, who, order.id);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe(rt.orderNotFound);
    }
    expect((await postReview(t, buyer, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await postReview(t, buyer, "not-an-id")).status).toBe(404);
    const signedOut = await postReview(t, undefined, order.id);
    expect(signedOut.status).toBe(401);
    expect(await errorOf(signedOut)).toBe(rt.signIn);
    expect(await t.db.select().from(reviews).where(eq(reviews.orderId, order.id))).toHaveLength(0);
  });

  it("refuses an artist reviewing their own work", async () => {
    const order = await orderOf(t, artist, artist);
    const response = await postReview(t, artist, order.id);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(rt.ownWork);
  });
});

describe("once per order", () => {
  it("refuses a second review of the same order", async () => {
    const order = await orderOf(t, artist, buyer);
    await reviewed(t, buyer, order.id);
    const again = await postReview(t, buyer, order.id);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(rt.alreadyReviewed);
  });

  it("makes one review of a double submit, with one e-mail", async () => {
    const artist = await newArtist(t);
    const buyer = await newBuyer(t);
    const order = await orderOf(t, artist, buyer);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => postReview(t, buyer, order.id)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.db.select().from(reviews).where(eq(reviews.orderId, order.id))).toHaveLength(1);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "review_received"), eq(outbox.recipient, artist.email)));
    expect(mails).toHaveLength(1);
  });
});

describe("bad input", () => {
  let orderId: string;
  beforeAll(async () => {
    orderId = (await orderOf(t, artist, buyer)).id;
  });

  it.each([0, 6, 3.5, "5", null])("refuses %j stars", async (rating) => {
    const response = await postReview(t, buyer, orderId, { rating, body: "Fine." });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(rt.ratingRequired);
  });

  it.each([
    ["a NUL character", "Nice\u0000work", inputMessages.nulCharacter],
    ["a lone surrogate", "Nice \ud800 work", inputMessages.illFormedText],
    ["too much text", "x".repeat(MAX_REVIEW_LENGTH + 1), rt.bodyTooLong],
    ["blank text", "   ", rt.bodyRequired],
  ])("refuses %s", async (_, body, message) => {
    const response = await postReview(t, buyer, orderId, { rating: 5, body });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
  });

  it("wrote nothing for any of them", async () => {
    expect(await t.db.select().from(reviews).where(eq(reviews.orderId, orderId))).toHaveLength(0);
  });
});

describe("editing", () => {
  it("lets the buyer edit for 30 days, then refuses", async () => {
    const order = await orderOf(t, artist, buyer);
    await reviewed(t, buyer, order.id, 2);
    const edit = (rating: number) =>
      send(t, buyer, "PATCH", `/api/me/purchases/${order.id}/review`, {
        rating,
        body: `Changed my mind: ${rating}.`,
      });
    clock.advanceDays(29);
    const edited = await edit(4);
    expect(edited.status).toBe(200);
    const review = expectContract(orderReviewSchema, await edited.json()).review;
    expect(review).toMatchObject({ rating: 4, body: "Changed my mind: 4." });
    expect(review?.editedAt).not.toBeNull();

    clock.advanceDays(1);
    const late = await edit(1);
    expect(late.status).toBe(409);
    expect(await errorOf(late)).toBe(rt.editClosed);
    const state = await send(t, buyer, "GET", `/api/me/purchases/${order.id}/review`);
    const after = expectContract(orderReviewSchema, await state.json());
    expect(after.review?.rating).toBe(4);
    expect(after.editableUntil).toBeNull();
  });

  it("refuses an edit of a review nobody wrote, or by someone else", async () => {
    const order = await orderOf(t, artist, buyer);
    const body = { rating: 3, body: "Edit." };
    const path = `/api/me/purchases/${order.id}/review`;
    expect((await send(t, buyer, "PATCH", path, body)).status).toBe(404);
    await reviewed(t, buyer, order.id);
    expect((await send(t, stranger, "PATCH", path, body)).status).toBe(404);
  });
});

describe("the artist's reply", () => {
  it("lets the artist reply once, e-mails the buyer, and refuses anyone else", async () => {
    const buyer = await newBuyer(t, "Bea");
    const order = await orderOf(t, artist, buyer, "completed", "Salt Marsh");
    const reviewId = await reviewed(t, buyer, order.id);
    const path = `/api/me/reviews/${reviewId}/reply`;

    for (const who of [buyer, otherArtist]) {
      const refused = await send(t, who, "POST", path, { reply: "Not mine to answer." });
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toBe(rt.notYourReview);
    }
    const blank = await send(t, artist, "POST", path, { reply: " " });
    expect(blank.status).toBe(400);
    expect(await errorOf(blank)).toBe(rt.replyRequired);

    const replied = await send(t, artist, "POST", path, { reply: "Thank you, Bea!" });
    expect(replied.status).toBe(201);
    expect(expectContract(reviewSchema, await replied.json()).reply).toBe("Thank you, Bea!");
    const again = await send(t, artist, "POST", path, { reply: "And again." });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(rt.alreadyReplied);

    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "review_reply"), eq(outbox.recipient, buyer.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ines Artist replied to your review of "Salt Marsh"');
    expect(mails[0]!.textBody).toContain("Thank you, Bea!");
  });

  it("makes one reply of two at once", async () => {
    const buyer = await newBuyer(t);
    const reviewId = await reviewed(t, buyer, (await orderOf(t, artist, buyer)).id);
    const answers = await Promise.all(
      ["First.", "Second.", "Third."].map((reply) =>
        send(t, artist, "POST", `/api/me/reviews/${reviewId}/reply`, { reply }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "review_reply"), eq(outbox.recipient, buyer.email)));
    expect(mails).toHaveLength(1);
  });
});

describe("the profile's reviews", () => {
  it("shows nothing below 3 reviews, then the average, the count and newest first", async () => {
    const artist = await newArtist(t);
    const list = async () =>
      expectContract(
        artistReviewsSchema,
        await (await send(t, undefined, "GET", `/api/artists/${artist.id}/reviews`)).json(),
      );
    expect(await list()).toEqual({ shown: false, average: null, count: 0, reviews: [] });
    for (const rating of [5, 4]) {
      await reviewed(t, buyer, (await orderOf(t, artist, buyer)).id, rating);
      clock.advanceMs(1000);
    }
    expect(await list()).toEqual({ shown: false, average: null, count: 0, reviews: [] });
    // The artist sees their own reviews before the profile does.
    const own = expectContract(
      ownReviewsSchema,
      await (await send(t, artist, "GET", "/api/me/reviews")).json(),
    );
    expect(own.shown).toBe(false);
    expect(own.reviews.map((r) => r.rating)).toEqual([4, 5]);

    await reviewed(t, buyer, (await orderOf(t, artist, buyer)).id, 2);
    const shown = await list();
    expect(shown.shown).toBe(true);
    expect(shown.count).toBe(3);
    expect(shown.average).toBe(3.67);
    expect(shown.reviews.map((r) => r.rating)).toEqual([2, 4, 5]);
    // Visitors read the buyer's first name and initial.
    expect(shown.reviews[0]).toMatchObject({ buyerName: "Bea B.", artworkTitle: "Quiet Bay" });
  });

  it("answers an unknown artist with nothing shown", async () => {
    const response = await send(t, undefined, "GET", "/api/artists/not-an-id/reviews");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { shown: boolean }).shown).toBe(false);
  });
});

/** The page cache's content version (migration 0021), as a number. */
async function pageVersion(): Promise<bigint> {
  const [row] = await queryRows<{ v: string }>(
    t.db,
    sql`select last_value::text as v from page_content_version`,
  );
  return BigInt(row!.v);
}

describe("visitors' cached pages", () => {
  it("moves the page content version with a review and a reply, so the profile is read again", async () => {
    const order = await orderOf(t, artist, buyer);
    const before = await pageVersion();
    const reviewId = await reviewed(t, buyer, order.id);
    const written = await pageVersion();
    expect(written > before).toBe(true);
    await send(t, artist, "POST", `/api/me/reviews/${reviewId}/reply`, { reply: "Thanks." });
    expect((await pageVersion()) > written).toBe(true);
  });
});
