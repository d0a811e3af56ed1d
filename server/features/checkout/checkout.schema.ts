import { MAX_EMAIL_LENGTH } from "../../../domain/text-input";
import { z } from "zod";
import { checkoutMessages as m } from "../../../domain/checkout";

const text = z.string().max(200).default("");

export const shippingAddressSchema = z.object(
  { line1: text, city: text, state: text, postal_code: text },
  { error: m.fillShipping },
);

const artworkId = z.uuid({ error: "Artwork not found" }).transform((id) => id.toLowerCase());

export const quoteBodySchema = z.object({
  artworkId,
  email: z.string().max(MAX_EMAIL_LENGTH).default(""),
  shippingAddress: shippingAddressSchema,
});

export const paymentBodySchema = quoteBodySchema.extend({
  name: z.string().max(200).optional(),
  /** The total in cents the buyer was shown (the quote's totalAmount). */
  expectedTotal: z
    .number({ error: "The total you were shown is missing. Please reload the page and try again." })
    .int()
    .nonnegative(),
  /**
   * The client secret of the payment this browser started last for the work: a guest
   * who holds the work takes the hold over with it (decision 0019).
   */
  previousClientSecret: z.string().max(300).optional(),
});

/** The payment and its client secret, which only the payer's browser was given (decision 0019). */
export const completeBodySchema = z.object({
  paymentId: z.uuid({ error: "Payment not found." }).transform((id) => id.toLowerCase()),
  clientSecret: z.string({ error: "Payment not found." }).min(1, "Payment not found.").max(300),
});

export const simulatedConfirmBodySchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: z.object({
    number: z.string().max(40),
    expMonth: z.coerce.number().int(),
    expYear: z.coerce.number().int(),
    cvc: z.string().max(10),
  }),
  billingDetails: z
    .object({
      name: z.string().max(200).optional(),
      email: z.string().max(MAX_EMAIL_LENGTH).optional(),
    })
    .optional(),
});

export type QuoteBody = z.infer<typeof quoteBodySchema>;
export type PaymentBody = z.infer<typeof paymentBodySchema>;
