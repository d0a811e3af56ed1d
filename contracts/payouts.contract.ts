import { z } from "zod";
import { US_STATES, payoutsMessages } from "./payouts.values";

export { US_STATES, payoutsMessages };

/**
 * An artist's payouts (decision 0027; docs/api.md "Payouts"): the status the
 * listing rule reads, the simulated onboarding's form, and Stripe Connect onboarding.
 */

export const PAYOUT_STATUSES = ["none", "pending", "active", "restricted"] as const;
export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatusValue = z.infer<typeof payoutStatusSchema>;

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function abaChecksumOk(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** Age in whole years on `today` of someone born on the ISO date `birth` (both UTC days). */
export function ageOn(birth: Date, today: Date): number {
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birth.getUTCMonth() ||
    (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** A YYYY-MM-DD string that names a day that exists, or null. */
export function parseIsoDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return date;
}

const m = payoutsMessages;

/** A required trimmed text of at most `max` characters. */
function text(required: string, tooLong: string, max: number) {
  return z
    .string({ error: required })
    .max(max * 4, { error: tooLong })
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: required })
    .refine((s) => s.length <= max, { error: tooLong });
}

const digits = (s: string) => s.replace(/[\s-]/g, "");

/**
 * `POST /api/me/payouts/simulated-onboarding`: what Stripe Express asks a US individual in
 * test mode. Nothing of it is kept but the bank account's last four digits (decision 0027).
 */
export const simulatedOnboardingSchema = z.object({
  firstName: text(m.firstNameRequired, m.nameTooLong, 100),
  lastName: text(m.lastNameRequired, m.nameTooLong, 100),
  dateOfBirth: z
    .string({ error: m.dateOfBirthRequired })
    .max(40, { error: m.dateOfBirthInvalid })
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: m.dateOfBirthRequired })
    .refine((s) => s.length === 0 || parseIsoDay(s) !== null, { error: m.dateOfBirthInvalid })
    .refine(
      (s) => {
        const birth = parseIsoDay(s);
        return birth === null || ageOn(birth, new Date()) <= 120;
      },
      { error: m.dateOfBirthInvalid },
    )
    .refine(
      (s) => {
        const birth = parseIsoDay(s);
        return birth === null || ageOn(birth, new Date()) >= 18;
      },
      { error: m.underEighteen },
    ),
  country: z
    .string({ error: m.countryUsOnly })
    .max(40, { error: m.countryUsOnly })
    .transform((s) => s.trim().toUpperCase())
    .refine((s) => s === "US", { error: m.countryUsOnly }),
  line1: text(m.line1Required, m.line1TooLong, 200),
  city: text(m.cityRequired, m.cityTooLong, 100),
  state: z
    .string({ error: m.stateInvalid })
    .max(40, { error: m.stateInvalid })
    .transform((s) => s.trim().toUpperCase())
    .refine((s) => (US_STATES as readonly string[]).includes(s), { error: m.stateInvalid }),
  postalCode: z
    .string({ error: m.postalCodeInvalid })
    .max(40, { error: m.postalCodeInvalid })
    .transform((s) => s.trim())
    .refine((s) => /^\d{5}$/.test(s), { error: m.postalCodeInvalid }),
  routingNumber: z
    .string({ error: m.routingFormat })
    .max(40, { error: m.routingFormat })
    .transform(digits)
    .refine((s) => /^\d{9}$/.test(s), { error: m.routingFormat })
    .refine((s) => !/^\d{9}$/.test(s) || abaChecksumOk(s), { error: m.routingChecksum }),
  accountNumber: z
    .string({ error: m.accountFormat })
    .max(40, { error: m.accountFormat })
    .transform(digits)
    .refine((s) => /^\d{4,17}$/.test(s), { error: m.accountFormat }),
});
export type SimulatedOnboardingBody = z.infer<typeof simulatedOnboardingSchema>;
/** The form's fields as typed (before the schema's clean-up). */
export type SimulatedOnboardingInput = z.input<typeof simulatedOnboardingSchema>;

/** What to do next: set payouts up, wait for Stripe, update details, or nothing. */
export const payoutNextSchema = z.enum(["set_up", "wait", "update", "none"]);

/** `GET /api/me/payouts` and the onboarding answers. */
export const payoutsStateSchema = z.object({
  status: payoutStatusSchema,
  provider: z.enum(["simulated", "stripe"]),
  /** The bank account's last four digits, when known. */
  bankLast4: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  next: payoutNextSchema,
  /** The sentence to show the artist about it. */
  message: z.string(),
});
export type PayoutsState = z.infer<typeof payoutsStateSchema>;

/** `POST /api/me/payouts/onboarding` (Stripe): the Account Link to send the artist to. */
export const onboardingLinkSchema = z.object({ url: z.url() });
export type OnboardingLink = z.infer<typeof onboardingLinkSchema>;

/** `POST /api/webhooks/stripe-connect`. */
export const connectWebhookReceivedSchema = z.object({
  received: z.literal(true),
  /** True when the account is not one of ours (the event is ignored). */
  ignored: z.boolean(),
});
export type ConnectWebhookReceived = z.infer<typeof connectWebhookReceivedSchema>;

/** The sentence and next step that go with a status. */
export function payoutsGuidance(status: PayoutStatusValue): {
  next: z.infer<typeof payoutNextSchema>;
  message: string;
} {
  switch (status) {
    case "none":
      return { next: "set_up", message: m.notListed };
    case "pending":
      return { next: "wait", message: m.pending };
    case "restricted":
      return { next: "update", message: m.restricted };
    case "active":
      return { next: "none", message: m.active };
  }
}
