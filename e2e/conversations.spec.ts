import { type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { SUGGESTED_QUESTIONS, messageTexts, offPlatformText } from "../domain/messages";
import { offerMessages } from "../domain/offers";
import { fillAddress, fillCard } from "./buy";
import {
  DESKTOP,
  artworkIdByTitle,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  screenshot,
  signIn,
  waitForHydration,
} from "./helpers";

/**
 * Ask the artist: a visitor asks about an offers-only work by Theo Lindqvist (which no
 * other spec uses), signing up on the way with the words kept; the artist answers from
 * the inbox; the buyer sees the answer arrive without reloading, in the header's count and
 * in the open conversation; then makes an offer, which shows in the same conversation.
 */

const TITLE = "Latent Space";
const ARTIST = "theo.lindqvist@artists.demo.vernissage.test";
const ARTIST_NAME = "Theo Lindqvist";
const COLLECTOR = "collector@demo.vernissage.test";
const BUYER_PASSWORD = "ask-the-artist-1";

failOnBrowserErrors({ viewport: DESKTOP });

async function shots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `/tmp/conv-shots/${name}-${label}.png`, fullPage: true }, () =>
      // From the top: the header is sticky, and a page scrolled down draws it mid-picture.
      page.evaluate(() => window.scrollTo(0, 0)),
    );
  });
}

const header = (page: Page) => page.getByRole("navigation", { name: "Main" }).first();

test("a visitor asks the artist, signs up on the way, sees the answer live, then offers", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const id = await artworkIdByTitle(request, TITLE);
  const buyerEmail = `asker.${Date.now()}@example.com`;

  // 1. A visitor opens Ask the artist: suggested questions fill the message in one tap.
  await page.goto(`/artwork/${id}`);
  await waitForHydration(page);
  const ask = page.getByRole("button", { name: "Ask the artist" });
  await ask.click();
  const dialog = page.getByRole("dialog", { name: "Ask the artist" });
  await expect(dialog).toBeVisible();
  const message = dialog.getByLabel("Your message");
  await dialog.getByRole("button", { name: SUGGESTED_QUESTIONS[1] }).click();
  await expect(message).toHaveValue(SUGGESTED_QUESTIONS[1]);
  await expect(message).toBeFocused();
  const question = `${SUGGESTED_QUESTIONS[1]} And could it be shipped to Chicago?`;
  await message.fill(question);
  await expect(dialog.getByText(`${question.length} of 5,000 characters`)).toBeVisible();
  // A visitor writes first, then signs in or up to send it.
  await expect(dialog.getByRole("link", { name: "Sign in to send" })).toBeVisible();
  // Pictures need an account.
  await expect(dialog.getByLabel("Add pictures")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shots(page, "ask-dialog-visitor");
  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(ask).toBeFocused();
  await ask.click();
  await expect(dialog.getByLabel("Your message")).toHaveValue(question);

  // 2. Sign up on the way: back on the work with the dialog open and the words kept.
  await dialog.getByRole("link", { name: "New here? Create an account" }).click();
  await expect(page).toHaveURL(/\/signup\?next=/);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Asker");
  await page.getByLabel("Email").fill(buyerEmail);
  await page.getByLabel("Password").fill(BUYER_PASSWORD);
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(`/artwork/${id}`);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Your message")).toHaveValue(question);
  // A picture: uploaded at once, shown as a thumbnail that can be removed.
  const picture = await sharp({
    create: { width: 640, height: 480, channels: 3, background: "#2a6f97" },
  })
    .jpeg()
    .toBuffer();
  await dialog.getByLabel("Add pictures").setInputFiles([
    { name: "wall.jpg", mimeType: "image/jpeg", buffer: picture },
    { name: "wall2.jpg", mimeType: "image/jpeg", buffer: picture },
  ]);
  await expect(dialog.getByRole("img", { name: "Picture 2" })).toBeVisible();
  await dialog.getByRole("button", { name: "Remove picture 2" }).click();
  await expect(dialog.getByRole("img", { name: "Picture 2" })).toHaveCount(0);
  await expect(dialog.getByRole("img", { name: "Picture 1" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, "ask-dialog-signed-in");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();

  // 3. The conversation's page: the work at the top, the message as sent.
  await expect(page).toHaveURL(/\/profile\/messages\/[0-9a-f-]{36}$/);
  const conversationPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ARTIST_NAME);
  await expect(page.getByRole("link", { name: TITLE })).toHaveAttribute("href", `/artwork/${id}`);
  const thread = page.getByRole("list", { name: "Messages" });
  await expect(thread).toContainText(question);
  // The picture sent with it: a thumbnail that opens the full size.
  await expect(thread.getByRole("link", { name: "Open picture 1 full size" })).toHaveAttribute(
    "href",
    /original/,
  );
  await waitForHydration(page);

  // Contact details before a sale are held back with why; the words stay to be edited.
  const reply = page.getByLabel("Your reply");
  await reply.fill("Or write to me at ada.asker@example.com");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(offPlatformText("email"));
  await expect(reply).toHaveValue("Or write to me at ada.asker@example.com");
  await expect(reply).toHaveAttribute("aria-invalid", "true");
  await reply.fill("");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(messageTexts.empty);
  await expectNoAxeViolations(page);
  await shots(page, "conversation-buyer");

  // A third person gets the 404 page at the same address.
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  await signIn(strangerPage, COLLECTOR);
  expect((await strangerPage.request.get(conversationPath)).status()).toBe(404);
  await stranger.close();

  // 4. The buyer waits on the work's page; the artist answers from the inbox.
  await page.goto(`/artwork/${id}`);
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const messagesLink = header(page).getByRole("link", { name: /^Messages/ });
  await expect(messagesLink).toHaveAccessibleName("Messages");

  const artistContext = await browser.newContext({ baseURL });
  const artist = await artistContext.newPage();
  await artist.setViewportSize(DESKTOP);
  await signIn(artist, ARTIST);
  const artistLink = header(artist).getByRole("link", { name: /^Messages/ });
  // Other journeys may have asked this demo artist too: the header says the server's count,
  // and the row below is this conversation's own.
  const { unread } = (await (await artist.request.get("/api/me/conversations/unread")).json()) as {
    unread: number;
  };
  expect(unread).toBeGreaterThanOrEqual(1);
  await expect(artistLink).toHaveAccessibleName(`Messages, ${unread} unread`);
  await artistLink.click();
  await expect(artist).toHaveURL("/profile/messages");
  const row = artist.locator(".inbox-row").filter({ hasText: "Ada Asker" });
  await expect(row).toContainText(TITLE);
  await expect(row).toContainText(question);
  await expect(row).toContainText("1 unread");
  await expectNoAxeViolations(artist);
  await shots(artist, "inbox-artist");
  await row.getByRole("link").click();
  await expect(artist).toHaveURL(conversationPath);
  await expect(artist.getByRole("heading", { level: 1 })).toHaveText("Ada Asker");
  // Reading it took its one message off the count.
  await expect(artistLink).toHaveAccessibleName(
    unread === 1 ? "Messages" : `Messages, ${unread - 1} unread`,
  );
  await waitForHydration(artist);
  const answer = "Yes, it is framed in oak, ready to hang. Shipping to Chicago is no problem.";
  await artist.getByLabel("Your reply").fill(answer);
  await artist.getByRole("button", { name: "Send", exact: true }).click();
  await expect(artist.getByRole("list", { name: "Messages" })).toContainText(answer);
  await expect(artist.getByLabel("Your reply")).toHaveValue("");

  // The buyer's header counts it, pushed, without a reload.
  await expect(messagesLink).toHaveAccessibleName("Messages, 1 unread");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // 5. With the conversation open, the next answer appears in it by itself.
  await messagesLink.click();
  await expect(page).toHaveURL("/profile/messages");
  await expectNoAxeViolations(page);
  await shots(page, "inbox-buyer");
  // The inbox takes a new message in without a reload too.
  const latest = "Let me know if you would like to see it on a wall.";
  await artist.getByLabel("Your reply").fill(latest);
  await artist.getByRole("button", { name: "Send", exact: true }).click();
  const artistRow = page.locator(".inbox-row").filter({ hasText: ARTIST_NAME });
  await expect(artistRow).toContainText(latest);
  await expect(artistRow).toContainText("2 unread");
  await expect(messagesLink).toHaveAccessibleName("Messages, 2 unread");
  await page.locator(".inbox-row").filter({ hasText: ARTIST_NAME }).getByRole("link").click();
  await expect(page).toHaveURL(conversationPath);
  await expect(thread).toContainText(answer);
  await expect(messagesLink).toHaveAccessibleName("Messages");
  await waitForHydration(page);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const more =
    "I can send a picture of the back of the frame if you like: https://example.com/frame";
  await artist.getByLabel("Your reply").fill(more);
  await artist.getByRole("button", { name: "Send", exact: true }).click();
  await expect(thread).toContainText("I can send a picture of the back of the frame");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // Read as it arrived: the header does not count it.
  await expect(messagesLink).toHaveAccessibleName("Messages");
  // Text stays text; its link is not followed by crawlers.
  await expect(thread.getByRole("link", { name: "https://example.com/frame" })).toHaveAttribute(
    "rel",
    /nofollow ugc noopener/,
  );
  await expectNoAxeViolations(artist);
  await shots(artist, "conversation-artist");

  // 6. The buyer makes an offer; it shows in the same conversation.
  await page.goto(`/artwork/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: offerMessages.makeOffer }).click();
  const panel = page.getByRole("dialog", { name: offerMessages.offerPanelTitle });
  await expect(panel.getByLabel("Card number")).toBeVisible();
  await panel.getByLabel(offerMessages.offerAmountLabel).fill("5000");
  await fillAddress(panel);
  await fillCard(panel, "4242 4242 4242 4242");
  await expect(panel.locator(".checkout-total dd")).not.toHaveText(/—|Calculating/);
  await panel.getByRole("button", { name: offerMessages.sendOffer }).click();
  await expect(page).toHaveURL(/\/offers\/[0-9a-f-]{36}/);
  await page.goto(conversationPath);
  const event = thread.locator(".thread-event").filter({ hasText: "Offer made: $5,000" });
  await expect(event.getByRole("link")).toHaveAttribute("href", /^\/offers\/[0-9a-f-]{36}$/);
  await expectNoAxeViolations(page);
  await shots(page, "conversation-offer");

  // 7. Report, with a reason; Block and Unblock.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Report" }).click();
  const report = page.getByRole("dialog", { name: "Report this conversation" });
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report.getByRole("alert")).toHaveText(messageTexts.reasonRequired);
  await expectNoAxeViolations(page);
  await shots(page, "report-dialog");
  await report.getByLabel("What is wrong?").fill("Testing the report button.");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report).toHaveCount(0);
  await expect(page.getByText("Thank you: the team will read this conversation.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Report" })).toHaveCount(0);
  await page.getByRole("button", { name: "Block" }).click();
  await expect(page.getByRole("button", { name: "Unblock" })).toBeVisible();
  await expect(page.getByText(messageTexts.blocked)).toBeVisible();
  await expect(page.getByLabel("Your reply")).toHaveCount(0);
  await page.getByRole("button", { name: "Unblock" }).click();
  await expect(page.getByLabel("Your reply")).toBeVisible();
  await artistContext.close();
});

test("Message the artist on an artist's page starts a conversation about the artist", async ({
  page,
}) => {
  await signIn(page, COLLECTOR);
  const artistId = (await (
    await page.request.get(`/api/artworks/search?q=${encodeURIComponent(TITLE)}`)
  ).json()) as {
    hits: { artist: { id: string } }[];
  };
  const id = artistId.hits[0]?.artist.id ?? "";
  await page.goto(`/artist/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Message the artist" }).click();
  const dialog = page.getByRole("dialog", { name: "Message the artist" });
  await dialog.getByLabel("Your message").fill("Do you take commissions?");
  await expectNoAxeViolations(page);
  await shots(page, "message-artist-dialog");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByText("About the artist")).toBeVisible();
  await expect(page.getByRole("list", { name: "Messages" })).toContainText(
    "Do you take commissions?",
  );
  // In the inbox: about the artist, not a work.
  await page.goto("/profile/messages");
  await expect(page.locator(".inbox-row").filter({ hasText: ARTIST_NAME }).first()).toContainText(
    "About the artist",
  );
});
