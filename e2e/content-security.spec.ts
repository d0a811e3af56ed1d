import { type APIRequestContext, type Page, type Response, expect, test } from "@playwright/test";
import { ADDRESS } from "./buy";
import { artworkIdByTitle, signIn, waitForHydration } from "./helpers";

type Pwned = { __pwned?: number; __pwnedByHandler?: number };

/** What the browser reports in the console when the CSP refuses something. */
function collectCspReports(page: Page) {
  const reports: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
  });
  return reports;
}

function headerNonce(response: Response) {
  const csp = response.headers()["content-security-policy"] ?? "";
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
  expect(nonce).toBeDefined();
  return nonce;
}

/**
 * The nonce attribute of every script in the served HTML that the browser would run
 * inline: no src, and not a data block (JSON-LD is never executed, so CSP leaves it be).
 */
function inlineScriptNonces(html: string) {
  const tags = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
  return tags
    .filter((attributes) => !/\bsrc=/.test(attributes))
    .filter((attributes) => !/type="application\/(ld\+)?json"/.test(attributes))
    .map((attributes) => /\bnonce="([^"]*)"/.exec(attributes)?.[1] ?? null);
}

/** Opens `url` and checks that each inline script of its HTML carries the header's nonce. */
async function openWithNonces(page: Page, url: string) {
  const response = await page.goto(url);
  if (!response) throw new Error(`no response for ${url}`);
  const nonce = headerNonce(response);
  const nonces = inlineScriptNonces(await response.text());
  expect(nonces.length).toBeGreaterThan(0);
  expect(nonces).toEqual(nonces.map(() => nonce));
  await waitForHydration(page);
}

test("the home page's inline scripts carry the nonce, it hydrates, and injected scripts do not run", async ({
  page,
}) => {
  const reports = collectCspReports(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await openWithNonces(page, "/");

  // Hydrated: the side menu opens on a click.
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  expect(reports).toEqual([]);

  // An inline script without the nonce is refused (it would run as it is inserted)...
  await page.addScriptTag({ content: "window.__pwned = 1" }).catch(() => undefined);
  expect(await page.evaluate(() => (window as Pwned).__pwned)).toBeUndefined();

  // ...and so is an inline event handler slipped into the markup.
  const handled = await page.evaluate(
    () =>
      new Promise<number | undefined>((resolve) => {
        document.body.insertAdjacentHTML(
          "beforeend",
          '<img id="injected" alt="" src="/no-such-image.png" onerror="window.__pwnedByHandler = 1">',
        );
        // Listeners run after the attribute's handler, so it has had its chance by now.
        document.getElementById("injected")?.addEventListener("error", () => {
          resolve((window as Pwned).__pwnedByHandler);
        });
      }),
  );
  expect(handled).toBeUndefined();
  expect(reports.length).toBeGreaterThan(0);
});

test("an artwork page (with JSON-LD) and the streamed purchase history run with the nonce only", async ({
  page,
  request,
}) => {
  const reports = collectCspReports(page);
  const id = await artworkIdByTitle(request, "Grid City");
  await openWithNonces(page, `/artwork/${id}`);
  await expect(page.locator('script[type="application/ld+json"]')).not.toHaveCount(0);

  await signIn(page, "collector@demo.vernissage.test");
  await openWithNonces(page, "/profile/purchases");
  await expect(page).toHaveTitle("Purchase history · Vernissage");
  expect(reports).toEqual([]);
});

/**
 * Every CSP violation the page sees, as the browser reports it: a refused `eval` or
 * `new Function` (even one that is caught) fires `securitypolicyviolation` on the document.
 */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
}

function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

type Hit = { id: string; title: string; offersOnly?: boolean };

/** A guest's confirmed offer on an offers-only demo work, made through the API. */
async function guestOffer(request: APIRequestContext): Promise<string> {
  const search = await request.get("/api/artworks/search?hitsPerPage=60");
  const { hits } = (await search.json()) as { hits: Hit[] };
  // Blue Hour is the offer journey's own work (e2e/offers.spec.ts).
  const artwork = hits.filter((hit) => hit.offersOnly && hit.title !== "Blue Hour").at(-1);
  if (!artwork) throw new Error("no offers-only demo work");
  const shippingAddress = { line1: ADDRESS.line1, city: ADDRESS.city, state: ADDRESS.state };
  const body = {
    artworkId: artwork.id,
    amount: 100,
    email: "csp.guest@example.com",
    shippingAddress: { ...shippingAddress, postal_code: ADDRESS.zip },
  };
  const quote = await request.post("/api/offers/quote", { data: body });
  expect(quote.status()).toBe(200);
  const { totalAmount } = (await quote.json()) as { totalAmount: number };
  const made = await request.post("/api/offers", { data: { ...body, expectedTotal: totalAmount } });
  expect(made.status()).toBe(201);
  const { offer, authorization, accessKey } = (await made.json()) as {
    offer: { id: string };
    authorization: { clientSecret: string };
    accessKey: string;
  };
  const card = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
  const held = await request.post("/api/checkout/simulated/confirm", {
    data: { clientSecret: authorization.clientSecret, card },
  });
  expect(held.ok()).toBe(true);
  const confirmed = await request.post(`/api/offers/${offer.id}/confirm`, {
    data: {},
    headers: { "x-offer-key": accessKey },
  });
  expect(confirmed.ok()).toBe(true);
  return `/offers/${offer.id}?key=${accessKey}`;
}

test("no page makes the browser evaluate a string (the CSP refuses eval and new Function)", async ({
  page,
  request,
}) => {
  const reports = collectCspReports(page);
  await recordViolations(page);
  const offerPage = await guestOffer(request);

  await page.goto(offerPage);
  await waitForHydration(page);
  await expect(page.locator(".offer-status")).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // The buy panel and the offer form validate in the browser with the shared schemas.
  const id = await artworkIdByTitle(request, "Loom Song");
  await page.goto(`/artwork/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page.getByLabel("Card number")).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto("/signup");
  await waitForHydration(page);
  await page
    .getByRole("button", { name: /sign up|create/i })
    .first()
    .click();
  expect(await violations(page)).toEqual([]);
  expect(reports).toEqual([]);
});
