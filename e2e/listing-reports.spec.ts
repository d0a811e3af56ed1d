import { expect, test } from "@playwright/test";
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
 * Reporting a listing, from the report to the take-down and back (decision 0059): a
 * guest reports a work from its page, the team takes it down from the console, the
 * artist sees it down and appeals, and the team reverses it, which puts the demo's work
 * back on the marketplace. At both widths, with axe.
 */

const ADMIN = "admin@demo.vernissage.test";
const ARTIST = "artist@demo.vernissage.test";
const EXPLANATION = "This is a reproduction of a museum painting sold as an original.";
const SECOND = "The photograph in this listing is mine; I never licensed it.";
const FACTS = "The picture matches a print sold by the museum's shop; no original was shown.";

failOnBrowserErrors({ viewport: DESKTOP });

/** A work of the demo's artist that no other journey uses: it is down for a while. */
const TITLE = "After the Storm";

test("a guest reports a listing, the team takes it down, the artist appeals", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const work = { id: await artworkIdByTitle(page.request, TITLE), title: TITLE };

  // A guest reports it from the work's page, in the dialog.
  await page.goto(`/artwork/${work.id}`);
  const link = page.getByRole("link", { name: "Report this listing" });
  await waitForHydration(page, link);
  await link.click();
  const dialog = page.getByRole("dialog", { name: "Report this listing" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Please choose why you are reporting this listing.",
  );
  await dialog
    .getByLabel("Why are you reporting this listing?")
    .selectOption({ label: "Counterfeit or not original" });
  await dialog.getByLabel("What is wrong with it?").fill(EXPLANATION);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Please give your e-mail address, so that we can tell you what we decide.",
  );
  await dialog.getByLabel("Your e-mail address").fill("guest.reporter@example.org");
  await expectNoAxeViolations(page);
  await atBothWidths(page, (label) =>
    screenshot(page, { path: `e2e/.output/screens/listing-report-dialog-${label}.png` }),
  );
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toContainText(
    "Your report is with the marketplace team",
  );
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(link).toBeFocused();

  // The same form is a page of its own, for a browser without scripts: the link leads
  // there, and the form posts to the page itself.
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const noScripts = await plain.newPage();
  await noScripts.goto(`/artwork/${work.id}`);
  await noScripts.getByRole("link", { name: "Report this listing" }).click();
  await expect(noScripts).toHaveURL(`/artwork/${work.id}/report`);
  await expect(
    noScripts.getByRole("heading", { level: 1, name: "Report this listing" }),
  ).toBeVisible();
  await noScripts
    .getByLabel("Why are you reporting this listing?")
    .selectOption({ label: "Infringes my rights" });
  await noScripts.getByLabel("What is wrong with it?").fill(SECOND);
  await noScripts.getByLabel("Your e-mail address").fill("second.reporter@example.org");
  await noScripts.getByRole("button", { name: "Send report" }).click();
  await expect(noScripts.getByRole("status")).toContainText(
    "Your report is with the marketplace team",
  );
  await plain.close();
  // (axe runs in the page's scripts: the same page, checked with them.)
  await page.goto(`/artwork/${work.id}/report`);
  await expect(page.getByRole("heading", { level: 1, name: "Report this listing" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The team finds it in the console and takes it down.
  await signIn(page, ADMIN);
  await page.goto("/admin/listing-reports");
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: work.title });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);
  await atBothWidths(page, (label) =>
    screenshot(page, { path: `e2e/.output/screens/listing-reports-queue-${label}.png` }),
  );
  await row.getByRole("link", { name: /^Review / }).click();
  await expect(page).toHaveURL(`/admin/listing-reports/${work.id}`);
  await expect(page.getByText(EXPLANATION)).toBeVisible();
  await expect(page.getByText(SECOND)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Open reports (2)" })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await atBothWidths(page, (label) =>
    screenshot(page, {
      path: `e2e/.output/screens/listing-report-case-${label}.png`,
      fullPage: true,
    }),
  );
  // Two decisions, each in its own card under its own heading.
  await expect(page.getByRole("region", { name: "Keep the listing" })).toBeVisible();
  const takeDown = page.getByRole("region", { name: "Take the listing down" });
  await expect(takeDown.getByLabel("Ground (the rule or law it breaks)")).toBeVisible();
  await page.getByLabel("Ground (the rule or law it breaks)").selectOption({
    label: "The marketplace's terms: works are original and listed by the artist who made them",
  });
  await page.getByLabel("Facts relied on").fill(FACTS);
  await page.getByRole("button", { name: "Take the listing down" }).click();
  const confirm = page.getByRole("alertdialog", { name: /^Take down / });
  await confirm.getByRole("button", { name: "Take it down" }).click();
  await expect(page.getByText(/The listing is taken down\./)).toBeVisible();
  await expect(page.getByText("Hidden from the marketplace")).toBeVisible();

  // Gone from the marketplace for everyone else.
  await page.context().clearCookies();
  const gone = await page.goto(`/artwork/${work.id}`);
  expect(gone?.status()).toBe(404);

  // The artist sees it down, with the reasons, and appeals.
  await signIn(page, ARTIST);
  await page.goto(`/artwork/${work.id}`);
  await expect(page.getByText("Hidden", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Your taken-down listings and appeals" }).click();
  await expect(page).toHaveURL("/profile/takedowns");
  const card = page.getByRole("article", { name: work.title });
  await expect(card.getByText(FACTS)).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await atBothWidths(page, (label) =>
    screenshot(page, {
      path: `e2e/.output/screens/listing-takedowns-${label}.png`,
      fullPage: true,
    }),
  );
  await card.getByLabel("Your appeal").fill("It is my own painting; the studio photos show it.");
  await card.getByRole("button", { name: "Send appeal" }).click();
  await expect(card.getByRole("status")).toHaveText(
    "Appeal sent: the team will answer you by e-mail.",
  );
  await expect(card.getByRole("button", { name: "Send appeal" })).toHaveCount(0);

  // The team reverses it: the work is back for everyone.
  await page.context().clearCookies();
  await signIn(page, ADMIN);
  await page.goto(`/admin/listing-reports/${work.id}`);
  await waitForHydration(page);
  await page
    .getByLabel("Why the take-down is reversed")
    .fill("The studio photographs convince us.");
  await page.getByRole("button", { name: "Reverse and restore the listing" }).click();
  await expect(page.getByText(/The listing is back on the marketplace\./)).toBeVisible();
  await page.context().clearCookies();
  const back = await page.goto(`/artwork/${work.id}`);
  expect(back?.status()).toBe(200);
});
