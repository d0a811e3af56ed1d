import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { artworkIdByTitle, signIn } from "./helpers";

/**
 * No dead input (decision 0051): what a person does at a landing page's first paint, on a
 * slowed phone's CPU, takes effect, by public means only. A search typed into the box is
 * searched, a filter button opens its dialog, Buy Now opens the buy panel, a file chosen
 * is kept, and a link goes where it points. Each is done twice: with the page's scripts
 * held until it is done (the worst case: nothing of React there yet) and with them
 * loading as they do (whenever the first paint comes, before, during or after hydration).
 */

const TITLE = "Salt Marsh in October";
/** Chromium's CPU slowed as Lighthouse slows it for a phone. */
const CPU_SLOWDOWN = 4;
/** On a slowed CPU of a shared machine hydrating a page takes many seconds. */
const SLOW = { timeout: 30_000 };

test.describe.configure({ timeout: 180_000 });

type Landing = "home" | "artwork" | "artist" | "exhibitions" | "exhibition";

/** The address of each landing page, from the demo data. */
async function landingAddress(request: APIRequestContext, name: Landing): Promise<string> {
  if (name === "home") return "/";
  if (name === "exhibitions") return "/exhibition";
  const id = await artworkIdByTitle(request, TITLE);
  if (name === "artwork") return `/artwork/${id}`;
  const html = await (
    await request.get(name === "artist" ? `/artwork/${id}` : "/exhibition")
  ).text();
  const href = new RegExp(`href="(/${name}/[^"/]+)"`).exec(html)?.[1];
  if (!href) throw new Error(`no link to an ${name} page in the demo`);
  return href;
}

/**
 * Opens `url` on a slowed CPU and returns at its first paint (its heading shown), with
 * the page's scripts held until `release()` when `hold` is set.
 */
async function atFirstPaint(page: Page, url: string, hold: boolean): Promise<() => void> {
  await page.unrouteAll({ behavior: "ignoreErrors" });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  let release = () => {};
  if (hold) {
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.goto(url, { waitUntil: "commit" });
  await expect(page.locator("main h1").first()).toBeVisible();
  return release;
}

/** The link each landing page's test follows. */
const LINKS: Record<Landing, string> = {
  home: "main a[href^='/artwork/']",
  artwork: "main a.artwork-artist",
  artist: "main a[href^='/artwork/']",
  exhibitions: "main a[href^='/exhibition/']",
  exhibition: "main a[href^='/artwork/']",
};

for (const hold of [true, false]) {
  const when = hold ? "before any script has run" : "while the scripts load";

  test(`the marketplace at its first paint ${when}: a search and a filter take effect`, async ({
    page,
  }) => {
    let release = await atFirstPaint(page, "/", hold);
    const box = page.getByRole("searchbox", { name: "Search artworks or artists" });
    await box.fill("lighth");
    release();
    await expect(page).toHaveURL(/\/\?q=lighth$/, SLOW);
    await expect(page.getByRole("link", { name: /Lighthouse at Dusk/ })).toBeVisible(SLOW);
    await expect(box).toHaveValue("lighth");

    release = await atFirstPaint(page, "/", hold);
    await page.getByRole("button", { name: "Cities", exact: true }).click();
    release();
    await expect(page.getByRole("dialog", { name: "Cities" })).toBeVisible(SLOW);
    // The dialog is open in a page whose address is the marketplace's own.
    await expect(page).toHaveURL(/\/$/, SLOW);
  });

  test(`the artwork page at its first paint ${when}: Buy Now opens the buy panel`, async ({
    page,
    request,
  }) => {
    const release = await atFirstPaint(page, await landingAddress(request, "artwork"), hold);
    await page.getByRole("button", { name: "Buy Now" }).click();
    release();
    const dialog = page.getByRole("dialog", { name: "Buy this artwork" });
    await expect(dialog.getByLabel("Card number")).toBeVisible(SLOW);
    await expect(page).not.toHaveURL(/open=/, SLOW);
  });

  test(`each landing page at its first paint ${when}: a link clicked goes where it points`, async ({
    page,
    request,
  }) => {
    for (const name of Object.keys(LINKS) as Landing[]) {
      const release = await atFirstPaint(page, await landingAddress(request, name), hold);
      const link = page.locator(LINKS[name]).first();
      const href = (await link.getAttribute("href")) ?? "";
      expect(href, name).not.toBe("");
      await link.click();
      await expect(page, name).toHaveURL(new RegExp(`${href}$`), SLOW);
      release();
    }
  });
}

test("a file chosen at the upload page's first paint, before any script has run, is kept", async ({
  page,
}) => {
  await signIn(page, "artist@demo.vernissage.test");
  const release = await atFirstPaint(page, "/upload", true);
  await page.getByLabel("Images", { exact: true }).setInputFiles({
    name: "blue.png",
    mimeType: "image/png",
    buffer: await sharp({
      create: { width: 640, height: 480, channels: 3, background: "#2a6f97" },
    })
      .png()
      .toBuffer(),
  });
  release();
  await expect(page.getByRole("list", { name: "Chosen images" }).getByRole("listitem")).toHaveCount(
    1,
  );
});
