import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSimulatedProvider } from "../../adapters/payments/simulated-payments";
import { type artworks, orders, payments, simulatedPayments } from "../../db/schema";
import { AWAITING_CARD_MINUTES, hoursLater } from "../../../domain/offers";
import type { PaymentProvider } from "../../adapters/payments/payment-provider";
import type { PurchaseDeps } from "./purchase.service";
import { releaseOfferHolds } from "./holds.service";
import { guestEmail } from "./checkout.test-helpers";
import { offerAccessKey } from "./offer-key";
import { acceptOffer } from "./offer-moves.service";
import { listStrandedHolds, listUnreleasedHolds } from "./offers.repository";
import { dollars, keyed, makeOffer, newHold } from "./offers.test-helpers";
import { createLogger } from "../../logger";
import { createArtwork } from "../../test/factories";
import { allowConsoleError } from "../../test/fail-on-console-error";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { testPasswordHashing } from "../../test/password-hashing";
import { type Member, signUp } from "../profiles/profiles.test-helpers";

/**
 * The offers' sweep and an acceptance on two servers: the sweep has listed a hold the
 * acceptance is about to sell with, and its release reaches the processor before the
 * acceptance's capture does. The interleaving is made by hand: the sweep's own listing,
 * then the acceptance, whose processor runs the sweep's release just before capturing.
 */

let t: TestApp;
const clock = testClock(new Date("2026-11-24T12:00:00Z"));
let artist: Member;

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  artist = await signUp(
    t,
    { firstName: "Rhea", lastName: "Review" },
    { isArtist: true, payoutStatus: "active", payoutAccountId: "acct_offers_race" },
  );
});
afterAll(() => t.close());

function offersOnlyWork(overrides: Partial<typeof artworks.$inferInsert> = {}) {
  return createArtwork(t.db, { artistId: artist.id, isForSale: false, ...overrides });
}

describe("the sweep and an acceptance", () => {
  it("a buyer's 30-minute-old new hold, listed as stranded just before the buyer accepts with it, is not cancelled under the sale", async () => {
    allowConsoleError(); // the failed capture is logged
    const work = await offersOnlyWork();
    const made = await makeOffer(t.client(), work.id, dollars(800), {
      email: guestEmail("late-accepter"),
    });
    const guest = t.client();
    await artist.client.post(`/api/offers/${made.offer.id}/counter`, { amount: dollars(950) });
    const hold = await newHold(guest, made.offer.id, dollars(950), keyed(made));
    // The buyer confirmed the card, then took 31 minutes to press Accept.
    await t.db
      .update(payments)
      .set({ createdAt: new Date(clock.now().getTime() - 31 * 60_000) })
      .where(eq(payments.id, hold.paymentId));

    // The deps as server/services.ts builds them, on the same database.
    const provider = createSimulatedProvider(t.db);
    const logger = createLogger({ json: false, silent: true });
    const purchase: PurchaseDeps = {
      db: t.db,
      provider,
      logger,
      publicUrl: t.config.publicUrl,
      kickOutbox: () => {},
      commissionBps: t.config.commissionBps,
      now: clock.now,
      secret: t.config.sessionSecret,
      offerKey: (id) => offerAccessKey(t.config.sessionSecret, id),
      hashPassword: testPasswordHashing.hash,
      passwordToken: (id) => id,
    };
    // The sweep lists the holds nobody will use, as its run does (offers.timers.ts).
    const now = clock.now();
    const holds = [
      ...(await listStrandedHolds(t.db, hoursLater(now, -AWAITING_CARD_MINUTES / 60))),
      ...(await listUnreleasedHolds(t.db)),
    ];
    expect(holds.some((h) => h.paymentId === hold.paymentId)).toBe(true);
    // The acceptance on the other server: its capture reaches the processor only after
    // the sweep's release did.
    const racing: PaymentProvider = {
      ...provider,
      async capture(id) {
        await releaseOfferHolds(purchase, holds);
        return provider.capture(id);
      },
    };
    const accepted: unknown = await acceptOffer(
      { ...purchase, provider: racing },
      made.offer.id,
      { viewer: null, key: made.accessKey },
      { amount: dollars(950), paymentId: hold.paymentId },
    ).catch((error: unknown) => error);
    await releaseOfferHolds(purchase, holds);
    expect(accepted).not.toBeNull();

    const sold = await t.db.select().from(orders).where(eq(orders.artworkId, work.id));
    // Either no sale, or a sale whose money is taken: never a sold work with a cancelled hold.
    for (const order of sold) {
      const [payment] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId));
      const [atProcessor] = await t.db
        .select({ status: simulatedPayments.status })
        .from(simulatedPayments)
        .where(eq(simulatedPayments.id, payment!.providerPaymentId!));
      expect({ order: order.id, payment: payment!.status, processor: atProcessor!.status }).toEqual(
        {
          order: order.id,
          payment: "captured",
          processor: "captured",
        },
      );
    }
  });
});
