import { type Page, expect, test } from "@playwright/test";
import {
  DESKTOP,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  screenshot,
  signIn,
  waitForHydration,
} from "./helpers";

/**
 * The footer on every page, the site's own pages it links (About … Privacy), a page
 * written in the console and shown, and sign-up's links to the Terms and the Privacy Policy.
 */

const ADMIN = "admin@demo.vernissage.test";
const FOOTER_LINKS = [
  ["About", "/about"],
  ["Contact", "/contact"],
  ["FAQ", "/faq"],
  ["Shipping & returns", "/shipping-returns"],
  ["Terms", "/terms"],
  ["Privacy", "/privacy"],
] as const;

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/screenshots/${name}-${label}.png`, fullPage: true });
  });
}

function footerNav(page: Page) {
  return page.getByRole("contentinfo").getByRole("navigation", { name: "About this marketplace" });
}

failOnBrowserErrors({ viewport: DESKTOP });

test("every page's footer links the site's own pages, each with its default text", async ({
  page,
}) => {
  for (const path of ["/", "/exhibition", "/signin"]) {
    await page.goto(path);
    const links = footerNav(page).getByRole("link");
    await expect(links).toHaveText(FOOTER_LINKS.map(([name]) => name));
    for (const [name, href] of FOOTER_LINKS) {
      await expect(footerNav(page).getByRole("link", { name })).toHaveAttribute("href", href);
    }
  }

  await page.goto("/");
  await waitForHydration(page);
  await footerNav(page).getByRole("link", { name: "Shipping & returns" }).click();
  await expect(page).toHaveURL(/\/shipping-returns$/);
  await expect(page).toHaveTitle("Shipping & returns · Vernissage");
  await expect(page.getByRole("heading", { level: 1, name: "Shipping & returns" })).toBeVisible();
  await expect(page.getByText("This is the default text of this page.")).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "site-page-default");

  // The footer at 375 px: every link on screen, none cut off.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/about");
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  for (const [name] of FOOTER_LINKS) {
    const box = await footerNav(page).getByRole("link", { name }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, name).toBe(true);
  }
  await screenshot(page, { path: "e2e/screenshots/site-footer-375.png" });
  await page.setViewportSize(DESKTOP);
});

test("a page written in the console is shown on the site, its HTML as text", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/admin/pages");
  await waitForHydration(page);
  await expect(page).toHaveTitle("Pages · Console · Vernissage");
  await page.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expectNoAxeViolations(page);

  const text = page.getByLabel("Text in Markdown");
  await text.fill(
    [
      "## Buying",
      "",
      "Every sale is **final** once the work has shipped.",
      "",
      "<script>window.pwned = true</script>",
      "",
      "[Click me](javascript:window.pwned=true)",
    ].join("\n"),
  );
  await page.getByRole("button", { name: "Save page" }).click();
  await expect(page.getByRole("status")).toContainText("The page is saved and shown on the site.");
  // The page as shown follows the save.
  await expect(
    page
      .getByRole("region", { name: "As shown on the site" })
      .getByRole("heading", { name: "Buying" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Save page" })).toBeEnabled();
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/screenshots/console-site-page-${label}.png` });
  });

  await page.getByRole("link", { name: "View the page" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  const shown = page.locator("article.site-page");
  await expect(shown.getByRole("heading", { level: 2, name: "Buying" })).toBeVisible();
  await expect(shown.locator("strong")).toHaveText("final");
  // The script is shown as the text it is, and never runs; the link goes nowhere.
  await expect(shown.getByText("<script>window.pwned = true</script>")).toBeVisible();
  expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
  await expect(shown.getByText("Click me")).not.toHaveAttribute("href", /.*/);
  await expectNoAxeViolations(page);
  await screenshots(page, "site-page-written");

  // Saved empty, the page shows its default text again.
  await page.goto("/admin/pages/terms");
  await waitForHydration(page);
  await page.getByLabel("Text in Markdown").fill("");
  await page.getByRole("button", { name: "Save page" }).click();
  await expect(page.getByRole("status")).toContainText("The page shows its default text again.");
});

test("sign-up's terms checkbox links the Terms of Service and the Privacy Policy", async ({
  page,
}) => {
  await page.goto("/signup");
  await waitForHydration(page);
  const agree = page.getByRole("checkbox", {
    name: "I agree to the Terms of Service and Privacy Policy.",
  });
  await expect(agree).toBeVisible();
  const form = page.locator("form").filter({ has: agree });
  const terms = form.getByRole("link", { name: "Terms of Service" });
  const privacy = form.getByRole("link", { name: "Privacy Policy" });
  await expect(terms).toHaveAttribute("href", "/terms");
  await expect(privacy).toHaveAttribute("href", "/privacy");
  await expect(terms).toHaveAttribute("target", "_blank");

  // Following the link keeps the form: the page opens in a new tab.
  const [popup] = await Promise.all([page.waitForEvent("popup"), privacy.click()]);
  await expect(popup.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await popup.close();
  await expect(agree).not.toBeChecked();
  await expectNoAxeViolations(page);
  await screenshots(page, "signup-terms");
});
