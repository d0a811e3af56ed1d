import { type Locator, type Page, expect, test } from "@playwright/test";
import { authMessages } from "../domain/auth-messages";
import { checkoutMessages as m } from "../domain/checkout";
import { offerMessages } from "../domain/offers";
import { purchasesMessages } from "../app/features/purchases/purchases.messages";
import { ADDRESS, field, fillAddress, fillCard, mailTo, openBuyPanel, payNow, total } from "./buy";
import {
  DESKTOP,
  atBothWidths,
  artworkIdByTitle,
  expectNoAxeViolations,
  failOnBrowserErrors,
  holdNextRequest,
  signIn,
  screenshot,
  waitForHydration,
} from "./helpers";

/**
 * Checkout (SPEC §2 buy panel, Purchase history, Purchase success; §4 purchase
 * flow; §5 checkout rules; §8 texts). Every spec of a run shares one demo database, so
 * these journeys buy demo works no other spec uses: Stacked Stones (Hana Sato) and
 * Grid City (Marcus Bell) are bought; Loom Song and Union Station Vault stay for sale.
 */

const COLLECTOR = "collector@demo.vernissage.test";
const GUEST_PASSWORD = "chosen-after-paying-1";
const APPLICANT = "applicant@demo.vernissage.test";
const MONEY = /^\$[\d,]+(\.\d\d)?$/;

/** A message as a regular expression matching it literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** "$4,993.75" → 499375 */
function cents(text: string): number {
  return Math.round(Number(text.replace(/[$,]/g, "")) * 100);
}

/**
 * The page at 1440 and 375 px. With `show`, a dialog is photographed as the viewport
 * shows it, scrolled (inside the dialog) to that part.
 */
async function screenshots(page: Page, name: string, show?: Locator) {
  await atBothWidths(page, async (label) => {
    const path = `e2e/screenshots/checkout-${name}-${label}.png`;
    await screenshot(page, { path, fullPage: !show }, async () => {
      await show?.evaluate((el) => el.scrollIntoView({ block: "center" }));
    });
  });
}

/**
 * A refused payment is told where the eye is: an alert at the top of the panel's
 * scroll area, in the viewport and focused, and at the field it is about, which is
 * marked invalid.
 */
async function expectErrorShown(panel: Locator, message: string, fieldLabel: string) {
  const alert = panel.locator(".checkout-error").getByRole("alert");
  await expect(alert).toHaveText(message);
  await expect(alert).toBeInViewport();
  await expect(alert).toBeFocused();
  await expect(field(panel, fieldLabel)).toHaveAttribute("aria-invalid", "true");
  await expect(field(panel, fieldLabel)).toHaveAccessibleDescription(new RegExp(message));
}
failOnBrowserErrors({ viewport: DESKTOP });

test("a guest buys with the test card: tax appears, success page, SOLD, and the e-mail", async ({
  page,
  request,
}) => {
  // A whole purchase and what follows it: longer than the default 30 s when CI runs the
  // integration suites beside the browser (the panels' code now loads when first opened).
  test.setTimeout(120_000);
  const id = await artworkIdByTitle(request, "Stacked Stones");
  const email = `guest.${Date.now()}@example.com`;
  const panel = await openBuyPanel(page, id);
  await expect(panel.getByRole("note")).toHaveText(m.testMode);
  await expect(field(panel, "Email")).toBeEnabled();
  await expect(payNow(panel)).toBeDisabled();
  await expect(total(panel)).toHaveText("—");

  await fillAddress(panel, email);
  await expect(total(panel)).toHaveText(MONEY);
  const [price, tax, sum] = await panel.locator(".checkout-summary dd").allInnerTexts();
  expect(cents(tax ?? "")).toBeGreaterThan(0);
  expect(cents(sum ?? "")).toBe(cents(price ?? "") + cents(tax ?? ""));
  await expect(payNow(panel)).toBeEnabled();
  await fillCard(panel, "4242424242424242");
  await expect(field(panel, "Card number")).toHaveValue("4242 4242 4242 4242");
  await expectNoAxeViolations(page);
  await screenshots(page, "buy-panel", panel.locator(".checkout-summary"));

  // Hold the last step until the working state has been seen.
  const release = await holdNextRequest(page, "**/api/checkout/complete");
  await payNow(panel).click();
  await expect(panel.getByRole("button", { name: m.processing })).toBeDisabled();
  await expect(panel.getByRole("status").filter({ hasText: m.processingPayment })).toBeVisible();
  release();

  await expect(page).toHaveURL("/purchase-success");
  // The page changed: focus is on its heading.
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your purchase!" }),
  ).toBeFocused();
  await expect(page.getByText(/confirmation email has been sent/)).toBeVisible();
  await expect(
    page.getByText(/seller has been notified and will contact you about shipping/),
  ).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(m.guestAccountCreated);
  await expect(page.getByRole("link", { name: "Stacked Stones" })).toHaveAttribute(
    "href",
    `/artwork/${id}`,
  );
  await expectNoAxeViolations(page);
  await screenshots(page, "success");

  // The new account has no password yet: View My Purchases opens the page that sets one,
  // the same single-use link as in the confirmation e-mail.
  await expect(page.getByText(purchasesMessages.choosePasswordNow)).toBeVisible();
  const viewPurchases = page.getByRole("link", { name: m.viewMyPurchases });
  let mailed = "";
  await expect
    .poll(
      () => {
        const mail = mailTo(email).find((text) =>
          text.includes("Subject: Your Vernissage purchase"),
        );
        const unfolded = (mail ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        mailed = /\/reset-password\?token=[\w-]+&next=[\w%]+/.exec(unfolded)?.[0] ?? "";
        return mailed;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  await expect(viewPurchases).toHaveAttribute("href", mailed);

  // The guest opens the link from the e-mail, chooses a password, and lands on their
  // purchases, signed in.
  await page.goto(mailed);
  await expect(page.getByText(authMessages.setPasswordForPurchases)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "set-password-after-guest-purchase");
  await page.getByLabel("New password", { exact: true }).fill(GUEST_PASSWORD);
  await page.getByLabel("Repeat the new password").fill(GUEST_PASSWORD);
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL("/profile/purchases");
  await expect(page.getByRole("listitem").filter({ hasText: "Stacked Stones" })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "purchases-after-set-password");

  // The link worked once: opened again (signed out), it is refused.
  await page.context().clearCookies();
  await page.goto(mailed);
  await page.getByLabel("New password", { exact: true }).fill("another-pass-2");
  await page.getByLabel("Repeat the new password").fill("another-pass-2");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page.getByRole("alert")).toHaveText(authMessages.resetLinkInvalid);

  // The sign-in page has the 'Reset Password' button the SPEC's guest text names.
  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Reset Password" })).toBeVisible();
  await screenshots(page, "signin-reset-password");

  await page.goto(`/artwork/${id}`);
  await expect(page.locator(".artwork-info").getByText("SOLD", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Buy Now" })).toHaveCount(0);

  expect(mailTo(email).join("\n")).toContain("Stacked Stones");
});

test("the signed-in collector buys, then finds it in Purchase history and the Collection", async ({
  page,
  request,
}) => {
  // A whole purchase and what follows it: longer than the default 30 s when CI runs the
  // integration suites beside the browser (the panels' code now loads when first opened).
  test.setTimeout(120_000);
  const id = await artworkIdByTitle(request, "Grid City");
  await signIn(page, COLLECTOR);
  const panel = await openBuyPanel(page, id);
  await expect(field(panel, "Email")).toBeDisabled();
  await expect(field(panel, "Email")).toHaveValue(COLLECTOR);
  await expect(field(panel, "Name on card")).toHaveValue("Jordan Ellis");
  await fillAddress(panel);
  await expect(total(panel)).toHaveText(MONEY);
  const shownTotal = await total(panel).innerText();
  await fillCard(panel, "4242 4242 4242 4242");
  await payNow(panel).click();

  await expect(page).toHaveURL("/purchase-success");
  await expect(page.getByRole("status")).toHaveCount(0);
  // While the history is on its way, the SPEC's loading text.
  const release = await holdNextRequest(page, "**/profile/purchases.data*");
  await page.getByRole("link", { name: m.viewMyPurchases }).click();
  await expect(page.getByRole("status").filter({ hasText: m.historyLoading })).toBeVisible();
  release();
  await expect(page).toHaveURL("/profile/purchases");
  await expect(page).toHaveTitle("Purchase history · Vernissage");
  const entry = page.locator(".purchase-entry").first();
  await expect(entry.getByRole("link", { name: "Grid City", exact: true })).toHaveAttribute(
    "href",
    `/artwork/${id}`,
  );
  // Its state, and its order page.
  await expect(entry.getByText("Awaiting shipment")).toBeVisible();
  await expect(entry.getByRole("link", { name: "View order of Grid City" })).toHaveAttribute(
    "href",
    /^\/profile\/purchases\/[0-9a-f-]{36}$/,
  );
  await expect(entry).toContainText("Marcus Bell");
  await expect(entry.locator(".purchase-total dd")).toHaveText(shownTotal);
  for (const label of ["Price", "Tax", "Total"]) {
    await expect(entry.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(entry.locator("img")).toHaveAttribute("src", /\/media\//);
  await expectNoAxeViolations(page);
  await screenshots(page, "purchases");

  await page.goto("/profile");
  await expect(
    page.locator(".profile-tabpanel").getByRole("link", { name: /Grid City/ }),
  ).toBeVisible();

  // The next checkout offers the address of this purchase, and quotes its tax at once.
  const next = await openBuyPanel(page, await artworkIdByTitle(request, "Loom Song"));
  await expect(field(next, "Street address")).toHaveValue(ADDRESS.line1);
  await expect(field(next, "ZIP code")).toHaveValue(ADDRESS.zip);
  await expect(total(next)).toHaveText(MONEY);
});

test("a declined card shows the processor's message and nothing is sold", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, "Loom Song");
  const panel = await openBuyPanel(page, id);
  await fillAddress(panel, `declined.${Date.now()}@example.com`);
  await expect(payNow(panel)).toBeEnabled();
  await fillCard(panel, "4000 0000 0000 0002");
  // At both widths the message is where the eye is, focused, and the card is marked.
  for (const size of [DESKTOP, { width: 375, height: 667 }]) {
    await page.setViewportSize(size);
    await payNow(panel).click();
    await expectErrorShown(panel, "Your card was declined.", "Card number");
    await screenshot(page, { path: `e2e/screenshots/checkout-declined-${size.width}.png` });
  }
  await page.setViewportSize(DESKTOP);
  await expectNoAxeViolations(page);
  // Everything typed stays, and the buyer may try again.
  await expect(field(panel, "Street address")).toHaveValue(ADDRESS.line1);
  await expect(payNow(panel)).toBeEnabled();

  await page.reload();
  await expect(page.getByRole("button", { name: "Buy Now" })).toBeVisible();
  await expect(page.locator(".artwork-info").getByText("SOLD", { exact: true })).toHaveCount(0);
});

test("Pay Now waits for a total; the SPEC's messages come before anything is sent", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, "Union Station Vault");
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/checkout/payments")) sent.push(r.url());
  });
  const panel = await openBuyPanel(page, id);
  await expect(payNow(panel)).toBeDisabled();
  await fillAddress(panel);
  // No e-mail with '@' yet: no tax, no total.
  await expect(payNow(panel)).toBeDisabled();
  await field(panel, "Email").fill("rules@example.com");
  await expect(payNow(panel)).toBeEnabled();

  // A field emptied after the quote: no total, no payment, and the SPEC's shipping message.
  await fillCard(panel, "4242 4242 4242 4242");
  await field(panel, "City").fill("");
  await expect(total(panel)).toHaveText("—");
  await expect(payNow(panel)).toBeDisabled();
  await expect(panel.locator(".checkout-summary")).toContainText(m.fillShipping);
  // Pay Now looks and is announced disabled, yet pressing it says what is missing,
  // at the top and at the field, and sends nothing.
  await expect(payNow(panel)).toHaveAttribute("aria-disabled", "true");
  await payNow(panel).press("Enter");
  const alert = panel.locator(".checkout-error").getByRole("alert");
  await expect(alert).toHaveText(m.fillShipping);
  await expect(alert).toBeFocused();
  await expect(field(panel, "City")).toHaveAttribute("aria-invalid", "true");
  await expect(field(panel, "City")).toHaveAccessibleDescription(m.cityMissing);
  expect(sent).toEqual([]);

  // Back to a complete address, then no e-mail: the guest e-mail message.
  await field(panel, "City").fill(ADDRESS.city);
  await expect(payNow(panel)).toBeEnabled();
  await expect(field(panel, "City")).not.toHaveAttribute("aria-invalid", "true");
  await field(panel, "Email").fill("");
  await expect(payNow(panel)).toBeDisabled();
  await expect(panel.locator(".checkout-summary")).toContainText(m.guestEmail);
  await payNow(panel).press("Enter");
  await expectErrorShown(panel, m.guestEmail, "Email");
  expect(sent).toEqual([]);

  // The card is checked in the page: a number that fails Luhn never leaves it.
  await field(panel, "Email").fill("rules@example.com");
  await expect(payNow(panel)).toBeEnabled();
  await fillCard(panel, "4242 4242 4242 4241");
  await payNow(panel).click();
  await expectErrorShown(panel, m.cardNumberInvalid, "Card number");
  expect(sent).toEqual([]);
  // Fixing the number clears the mark.
  await field(panel, "Card number").fill("4242 4242 4242 4242");
  await expect(field(panel, "Card number")).not.toHaveAttribute("aria-invalid", "true");

  // Escape closes the panel and focus returns to Buy Now.
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.getByRole("button", { name: "Buy Now" })).toBeFocused();
});

test("each field says what is wrong beside it once left, announced, before Pay Now is pressed", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, "Union Station Vault");
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/checkout/payments")) sent.push(r.url());
  });
  const panel = await openBuyPanel(page, id);
  await field(panel, "Street address").fill(ADDRESS.line1);
  await field(panel, "City").fill(ADDRESS.city);
  // Typing is not yet a mistake: the field speaks once it is left.
  await field(panel, "State").fill("ZZ");
  await expect(field(panel, "State")).not.toHaveAttribute("aria-invalid", "true");
  await page.keyboard.press("Tab");
  await expect(field(panel, "ZIP code")).toBeFocused();
  const bad: [string, string, string][] = [
    ["ZIP code", "123", m.invalidPostalCode],
    ["Email", "not-an-email", m.invalidEmail],
    ["Card number", "4242 4242 4242 4241", m.cardNumberInvalid],
    ["Expiry (MM/YY)", "01/20", m.cardExpired],
    ["CVC", "1", m.cardCvcInvalid],
  ];
  for (const [label, value] of bad) {
    await field(panel, label).fill(value);
    await page.keyboard.press("Tab");
  }
  // Each message sits right below its field, is its description, and was an alert
  // (announced as the buyer moved on).
  const expected: [string, string][] = [
    ["State", m.unknownState],
    ...bad.map(([label, , message]): [string, string] => [label, message]),
  ];
  for (const [label, message] of expected) {
    const input = field(panel, label);
    await expect(input, label).toHaveAttribute("aria-invalid", "true");
    await expect(input, label).toHaveAccessibleDescription(new RegExp(`^${escape(message)}`));
    const beside = panel.locator(".field", { has: page.getByLabel(label, { exact: true }) });
    const shown = beside.getByRole("alert");
    await expect(shown, label).toHaveText(message);
    await expect(shown, label).toBeVisible();
  }
  // The fields left as they should be say nothing.
  for (const label of ["Street address", "City", "Name on card"]) {
    await expect(field(panel, label)).not.toHaveAttribute("aria-invalid", "true");
  }
  await expect(payNow(panel)).toBeDisabled();
  await expectNoAxeViolations(page);
  await screenshots(page, "field-errors-address", panel.locator(".checkout-field-state"));
  await screenshots(page, "field-errors-card", panel.locator(".checkout-field-cardCvc"));

  // Pressed anyway: the first of them at the top, nothing sent.
  await payNow(panel).press("Enter");
  await expectErrorShown(panel, m.invalidPostalCode, "ZIP code");
  expect(sent).toEqual([]);
  // Fixing a field answers it at once.
  await field(panel, "State").fill("Illinois");
  await expect(field(panel, "State")).not.toHaveAttribute("aria-invalid", "true");
});

test("the offer panel's address and card fields say what is wrong the same way", async ({
  page,
  request,
}) => {
  // Offers only: the offer panel is the way to buy it. Nothing is sent here.
  await page.goto(`/artwork/${await artworkIdByTitle(request, "Prairie Avenue")}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: offerMessages.makeOffer }).click();
  const panel = page.getByRole("dialog", { name: offerMessages.offerPanelTitle });
  await expect(field(panel, "Card number")).toBeVisible();
  for (const [label, value, message] of [
    ["State", "ZZ", m.unknownState],
    ["Email", "not-an-email", m.invalidEmail],
    ["CVC", "1", m.cardCvcInvalid],
  ] as const) {
    await field(panel, label).fill(value);
    await page.keyboard.press("Tab");
    await expect(field(panel, label)).toHaveAttribute("aria-invalid", "true");
    await expect(field(panel, label)).toHaveAccessibleDescription(
      new RegExp(`^${escape(message)}`),
    );
  }
  await expectNoAxeViolations(page);
});

test("Back goes to the marketplace after a direct visit, and to our page before it otherwise", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, "Loom Song");
  // Opened from an e-mail or a shared link: the tab has no earlier page of ours.
  await page.goto(`/artwork/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByPlaceholder("Search artworks or artists...")).toBeVisible();

  // From the artist's page to the work, and a reload on the way: Back is the artist again.
  await page.goto(`/artwork/${id}`);
  await waitForHydration(page);
  await page.locator(".artwork-artist").click();
  await expect(page).toHaveURL(/\/artist\//);
  const artistUrl = page.url();
  await page.locator(`a[href="/artwork/${id}"]`).first().click();
  await expect(page).toHaveURL(`/artwork/${id}`);
  // The work's page is shown (the move is recorded as it is), then reloaded.
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(artistUrl);
});

test("a buyer who loses the race sees the work SOLD, in the panel and on the page", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const id = await artworkIdByTitle(request, "Quiet Forms");
  const panel = await openBuyPanel(page, id);
  await fillAddress(panel, `slow.${Date.now()}@example.com`);
  await expect(total(panel)).toHaveText(MONEY);
  await fillCard(panel, "4242 4242 4242 4242");
  await expect(payNow(panel)).toBeEnabled();

  // Meanwhile another buyer, in another browser, buys it.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const rival = await other.newPage();
  const rivalPanel = await openBuyPanel(rival, id);
  await fillAddress(rivalPanel, `quick.${Date.now()}@example.com`);
  await expect(total(rivalPanel)).toHaveText(MONEY);
  await fillCard(rivalPanel, "4242 4242 4242 4242");
  await payNow(rivalPanel).click();
  await expect(rival).toHaveURL("/purchase-success");
  await other.close();

  await payNow(panel).click();
  const alert = panel.locator(".checkout-error").getByRole("alert");
  await expect(alert).toHaveText(m.artworkSold);
  // Pay Now has become the SOLD badge; the way back to the marketplace is offered.
  await expect(payNow(panel)).toHaveCount(0);
  await expect(panel.locator(".checkout-actions").getByText("SOLD", { exact: true })).toBeVisible();
  await expect(panel.getByRole("link", { name: m.returnToMarketplace })).toBeVisible();
  await expect(field(panel, "Card number")).toBeDisabled();
  await expectNoAxeViolations(page);
  await screenshots(page, "sold-in-panel", panel.locator(".checkout-actions"));

  // Behind the panel the page says SOLD too, where Buy Now was, and focus goes there.
  await panel.getByRole("button", { name: "Cancel" }).click();
  await expect(panel).toBeHidden();
  const purchase = page.locator(".artwork-purchase");
  await expect(purchase.getByText("SOLD", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Buy Now" })).toHaveCount(0);
  await expect(purchase).toBeFocused();
});

test("at 375 x 667 the expiry and CVC are not hidden behind the panel's footer when tabbed to", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  const panel = await openBuyPanel(page, await artworkIdByTitle(request, "Union Station Vault"));
  // From the top of the panel down, as a keyboard user goes: every field, when it
  // gets focus, is above the sticky footer (WCAG 2.4.11).
  await field(panel, "Street address").focus();
  const footer = panel.locator(".checkout-actions");
  const labels = ["City", "State", "ZIP code", "Email", "Name on card", "Card number"];
  for (const label of [...labels, "Expiry (MM/YY)", "CVC"]) {
    await page.keyboard.press("Tab");
    await expect(field(panel, label)).toBeFocused();
    const box = await field(panel, label).boundingBox();
    const bar = await footer.boundingBox();
    expect(box && bar && box.y + box.height <= bar.y, label).toBe(true);
  }
});

test("purchase pages: signed out goes to /signin, an empty history, a direct success visit", async ({
  page,
}) => {
  await page.goto("/profile/purchases");
  await expect(page).toHaveURL("/signin");

  await page.goto("/purchase-success");
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your purchase!" }),
  ).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
  await expect(page.getByRole("link", { name: m.returnToMarketplace })).toHaveAttribute(
    "href",
    "/",
  );

  await signIn(page, APPLICANT);
  await page.goto("/profile/purchases");
  await expect(page.getByText(m.historyEmpty)).toBeVisible();
  await expectNoAxeViolations(page);
});
