import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";

export const DEMO_PASSWORD = "vernissage-demo";

/** The two widths every page is checked (and photographed) at; the tests run at DESKTOP. */
const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1440, height: 900 };

/** axe-core finds no WCAG A/AA violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/");
}

/**
 * Runs `shoot` at 1440 px and then at 375 px wide (`label` says which), then goes back to
 * 1440 px, where the tests run.
 */
export async function atBothWidths(page: Page, shoot: (label: "1440" | "375") => Promise<void>) {
  for (const [label, size] of [
    ["1440", DESKTOP],
    ["375", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await shoot(label);
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * Every test of the calling spec file fails on a browser error: a hydration mismatch or a
 * crash in the browser shows up as one. Failed requests are let through, since some tests
 * fail them on purpose. Each test starts at `viewport`.
 */
export function failOnBrowserErrors(options: { viewport: { width: number; height: number } }) {
  let browserErrors: string[] = [];

  test.beforeEach(async ({ page }) => {
    browserErrors = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        browserErrors.push(message.text());
      }
    });
    page.on("pageerror", (error) => browserErrors.push(error.message));
    await page.setViewportSize(options.viewport);
  });

  test.afterEach(() => {
    expect(browserErrors).toEqual([]);
  });
}

/**
 * React has taken over the server-rendered page (its root listeners are attached, so
 * clicks and keys from now on are handled, or replayed once hydration finishes).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

/** The id of the demo artwork with this title, found through the search API. */
export async function artworkIdByTitle(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.get(`/api/artworks/search?q=${encodeURIComponent(title)}`);
  expect(response.ok()).toBe(true);
  const { hits } = (await response.json()) as { hits: { id: string; title: string }[] };
  const hit = hits.find((h) => h.title === title);
  if (!hit) throw new Error(`no demo artwork titled ${title}`);
  return hit.id;
}

/**
 * Holds the next request to `url` until the returned function is called, so a test can
 * see what the page shows while it waits.
 */
export async function holdNextRequest(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    url,
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}
