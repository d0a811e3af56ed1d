/** Shapes of the checkout API (docs/api.md "Checkout"); all amounts are integer USD cents. */

export type PaymentProviderName = "simulated" | "stripe";

export type CheckoutConfig = { provider: PaymentProviderName; publishableKey: string | null };

export type Quote = { preTaxAmount: number; taxAmount: number; totalAmount: number };

export type PaymentStarted = Quote & {
  paymentId: string;
  provider: PaymentProviderName;
  clientSecret: string;
  reservedUntil: string;
};

export type PurchaseCompleted = {
  orderId: string;
  artworkId: string;
  accountMessage: string | null;
};

export type Purchase = {
  id: string;
  artworkId: string;
  title: string;
  imageThumbnail: string | null;
  imageOriginal: string | null;
  artistName: string;
  price: number;
  preTaxAmount: number;
  taxAmount: number;
  totalAmount: number;
  timestamp: string;
};
