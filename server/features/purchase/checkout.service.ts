import type { SessionUser } from "../../../contracts/auth.contract";
import type {
  CheckoutConfig,
  Purchase,
  Quote,
  QuoteBody,
} from "../../../contracts/checkout.contract";
import type { PaymentProvider } from "../../adapters/payments/payment-provider";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { findArtworkForCheckout } from "./checkout.repository";
import { ARTWORK_NOT_FOUND, buyerEmail, checkPayer, refusal, taxFor } from "./checkout.rules";
import { listOrdersOf } from "../orders/orders.api";

/** The checkout's reads: which processor, the tax quote, and a buyer's purchase history. */

export type CheckoutDeps = { db: Database; provider: PaymentProvider; logger: Logger };

async function priceOf(db: Database, artworkId: string): Promise<number> {
  const artwork = await findArtworkForCheckout(db, artworkId);
  if (!artwork) throw new AppError("NOT_FOUND", 404, ARTWORK_NOT_FOUND);
  if (!artwork.listed || !artwork.isForSale || artwork.priceCents === null) {
    throw await refusal(db, artworkId, null);
  }
  return artwork.priceCents;
}

export function checkoutConfig({ provider }: CheckoutDeps): CheckoutConfig {
  return { provider: provider.name, publishableKey: provider.publishableKey };
}

export async function quote(
  { db }: CheckoutDeps,
  body: QuoteBody,
  viewer: SessionUser | null,
): Promise<Quote> {
  checkPayer(body, buyerEmail(body, viewer), viewer !== null);
  const price = await priceOf(db, body.artworkId);
  return taxFor(price, body.shippingAddress.state);
}

/** SPEC §2 /profile/purchases: the buyer's orders, newest first. */
export async function listPurchases({ db }: CheckoutDeps, userId: string): Promise<Purchase[]> {
  const rows = await listOrdersOf(db, userId);
  return rows.map((o) => ({
    id: o.id,
    artworkId: o.artworkId,
    title: o.title,
    imageThumbnail: o.imageThumbnail,
    imageOriginal: o.imageOriginal,
    artistName: o.artistName,
    price: o.price,
    preTaxAmount: o.preTaxAmount,
    taxAmount: o.taxAmount,
    totalAmount: o.totalAmount,
    timestamp: o.timestamp.toISOString(),
    status: o.status,
    shippedAt: o.shippedAt?.toISOString() ?? null,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
  }));
}
