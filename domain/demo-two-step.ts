/**
 * The demo admin's two-step verification (decision 0057): the console needs it, so the
 * demo admin has it on from the first start. Anyone may read these: they open only the
 * demo marketplace. `DEMO_ADMIN_TWO_STEP_KEY` is the key as an authenticator app takes it
 * (base32); the server keeps the 32 bytes it stands for, encrypted, like any other.
 */
export const DEMO_ADMIN_TWO_STEP_KEY = "OZSXE3TJONZWCZ3FFVSGK3LPFVQWI3LJNYWXI53PFVZXIZLQEEQQ";

/** The same key as the library keeps it: 32 characters, whose bytes the base32 spells. */
export const DEMO_ADMIN_TWO_STEP_SECRET = "vernissage-demo-admin-two-step!!";

/** The demo admin's backup codes; each works once per database. */
export const DEMO_ADMIN_BACKUP_CODES = Array.from(
  { length: 10 },
  (_, i) => `demo0-${String(i + 1).padStart(5, "0")}`,
);
