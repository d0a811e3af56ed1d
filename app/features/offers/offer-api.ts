import { type Quote, quoteSchema } from "../../../contracts/checkout.contract";
import {
  type MakeOfferRequest,
  type OfferMade,
  type OfferMoved,
  offerAuthorizationSchema,
  offerMadeSchema,
  offerMovedSchema,
} from "../../../contracts/offers.contract";
import { offerMessages } from "../../../domain/offers";
import { request } from "../../lib/api-client";
import { CheckoutError, paymentFailure } from "../../components/card-address-form/checkout-answers";
import type { ConfirmCard } from "../../components/card-address-form/payment-api";
import type { CardMove, OfferQuoteRequest } from "./offer-form";

/**
 * The offer endpoints that involve the buyer's card (docs/api.md "Offers"): making an
 * offer, and the buyer's accept or counter with a new authorization. The moves without
 * a card are plain forms (app/features/offers). A guest buyer proves the offer is theirs
 * with its access key (`?key=`).
 */

function offerPath(offerId: string, action: string, key: string | null): string {
  const path = `/api/offers/${encodeURIComponent(offerId)}/${action}`;
  return key ? `${path}?key=${encodeURIComponent(key)}` : path;
}

export function fetchOfferQuote(body: OfferQuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return request("/api/offers/quote", { method: "POST", body, signal, schema: quoteSchema });
}

/**
 * An offer as it went: sent (its card confirmed), or declined as soon as its card was held
 * (below the artist's hidden minimum; the hold is released).
 */
export type OfferSent = { made: OfferMade; declinedAtOnce: boolean; message: string | null };

/**
 * Records the offer, confirms its card authorization in the browser, then has the server
 * check the authorization, which puts the offer on the table. A refused card is reported
 * to the server all the same, so the offer lapses at once (the buyer may offer again);
 * any failure arrives as a CheckoutError with the text to show.
 */
export async function makeOffer(
  body: MakeOfferRequest,
  confirmCard: ConfirmCard,
): Promise<OfferSent> {
  let made: OfferMade;
  try {
    made = await request("/api/offers", { method: "POST", body, schema: offerMadeSchema });
  } catch (error) {
    throw paymentFailure(error);
  }
  const confirmPath = offerPath(made.offer.id, "confirm", made.accessKey);
  try {
    await confirmCard(made.authorization);
  } catch (cardError) {
    // The server asks the processor, finds the card refused and lets the offer lapse.
    await request(confirmPath, { method: "POST", body: {} }).catch(() => undefined);
    throw paymentFailure(cardError);
  }
  try {
    const moved = await request(confirmPath, {
      method: "POST",
      body: {},
      schema: offerMovedSchema,
    });
    const declinedAtOnce = moved.offer.declineReason === "below_minimum";
    return { made: { ...made, offer: moved.offer }, declinedAtOnce, message: moved.message };
  } catch (error) {
    throw paymentFailure(error);
  }
}

/**
 * The buyer accepts the artist's counteroffer or counters it: a new authorization for
 * the amount (the server checks the total the buyer was shown), confirmed in the
 * browser, then the move naming it.
 */
export async function cardMove(input: {
  offerId: string;
  accessKey: string | null;
  move: CardMove;
  amount: number;
  expectedTotal: number;
  confirmCard: ConfirmCard;
}): Promise<OfferMoved> {
  const { offerId, accessKey, move, amount, expectedTotal, confirmCard } = input;
  try {
    const authorization = await request(offerPath(offerId, "payments", accessKey), {
      method: "POST",
      body: { amount, expectedTotal },
      schema: offerAuthorizationSchema,
    });
    if (authorization.totalAmount !== expectedTotal)
      throw new CheckoutError(offerMessages.amountChanged);
    await confirmCard(authorization);
    return await request(offerPath(offerId, move, accessKey), {
      method: "POST",
      body: { amount, paymentId: authorization.paymentId },
      schema: offerMovedSchema,
    });
  } catch (error) {
    throw paymentFailure(error);
  }
}
