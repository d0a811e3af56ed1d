import { eq } from "drizzle-orm";
import {
  type OfferAuthorization,
  type OfferMade,
  type OfferMoved,
  offerAuthorizationSchema,
  offerMadeSchema,
  offerMovedSchema,
} from "../../../contracts/offers.contract";
import { quoteSchema } from "../../../contracts/checkout.contract";
import { salesTax } from "../../../domain/sales-tax";
import { offers, payments, simulatedPayments } from "../../db/schema";
import { expectContract } from "../../test/contract";
import type { TestApp } from "../../test/test-app";
import { type Client, NY_ADDRESS, confirmCard } from "./checkout.test-helpers";

/** Offers as the offer panel and the offer page make them. */

/** Whole dollars in cents. */
export const dollars = (n: number) => n * 100;

/** `POST /api/offers` with the quoted total, as the panel sends it. */
export async function postOffer(
  client: Client,
  artworkId: string,
  amount: number,
  body: Record<string, unknown> = {},
) {
  const request: Record<string, unknown> = {
    artworkId,
    amount,
    email: "",
    shippingAddress: NY_ADDRESS,
    note: "",
    ...body,
  };
  if (!("expectedTotal" in body)) {
    const quoted = await client.post("/api/offers/quote", request);
    request.expectedTotal = quoted.ok
      ? expectContract(quoteSchema, await quoted.json()).totalAmount
      : 0;
  }
  return client.post("/api/offers", request);
}

/** Makes the offer and confirms the card: the offer is open for the artist. */
export async function makeOffer(
  client: Client,
  artworkId: string,
  amount: number,
  body: Record<string, unknown> = {},
): Promise<OfferMade & { opened: OfferMoved }> {
  const response = await postOffer(client, artworkId, amount, body);
  if (response.status !== 201) {
    throw new Error(`offer refused: ${response.status} ${await response.text()}`);
  }
  const made = expectContract(offerMadeSchema, await response.json());
  const card = await confirmCard(client, made.authorization.clientSecret);
  if (card.status !== 200) throw new Error(`card refused: ${await card.text()}`);
  const confirmed = await client.post(`/api/offers/${made.offer.id}/confirm`, {}, keyed(made));
  if (confirmed.status !== 200) throw new Error(`confirm refused: ${await confirmed.text()}`);
  const opened = expectContract(offerMovedSchema, await confirmed.json());
  if (opened.offer.status !== "open") throw new Error(`offer not opened: ${opened.message}`);
  return { ...made, opened };
}

/** The guest buyer's key header (the key their links carry). */
export function keyed(made: Pick<OfferMade, "accessKey">): Record<string, string> {
  return { "x-offer-key": made.accessKey };
}

/** The buyer's new hold for `amount` (to accept a counter or counter it), card confirmed. */
export async function newHold(
  client: Client,
  offerId: string,
  amount: number,
  headers: Record<string, string> = {},
): Promise<OfferAuthorization> {
  const response = await client.post(
    `/api/offers/${offerId}/payments`,
    // Every test ships to New York (NY_ADDRESS).
    { amount, expectedTotal: nyTotal(amount) },
    headers,
  );
  if (response.status !== 201) throw new Error(`hold refused: ${await response.text()}`);
  const hold = expectContract(offerAuthorizationSchema, await response.json());
  const card = await confirmCard(client, hold.clientSecret);
  if (card.status !== 200) throw new Error(`card refused: ${await card.text()}`);
  return hold;
}

/** New York's tax on an amount, as the server computes it (domain/sales-tax.ts). */
export function nyTotal(amount: number): number {
  return salesTax(amount, "NY")!.totalAmount;
}

export async function readOffer(t: TestApp, id: string) {
  const [row] = await t.db.select().from(offers).where(eq(offers.id, id));
  if (!row) throw new Error(`no offer ${id}`);
  return row;
}

/** The simulated processor's status of every authorization made for the offer. */
export async function holdStatuses(t: TestApp, offerId: string): Promise<string[]> {
  const rows = await t.db
    .select({ status: simulatedPayments.status })
    .from(payments)
    .innerJoin(simulatedPayments, eq(simulatedPayments.id, payments.providerPaymentId))
    .where(eq(payments.offerId, offerId));
  return rows.map((row) => row.status).sort();
}
