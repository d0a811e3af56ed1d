import { type Locator, type Page, expect, test } from "@playwright/test";
import { authMessages } from "../domain/auth-messages";
import { offerMessages as m } from "../domain/offers";
import { ADDRESS, EXPIRY, field, fillAddress, fillCard, mailTo } from "./buy";
import {
  DEMO_PASSWORD,
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
 * A guest makes an offer on an offers-only demo work (Blue Hour, Elena Marsh's,
 * which no other spec uses); the artist counters from /profile/offers; the guest comes
 * back through the offer's link and accepts with the test card; the work is sold, in
 * the buyer's purchases and in the artist's sales.
 */

const ARTIST = "artist@demo.vernissage.test";
const COLLECTOR = "collector@demo.vernissage.test";
const TITLE = "Blue Hour";
const GUEST = "offer.guest@example.com";
const NEW_PASSWORD = "offer-guest-password-1";

failOnBrowserErrors({ viewport: DESKTOP });

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/screenshots/${name}-${label}.png`, fullPage: true });
  });
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test("cards of offers-only works read 'Make an Offer', not SOLD", async ({ page }) => {
  await page.goto(`/?q=${encodeURIComponent(TITLE)}`);
  const card = page.locator(".artwork-card").filter({ hasText: TITLE });
  await expect(card.locator(".artwork-card-price")).toHaveText(m.makeOffer);
});

test("a guest's offer, the artist's counter from /profile/offers, the guest accepts: one sale", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = await artworkIdByTitle(request, TITLE);

  // 1. The guest opens the offer panel in place of SOLD and Buy Now.
  await page.goto(`/artwork/${id}`);
  await waitForHydration(page);
  await expect(page.locator(".artwork-info").getByText("SOLD", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Buy Now" })).toHaveCount(0);
  const opener = page.getByRole("button", { name: m.makeOffer });
  await opener.click();
  const panel = page.getByRole("dialog", { name: m.offerPanelTitle });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel("Card number")).toBeVisible();

  // Send Offer with no amount says so at the field.
  const amount = panel.getByLabel(m.offerAmountLabel);
  await panel.getByRole("button", { name: m.sendOffer }).click();
  await expect(panel.locator(".field-error")).toHaveText(m.amount);
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  const errorId = await panel.locator(".field-error").getAttribute("id");
  expect((await amount.getAttribute("aria-describedby"))?.split(" ")).toContain(errorId);
  // A bad amount is named at its field, and Send Offer waits.
  await amount.fill("1200.50");
  await expect(panel.getByText(m.amountWhole)).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await amount.fill("1,200");
  await fillAddress(panel, GUEST);
  await fillCard(panel, "4242 4242 4242 4242");
  const total = panel.locator(".checkout-total dd");
  await expect(total).not.toHaveText(/—|Calculating/);
  await expect(panel.locator(".checkout-summary dt").first()).toHaveText("Your offer");
  // An offer has no receipt: the e-mail is for its updates.
  await expect(panel.getByText(m.offerEmailHint)).toBeVisible();
  await expect(panel.getByText(/receipt/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, "offer-panel");

  // Escape closes it and gives focus back to the button.
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(panel.getByLabel("Card number")).toBeVisible();
  await panel.getByLabel(m.offerAmountLabel).fill("1200");
  await panel.getByLabel(m.noteLabel).fill("I saw it at the open studio. Would you take $1,200?");
  await fillAddress(panel, GUEST);
  await fillCard(panel, "4242 4242 4242 4242");
  await expect(total).not.toHaveText(/—|Calculating/);
  await panel.getByRole("button", { name: m.sendOffer }).click();

  // 2. The offer's page, with the key (the guest has no session) and the account message.
  await expect(page).toHaveURL(/\/offers\/[0-9a-f-]{36}\?key=/);
  const offerUrl = new URL(page.url());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Offer on ${TITLE}`);
  // A guest's offer makes no account and says nothing of one (decision 0042).
  await expect(page.getByText(/An account was/)).toHaveCount(0);
  // A guest has no list of offers to go back to.
  await expect(page.getByRole("link", { name: /All offers/ })).toHaveCount(0);
  await expect(page.locator(".offer-status")).toHaveText("Waiting for the artist's reply");
  await expect(page.locator(".offer-facts")).toContainText("$1,200");
  await expect(page.getByRole("region", { name: "Your note" })).toContainText(
    "I saw it at the open studio.",
  );
  await expect(page.getByRole("button", { name: "Withdraw my offer" })).toBeVisible();
  // Nothing to reply to yet: no "Your reply"; what Withdraw does; the history as theirs.
  await expect(page.getByRole("heading", { name: "Your reply" })).toHaveCount(0);
  await expect(page.getByText(m.withdrawOnly)).toBeVisible();
  await expect(page.locator(".offer-history")).toContainText("You offered $1,200.");
  await expectNoAxeViolations(page);
  await screenshots(page, "offer-page-buyer");

  // A signed-in person who is no party gets the 404 page, even with the address.
  await signIn(page, COLLECTOR);
  const stranger = await page.request.get(offerUrl.pathname);
  expect(stranger.status()).toBe(404);
  await signOut(page);

  // 3. The artist's e-mail links to the bare address: signed out, sign in first, then
  // the offer; from there to /profile/offers to counter (Received).
  await page.goto(offerUrl.pathname);
  await expect(page).toHaveURL(`/signin?next=${encodeURIComponent(offerUrl.pathname)}`);
  await page.getByLabel("Email").fill(ARTIST);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(offerUrl.pathname);
  await expect(page.locator(".offer-status")).toHaveText("Waiting for your reply");
  // The header's Offers link; on a phone, in the side menu.
  await waitForHydration(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Offers" }).click();
  await expect(page).toHaveURL("/profile/offers");
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Offers" })
    .click();
  await expect(page).toHaveURL("/profile/offers");
  await waitForHydration(page);
  await expect(page.getByRole("tab", { name: "Received", selected: true })).toBeVisible();
  const row = page.locator(".offer-entry").filter({ hasText: TITLE });
  await expect(row).toContainText("Their offer: $1,200");
  await expect(row).toContainText("Waiting for your reply");
  await expectNoAxeViolations(page);
  await screenshots(page, "offers-received");
  await row.getByLabel(m.counterAmountLabel).fill("1500");
  await row.getByRole("button", { name: "Send counteroffer" }).click();
  // The row's forms go with the move; the page says it went through, and has the focus.
  const notice = page.locator(".offers-notice");
  await expect(notice).toHaveText(`${TITLE}: ${m.countered}`);
  await expect(notice).toHaveAttribute("role", "status");
  await expect(notice).toBeFocused();
  await expectNoAxeViolations(page);
  await screenshots(page, "offers-received-countered");
  await expect(row).toContainText("Your counteroffer: $1,500");
  await expect(row).toContainText("Waiting for the buyer's reply");
  await signOut(page);

  // 4. The guest comes back through the link and accepts with the test card.
  await page.goto(`${offerUrl.pathname}${offerUrl.search}`);
  await waitForHydration(page);
  await expect(page.locator(".offer-status")).toHaveText("Waiting for your reply");
  await expect(page.locator(".offer-facts")).toContainText("Artist's counteroffer$1,500");
  await expect(page.locator(".offer-history")).toContainText("The artist countered with $1,500.");
  await expect(page.getByRole("heading", { name: "Your reply" })).toBeVisible();
  await expect(page.getByText(m.declineOrWithdraw)).toBeVisible();
  const accept: Locator = page.getByRole("region", { name: m.acceptCounter });
  await expect(accept.getByLabel("Card number")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "offer-page-countered");
  await waitForHydration(page, accept.getByLabel("Card number"));
  await field(accept, "Name on card").fill("Ada Guest");
  await field(accept, "Card number").fill("4242 4242 4242 4242");
  await field(accept, "Expiry (MM/YY)").fill(EXPIRY);
  await field(accept, "CVC").fill("123");
  await accept.getByRole("button", { name: m.acceptCounter }).click();
  await expect(page.getByText(m.accepted)).toBeVisible();
  // The card form is gone with the move: the notice has the focus.
  await expect(page.getByText(m.accepted)).toBeFocused();
  await expect(page.locator(".offer-status")).toHaveText("Accepted");
  // A guest has no session: where the order is, and a sign-in that comes back to it.
  await expect(page.getByText(m.guestOrder)).toBeVisible();
  await expect(page.getByRole("link", { name: m.viewOrder })).toHaveCount(0);
  const orderLink = page.getByRole("link", { name: m.signInForOrder });
  await expect(orderLink).toHaveAttribute(
    "href",
    /^\/signin\?next=%2Fprofile%2Fpurchases%2F[0-9a-f-]{36}$/,
  );
  const signInForOrder = (await orderLink.getAttribute("href")) ?? "";
  const orderPath = new URL(signInForOrder, "http://x").searchParams.get("next") ?? "";
  await expectNoAxeViolations(page);
  await screenshots(page, "offer-page-accepted-guest");

  // 5. The work is sold.
  await page.goto(`/artwork/${id}`);
  await expect(page.locator(".artwork-info").getByText("SOLD", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: m.makeOffer })).toHaveCount(0);

  // 6. The artist sees it in their sales.
  await signIn(page, ARTIST);
  await page.goto("/profile/sales");
  await expect(page.locator(".sale-entry").filter({ hasText: TITLE })).toBeVisible();
  await signOut(page);

  // 7. The guest sets a password through the e-mailed link; it is in their purchases.
  await page.goto("/signin");
  await page.getByLabel("Email").fill(GUEST);
  await page.getByRole("button", { name: "Reset Password" }).click();
  let link = "";
  await expect
    .poll(
      () => {
        const mail = mailTo(GUEST).find((text) =>
          // The reset e-mail's link: the purchase confirmation has one of its own.
          text.includes("Subject: Reset your Vernissage password"),
        );
        const unfolded = (mail ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        link = /\/reset-password\?token=[\w-]+/.exec(unfolded)?.[0] ?? "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByRole("status")).toHaveText(authMessages.passwordChanged);
  // The offer page's sign-in link comes back to the order.
  await page.goto(signInForOrder);
  await page.getByLabel("Email").fill(GUEST);
  await page.getByLabel("Password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(orderPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
  await expect(page.locator(".order-address")).toContainText(ADDRESS.line1);
  await page.goto("/profile/purchases");
  await expect(page.getByRole("listitem").filter({ hasText: TITLE })).toBeVisible();

  // The buyer's Sent tab shows the accepted offer.
  await page.goto("/profile/offers?tab=sent");
  const sent = page.locator(".offer-entry").filter({ hasText: TITLE });
  // Not an artist: no Received tab (nor any tabs), only the offers they made.
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(sent).toContainText("Accepted");
  await expect(sent).toContainText("Agreed amount: $1,500");
  await expectNoAxeViolations(page);
  await screenshots(page, "offers-sent");
});
