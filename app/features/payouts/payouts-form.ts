import type { SimulatedOnboardingInput } from "../../../contracts/payouts.contract";

/** The fields of the simulated onboarding form (/payouts/setup), as typed. */
export const SETUP_FIELDS = [
  "firstName",
  "lastName",
  "dateOfBirth",
  "country",
  "line1",
  "city",
  "state",
  "postalCode",
  "routingNumber",
  "accountNumber",
] as const satisfies readonly (keyof SimulatedOnboardingInput)[];

export type SetupValues = Record<(typeof SETUP_FIELDS)[number], string>;

/** The search parameter /profile shows the "payouts are active" notice for. */
export const ACTIVATED_PARAM = "payouts";
