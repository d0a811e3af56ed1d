import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { reviewTexts as rt } from "../domain/reviews";
import {
  DEMO_PASSWORD,
  DESKTOP,
  artworkIdByTitle,
  atBothWidths,
  expectNoAxeViolations,
  failOnBrowserErrors,
  screenshot,
  signIn,
  signInDemoAdminByApi,
  waitForHydration,
} from "./helpers";

/**
 * Reviews (decision 0056): a new collector buys three works of one artist; each order is
 * shipped, reported and closed by the team, which completes it (the return window's
 * timer cannot be waited for here). The buyer reviews one from the order page and two
 * through the API, the artist replies from their profile, and the profile shows the
 * average, the count and the reviews. Then a collector reports a review and the team
 * hides it from the console: below three, the profile shows none. Buys demo works of
 * Priya Nair that no other spec names.
 */

const ARTIST = "priya.nair@artists.demo.vernissage.test";
const COLLECTOR = "collector@demo.vernissage.test";
const ADMIN = "admin@demo.vernissage.test";
const WORKS = ["Monsoon Weave", "Indigo Field", "Saffron Thread", "Heat Map", "Loom Song"];
const ADDRESS = { line1: "1452 W Division St", city: "Chicago", state: "IL", postal_code: "60642" };
const REVIEW = "The weave is even richer in person, and it came beautifully packed.";
const REPLY = "Thank you! It was woven over a whole monsoon season.";

failOnBrowserErrors({ viewport: DESKTOP });

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await expectNoAxeViolations(page);
    await screenshot(page, {
      path: `e2e/.output/screens/reviews-${name}-${label}.png`,
      fullPage: true,
    });
  });
}

async function ok(response: Promise<{ ok(): boolean; text(): Promise<string> }>) {
  const answer = await response;
  expect(answer.ok(), await answer.text()).toBe(true);
  return answer as unknown as { json(): Promise<unknown> };
}

/** The first `count` of WORKS still for sale. */
async function worksForSale(request: APIRequestContext, count: number) {
  const found: { id: string; title: string; artistId: string }[] = [];
  for (const title of WORKS) {
    const id = await artworkIdByTitle(request, title).catch(() => null);
    if (!id) continue;
    const work = (await (await request.get(`/api/artworks/${id}`)).json()) as {
      isForSale: boolean;
      artist: { id: string };
    };
    if (work.isForSale) found.push({ id, title, artistId: work.artist.id });
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} of ${WORKS.join(", ")} are for sale`);
}

/** A signed-in buyer's purchase through the API, as the buy panel makes it. */
async function buy(api: APIRequestContext, origin: string, artworkId: string): Promise<string> {
  const headers = { origin };
  const body = { artworkId, email: "", shippingAddress: ADDRESS };
  const quote = (await (
    await ok(api.post("/api/checkout/quote", { headers, data: body }))
  ).json()) as { totalAmount: number };
  const payment = (await (
    await ok(
      api.post("/api/checkout/payments", {
        headers,
        data: { ...body, expectedTotal: quote.totalAmount },
      }),
    )
  ).json()) as { paymentId: string; clientSecret: string };
  await ok(
    api.post("/api/checkout/simulated/confirm", {
      headers,
      data: {
        clientSecret: payment.clientSecret,
        card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
      },
    }),
  );
  const done = (await (
    await ok(
      api.post("/api/checkout/complete", {
        headers,
        data: { paymentId: payment.paymentId, clientSecret: payment.clientSecret },
      }),
    )
  ).json()) as { orderId: string };
  return done.orderId;
}

test("a buyer reviews a completed order, the artist replies, and the profile shows them", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = baseURL!;
  const headers = { origin };
  const session = async (email: string, password = DEMO_PASSWORD) => {
    const api = await playwright.request.newContext({ baseURL: origin });
    await ok(api.post("/api/auth/sign-in/email", { headers, data: { email, password } }));
    return api;
  };

  // A new collector, signed up through the API.
  const buyerEmail = `reviews.${Date.now()}@example.com`;
  const buyerPassword = "reviews-secret-123";
  const buyer = await playwright.request.newContext({ baseURL: origin });
  await ok(
    buyer.post("/api/auth/sign-up/email", {
      headers,
      data: {
        firstName: "Rosa",
        lastName: "Reviewer",
        email: buyerEmail,
        password: buyerPassword,
        occupation: "collector",
        acceptTerms: true,
      },
    }),
  );
  const artist = await session(ARTIST);
  // The demo admin has two-step verification on (decision 0057).
  const admin = await playwright.request.newContext({ baseURL: origin });
  await signInDemoAdminByApi(admin, origin);

  // Three orders, each completed: shipped, a problem reported, closed by the team.
  const works = await worksForSale(buyer, 3);
  const artistId = works[0]!.artistId;
  const orders: string[] = [];
  for (const work of works) {
    const orderId = await buy(buyer, origin, work.id);
    await ok(
      artist.post(`/api/me/sales/${orderId}/ship`, {
        headers,
        data: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
      }),
    );
    await ok(
      buyer.post(`/api/me/purchases/${orderId}/report-problem`, {
        headers,
        data: { kind: "not_as_described", note: "The colours differ a little." },
      }),
    );
    await ok(
      admin.post(`/api/admin/orders/${orderId}/close-problem`, {
        headers,
        data: { note: "The buyer keeps the work." },
      }),
    );
    orders.push(orderId);
  }

  // Before any review: a neutral line, no rating.
  await page.goto(`/artist/${artistId}`);
  const reviews = page.locator("#reviews");
  await expect(reviews.getByText(rt.notYetShown)).toBeVisible();

  // The buyer reviews the first order from its page.
  await signIn(page, buyerEmail, buyerPassword);
  await page.goto(`/profile/purchases/${orders[0]}`);
  const section = page.getByRole("region", { name: "Review the artist" });
  await expect(section).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await section.getByLabel("Your review").fill(REVIEW);
  await section.getByRole("radio", { name: "5 stars" }).check();
  await section.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByRole("status").filter({ hasText: rt.created })).toBeVisible();
  const mine = page.getByRole("region", { name: "Your review" });
  await expect(mine.locator(".review-body")).toHaveText(REVIEW);
  await expect(mine.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
  await expect(mine.getByText(/^Edit your review \(until /)).toBeVisible();
  await screenshots(page, "order-reviewed");

  // Two more reviews through the API; a second review of an order is refused.
  for (const [orderId, rating] of [
    [orders[1]!, 4],
    [orders[2]!, 4],
  ] as const) {
    await ok(
      buyer.post(`/api/me/purchases/${orderId}/review`, {
        headers,
        data: { rating, body: `Rated ${rating}: lovely colours.` },
      }),
    );
  }
  const twice = await buyer.post(`/api/me/purchases/${orders[0]}/review`, {
    headers,
    data: { rating: 1, body: "Again." },
  });
  expect(twice.status()).toBe(409);

  // The artist replies from their own profile.
  await page.context().clearCookies();
  await signIn(page, ARTIST);
  await page.goto(`/artist/${artistId}#reviews`);
  const card = reviews.getByRole("listitem").filter({ hasText: REVIEW });
  await waitForHydration(page);
  await card.getByLabel("Your reply (you can reply once)").fill(REPLY);
  await card.getByRole("button", { name: "Publish reply" }).click();
  await expect(card.getByText(REPLY)).toBeVisible();
  await expect(card.getByRole("button", { name: "Publish reply" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Anyone sees the average, the count and the reviews, newest first, and the rating in JSON-LD.
  await page.context().clearCookies();
  await page.goto(`/artist/${artistId}`);
  await expect(reviews.locator(".review-average")).toHaveText("4.3");
  await expect(reviews.getByText("3 reviews")).toBeVisible();
  await expect(reviews.getByText(rt.verifiedPurchase)).toHaveCount(3);
  // The buyer's first name and initial, not their full name.
  await expect(reviews.getByText(/^Rosa R\. · /)).toHaveCount(3);
  await expect(reviews.getByText(/Rosa Reviewer/)).toHaveCount(0);
  await expect(reviews.getByRole("listitem").last()).toContainText(REVIEW);
  await expect(reviews.getByRole("listitem").last()).toContainText(REPLY);
  await expect(reviews.getByRole("link", { name: works[0]!.title })).toBeVisible();
  await expect(reviews.getByRole("button", { name: /Report/ })).toHaveCount(0);
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld ?? "{}")).toMatchObject({
    aggregateRating: { ratingValue: 4.33, reviewCount: 3 },
  });
  await screenshots(page, "profile");

  // The buyer sees the reply on the order page; the artist was e-mailed of the review.
  await page.context().clearCookies();
  await signIn(page, buyerEmail, buyerPassword);
  await page.goto(`/profile/purchases/${orders[0]}`);
  await expect(page.getByRole("region", { name: "Your review" }).getByText(REPLY)).toBeVisible();

  // A collector reports a review; the team hides it: two are left, so none is shown.
  await page.context().clearCookies();
  await signIn(page, COLLECTOR);
  await page.goto(`/artist/${artistId}`);
  await waitForHydration(page);
  const reported = reviews.getByRole("listitem").filter({ hasText: REVIEW });
  await reported.getByText("Report this review").click();
  await reported
    .getByLabel("What is wrong with this review?")
    .fill("It mentions a private matter.");
  await reported.getByRole("button", { name: "Send report" }).click();
  await expect(reported.getByRole("status")).toHaveText(rt.reported);

  await page.context().clearCookies();
  await signIn(page, ADMIN);
  await page.goto("/admin/reviews");
  const queued = page.getByRole("article").filter({ hasText: REVIEW });
  await expect(queued.getByText("It mentions a private matter.")).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await queued.getByLabel("Reason for hiding").fill("Private details of the artist.");
  await queued.getByRole("button", { name: "Hide the review" }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByRole("button", { name: "Hide" }).click();
  await expect(page.getByRole("status").filter({ hasText: rt.hiddenDone })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: REVIEW })).toHaveCount(0);

  await page.context().clearCookies();
  await page.goto(`/artist/${artistId}`);
  await expect(reviews.getByText(rt.notYetShown)).toBeVisible();
  await expect(reviews.locator(".review-average")).toHaveCount(0);

  // The forms' addresses are not pages.
  expect((await page.request.get(`/reviews/${orders[0]}`)).status()).toBe(404);

  await Promise.all([buyer.dispose(), artist.dispose(), admin.dispose()]);
});
