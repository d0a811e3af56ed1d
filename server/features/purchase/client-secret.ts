import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The processor's client secret is the payer's proof (decision 0019): only the browser
 * that started the payment received it. We keep its hash, never the secret itself.
 */
export function hashClientSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Whether `secret` is the one the payment was started with (false when none was kept). */
export function isClientSecretOf(payment: { clientSecretHash: string | null }, secret: string) {
  if (!payment.clientSecretHash || !secret) return false;
  const given = Buffer.from(hashClientSecret(secret), "hex");
  const kept = Buffer.from(payment.clientSecretHash, "hex");
  return given.length === kept.length && timingSafeEqual(given, kept);
}
