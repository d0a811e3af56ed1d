import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/**
 * The authenticator app's code now for a secret as the setup shows it (base32), computed
 * with the same library the server checks codes with (decision 0057).
 */
export function totpCode(secret: string): Promise<string> {
  return createOTP(base32.decode(secret.toUpperCase()), { digits: 6, period: 30 }).totp();
}

/** A different 6-digit code than the right one: certainly wrong now. */
export async function wrongTotpCode(secret: string): Promise<string> {
  const right = await totpCode(secret);
  return String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
}
