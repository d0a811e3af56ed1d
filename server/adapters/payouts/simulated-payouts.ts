import { randomBytes } from "node:crypto";
import { payoutsMessages } from "../../../contracts/payouts.contract";
import type { Database } from "../../db/client";
import { type SimulatedPayoutProvider, TransferRefusedError } from "./payout-provider";
import { insertReversal, insertTransferOnce } from "./simulated-transfers.repository";

/** Stripe's documented test routing number (US). */
export const TEST_ROUTING_NUMBER = "110000000";
/** Stripe's documented test account number that succeeds. */
export const TEST_ACCOUNT_NUMBER = "000123456789";

/** Stripe's other documented test account numbers, and what they stand for. */
const FAILING_TEST_ACCOUNTS: Record<string, string> = {
  "000111111113": payoutsMessages.accountClosed,
  "000111111116": payoutsMessages.accountNotFound,
};

/** What a connected account's id looks like; anything else is "No such destination". */
const ACCOUNT_ID = /^acct_[A-Za-z0-9_]+$/;

const hex = () => randomBytes(12).toString("hex");

/**
 * The built-in onboarding's processor: like Stripe's test mode it accepts only Stripe's
 * documented test bank numbers (the form's own checks ran before). Its transfers are
 * rows of its own table (`simulated_transfers`), shared by every process.
 */
export function createSimulatedPayouts(db: Database): SimulatedPayoutProvider {
  return {
    name: "simulated",
    checkBankAccount(routingNumber, accountNumber) {
      if (routingNumber === TEST_ROUTING_NUMBER) {
        if (accountNumber === TEST_ACCOUNT_NUMBER) return null;
        const failure = FAILING_TEST_ACCOUNTS[accountNumber];
        if (failure) return failure;
      }
      return payoutsMessages.testNumbersOnly;
    },
    newAccountId: () => `acct_sim_${randomBytes(8).toString("hex")}`,

    async transfer({ destination, amount, idempotencyKey }) {
      if (!ACCOUNT_ID.test(destination)) {
        throw new TransferRefusedError(`No such destination: '${destination}'`);
      }
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        throw new TransferRefusedError("The amount must be a positive number of cents.");
      }
      const row = await insertTransferOnce(db, {
        id: `tr_sim_${hex()}`,
        destination,
        amount,
        idempotencyKey,
      });
      // As Stripe does: a key reused with other parameters is a programming error.
      if (row.amount !== amount || row.destination !== destination || row.reverses !== null) {
        throw new Error("transfer idempotency key reused with other parameters");
      }
      return { reference: row.id };
    },

    async reverseTransfer({ reference, amount, idempotencyKey }) {
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        throw new TransferRefusedError("The amount must be a positive number of cents.");
      }
      const outcome = await insertReversal(db, {
        id: `trr_sim_${hex()}`,
        reverses: reference,
        amount,
        idempotencyKey,
      });
      if (outcome.ok) return { reference: outcome.row.id };
      throw new TransferRefusedError(
        outcome.reason === "unknown"
          ? `No such transfer: '${reference}'`
          : "The reversal is more than what is left of the transfer.",
      );
    },
  };
}
