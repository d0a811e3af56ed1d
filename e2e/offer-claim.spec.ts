import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { offerMessages as m } from "../domain/offers";
import { ADDRESS, mailTo } from "./buy";
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
 * Decision 0042: a stranger, signed out, offers with the demo collector's e-mail. The
 * answer holds nothing of the collector's account and the offer is not theirs; the
 * collector attaches it from the link in the offer e-mail. The offer is withdrawn at the
 * end, so the work is as it was for every other spec.
 */

const COLLECTOR = "collector@demo.vernissage.test";
const shippingAddress = {
  line1: ADDRESS.line1,
  city: ADDRESS.city,
  state: ADDRESS.state,
  postal_code: ADDRESS.zip,
};

failOnBrowserErrors({ viewport: DESKTOP });

async function screenshots(page: Page, name: string) {
  await atBothWidths(page, async (label) => {
    await screenshot(page, { path: `e2e/screenshots/${name}-${label}.png`, fullPage: true });
  });
}

/** An offers-only demo work no other spec offers on (Blue Hour is offers.spec.ts's). */
async function offersOnlyWork(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/artworks/search?q=&hitsPerPage=100");
  const { hits } = (await response.json()) as {
    hits: { id: string; title: string; offersOnly: boolean }[];
  };
  const work = hits.find((hit) => hit.offersOnly && hit.title !== "Blue Hour");
  if (!work) throw new Error("no offers-only demo work");
  return work.id;
}

/** The guest's offer through the API, as the offer panel makes it with the test card. */
async function strangerOffers(request: APIRequestContext, baseURL: string, artworkId: string) {
  const headers = { origin: baseURL };
  const body = { artworkId, amount: 10_000, email: COLLECTOR, shippingAddress, note: "" };
  const quote = await request.post("/api/offers/quote", { headers, data: body });
  expect(quote.ok(), await quote.text()).toBe(true);
  const { totalAmount } = (await quote.json()) as { totalAmount: number };
  const made = await request.post("/api/offers", {
    headers,
    data: { ...body, expectedTotal: totalAmount },
  });
  expect(made.status(), await made.text()).toBe(201);
  const answer = await made.text();
  const offer = JSON.parse(answer) as {
    offer: { id: string };
    accessKey: string;
    authorization: { clientSecret: string };
  };
  const card = await request.post("/api/checkout/simulated/confirm", {
    headers,
    data: {
      clientSecret: offer.authorization.clientSecret,
      card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
      billingDetails: { name: "", email: COLLECTOR },
    },
  });
  expect(card.ok(), await card.text()).toBe(true);
  const keyed = { ...headers, "x-offer-key": offer.accessKey };
  const opened = await request.post(`/api/offers/${offer.offer.id}/confirm`, {
    headers: keyed,
    data: {},
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  return { answer, offerId: offer.offer.id, keyed };
}

test("a stranger's offer with someone's e-mail is theirs only once they confirm it", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const artworkId = await offersOnlyWork(request);
  const { answer, offerId, keyed } = await strangerOffers(request, baseURL ?? "", artworkId);
  // Nothing of the collector's account (Jordan Ellis) is in the stranger's answer.
  expect(answer).not.toMatch(/Jordan|Ellis/);

  let link = "";
  await expect
    .poll(
      () => {
        const unfolded = mailTo(COLLECTOR)
          .join("\n")
          .replace(/=\r?\n/g, "")
          .replace(/=3D/g, "=");
        const found = new RegExp(`/offers/${offerId}/claim\\?until=\\d+&key=[\\w-]+`).exec(
          unfolded,
        );
        link = found?.[0] ?? "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");

  // Not in the collector's offers until confirmed.
  await signIn(page, COLLECTOR);
  await page.goto("/profile/offers");
  await expect(page.locator(`a[href^="/offers/${offerId}"]`)).toHaveCount(0);
  await page.context().clearCookies();

  await page.goto(link);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: m.claimTitle })).toBeVisible();
  await expect(page.getByText(m.claimIntro)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, "offer-claim");
  await page.getByRole("button", { name: m.claimButton }).click();
  await expect(page.getByRole("status")).toHaveText(m.claimed);
  await expectNoAxeViolations(page);
  await screenshots(page, "offer-claim-done");

  // Used once: the same link again is refused, with the reason announced.
  await page.goto(link);
  await waitForHydration(page);
  await page.getByRole("button", { name: m.claimButton }).click();
  await expect(page.getByRole("alert")).toHaveText(m.claimUsed);
  await screenshots(page, "offer-claim-used");

  // Now the collector's, and withdrawn so the work is as it was.
  const withdrawn = await request.post(`/api/offers/${offerId}/withdraw`, {
    headers: keyed,
    data: {},
  });
  expect(withdrawn.ok(), await withdrawn.text()).toBe(true);
});
