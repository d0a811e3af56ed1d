import { type Page, expect, test } from "@playwright/test";
import {
  DESKTOP,
  artworkIdByTitle,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  screenshot,
  waitForHydration,
} from "./helpers";

/**
 * The works around a work on the artwork page, "More by {artist}" and "Related
 * works", with the demo data: in the server-rendered HTML, under the work's own image, and
 * first after the main information when the work has sold.
 */

failOnBrowserErrors({ viewport: DESKTOP });

const rail = (page: Page, name: RegExp | string) => page.getByRole("region", { name });

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(
      page,
      { path: `e2e/screenshots/${name}-${label}.png`, fullPage: true },
      async () => {
        // The cards' images are lazy: scrolled to, they load, and the full page shows them.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState("networkidle");
        await page.evaluate(() => window.scrollTo(0, 0));
      },
    );
  });
}

test("an artwork page shows More by its artist and Related works, server-rendered, under the work", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, "Salt Marsh in October");
  // In the HTML as the server sends it, before any script runs.
  const html = await (await request.get(`/artwork/${id}`)).text();
  expect(html).toContain(">More by Elena Marsh</h2>");
  expect(html).toContain(">Related works</h2>");

  await page.goto(`/artwork/${id}`);
  await waitForHydration(page);
  const more = rail(page, "More by Elena Marsh");
  const related = rail(page, "Related works");
  await expect(more).toBeVisible();
  await expect(related).toBeVisible();
  for (const section of [more, related]) {
    const cards = section.locator("a.artwork-card");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(8);
    for (const href of await cards.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^\/artwork\/[0-9a-f-]{36}$/);
      expect(href).not.toBe(`/artwork/${id}`);
    }
    await expect(section.locator("img").first()).toHaveAttribute("loading", "lazy");
  }
  // Not sold: no notice; the work's own image is the one loaded first.
  await expect(page.getByText(/This work has sold/)).toHaveCount(0);
  await expect(page.locator(".carousel-stage img").first()).toHaveAttribute(
    "fetchpriority",
    "high",
  );
  // Related works are by other artists.
  await expect(related.locator(".artwork-card-artist", { hasText: "Elena Marsh" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, "artwork-rails");

  // A card opens its work.
  const first = related.locator("a.artwork-card").first();
  const href = await first.getAttribute("href");
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a sold work points to the works around it right under SOLD, and shows them before its description", async ({
  page,
  request,
}) => {
  const id = await artworkIdByTitle(request, "Evening Ferry");
  await page.goto(`/artwork/${id}`);
  await waitForHydration(page);
  await expect(page.getByText("SOLD", { exact: true })).toBeVisible();
  const notice = page.locator(".artwork-sold-notice");
  await expect(notice).toHaveText(/^This work has sold — see (more by .+|related works) below$/);
  const rails = page.locator("#artwork-rails");
  await expect(rails.getByRole("region").first()).toBeAttached();
  // The rails come before the description.
  const order = await page.evaluate(() => {
    const railsEl = document.getElementById("artwork-rails");
    const about = document.getElementById("artwork-about-heading");
    if (!railsEl || !about) return "missing";
    return railsEl.compareDocumentPosition(about) & Node.DOCUMENT_POSITION_FOLLOWING
      ? "rails first"
      : "description first";
  });
  expect(["rails first", "missing"]).toContain(order);
  await expectNoAxeViolations(page);
  await screenshots(page, "artwork-rails-sold");

  // The notice's link goes to the rails.
  await notice.getByRole("link").click();
  await expect(page).toHaveURL(/#artwork-rails$/);
  await expect(rails.getByRole("heading", { level: 2 }).first()).toBeInViewport();
});
