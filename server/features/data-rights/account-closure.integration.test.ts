import { eq, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountClosedSchema, closureAnswerSchema } from "../../../contracts/data-rights.contract";
import { RETURN_STATUSES } from "../../../domain/returns";
import {
  closedAccountEmail,
  closedAccountName,
  dataRightsMessages,
} from "../../../domain/data-rights";
import {
  accounts,
  alerts,
  applicationImages,
  artworks,
  conversations,
  dataExports,
  follows,
  ledgerEntries,
  listingReports,
  mailPreferences,
  messages,
  offers,
  orderReturns,
  orders,
  outbox,
  payments,
  returnImages,
  reviews,
  savedWorks,
  sessions,
  twoFactors,
  users,
} from "../../db/schema";
import { expectContract } from "../../test/contract";
import { createArtist, createArtwork, createOrder, createUser } from "../../test/factories";
import { type TestApp, createTestApp } from "../../test/test-app";
import {
  type Member,
  enableTwoStep,
  readUser,
  send,
  signUp,
} from "../profiles/profiles.test-helpers";
import { seedConversation, seedOpenOffer } from "./data-rights.test-helpers";

const DAY_MS = 24 * 3600_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function close(member: Member, body: unknown = { password: "secret-123" }) {
  return send(t, member, "POST", "/api/me/account/close", body);
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string } }).error.message;
}

async function blockers(member: Member) {
  const response = await send(t, member, "GET", "/api/me/account/closure");
  expect(response.status).toBe(200);
  return expectContract(closureAnswerSchema, await response.json());
}

describe("delete my account: what is refused", () => {
  it("needs the session and the person's own password", async () => {
    const ada = await signUp(t);
    expect(
      (await send(t, undefined, "POST", "/api/me/account/close", { password: "x" })).status,
    ).toBe(401);
    const wrong = await close(ada, { password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toBe(dataRightsMessages.wrongPassword);
    const empty = await close(ada, { password: "" });
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toBe("Enter your password.");
    expect((await readUser(t, ada.id)).closedAt).toBeNull();
  });

  it("asks for the second step when two-step verification is on, and forgets it once closed", async () => {
    const ada = await enableTwoStep(await signUp(t), "secret-123");
    const missing = await close(ada);
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe(dataRightsMessages.secondStepMissing);
    const wrong = await close(ada, { password: "secret-123", code: "000000" });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toBe(dataRightsMessages.secondStepWrong);
    expect((await readUser(t, ada.id)).closedAt).toBeNull();

    const closed = await close(ada, { password: "secret-123", code: ada.backupCodes![0] });
    expect(closed.status).toBe(200);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, ada.id))).toEqual([]);
    expect((await readUser(t, ada.id)).twoFactorEnabled).toBe(false);
  });

  it("refuses NUL, ill-formed and oversized input", async () => {
    const ada = await signUp(t);
    for (const body of [
      { password: "secret-123\u0000" },
      '{"password":"secret-123","code":"\\ud800"}',
      { password: "x".repeat(129) },
      { password: "secret-123", code: "1".repeat(65) },
    ]) {
      const refused = await close(ada, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await readUser(t, ada.id)).closedAt).toBeNull();
  });

  it("lists open offers, unsettled orders and an unpaid balance, and refuses until they are settled", async () => {
    const artist = await signUp(t, {}, { isArtist: true, payoutStatus: "active" });
    const buyer = await signUp(t);
    const work = await createArtwork(t.db, { artistId: artist.id });
    const offer = await seedOpenOffer(t.db, {
      artworkId: work.id,
      artistId: artist.id,
      buyerId: buyer.id,
      buyerEmail: buyer.email,
    });
    const sold = await createArtwork(t.db, { artistId: artist.id, ownerId: buyer.id });
    const order = await createOrder(t.db, {
      artworkId: sold.id,
      purchaserId: buyer.id,
      title: "Sold work",
    });
    await t.db.insert(ledgerEntries).values({
      orderId: order.id,
      artistId: artist.id,
      kind: "artist_net",
      amount: order.artistNet,
    });

    const forBuyer = await blockers(buyer);
    expect(forBuyer.open).toBe(true);
    expect(forBuyer.blockers.offers).toEqual([
      { id: offer.id, role: "buyer", link: `/offers/${offer.id}` },
    ]);
    expect(forBuyer.blockers.orders).toEqual([
      {
        id: order.id,
        title: "Sold work",
        status: "paid",
        role: "buyer",
        link: `/profile/purchases/${order.id}`,
        returnWindowEndsAt: null,
      },
    ]);
    const forArtist = await blockers(artist);
    expect(forArtist.blockers.offers.map((o) => o.role)).toEqual(["artist"]);
    expect(forArtist.blockers.orders.map((o) => [o.role, o.link])).toEqual([
      ["seller", "/profile/sales"],
    ]);
    expect(forArtist.blockers.balanceCents).toBe(order.artistNet);

    for (const member of [buyer, artist]) {
      const refused = await close(member);
      expect(refused.status).toBe(409);
      expect(await errorOf(refused)).toBe(dataRightsMessages.notSettled);
      expect((await readUser(t, member.id)).closedAt).toBeNull();
    }

    // Settled: the offer declined, the order completed. The artist is still owed its net.
    await t.db.update(offers).set({ status: "declined" }).where(eq(offers.id, offer.id));
    await t.db.update(orders).set({ status: "completed" }).where(eq(orders.id, order.id));
    expect((await blockers(buyer)).open).toBe(false);
    expect(await blockers(artist)).toMatchObject({
      open: true,
      blockers: { offers: [], orders: [], balanceCents: order.artistNet },
    });
    expect((await close(artist)).status).toBe(409);
    expect((await close(buyer)).status).toBe(200);
  });
});

describe("delete my account: returns still possible", () => {
  it("keeps an artist's account open while a buyer may still return a sale, and says until when", async () => {
    const artist = await signUp(t, {}, { isArtist: true, payoutStatus: "active" });
    const buyer = await signUp(t);
    const deliveredAt = new Date(Date.now() - 3 * DAY_MS);
    const sold = await createArtwork(t.db, { artistId: artist.id, ownerId: buyer.id });
    const returnable = await createOrder(t.db, {
      artworkId: sold.id,
      purchaserId: buyer.id,
      title: "Returnable work",
      status: "completed",
      deliveredAt,
      completedAt: deliveredAt,
      returnWindowDays: 14,
    });
    // Sold without returns, and a window that has ended: neither keeps the account open.
    for (const [days, deliveredDaysAgo] of [
      [0, 1],
      [14, 15],
    ] as const) {
      const at = new Date(Date.now() - deliveredDaysAgo * DAY_MS);
      await createOrder(t.db, {
        artworkId: (await createArtwork(t.db, { artistId: artist.id, ownerId: buyer.id })).id,
        purchaserId: buyer.id,
        status: "completed",
        deliveredAt: at,
        completedAt: at,
        returnWindowDays: days,
      });
    }

    const forArtist = await blockers(artist);
    expect(forArtist.open).toBe(true);
    expect(forArtist.blockers.orders).toEqual([
      {
        id: returnable.id,
        title: "Returnable work",
        status: "completed",
        role: "seller",
        link: "/profile/sales",
        returnWindowEndsAt: new Date(deliveredAt.getTime() + 14 * DAY_MS).toISOString(),
      },
    ]);
    const refused = await close(artist);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(dataRightsMessages.notSettled);
    expect((await readUser(t, artist.id)).closedAt).toBeNull();
    // The buyer's side of a completed sale keeps nothing open.
    expect((await blockers(buyer)).blockers.orders).toEqual([]);

    // Each state of a return keeps both sides open.
    for (const status of RETURN_STATUSES) {
      await t.db.update(orders).set({ status }).where(eq(orders.id, returnable.id));
      for (const [member, role] of [
        [artist, "seller"],
        [buyer, "buyer"],
      ] as const) {
        const answer = await blockers(member);
        expect(answer.open, `${status} ${role}`).toBe(true);
        expect(answer.blockers.orders.map((o) => [o.id, o.role, o.status])).toEqual([
          [returnable.id, role, status],
        ]);
        expect((await close(member)).status, `${status} ${role}`).toBe(409);
      }
    }

    // Once the window has ended on a completed sale, the artist may leave.
    const ended = new Date(Date.now() - 15 * DAY_MS);
    await t.db
      .update(orders)
      .set({ status: "completed", deliveredAt: ended })
      .where(eq(orders.id, returnable.id));
    expect(await blockers(artist)).toMatchObject({ open: false, blockers: { orders: [] } });
    expect((await close(artist)).status).toBe(200);
  });
});

describe("delete my account: what is erased and what is kept", () => {
  it("erases the person and keeps orders, payments and messages under a pseudonym", async () => {
    const ada = await signUp(
      t,
      { firstName: "Ada", lastName: "Leaving" },
      {
        isArtist: true,
        payoutStatus: "active",
        bio: "Paints harbours.",
        instagramHandle: "ada",
        websiteURL: "https://ada.example",
        birthYear: 1990,
        location: "Albany",
        shippingAddress: { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" },
      },
    );
    const oldEmail = ada.email;
    const collector = await createUser(t.db);
    const otherArtist = await createArtist(t.db);
    // Her listing, still hers: withdrawn. Her sold work: stays the collector's.
    const listing = await createArtwork(t.db, { artistId: ada.id });
    const sold = await createArtwork(t.db, { artistId: ada.id, ownerId: collector.id });
    const sale = await createOrder(t.db, {
      artworkId: sold.id,
      purchaserId: collector.id,
      status: "completed",
      artistName: "Ada Leaving",
    });
    // What she bought, completed, paid from her address.
    const bought = await createArtwork(t.db, { artistId: otherArtist.id, ownerId: ada.id });
    const purchase = await createOrder(t.db, {
      artworkId: bought.id,
      purchaserId: ada.id,
      status: "completed",
    });
    await t.db
      .update(payments)
      .set({ purchaserEmail: oldEmail, purchaserName: "Ada Leaving" })
      .where(eq(payments.id, purchase.paymentId));
    // A review she wrote, one written of her, and one of another artist that stays.
    const otherSale = await createOrder(t.db, {
      artworkId: (await createArtwork(t.db, { artistId: otherArtist.id, ownerId: collector.id }))
        .id,
      purchaserId: collector.id,
      status: "completed",
    });
    const review = { artworkTitle: "A work", rating: 5, body: "Wonderful." };
    await t.db.insert(reviews).values([
      { ...review, orderId: purchase.id, artistId: otherArtist.id, buyerId: ada.id },
      { ...review, orderId: sale.id, artistId: ada.id, buyerId: collector.id },
      { ...review, orderId: otherSale.id, artistId: otherArtist.id, buyerId: collector.id },
    ]);
    const other = await createArtwork(t.db, { artistId: otherArtist.id });
    await t.db.insert(savedWorks).values({ userId: ada.id, artworkId: other.id });
    await t.db.insert(follows).values([
      { followerId: ada.id, artistId: otherArtist.id },
      { followerId: collector.id, artistId: ada.id },
    ]);
    await t.db.insert(alerts).values({ userId: ada.id, name: "Harbours" });
    await t.db.insert(mailPreferences).values({ userId: ada.id });
    const conversation = await seedConversation(t.db, {
      buyerId: collector.id,
      artistId: ada.id,
      artworkId: listing.id,
      bodies: ["Is it for sale?", "Yes, it is."],
    });
    await t.db.insert(dataExports).values({ userId: ada.id });
    // Her photo (both sizes) and an application picture, really in storage.
    const photoKey = `profile_photos/${ada.id}/${"a".repeat(32)}-400.webp`;
    const smallKey = `profile_photos/${ada.id}/${"a".repeat(32)}-96.webp`;
    const { url: photo } = await t.services.storage.put(photoKey, Buffer.from("400"), "image/webp");
    await t.services.storage.put(smallKey, Buffer.from("96"), "image/webp");
    await t.db.update(users).set({ profilePhoto: photo }).where(eq(users.id, ada.id));
    const pictureKeys = ["original", "medium", "thumbnail"].map(
      (size) => `applications/${ada.id}/picture-${size}.jpg`,
    );
    for (const key of pictureKeys) {
      await t.services.storage.put(key, Buffer.from(key), "image/jpeg");
    }
    await t.db.insert(applicationImages).values({
      userId: ada.id,
      originalKey: pictureKeys[0]!,
      mediumKey: pictureKeys[1]!,
      thumbnailKey: pictureKeys[2]!,
      original: t.services.storage.url(pictureKeys[0]!),
      medium: t.services.storage.url(pictureKeys[1]!),
      thumbnail: t.services.storage.url(pictureKeys[2]!),
      width: 10,
      height: 10,
    });
    await t.db.insert(outbox).values({
      kind: "test",
      recipient: oldEmail,
      subject: "An old message",
      textBody: "Hello Ada",
    });

    const closed = await close(ada);
    expect(closed.status).toBe(200);
    expect(expectContract(accountClosedSchema, await closed.json())).toEqual({ closed: true });

    // Signed out everywhere, and cannot sign in again.
    expect(await (await send(t, ada, "GET", "/api/session")).json()).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, ada.id))).toEqual([]);
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, ada.id))).toEqual([]);
    const signIn = await t.client().post("/api/auth/sign-in/email", {
      email: oldEmail,
      password: "secret-123",
    });
    expect(signIn.status).not.toBe(200);

    // The row: kept, everything that said who she was replaced.
    const row = await readUser(t, ada.id);
    const pseudonym = closedAccountName(ada.id);
    expect(row).toMatchObject({
      email: closedAccountEmail(ada.id),
      firstName: "",
      lastName: "",
      displayName: pseudonym,
      bio: "",
      instagramHandle: null,
      websiteURL: null,
      birthYear: null,
      location: null,
      profilePhoto: null,
      shippingAddress: null,
      payoutStatus: "none",
    });
    expect(row.closedAt).not.toBeNull();
    expect(pseudonym).toMatch(/^Deleted member [0-9A-F]{6}$/);

    // Erased.
    expect(await t.db.select().from(savedWorks).where(eq(savedWorks.userId, ada.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(follows)
        .where(or(eq(follows.followerId, ada.id), eq(follows.artistId, ada.id))),
    ).toEqual([]);
    expect(await t.db.select().from(alerts).where(eq(alerts.userId, ada.id))).toEqual([]);
    expect((await t.db.select().from(reviews)).map((r) => r.orderId)).toEqual([otherSale.id]);
    expect(await t.db.select().from(dataExports).where(eq(dataExports.userId, ada.id))).toEqual([]);
    expect(
      await t.db.select().from(applicationImages).where(eq(applicationImages.userId, ada.id)),
    ).toEqual([]);
    for (const key of [photoKey, smallKey, ...pictureKeys]) {
      await expect(t.services.storage.read(key), key).rejects.toThrow();
    }
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, oldEmail));
    expect(mails.map((m) => m.kind)).toEqual(["account-closed"]);

    // Kept, under the pseudonym.
    const [keptSale] = await t.db.select().from(orders).where(eq(orders.id, sale.id));
    expect(keptSale).toMatchObject({
      artistId: ada.id,
      artistName: pseudonym,
      status: "completed",
    });
    const [keptPurchase] = await t.db.select().from(orders).where(eq(orders.id, purchase.id));
    expect(keptPurchase).toMatchObject({ purchaserId: ada.id, totalAmount: purchase.totalAmount });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, purchase.paymentId));
    expect(payment).toMatchObject({
      purchaserEmail: closedAccountEmail(ada.id),
      purchaserName: pseudonym,
      status: "captured",
    });
    const kept = await t.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversation.id));
    expect(kept.map((m) => [m.senderId, m.body])).toEqual([
      [collector.id, "Is it for sale?"],
      [ada.id, "Yes, it is."],
    ]);
    const [closedConversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversation.id));
    expect(closedConversation!.closedAt).not.toBeNull();

    // Listings withdrawn; the sold work stays the collector's, under the pseudonym.
    const [withdrawn] = await t.db.select().from(artworks).where(eq(artworks.id, listing.id));
    expect(withdrawn).toMatchObject({ status: "draft", isForSale: false });
    const [soldWork] = await t.db.select().from(artworks).where(eq(artworks.id, sold.id));
    expect(soldWork).toMatchObject({ ownerId: collector.id, artistDisplayName: pseudonym });

    // Nothing else in the users table still carries her old address or name.
    const leftovers = await t.db
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.email, oldEmail), eq(users.displayName, "Ada Leaving")));
    expect(leftovers).toEqual([]);
  });

  it("replaces her address on the listings she reported and keeps her returns whole", async () => {
    const ada = await signUp(t);
    const oldEmail = ada.email;
    const admin = await signUp(t, {}, { role: "admin" });
    const artist = await createArtist(t.db);
    const reported = await createArtwork(t.db, {
      artistId: artist.id,
      title: "Reported signed in",
    });
    const guestReported = await createArtwork(t.db, { artistId: artist.id, title: "By a guest" });
    const report = { reason: "not_original", explanation: "A print of a famous painting." };
    const signedIn = await send(t, ada, "POST", `/api/artworks/${reported.id}/reports`, report);
    expect(signedIn.status, await signedIn.clone().text()).toBe(201);
    const asGuest = await send(t, undefined, "POST", `/api/artworks/${guestReported.id}/reports`, {
      ...report,
      email: oldEmail.toUpperCase(),
    });
    expect(asGuest.status, await asGuest.clone().text()).toBe(201);
    // A return she asked for as buyer, refused, with a photo really in storage.
    const bought = await createArtwork(t.db, { artistId: artist.id, ownerId: ada.id });
    const purchase = await createOrder(t.db, {
      artworkId: bought.id,
      purchaserId: ada.id,
      status: "completed",
    });
    const [asked] = await t.db
      .insert(orderReturns)
      .values({
        orderId: purchase.id,
        fromStatus: "completed",
        reason: "Smaller than described.",
        requestedAt: new Date(),
        decision: "refused",
        decidedByRole: "artist",
        decidedAt: new Date(),
        refusalReason: "The size was in the listing.",
      })
      .returning();
    const photoKey = `returns/${ada.id}/photo-original.jpg`;
    const { url } = await t.services.storage.put(photoKey, Buffer.from("photo"), "image/jpeg");
    await t.db.insert(returnImages).values({
      uploaderId: ada.id,
      returnId: asked!.id,
      originalKey: photoKey,
      mediumKey: photoKey,
      thumbnailKey: photoKey,
      original: url,
      medium: url,
      thumbnail: url,
      width: 10,
      height: 10,
    });

    expect((await close(ada)).status).toBe(200);

    // Both reports, signed in and as a guest, now carry the closed account's address.
    const reports = await t.db
      .select()
      .from(listingReports)
      .where(inArray(listingReports.artworkId, [reported.id, guestReported.id]));
    expect(reports).toHaveLength(2);
    for (const row of reports) {
      expect(row).toMatchObject({ reporterEmail: closedAccountEmail(ada.id), clientIp: null });
    }
    // A later decision's statement of reasons does not go to her old address.
    for (const row of reports) {
      const decided = await send(
        t,
        admin,
        "POST",
        `/api/admin/listing-reports/${row.artworkId}/decide`,
        {
          outcome: "kept",
          ground: "no_breach",
          explanation: "The artist showed us the studio photographs.",
          reportIds: [row.id],
        },
      );
      expect(decided.status, await decided.clone().text()).toBe(200);
    }
    const toOld = await t.db.select().from(outbox).where(eq(outbox.recipient, oldEmail));
    expect(toOld.map((m) => m.kind)).toEqual(["account-closed"]);
    const statements = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, "listing_report_statement"));
    expect(statements.filter((m) => m.recipient.toLowerCase() === oldEmail.toLowerCase())).toEqual(
      [],
    );

    // Her return stays whole with the sale: reason, refusal and photo (row and file).
    const [kept] = await t.db.select().from(orderReturns).where(eq(orderReturns.id, asked!.id));
    expect(kept).toMatchObject({
      reason: "Smaller than described.",
      refusalReason: "The size was in the listing.",
    });
    expect(
      await t.db.select().from(returnImages).where(eq(returnImages.returnId, asked!.id)),
    ).toHaveLength(1);
    await expect(t.services.storage.read(photoKey)).resolves.toBeDefined();
  });

  it("closes once: a double submit closes the account one time", async () => {
    const ada = await signUp(t);
    const answers = await Promise.all([close(ada), close(ada)]);
    expect(answers.map((a) => a.status).filter((s) => s === 200)).toHaveLength(1);
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, ada.email));
    expect(mails.filter((m) => m.kind === "account-closed")).toHaveLength(1);
  });
});
