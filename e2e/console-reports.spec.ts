import { expect, test } from "@playwright/test";
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
 * A reported conversation, from the report to the team's answer: a collector asks about
 * a work and reports the conversation; an admin finds it in the queue, reads it, and
 * warns the artist. At both widths, with axe.
 */

const ADMIN = "admin@demo.vernissage.test";
const COLLECTOR = "collector@demo.vernissage.test";
const REASON = "The artist asked me to pay by bank transfer, outside the site.";

failOnBrowserErrors({ viewport: DESKTOP });

test("a reported conversation is read and answered from the console", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signIn(page, COLLECTOR);
  const href = await page.locator('a[href^="/artwork/"]').first().getAttribute("href");
  const artworkId = href!.split("/")[2]!;
  const headers = { origin: baseURL! };
  const started = await page.request.post("/api/me/conversations", {
    headers,
    data: { artworkId, body: "Could you send me a picture of the back?", imageIds: [] },
  });
  expect(started.status()).toBe(201);
  const { conversationId } = (await started.json()) as { conversationId: string };
  const reported = await page.request.post(`/api/me/conversations/${conversationId}/report`, {
    headers,
    data: { reason: REASON },
  });
  expect(reported.status()).toBe(201);

  // The collector's session stays valid for later journeys; this page just forgets it.
  await page.context().clearCookies();
  await signIn(page, ADMIN);
  await page.goto("/admin/reports");
  await waitForHydration(page);
  const row = page.getByRole("row").filter({ hasText: REASON });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);
  await atBothWidths(page, (label) =>
    screenshot(page, { path: `e2e/.output/screens/console-reports-queue-${label}.png` }),
  );

  await row.getByRole("link", { name: "Read and decide" }).click();
  await expect(page).toHaveURL(`/admin/conversations/${conversationId}`);
  await expect(page.getByText("Could you send me a picture of the back?")).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await atBothWidths(page, (label) =>
    screenshot(page, {
      path: `e2e/.output/screens/console-reported-conversation-${label}.png`,
      fullPage: true,
    }),
  );

  await page.getByRole("button", { name: /^Warn / }).click();
  const confirm = page.getByRole("alertdialog", { name: /^Warn / });
  await confirm.getByRole("button", { name: "Send the warning" }).click();
  await expect(page.getByText("The warning is on its way to them by e-mail.")).toBeVisible();
  await expect(page.getByText("Warned", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Warn / })).toHaveCount(0);

  // Any conversation nobody reported is not found, to the team too.
  const other = await page.goto("/admin/conversations/00000000-0000-4000-8000-000000000000");
  expect(other?.status()).toBe(404);
});
