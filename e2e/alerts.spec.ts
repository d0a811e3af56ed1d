import { type Browser, type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { mailTo } from "./buy";
import {
  artworkIdByTitle,
  expectNoAxeViolations,
  screenshot,
  atBothWidths,
  signIn,
  waitForHydration,
} from "./helpers";

/**
 * The collector's loop end to end: a new collector saves a work, follows its
 * artist and creates an alert from a filtered search; the demo artist lists a matching work; the digest (every 2 s in these tests, see
 * playwright.config.ts) e-mails it with one-click unsubscribe headers; the e-mail's link
 * turns the alert off without signing in.
 */

const ARTIST = "artist@demo.vernissage.test";
const ARTIST_NAME = "Elena Marsh";

type Named = { id: string; name: string };

/**
 * The decoded text of an .eml: folded header lines joined (RFC 5322), quoted-printable
 * soft breaks and `=3D` undone in the body.
 */
function unfold(mail: string): string {
  const end = mail.search(/\r?\n\r?\n/);
  const head = mail.slice(0, end).replace(/\r?\n[ \t]+/g, " ");
  return (
    head +
    mail
      .slice(end)
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=")
  );
}

async function listWork(browser: Browser, title: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ARTIST);
  await page.goto("/upload");
  await waitForHydration(page);
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field("Title").fill(title);
  await field("Year created").fill("2025");
  await page.getByRole("group", { name: "Categories" }).getByLabel("Painting").check();
  await field("Materials").fill("Oil on board");
  await field("Width").fill("12");
  await field("Height").fill("16");
  await field("Description").fill("A small harbour study.");
  await field("Price (USD)").fill("300");
  const picture = await sharp({
    create: { width: 320, height: 240, channels: 3, background: "#2a6f97" },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel("Images", { exact: true })
    .setInputFiles([{ name: "harbour.png", mimeType: "image/png", buffer: picture }]);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL("/listing-preview");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/artwork\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const url = new URL(page.url()).pathname;
  await context.close();
  return url;
}

/**
 * A new collector: a person's digest comes at most once a day, so one the other journeys
 * never touch (the demo collector follows artists there, and may have had theirs).
 */
async function signUpCollector(page: Page): Promise<string> {
  const email = `alerts.${Date.now()}@example.com`;
  await page.goto("/signup");
  await page.getByLabel("First name").fill("Ines");
  await page.getByLabel("Last name").fill("Sousa");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("harbour-123");
  await page.getByLabel(/I agree to the Terms/).check();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL("/");
  return email;
}

async function alertRow(page: Page, name: string) {
  await page.goto("/profile/settings");
  return page.getByRole("listitem", { name });
}

test("an alert from a filtered search e-mails a new matching work; its link turns the alert off", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const word = `Kelpwater${Date.now().toString(36)}`;
  const name = `Harbour paintings ${word}`;
  const categories = (await (await request.get("/api/categories")).json()) as Named[];
  const painting = categories.find((c) => c.name === "painting");
  expect(painting).toBeDefined();

  // 1. A new collector saves one of the demo artist's works and follows her there, then
  // creates the alert from the search's own URL: text and a category.
  const collector = await signUpCollector(page);
  await page.goto(`/artwork/${await artworkIdByTitle(request, "Harbor Lights")}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Save Harbor Lights" }).click();
  await expect(page.getByRole("button", { name: "Saved Harbor Lights" })).toBeVisible();
  await page.getByRole("button", { name: `Follow ${ARTIST_NAME}` }).click();
  await expect(page.getByRole("button", { name: `Following ${ARTIST_NAME}` })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.goto(`/?q=${word}&categories=${painting?.id}`);
  await waitForHydration(page);
  await page.getByText("Create alert", { exact: true }).click();
  await expect(page.getByText(`“${word}” · Painting`)).toBeVisible();
  await page.getByLabel("Alert name").fill(name);
  await expectNoAxeViolations(page);
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/.output/screens/alerts-create-${label}.png` });
  });
  await page.getByRole("button", { name: "Save alert" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Alert “${name}” created.` }),
  ).toBeVisible();
  const row = await alertRow(page, name);
  await expect(row.getByText("On", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await atBothWidths(page, async (label) => {
    await screenshot(page, {
      path: `e2e/.output/screens/alerts-settings-${label}.png`,
      fullPage: true,
    });
  });

  // 2. The artist lists a work that matches: a painting with the word in its title.
  const title = `${word} Harbour`;
  const workPath = await listWork(browser, title);

  // 3. The digest e-mails it, once, with the one-click unsubscribe headers.
  let mail = "";
  await expect
    .poll(
      () => {
        mail = unfold(mailTo(collector).find((text) => unfold(text).includes(title)) ?? "");
        return mail;
      },
      // The digest leaves the last seconds for listings still committing (DIGEST_SETTLE_SECONDS,
      // 5 s in playwright.config.ts); the limit is for a machine under load.
      { timeout: 120_000, intervals: [2000] },
    )
    .not.toBe("");
  // Listed once, under the alert, though it is also by an artist the collector follows:
  // counted in the text part (the HTML part links the work from its picture and its address).
  const text = mail.slice(0, mail.indexOf("Content-Type: text/html"));
  expect(mail).toContain("Content-Type: multipart/alternative");
  expect(text.split(workPath).length - 1).toBe(1);
  expect(mail).toContain(`Alert: ${name}`);
  expect(mail).toContain("Stop e-mails about artists you follow: http");
  expect(mail).toMatch(
    /^List-Unsubscribe:\s*<http:\/\/localhost:\d+\/api\/unsubscribe\?token=[\w.-]+>/m,
  );
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

  // 4. The alert's own link ("Turn off this alert") turns it off, signed out.
  const alertLink =
    /Turn off this alert: (http:\/\/localhost:\d+\/unsubscribe\?token=[\w.-]+)/.exec(mail)?.[1] ??
    "";
  expect(alertLink).not.toBe("");
  const visitor = await browser.newContext();
  const signedOut = await visitor.newPage();
  await signedOut.goto(alertLink);
  await expect(signedOut.getByText(`Turn off the alert “${name}”?`)).toBeVisible();
  await expectNoAxeViolations(signedOut);
  await signedOut.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(signedOut.getByRole("status")).toHaveText(`Done. The alert “${name}” is off.`);
  // A changed token is refused and changes nothing.
  await signedOut.goto(alertLink.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
  await expect(signedOut.getByRole("heading", { level: 1 })).toContainText("not valid");
  await visitor.close();

  const after = await alertRow(page, name);
  await expect(after.getByText("Off", { exact: true })).toBeVisible();

  // 5. The header's one-click address, as a mail client posts it (RFC 8058): no cookie,
  // no Origin; it stops every digest e-mail.
  const oneClick = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(mail)?.[1] ?? "";
  const client = await browser.newContext();
  const posted = await client.request.post(oneClick, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(posted.status()).toBe(200);
  await client.close();
  await page.goto("/profile/settings");
  await expect(page.getByRole("radio", { name: /^Off/ })).toBeChecked();
});
