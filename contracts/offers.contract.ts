import { z } from "zod";
import { isUuid } from "../domain/ids";
import {
  MAX_DECLINE_MESSAGE_LENGTH,
  MAX_OFFER_NOTE_LENGTH,
  OFFER_STATUSES,
  offerMessages as m,
} from "../domain/offers";
import { MAX_EMAIL_LENGTH } from "../domain/text-input";
import {
  paymentProviderNameSchema,
  quoteSchema,
  shippingAddressBodySchema,
  shippingAddressSchema,
} from "./checkout.contract";

/**
 * The offer endpoints (docs/api.md "Offers", decision 0030). Amounts are integer USD
 * cents; an offer amount is whole dollars.
 */

// ---- Requests ----

const amount = z.number({ error: m.amount }).int({ error: m.amountWhole });
const paymentId = z
  .string({ error: m.cardNotConfirmed })
  .refine(isUuid, { error: m.cardNotConfirmed })
  .transform((id) => id.toLowerCase());

/** `POST /api/offers`: the offer, the buyer's address and e-mail, and the total they were shown. */
export const makeOfferBodySchema = z.object({
  artworkId: z
    .string({ error: "Artwork not found" })
    .refine(isUuid, { error: "Artwork not found" })
    .transform((id) => id.toLowerCase()),
  amount,
  note: z.string().max(MAX_OFFER_NOTE_LENGTH, { error: m.noteTooLong }).default(""),
  email: z.string().max(MAX_EMAIL_LENGTH).default(""),
  name: z.string().max(200).optional(),
  shippingAddress: shippingAddressBodySchema,
  /** The total (offer plus tax) in cents the buyer was shown. */
  expectedTotal: z.number().int().nonnegative(),
});
export type MakeOfferBody = z.output<typeof makeOfferBodySchema>;
export type MakeOfferRequest = z.input<typeof makeOfferBodySchema>;

/** `POST /api/offers/quote`: the tax on an offered amount (no card, nothing recorded). */
export const offerQuoteBodySchema = makeOfferBodySchema.pick({
  artworkId: true,
  amount: true,
  email: true,
  shippingAddress: true,
});
export type OfferQuoteBody = z.output<typeof offerQuoteBodySchema>;

/**
 * `POST /api/offers/:id/confirm`: the buyer's browser confirmed the card of the offer's
 * authorization; the server asks the processor whether it is authorized.
 */
export const confirmOfferBodySchema = z.object({});

/**
 * `POST /api/offers/:id/claim`: the link's end (ms since the epoch) and key, from the
 * e-mail to the owner of the account with a guest offer's e-mail (decision 0042).
 */
export const claimOfferBodySchema = z.object({
  until: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  key: z.string().min(1).max(200),
});
export type ClaimOfferBody = z.output<typeof claimOfferBodySchema>;

/** What a claim answers: the offer, now in the account, and what to tell its owner. */
export const offerClaimedSchema = z.object({ offerId: z.string(), message: z.string() });
export type OfferClaimed = z.infer<typeof offerClaimedSchema>;

/**
 * `POST /api/offers/:id/payments` (the buyer): a new authorization for `amount`, before
 * accepting the artist's counteroffer (its amount) or countering it (a new amount).
 */
export const offerPaymentBodySchema = z.object({ amount, expectedTotal: z.number().int() });

/**
 * `POST /api/offers/:id/accept`: the buyer names the new authorization (made with
 * `/payments` and confirmed in the browser); the artist sends no payment.
 */
export const acceptOfferBodySchema = z.object({
  paymentId: paymentId.optional(),
  /** The amount the accepting party saw: the offer may have moved since. */
  amount: amount.optional(),
});

/** `POST /api/offers/:id/counter`: the new amount (the buyer with its new authorization). */
export const counterOfferBodySchema = z.object({
  amount,
  paymentId: paymentId.optional(),
});

/** `POST /api/offers/:id/decline`: an optional message to the other party. */
export const declineOfferBodySchema = z.object({
  message: z.string().max(MAX_DECLINE_MESSAGE_LENGTH, { error: m.messageTooLong }).default(""),
});

export const withdrawOfferBodySchema = z.object({});

export const myOffersQuerySchema = z.object({
  role: z.enum(["buyer", "artist"], { error: "role must be buyer or artist." }).default("buyer"),
});

// ---- Answers ----

const cents = z.number().int().nonnegative();

export const offerEventSchema = z.object({
  actor: z.enum(["artist", "buyer", "system"]),
  kind: z.string(),
  amountCents: cents.nullable(),
  message: z.string().nullable(),
  at: z.string(),
});

export const offerViewSchema = z.object({
  id: z.string(),
  artwork: z.object({
    id: z.string(),
    title: z.string(),
    imageThumbnail: z.string().nullable(),
    artistName: z.string(),
    /** The work's price while it is for sale (null for offers only). */
    priceCents: cents.nullable(),
  }),
  status: z.enum(OFFER_STATUSES),
  statusText: z.string(),
  awaiting: z.enum(["artist", "buyer"]),
  rounds: z.number().int(),
  amountCents: cents,
  /** Tax and total on the amount at the buyer's address. */
  taxAmount: cents,
  totalAmount: cents,
  note: z.string(),
  buyerName: z.string(),
  shippingAddress: shippingAddressSchema,
  expiresAt: z.string(),
  declineReason: z
    .enum(["artist", "buyer", "below_minimum", "sold", "unlisted", "own_artwork"])
    .nullable(),
  declineMessage: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  /** Who is looking: the buyer, the artist, or the team. */
  viewerRole: z.enum(["buyer", "artist", "team"]),
  /** The moves the viewer may make now. */
  moves: z.array(z.enum(["accept", "decline", "counter", "withdraw"])),
  history: z.array(offerEventSchema),
});
export type OfferView = z.infer<typeof offerViewSchema>;

/** A card authorization to confirm in the browser, as the checkout's. */
export const offerAuthorizationSchema = quoteSchema.extend({
  paymentId: z.string(),
  provider: paymentProviderNameSchema,
  clientSecret: z.string(),
});
export type OfferAuthorization = z.infer<typeof offerAuthorizationSchema>;

/** `POST /api/offers` (201). */
export const offerMadeSchema = z.object({
  offer: offerViewSchema,
  /** The card authorization to confirm; `/confirm` then puts the offer on the table. */
  authorization: offerAuthorizationSchema,
  /** The key that opens the offer's page without signing in (the buyer's links carry it). */
  accessKey: z.string(),
  accountMessage: z.string().nullable(),
});
export type OfferMade = z.infer<typeof offerMadeSchema>;

/** The answer of every move: the offer as it is now, and what to tell the mover. */
export const offerMovedSchema = z.object({
  offer: offerViewSchema,
  message: z.string().nullable(),
});
export type OfferMoved = z.infer<typeof offerMovedSchema>;

export const myOffersSchema = z.object({ offers: z.array(offerViewSchema) });
export type MyOffers = z.infer<typeof myOffersSchema>;
