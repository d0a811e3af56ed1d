import { createHmac } from "node:crypto";

/**
 * The set-password link of a guest whose purchase made their account: a reset token
 * Better Auth consumes on use (so it works once), issued with the sale and valid for
 * PURCHASE_PASSWORD_DAYS. It is an HMAC of the payment id under the server's secret, so it
 * is never kept beside the payment: the payer's browser, which proves the payment with
 * its client secret, can be handed it again on the success page while it is unused.
 */
export const PURCHASE_PASSWORD_DAYS = 7;

export function purchasePasswordToken(secret: string, paymentId: string): string {
  return createHmac("sha256", secret).update(`purchase-password:${paymentId}`).digest("base64url");
}

/** The page that consumes it, then signs the buyer in and shows their purchases. */
export function setPasswordPath(token: string): string {
  const query = new URLSearchParams({ token, next: "/profile/purchases" });
  return `/reset-password?${query.toString()}`;
}
