import { describe, expect, it } from "vitest";
import {
  passwordChangedMail,
  passwordResetMail,
  twoStepOffMail,
  twoStepOnMail,
} from "../features/auth/auth.mails";
import {
  approvedMail,
  declinedMail,
  infoRequestedMail,
} from "../features/applications/applications-mail";
import {
  purchaseConfirmationMail,
  saleNoticeMail,
  type SaleDetails,
} from "../features/purchase/checkout.mails";
import { digestMail } from "../features/alerts/digest.mails";
import type { NewMail } from "../features/mail/outbox.repository";
import { hiddenWorkMail } from "../features/moderation/moderation.service";
import {
  offerAcceptedMail,
  offerClosedBySaleMail,
  offerDeclinedMail,
  offerExpiredMail,
  offerSentMail,
  offerToArtistMail,
  offerWithdrawnMail,
  counterToBuyerMail,
  type OfferMailFacts,
} from "../features/purchase/offers.mails";
import {
  cancelledUnchargedMails,
  completedMail,
  deliveredMail,
  problemReportedMails,
  refundRefusedMail,
  refundedMails,
  shipByReminderMail,
  shippedMail,
  type OrderMailContext,
} from "../features/orders/orders.mails";
import { paidMail, takenBackMail } from "../features/payouts/payout-run.mails";
import { warningMail } from "../features/conversations/conversation-reports.mails";
import { newMessagesMail } from "../features/conversations/message-mail.mails";
import { SIGNATURE, workPicture } from "./mail-content";
import { renderMail } from "./render-mail";

/**
 * Every e-mail the marketplace sends, rendered by the one template: each has the
 * marketplace's name, the same greeting and signature in both parts, a call to action
 * (a button in HTML, its "label: url" line in the text), and the work's picture when it is
 * about a work. A title with markup in it stays text.
 */

const URL = "https://art.example.com";
const TITLE = "<script>alert(1)</script> & Sons";
const ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Sons";
const picture = workPicture(URL, "/media/artworks/a1-thumbnail.webp", `"${TITLE}" by Ann Artist`, {
  width: 800,
  height: 1000,
});
const PICTURE_URL = `${URL}/media/artworks/a1-thumbnail.webp`;

const order: OrderMailContext = {
  orderId: "o1",
  title: TITLE,
  buyerName: "Pia Buyer",
  buyerEmail: "pia@example.com",
  artistTimeZone: "America/Los_Angeles",
  artistName: "Ann Artist",
  artistEmail: "ann@example.com",
  buyerOrderUrl: `${URL}/profile/purchases/o1`,
  artistSalesUrl: `${URL}/profile/sales`,
  picture,
};
const team = { email: "team@example.com", orderUrl: `${URL}/admin/orders/o1` };
const sale: SaleDetails = {
  orderId: "o1",
  title: TITLE,
  artistName: "Ann Artist",
  preTaxAmount: 10_000,
  taxAmount: 800,
  totalAmount: 10_800,
  shippingAddress: { line1: "1 Main St", city: "Springfield", state: "IL", postal_code: "62701" },
  buyerName: "Pia Buyer",
  buyerEmail: "pia@example.com",
  pickUpZipCode: null,
  shipBy: new Date("2026-12-05T00:00:00Z"),
  commission: 2_000,
  artistNet: 8_000,
  salesLink: `${URL}/profile/sales`,
  picture,
};
const facts: OfferMailFacts = {
  title: TITLE,
  artistName: "Ann Artist",
  buyerName: "Pia Buyer",
  amountCents: 9_000,
  expiresAt: new Date("2026-12-01T12:00:00Z"),
  picture,
};
const offerLink = `${URL}/offers/f1?key=k`;
const payout = {
  artistName: "Ann Artist",
  artistEmail: "ann@example.com",
  amount: 8_000,
  reference: "tr_1",
  orders: 1,
  salesUrl: `${URL}/profile/sales`,
};
const applicant = { email: "ann@example.com", firstName: "Ann" };
const refund = { amount: 10_800, full: true, reason: "Damaged" };

type Case = { mail: NewMail; greeting: string; action: string; aboutWork: boolean };

function cases(): Case[] {
  const artist = (mail: NewMail, action = `${URL}/profile/sales`) => ({
    mail,
    greeting: "Hello Ann,",
    action,
    aboutWork: true,
  });
  const buyer = (mail: NewMail, action = `${URL}/profile/purchases/o1`) => ({
    mail,
    greeting: "Hello Pia,",
    action,
    aboutWork: true,
  });
  const [problemTeam, problemArtist] = problemReportedMails(
    order,
    { kind: "damaged", note: "Cracked <b>frame</b>" },
    team,
  );
  const [refundBuyer, refundArtist] = refundedMails(order, refund);
  const [cancelBuyer, cancelArtist] = cancelledUnchargedMails(order, "Out of stock");
  return [
    {
      mail: passwordResetMail({
        to: "pia@example.com",
        name: "Pia Buyer",
        link: `${URL}/reset?t=1`,
      }),
      greeting: "Hello Pia,",
      action: `${URL}/reset?t=1`,
      aboutWork: false,
    },
    {
      mail: passwordChangedMail({
        to: "pia@example.com",
        name: "Pia Buyer",
        link: `${URL}/signin`,
      }),
      greeting: "Hello Pia,",
      action: `${URL}/signin`,
      aboutWork: false,
    },
    {
      mail: twoStepOnMail({
        to: "pia@example.com",
        name: "Pia Buyer",
        link: `${URL}/profile/settings#two-step`,
      }),
      greeting: "Hello Pia,",
      action: `${URL}/profile/settings#two-step`,
      aboutWork: false,
    },
    {
      mail: twoStepOffMail({
        to: "pia@example.com",
        name: "Pia Buyer",
        link: `${URL}/profile/settings#two-step`,
      }),
      greeting: "Hello Pia,",
      action: `${URL}/profile/settings#two-step`,
      aboutWork: false,
    },
    {
      mail: approvedMail(applicant, URL),
      greeting: "Hello Ann,",
      action: `${URL}/profile`,
      aboutWork: false,
    },
    {
      mail: declinedMail(applicant, "Not original", URL),
      greeting: "Hello Ann,",
      action: `${URL}/profile`,
      aboutWork: false,
    },
    {
      mail: infoRequestedMail({ ...applicant, firstName: "" }, "Portfolio?", URL),
      greeting: "Hello there,",
      action: `${URL}/profile`,
      aboutWork: false,
    },
    buyer(purchaseConfirmationMail(sale, `${URL}/profile/purchases`), `${URL}/profile/purchases`),
    artist(saleNoticeMail(sale, "ann@example.com", "UTC")),
    artist(shipByReminderMail(order, new Date("2026-12-05T00:00:00Z"))),
    buyer(shippedMail(order, { carrier: "UPS", trackingNumber: "1Z" })),
    artist(deliveredMail(order, true)),
    { mail: problemTeam!, greeting: "Hello there,", action: team.orderUrl, aboutWork: true },
    artist(problemArtist!),
    buyer(refundBuyer!),
    artist(refundArtist!),
    artist(completedMail(order, 8_000)),
    buyer(cancelBuyer!),
    artist(cancelArtist!),
    {
      mail: refundRefusedMail(order, { ...refund, failure: "declined" }, team),
      greeting: "Hello there,",
      action: team.orderUrl,
      aboutWork: true,
    },
    artist(
      offerToArtistMail(facts, "ann@example.com", offerLink, { counter: false, note: "" }, "UTC"),
      offerLink,
    ),
    buyer(offerSentMail(facts, "pia@example.com", offerLink, "UTC"), offerLink),
    buyer(counterToBuyerMail(facts, "pia@example.com", offerLink, "UTC"), offerLink),
    buyer(offerAcceptedMail(facts, "pia@example.com", offerLink, "artist"), offerLink),
    artist(offerAcceptedMail(facts, "ann@example.com", offerLink, "buyer"), offerLink),
    buyer(
      offerDeclinedMail(facts, "pia@example.com", offerLink, { by: "artist", message: "" }),
      offerLink,
    ),
    artist(offerWithdrawnMail(facts, "ann@example.com", offerLink), offerLink),
    artist(offerExpiredMail(facts, "ann@example.com", offerLink, "artist"), offerLink),
    buyer(offerClosedBySaleMail(facts, "pia@example.com", offerLink), offerLink),
    { ...artist(paidMail(payout)), aboutWork: false },
    { ...artist(takenBackMail(payout)), aboutWork: false },
    {
      mail: {
        kind: "artwork_hidden",
        to: "ann@example.com",
        ...hiddenWorkMail(
          {
            id: "a1",
            title: TITLE,
            artistName: "Ann Artist",
            imageThumbnail: "/media/artworks/a1-thumbnail.webp",
          },
          "Not the artist's own work",
          { publicUrl: URL, teamEmail: "team@example.com" },
        ),
      },
      greeting: "Hello Ann,",
      action: `${URL}/artwork/a1`,
      aboutWork: true,
    },
    {
      mail: {
        kind: "conversation_warning",
        to: "pia@example.com",
        ...warningMail(
          { name: "Pia Buyer", artworkTitle: TITLE },
          { publicUrl: URL, teamEmail: "team@example.com" },
        ),
      },
      greeting: "Hello Pia,",
      action: `${URL}/profile/messages`,
      aboutWork: false,
    },
  ];
}

async function rendered(mail: NewMail) {
  if (!mail.content) throw new Error(`${mail.kind} has no template content`);
  return renderMail(mail.content, mail.subject);
}

describe("every e-mail", () => {
  it.each(cases().map((c) => [c.mail.kind, c] as const))(
    "%s has the name, greeting, signature, call to action and picture in both parts",
    async (_kind, c) => {
      const { html, text } = await rendered(c.mail);
      expect(html).toContain(">Vernissage</h1>");
      expect(html).toContain(`>${c.greeting}</p>`);
      expect(text.startsWith(`Vernissage\n\n${c.greeting}\n`)).toBe(true);
      expect(html).toContain(SIGNATURE);
      expect(text).toContain(SIGNATURE);
      // The button, and the same address as a line of the text part.
      expect(html).toMatch(
        new RegExp(`<a href="${escapeRegExp(htmlAttr(c.action))}" data-skip-in-text="true"`),
      );
      expect(text).toContain(c.action);
      if (c.aboutWork) {
        expect(html).toContain(`src="${PICTURE_URL}"`);
        expect(html).toMatch(/<img [^>]*width="280"/);
        // The order's proportions (800 × 1000) when the mail function was given them.
        if (c.mail.kind !== "artwork_hidden") expect(html).toMatch(/<img [^>]*height="350"/);
        expect(html).toMatch(
          /<img alt="&quot;&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; Sons&quot; by Ann Artist"/,
        );
      } else {
        expect(html).not.toContain("<img");
      }
      // Markup in a title is text: escaped in the HTML part, as written in the text part.
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<b>");
      if (text.includes(TITLE)) expect(html).toContain(ESCAPED);
      expect(text).not.toContain("<a ");
      expect(text).not.toMatch(/<(p|br|table)[ />]/);
    },
  );

  it("keeps the line breaks of a message someone wrote, in both parts", async () => {
    const [toTeam] = problemReportedMails(
      order,
      { kind: "damaged", note: "The corner is torn.\nSee <the> photo." },
      team,
    );
    const { html, text } = await rendered(toTeam!);
    expect(text).toContain("The buyer wrote:\nThe corner is torn.\nSee <the> photo.");
    expect(html).toContain("The buyer wrote:<br/>The corner is torn.<br/>See &lt;the&gt; photo.");
  });

  it("renders a NUL byte, a lone surrogate and a long message without failing or losing the rest", async () => {
    const message = `before\u0000after \uD800 ${"x".repeat(5_000)} end`;
    const mail = offerDeclinedMail(facts, "pia@example.com", offerLink, { by: "artist", message });
    const { html, text } = await rendered(mail);
    for (const part of [html, text]) {
      expect(part).not.toContain("\u0000");
      expect(part).toContain("after");
      expect(part).toContain(`${"x".repeat(5_000)} end`);
    }
  });

  it("keeps each sentence in the text part as it was written", async () => {
    const { text } = await rendered(purchaseConfirmationMail(sale, `${URL}/profile/purchases`));
    expect(text).toContain(`Thank you for buying "${TITLE}" by Ann Artist.`);
    expect(text).toContain(`Your purchases: ${URL}/profile/purchases`);
    expect(text).toContain("Order reference: o1");
    expect(text).toContain("Shipping to:\n1 Main St\nSpringfield, IL 62701");
  });
});

describe("the new-messages e-mail", () => {
  it("quotes the messages as text, counts pictures, links the conversation, and hides no markup", async () => {
    const mail = newMessagesMail(
      {
        recipient_email: "ann@example.com",
        recipient_name: "Ann",
        other_name: "Pia Buyer",
        kind: "artwork",
        artwork_title: TITLE,
        artwork_thumbnail: "/media/artworks/a1-thumbnail.webp",
      },
      {
        messages: [
          { id: 1, body: "Is it <b>framed</b>?", pictures: 0 },
          { id: 2, body: "", pictures: 2 },
        ],
        total: 12,
        pictures: 2,
      },
      { publicUrl: URL, conversationId: "c1" },
    );
    expect(mail.subject).toBe(`Pia Buyer wrote to you about "${TITLE}"`);
    const { html, text } = await rendered(mail);
    expect(text.startsWith("Vernissage\n\nHello Ann,\n")).toBe(true);
    expect(text).toContain(`Pia Buyer sent you 12 new messages about "${TITLE}":`);
    expect(text).toContain("(10 earlier messages not shown here)");
    expect(text).toContain("Is it <b>framed</b>?");
    expect(text).toContain("[2 pictures]");
    expect(text).toContain(`${URL}/profile/messages/c1`);
    expect(text).toContain(`${URL}/profile/settings`);
    expect(html).toContain("Is it &lt;b&gt;framed&lt;/b&gt;?");
    expect(html).not.toContain("<script>");
    expect(html).toContain(`src="${PICTURE_URL}"`);
    expect(text).toContain(SIGNATURE);
  });
});

describe("the digest", () => {
  it("greets by first name and puts settings and unsubscribe links in the footer", async () => {
    const mail = digestMail(
      {
        userId: "u",
        email: "pia@example.com",
        firstName: "Pia",
        followEmails: true,
        suspended: false,
      },
      [
        {
          userId: "u",
          alertId: null,
          alertName: null,
          artworkId: "a1",
          title: TITLE,
          priceCents: 9_000,
          isForSale: true,
          artistName: "Ann Artist",
          thumbnail: "/media/artworks/a1-thumbnail.webp",
          groupTotal: 1,
        },
      ],
      { publicUrl: URL, token: (scope) => `tok-${scope}`, searches: new Map() },
    );
    const { html, text } = await rendered(mail);
    expect(text).toContain("Hello Pia,");
    expect(text).toMatch(/^- <script>alert\(1\)<\/script> & Sons by Ann Artist/m);
    expect(html).toContain(`href="${URL}/artwork/a1"`);
    // The work's picture, linked to the work; the text part has the address instead.
    expect(html).toMatch(
      new RegExp(
        `<a href="${URL}/artwork/a1"[^>]*><img alt="&quot;${escapeRegExp(ESCAPED)}&quot; by Ann Artist"[^>]*src="${PICTURE_URL}"`,
      ),
    );
    expect(html).toMatch(/<img [^>]*width="120"/);
    expect(text.split(`${URL}/artwork/a1`)).toHaveLength(2);
    expect(html).toContain(ESCAPED);
    expect(text).toContain(`Stop all these e-mails: ${URL}/unsubscribe?token=tok-all`);
    expect(text.indexOf(SIGNATURE)).toBeLessThan(text.indexOf("Stop all these e-mails"));
    expect(mail.headers?.["List-Unsubscribe"]).toBe(`<${URL}/api/unsubscribe?token=tok-all>`);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function htmlAttr(s: string): string {
  return s.replaceAll("&", "&amp;");
}
