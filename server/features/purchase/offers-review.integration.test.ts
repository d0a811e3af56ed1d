import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  myOffersSchema,
  offerMadeSchema,
  offerMovedSchema,
} from "../../../contracts/offers.contract";
import { MAX_OFFERS_PER_WORK_PER_DAY, offerMessages as m } from "../../../domain/offers";
import { type artworks, payments } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtwork } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { type Member, signUp } from "../profiles/profiles.test-helpers";
import { type ErrorBody, confirmCard, guestEmail } from "./checkout.test-helpers";
import { dollars, keyed, makeOffer, postOffer } from "./offers.test-helpers";

/**
 * Offers (decision 0030): the rules a review singled out, each test naming the rule it
 * holds the code to, so a later change cannot quietly break one.
 */

let t: TestApp;
const clock = testClock(new Date("2026-11-24T12:00:00Z"));
let artist: Member;
let collector: Member;

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  artist = await signUp(
    t,
    { firstName: "Rhea", lastName: "Review" },
    { isArtist: true, payoutStatus: "active", payoutAccountId: "acct_offers_review" },
  );
  collector = await signUp(t, { firstName: "Bo", lastName: "Prober" });
});
afterAll(() => t.close());

function offersOnlyWork(overrides: Partial<typeof artworks.$inferInsert> = {}) {
  return createArtwork(t.db, { artistId: artist.id, isForSale: false, ...overrides });
}

async function messageOf(response: Response) {
  return ((await response.json()) as ErrorBody).error.message;
}

/** Bisects [low, high] for the smallest amount `accepted` says yes to; answers it and the tries. */
async function bisect(
  low: number,
  high: number,
  accepted: (dollarsTried: number) => Promise<boolean>,
) {
  let tries = 0;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    tries += 1;
    if (await accepted(mid)) high = mid;
    else low = mid + 1;
  }
  return { found: low, tries };
}

describe("the hidden minimum", () => {
  it("a countered buyer cannot bisect the minimum with counters that carry no card (decision 0030's brake)", async () => {
    // Hidden minimum $937; the buyer's $950 goes through, the artist counters $2,000.
    const work = await offersOnlyWork({ offerMinimumCents: dollars(937) });
    const made = await makeOffer(collector.client, work.id, dollars(950));
    const countered = await artist.client.post(`/api/offers/${made.offer.id}/counter`, {
      amount: dollars(2000),
    });
    expect(countered.status).toBe(200);
    // A counter with no hold answers "below the minimum" (409) or "card not confirmed" (402):
    // nothing is recorded, no card is needed, nothing counts the tries.
    const { found, tries } = await bisect(1, 950, async (amount) => {
      const response = await collector.client.post(`/api/offers/${made.offer.id}/counter`, {
        amount: dollars(amount),
      });
      const message = await messageOf(response);
      // Before a card is held every counter answers the same, whatever its amount.
      return response.status !== 402 || message !== m.cardNotConfirmed;
    });
    expect(tries).toBeGreaterThan(MAX_OFFERS_PER_WORK_PER_DAY);
    // The minimum must stay hidden: the buyer must not learn it to the dollar this way.
    expect(found).not.toBe(937);
  });

  it("guests with a new e-mail each time learn nothing of the minimum without a card hold per try", async () => {
    const work = await offersOnlyWork({ offerMinimumCents: dollars(937) });
    let holds = 0;
    const { found, tries } = await bisect(1, 2000, async (amount) => {
      const guest = t.client();
      const response = await postOffer(guest, work.id, dollars(amount), {
        email: guestEmail(`probe${amount}`),
      });
      // Making the offer answers the same above and below the minimum.
      expect(response.status).toBe(201);
      const made = expectContract(offerMadeSchema, await response.json());
      expect(made.offer.status).toBe("awaiting_card");
      // Only a confirmed card tells: each try costs an authorization on a real card
      // (and the checkout's per-network limit of 20 in 15 minutes on a real server).
      await confirmCard(guest, made.authorization.clientSecret);
      holds += 1;
      const confirmed = await guest.post(`/api/offers/${made.offer.id}/confirm`, {}, keyed(made));
      const answer = expectContract(offerMovedSchema, await confirmed.json());
      if (answer.offer.status === "open") {
        await guest.post(`/api/offers/${made.offer.id}/withdraw`, {}, keyed(made));
        return true;
      }
      return false;
    });
    expect(found).toBe(937);
    expect(holds).toBe(tries);
    // Every hold a probe made went back to its card.
    const left = await t.db.select().from(payments).where(eq(payments.artworkId, work.id));
    expect(left.filter((payment) => payment.status === "authorized")).toEqual([]);
  });
});

describe("what the artist sees", () => {
  it("a below-minimum offer (declined as its card was held) never reaches the artist's Received list or page", async () => {
    const work = await offersOnlyWork({ offerMinimumCents: dollars(1000) });
    const response = await postOffer(t.client(), work.id, dollars(10), {
      email: guestEmail("spammer"),
      name: "Anyone At All",
      note: "Any text at all, from anyone, with no account and no card.",
    });
    const made = expectContract(offerMadeSchema, await response.json());
    const guest = t.client();
    await confirmCard(guest, made.authorization.clientSecret);
    const confirmed = await guest.post(`/api/offers/${made.offer.id}/confirm`, {}, keyed(made));
    expect(confirmed.status).toBe(200);
    const held = await t.db.select().from(payments).where(eq(payments.offerId, made.offer.id));
    expect(held.map((payment) => payment.status)).toEqual(["cancelled"]);
    const list = expectContract(
      myOffersSchema,
      await (await artist.client.get("/api/me/offers?role=artist")).json(),
    );
    expect(list.offers.map((offer) => offer.id)).not.toContain(made.offer.id);
    expect((await artist.client.get(`/api/offers/${made.offer.id}`)).status).toBe(404);
  });
});
