import type { SessionUser } from "../../../contracts/auth.contract";
import type { QuoteBody } from "../../../contracts/checkout.contract";
import { buyerEmailOf, checkoutMessages as m, paymentProblem } from "../../../domain/checkout";
import { type TaxSplit, salesTax } from "../../../domain/sales-tax";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { findArtworkForCheckout } from "./checkout.repository";
import { hasOrder } from "../orders/orders.api";

/** The checks a quote and a payment share, and why a work cannot be bought. */

export const ARTWORK_NOT_FOUND = "Artwork not found";

/** The failure message of a payment ended because its work is no longer listed. */
export const UNLISTED_FAILURE = "The artwork is no longer listed in the marketplace.";

/** The failure message of a payment not sold because its buyer owns or made the work. */
export const OWN_ARTWORK_FAILURE = "The buyer's account owns or made the artwork.";

/** The e-mail that buys: the account's when signed in (never the body's), else the body's. */
export function buyerEmail(body: QuoteBody, viewer: SessionUser | null): string {
  return buyerEmailOf(body.email, viewer?.email);
}

export function checkPayer(body: QuoteBody, email: string, signedIn: boolean) {
  const problem = paymentProblem({ address: body.shippingAddress, email, signedIn });
  if (problem) throw new AppError("VALIDATION_FAILED", 400, problem);
}

export function taxFor(priceCents: number, state: string): TaxSplit {
  const split = salesTax(priceCents, state);
  if (!split) throw new AppError("VALIDATION_FAILED", 400, m.unknownState);
  return split;
}

/**
 * Why this artwork cannot be bought now, as a 404 or a clear 409; `pricedAt` is the
 * price the amounts were computed from, when they were. `viewerId`: the signed-in
 * buyer only. A guest is only an e-mail anyone may type, so nothing here depends on
 * whose it is (decision 0042).
 */
export async function refusal(
  db: Database,
  artworkId: string,
  viewerId: string | null,
  pricedAt: number | null = null,
): Promise<AppError> {
  const artwork = await findArtworkForCheckout(db, artworkId);
  if (!artwork) return new AppError("NOT_FOUND", 404, ARTWORK_NOT_FOUND);
  if (!artwork.listed) return new AppError("CONFLICT", 409, m.artworkNotForSale);
  if (viewerId !== null && artwork.ownerId === viewerId) {
    return new AppError("CONFLICT", 409, m.ownArtwork);
  }
  if (!artwork.isForSale || artwork.priceCents === null) {
    const sold = await hasOrder(db, artworkId);
    return new AppError("CONFLICT", 409, sold ? m.artworkSold : m.artworkNotForSale);
  }
  if (pricedAt !== null && artwork.priceCents !== pricedAt) {
    return new AppError("PRICE_CHANGED", 409, m.priceChanged);
  }
  return new AppError("CONFLICT", 409, m.artworkReserved);
}
