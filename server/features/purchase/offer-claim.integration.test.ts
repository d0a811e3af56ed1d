import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerMessages as m } from "../../../domain/offers";
import { myOffersSchema, offerClaimedSchema } from "../../../contracts/offers.contract";
import { type artworks, outbox, users } from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtwork } from "../../test/factories";
import { type TestApp, createTestApp, testClock } from "../../test/test-app";
import { type ErrorBody, guestEmail } from "./checkout.test-helpers";
import { type Member, signUp } from "../profiles/profiles.test-helpers";
import { OFFER_CLAIM_DAYS } from "./offer-key";
import { dollars, makeOffer, postOffer, readOffer } from "./offers.test-helpers";

/**
 * A guest's offer made with the e-mail of an existing account: the answer holds nothing of
 * that account, and the offer is not the account's until its owner confirms it from the
 * e-mailed link (decision 0042).
 */

let t: TestApp;
const clock = testClock(new Date("2026-11-24T12:00:00Z"));
let artist: Member;
let owner: Member;

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  artist = await signUp(
    t,
    { firstName: "Ines", lastName: "Moreau" },
    { isArtist: true, payoutStatus: "active", payoutAccountId: "acct_claims" },
  );
  owner = await signUp(t, { firstName: "Jordan", lastName: "Ellis" });
});
afterAll(() => t.close());

function offersOnlyWork(overrides: Partial<typeof artworks.$inferInsert> = {}) {
  return createArtwork(t.db, { artistId: artist.id, isForSale: false, ...overrides });
}

/** The claim link of the newest offer e-mail to `to`, as the path and the body to post. */
async function claimLink(to: string, offerId: string) {
  const rows = await t.db.select().from(outbox).where(eq(outbox.recipient, to));
  const text = rows.map((row) => row.textBody).join("\n");
  const found = new RegExp(`https?://\\S+/offers/${offerId}/claim\\?\\S+`).exec(text)?.[0];
  if (!found) return null;
  const url = new URL(found);
  return {
    page: `${url.pathname}${url.search}`,
    body: { until: Number(url.searchParams.get("until")), key: url.searchParams.get("key") ?? "" },
  };
}

describe("a guest offer with the e-mail of an existing account", () => {
  it("answers nothing of the account and is not attached to it, nor blocks its owner", async () => {
    const work = await offersOnlyWork();
    const made = await makeOffer(t.client(), work.id, dollars(700), { email: owner.email });
    const answer = JSON.stringify(made);
    expect(answer).not.toMatch(/Jordan|Ellis/);
    expect(answer).not.toContain(owner.id);
    expect(made.accountMessage).toBeNull();
    expect(made.offer.buyerName).toBe("");
    expect((await readOffer(t, made.offer.id)).buyerId).toBeNull();

    // The owner's own offers are not blocked, and do not list the stranger's.
    const mine = await makeOffer(owner.client, work.id, dollars(750));
    expect(mine.opened.offer.status).toBe("open");
    const listed = expectContract(
      myOffersSchema,
      await (await owner.client.get("/api/me/offers?role=buyer")).json(),
    );
    expect(listed.offers.map((o) => o.id)).toEqual([mine.offer.id]);
    // Attaching it now would give the owner two open offers on the work: refused, kept.
    const link = await claimLink(owner.email, made.offer.id);
    const refused = await t.client().post(`/api/offers/${made.offer.id}/claim`, link?.body);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(m.alreadyOpen);
    expect((await readOffer(t, made.offer.id)).buyerId).toBeNull();
  });

  it("is attached once its owner confirms from the e-mailed link; the link works once", async () => {
    const work = await offersOnlyWork();
    const made = await makeOffer(t.client(), work.id, dollars(600), {
      email: owner.email,
      name: "A Stranger",
    });
    expect(made.offer.buyerName).toBe("A Stranger");
    const link = await claimLink(owner.email, made.offer.id);
    expect(link).not.toBeNull();

    const forged = { ...link!.body, key: `${link!.body.key.slice(0, -2)}xx` };
    const bad = await t.client().post(`/api/offers/${made.offer.id}/claim`, forged);
    expect(bad.status).toBe(400);
    const stretched = { ...link!.body, until: link!.body.until + 86_400_000 };
    expect((await t.client().post(`/api/offers/${made.offer.id}/claim`, stretched)).status).toBe(
      400,
    );
    expect((await readOffer(t, made.offer.id)).buyerId).toBeNull();

    const claimed = await t.client().post(`/api/offers/${made.offer.id}/claim`, link!.body);
    expect(claimed.status).toBe(200);
    expect(expectContract(offerClaimedSchema, await claimed.json()).message).toBe(m.claimed);
    expect((await readOffer(t, made.offer.id)).buyerId).toBe(owner.id);
    const listed = expectContract(
      myOffersSchema,
      await (await owner.client.get("/api/me/offers?role=buyer")).json(),
    );
    expect(listed.offers.map((o) => o.id)).toContain(made.offer.id);

    const again = await t.client().post(`/api/offers/${made.offer.id}/claim`, link!.body);
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe(m.claimUsed);
  });

  it("lets one of two claims at once attach it", async () => {
    const work = await offersOnlyWork();
    const made = await makeOffer(t.client(), work.id, dollars(500), { email: owner.email });
    const link = await claimLink(owner.email, made.offer.id);
    const answers = await Promise.all(
      [1, 2].map(() => t.client().post(`/api/offers/${made.offer.id}/claim`, link!.body)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await readOffer(t, made.offer.id)).buyerId).toBe(owner.id);
  });

  it("no longer attaches once the link has expired", async () => {
    const work = await offersOnlyWork();
    const made = await makeOffer(t.client(), work.id, dollars(400), { email: owner.email });
    const link = await claimLink(owner.email, made.offer.id);
    clock.advanceDays(OFFER_CLAIM_DAYS + 1);
    const late = await t.client().post(`/api/offers/${made.offer.id}/claim`, link!.body);
    expect(late.status).toBe(400);
    expect(((await late.json()) as ErrorBody).error.message).toBe(m.claimLinkInvalid);
    expect((await readOffer(t, made.offer.id)).buyerId).toBeNull();
  });

  it("refuses ill-formed claims with a clear message and changes nothing", async () => {
    const work = await offersOnlyWork();
    const made = await makeOffer(t.client(), work.id, dollars(300), { email: owner.email });
    const link = await claimLink(owner.email, made.offer.id);
    for (const body of [
      { ...link!.body, key: "x".repeat(5_000) },
      { ...link!.body, key: "a\u0000b" },
      { ...link!.body, until: "soon" },
      { ...link!.body, until: -1 },
      {},
    ]) {
      const answer = await t.client().post(`/api/offers/${made.offer.id}/claim`, body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as ErrorBody).error.message).not.toBe("");
    }
    const unknown = await t
      .client()
      .post("/api/offers/00000000-0000-4000-8000-000000000000/claim", link!.body);
    expect(unknown.status).toBe(400);
    expect((await readOffer(t, made.offer.id)).buyerId).toBeNull();
  });
});

describe("a guest offer with a new e-mail", () => {
  it("makes no account and answers as for any e-mail, with no claim link", async () => {
    const work = await offersOnlyWork();
    const email = guestEmail("fresh");
    const response = await postOffer(t.client(), work.id, dollars(650), { email });
    expect(response.status).toBe(201);
    const made = await makeOffer(t.client(), work.id, dollars(650), { email: guestEmail("x") });
    expect(made.accountMessage).toBeNull();
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await claimLink(email, made.offer.id)).toBeNull();
  });
});
