/**
 * Two-step backup codes (decision 0057) that are easy to copy by hand: lower case, from
 * an alphabet without look-alikes (no 0/o, 1/l/i), as `xxxxx-xxxxx`. What a person types
 * is compared after `normalizeBackupCode`, so upper case and stray spaces still match.
 */
export const BACKUP_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/** `amount` codes of `length` random characters, a dash after the first half. */
export function generateBackupCodes(amount = 10, length = 10): string[] {
  const n = BACKUP_CODE_ALPHABET.length;
  // Rejection sampling: bytes at or above the largest multiple of n would bias the draw.
  const limit = 256 - (256 % n);
  const code = () => {
    let out = "";
    while (out.length < length) {
      for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
        if (byte < limit && out.length < length) out += BACKUP_CODE_ALPHABET[byte % n];
      }
    }
    const half = Math.ceil(length / 2);
    return `${out.slice(0, half)}-${out.slice(half)}`;
  };
  return Array.from({ length: amount }, code);
}

/** A typed backup code as the codes are kept: lower case, without any white space. */
export function normalizeBackupCode(typed: string): string {
  return typed.replace(/\s+/g, "").toLowerCase();
}
