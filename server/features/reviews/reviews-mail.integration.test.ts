import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/test-app";
import { startSmtpServer } from "../mail/mail.test-helpers";
import { send } from "../profiles/profiles.test-helpers";
import { newArtist, newBuyer, orderOf, reviewed } from "./reviews.test-helpers";

/** The reviews' two e-mails, delivered through a real SMTP server from the outbox. */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The one message delivered to `email` whose text has `phrase`, quoted-printable decoded. */
function mailTo(email: string, phrase: string): string {
  const found = smtp.received
    .filter((m) => m.to.includes(email))
    .map((m) => decodeQuotedPrintable(m.raw))
    .filter((text) => text.includes(phrase));
  expect(found, `one e-mail to ${email} saying ${phrase}`).toHaveLength(1);
  return found[0]!;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

describe("review e-mails", () => {
  it("tells the artist of a review and the buyer of the reply, with the words", async () => {
    const artist = await newArtist(t);
    const buyer = await newBuyer(t);
    const order = await orderOf(t, artist, buyer, "completed", "Low Tide");
    const reviewId = await reviewed(t, buyer, order.id, 4);
    await t.services.outbox.flush();
    const toArtist = mailTo(artist.email, 'Bea Buyer reviewed their purchase of "Low Tide"');
    expect(toArtist).toContain("4 out of 5 stars");
    expect(toArtist).toContain("Rated 4.");
    expect(toArtist).toContain(`/artist/${artist.id}#reviews`);

    const replied = await send(t, artist, "POST", `/api/me/reviews/${reviewId}/reply`, {
      reply: "So glad it found a home.",
    });
    expect(replied.status).toBe(201);
    await t.services.outbox.flush();
    const toBuyer = mailTo(buyer.email, 'Ines Artist replied to your review of "Low Tide"');
    expect(toBuyer).toContain("So glad it found a home.");
    expect(toBuyer).toContain(`/profile/purchases/${order.id}`);
  });
});
