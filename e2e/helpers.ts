import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Cookie,
  type Locator,
  type Page,
  type PageScreenshotOptions,
  expect,
  test,
} from "@playwright/test";

import { DEMO_ADMIN_TWO_STEP_KEY } from "../domain/demo-two-step";
import { totpCode } from "../server/test/two-step";

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

/**
 * Signs in through the sign-in form, as a person does; ends on the home page.
 * For the journeys about signing in; the others use `signIn`.
 */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // Decision 0057: the demo admin (and anyone given `twoStepKeys`) has a second step.
  await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/signin/two-step");
  const key = twoStepKeys.get(email);
  if (key && new URL(page.url()).pathname === "/signin/two-step") {
    await page.getByLabel("Code").fill(await totpCode(key));
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await expect(page).toHaveURL("/");
}

export const DEMO_ADMIN_EMAIL = "admin@demo.vernissage.test";

/**
 * The authenticator keys (base32) the sign-in helpers answer the second step with: the
 * demo admin's (domain/demo-two-step.ts), and any a journey turned on (enableTwoStep).
 */
export const twoStepKeys = new Map<string, string>([[DEMO_ADMIN_EMAIL, DEMO_ADMIN_TWO_STEP_KEY]]);

/**
 * Signs the demo admin in through the API (the password, then the app's code), for a
 * journey that talks to the console's API with `request`.
 */
export async function signInDemoAdminByApi(request: APIRequestContext, origin: string) {
  const password = await request.post("/api/auth/sign-in/email", {
    data: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
  });
  expect(await password.json()).toEqual({ twoStepRequired: true });
  // With the challenge cookie, Better Auth's origin check wants the Origin a browser sends.
  const code = await request.post("/api/auth/two-step", {
    headers: { origin },
    data: { code: await totpCode(DEMO_ADMIN_TWO_STEP_KEY) },
  });
  expect(code.ok()).toBe(true);
}

/**
 * Turns two-step verification on from /profile/settings as a person does (the password,
 * the key typed in by hand, the app's code); answers the key and the 10 backup codes,
 * and remembers the key for the sign-in helpers.
 */
export async function enableTwoStep(page: Page, email: string, password: string) {
  await page.goto("/profile/settings#two-step");
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Two-step verification" });
  await section.getByLabel("Password").fill(password);
  await section.getByRole("button", { name: "Set up two-step verification" }).click();
  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  const key = (await section.locator(".two-step-secret").textContent())?.trim() ?? "";
  expect(key).toMatch(/^[A-Z2-7]+=*$/);
  await section.getByLabel("Code from the app").fill(await totpCode(key));
  await section.getByRole("button", { name: "Turn on two-step verification" }).click();
  await expect(section.getByRole("status").first()).toHaveText("Two-step verification is on.");
  const codes = (
    await section.getByRole("list", { name: "Backup codes" }).locator("code").allTextContents()
  ).map((code) => code.trim());
  expect(codes).toHaveLength(10);
  twoStepKeys.set(email, key);
  return { key, codes };
}

/** Session cookies by account, kept for the rest of this worker's run (see signIn). */
const sessions = new Map<string, Cookie[]>();

/**
 * Signed in as `email`, on the home page. The first time in a worker it signs in with the
 * form; after that it puts the session cookie it kept then into the page's context, as
 * long as the server still knows the session (a journey may have signed out). Besides
 * time, this keeps the run under the server's sign-in rate limit (Better Auth's counter
 * only resets after a quiet minute, which a run never has).
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const key = `${email}\n${password}`;
  const kept = sessions.get(key);
  if (kept) {
    await page.context().addCookies(kept);
    const response = await page.request.get("/api/session");
    const user = (await response.json()) as { email?: string } | null;
    if (user?.email === email) {
      // Where the form leaves a person: on the home page, hydrated.
      await page.goto("/");
      await waitForHydration(page);
      return;
    }
    sessions.delete(key);
    for (const { name } of kept) await page.context().clearCookies({ name });
  }
  await signInWithForm(page, email, password);
  sessions.set(key, await page.context().cookies());
}

/**
 * Screenshots are for people looking at the pages. E2E_SCREENSHOTS=none (.ci/run sets it)
 * skips them, and the scrolling and waiting done for them: nobody looks at them there, and
 * full pages at two widths cost the run time. A failing test is still photographed by
 * Playwright.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? "all";
if (SCREENSHOTS !== "all" && SCREENSHOTS !== "none") {
  throw new Error(`E2E_SCREENSHOTS is "${SCREENSHOTS}"; use all (the default) or none`);
}

/**
 * `page.screenshot(options)` unless E2E_SCREENSHOTS=none. `prepare` (scrolling, waiting
 * for lazy images) runs only when the picture is taken, so no test may depend on it.
 */
export async function screenshot(
  page: Page,
  options: PageScreenshotOptions & { path: string },
  prepare?: () => Promise<void>,
) {
  if (SCREENSHOTS === "none") return;
  await prepare?.();
  await page.screenshot(options);
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
 *
 * A part the page loads as a download of its own (React's `lazy`: the owner's controls,
 * Edit Profile) stays server HTML until its code arrives, and a click on it before then
 * is lost: React does not replay it. Given such a `control`, this also waits until React
 * has hydrated that element (it carries its fiber), which on loaded cores can take
 * seconds after the page itself.
 */
export async function waitForHydration(page: Page, control?: Locator) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
  if (control) {
    await expect
      .poll(
        () =>
          control.evaluate((element) =>
            Object.keys(element).some((key) => key.startsWith("__reactFiber")),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
  }
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
