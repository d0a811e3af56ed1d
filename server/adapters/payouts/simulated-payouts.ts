import { randomBytes } from "node:crypto";
import { payoutsMessages } from "../../../contracts/payouts.contract";
import type { Database } from "../../db/client";
import type { SimulatedPayoutProvider } from "./payout-provider";
import { listSimulatedTransfers } from "./simulated-transfer-records.repository";

/** Stripe's documented test routing number (US). */
export const TEST_ROUTING_NUMBER = "110000000";
/** Stripe's documented test account number that succeeds. */
export const TEST_ACCOUNT_NUMBER = "000123456789";

/** Stripe's other documented test account numbers, and what they stand for. */
const FAILING_TEST_ACCOUNTS: Record<string, string> = {
  "000111111113": payoutsMessages.accountClosed,
  "000111111116": payoutsMessages.accountNotFound,
};

/**
 * The built-in onboarding's processor: like Stripe's test mode it accepts only Stripe's
 * documented test bank numbers (the form's own checks ran before).
 */
export function createSimulatedPayouts(db: Database): SimulatedPayoutProvider {
  return {
    name: "simulated",
    listTransfers: (range) => listSimulatedTransfers(db, range),
    checkBankAccount(routingNumber, accountNumber) {
      if (routingNumber === TEST_ROUTING_NUMBER) {
        if (accountNumber === TEST_ACCOUNT_NUMBER) return null;
        const failure = FAILING_TEST_ACCOUNTS[accountNumber];
        if (failure) return failure;
      }
      return payoutsMessages.testNumbersOnly;
    },
    newAccountId: () => `acct_sim_${randomBytes(8).toString("hex")}`,
  };
}
