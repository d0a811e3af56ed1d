import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client";
import {
  type AuthorizationStatus,
  type PaymentProvider,
  RefundRefusedError,
} from "./payment-provider";
import { type SimulatedCard, simulatedCardDecline } from "./simulated-cards";
import {
  findSimulatedPayment,
  insertOrFindByKey,
  listSimulatedActivity,
  recordCapture,
  recordRefund,
  transition,
} from "./simulated-payments.repository";

export type ConfirmOutcome =
  | { ok: true; providerPaymentId: string }
  | { ok: false; reason: "unknown" }
  | { ok: false; reason: "not_confirmable"; providerPaymentId: string }
  | { ok: false; reason: "declined"; providerPaymentId: string; message: string };

export type SimulatedProvider = PaymentProvider & {
  name: "simulated";
  /** What Stripe.js's confirmCardPayment does: checks the card and authorizes or declines. */
  confirm(clientSecret: string, card: SimulatedCard): Promise<ConfirmOutcome>;
};

const SECRET_SEPARATOR = "_secret_";

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A card processor inside the server, for running without Stripe: created →
 * authorized (requires capture) → captured, or cancelled, or declined. Its ledger is
 * a table of its own, so every process shares it and it survives restarts.
 */
export function createSimulatedProvider(db: Database): SimulatedProvider {
  async function requireRow(id: string) {
    const row = await findSimulatedPayment(db, id);
    if (!row) throw new Error(`simulated payment ${id} does not exist`);
    return row;
  }

  return {
    name: "simulated",
    publishableKey: null,

    async createAuthorization(input) {
      const id = `sim_pi_${randomBytes(12).toString("hex")}`;
      const row = await insertOrFindByKey(db, {
        id,
        clientSecret: `${id}${SECRET_SEPARATOR}${randomBytes(16).toString("hex")}`,
        idempotencyKey: input.idempotencyKey,
        amount: input.amount,
        currency: input.currency,
        metadata: input.metadata,
      });
      // As Stripe does: a key reused with other parameters is a programming error.
      if (row.amount !== input.amount || row.currency !== input.currency) {
        throw new Error("idempotency key reused with a different amount");
      }
      return { id: row.id, clientSecret: row.clientSecret };
    },

    async retrieve(id): Promise<AuthorizationStatus> {
      const { status } = await requireRow(id);
      return status === "refunded" ? "captured" : status;
    },

    async capture(id) {
      const status = await recordCapture(db, id);
      if (status === undefined) throw new Error(`simulated payment ${id} does not exist`);
      if (status !== "captured") throw new Error(`cannot capture a ${status} payment`);
    },

    async cancel(id) {
      if (await transition(db, id, ["created", "authorized"], "cancelled")) return;
      const { status } = await requireRow(id);
      if (status === "cancelled" || status === "declined") return;
      throw new Error(`cannot cancel a ${status} payment`);
    },

    async refund({ id, amount, idempotencyKey }) {
      const outcome = await recordRefund(db, {
        id: `sim_re_${randomBytes(12).toString("hex")}`,
        paymentId: id,
        amount,
        idempotencyKey,
      });
      if (outcome.ok) return { id: outcome.id };
      if (outcome.reason === "unknown") {
        throw new RefundRefusedError(`No such payment: '${id}'`);
      }
      if (outcome.reason === "not_captured") {
        throw new RefundRefusedError("The payment was never captured, so it cannot be refunded.");
      }
      throw new RefundRefusedError("The refund is more than what is left of the payment.");
    },

    verifyWebhook() {
      throw new Error("the simulated processor sends no webhooks");
    },

    async listActivity(range) {
      const { captures, refunds } = await listSimulatedActivity(db, range);
      return [
        ...captures.map((row) => ({
          kind: "capture" as const,
          id: row.id,
          paymentId: row.id,
          amount: row.amount,
          at: row.at!,
        })),
        ...refunds.map((row) => ({ kind: "refund" as const, ...row })),
      ];
    },

    async confirm(clientSecret, card) {
      const id = clientSecret.split(SECRET_SEPARATOR)[0] ?? "";
      const row = id ? await findSimulatedPayment(db, id) : undefined;
      if (!row || !sameText(row.clientSecret, clientSecret))
        return { ok: false, reason: "unknown" };
      if (row.status === "authorized") return { ok: true, providerPaymentId: row.id };
      if (row.status !== "created")
        return { ok: false, reason: "not_confirmable", providerPaymentId: row.id };
      const decline = simulatedCardDecline(card);
      if (decline) {
        await transition(db, row.id, ["created"], "declined", decline);
        return { ok: false, reason: "declined", providerPaymentId: row.id, message: decline };
      }
      if (await transition(db, row.id, ["created"], "authorized")) {
        return { ok: true, providerPaymentId: row.id };
      }
      // A concurrent confirm or cancel got there first: answer by what it left.
      const after = await requireRow(row.id);
      return after.status === "authorized"
        ? { ok: true, providerPaymentId: row.id }
        : { ok: false, reason: "not_confirmable", providerPaymentId: row.id };
    },
  };
}
