import type { MailTransport } from "../../adapters/mail/mail-transport";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import {
  type ClaimedMail,
  claimDueMail,
  markFailed,
  markSent,
  mailParts,
} from "./outbox.repository";

const MAX_ATTEMPTS = 5;
/**
 * How long a claimed message is left to its worker. Far longer than a send can take
 * (the SMTP transport gives up after its connection, greeting and socket timeouts),
 * so a message is sent twice only when its worker died mid-send.
 */
export const MAIL_LEASE_SECONDS = 300;

export type OutboxWorker = {
  /** Sends everything that is due now; resolves with how many messages were tried. */
  flush(): Promise<number>;
  /** Asks for a flush soon, without waiting (after a message is enqueued). */
  kick(): void;
  start(intervalMs: number): void;
  stop(): Promise<void>;
};

/**
 * A failure without an SMTP reply code means the server could not be reached (refused,
 * timed out, hung up): the other due messages wait for the next round instead of each
 * waiting out the same timeouts now.
 */
function serverUnreachable(error: unknown): boolean {
  return typeof (error as { responseCode?: unknown } | undefined)?.responseCode !== "number";
}

export function createOutboxWorker(deps: {
  db: Database;
  transport: MailTransport;
  logger: Logger;
}): OutboxWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  /** Sends one claimed message and records the outcome; false when the server was unreachable. */
  async function deliver(row: ClaimedMail): Promise<boolean> {
    try {
      const { headers, html } = mailParts(row);
      await deps.transport.send({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        text: row.textBody,
        html,
        headers,
      });
    } catch (error) {
      deps.logger.warn("mail not sent", { to: row.recipient, subject: row.subject, error });
      const message = error instanceof Error ? error.message : String(error);
      await markFailed(deps.db, row, message, MAX_ATTEMPTS);
      return !serverUnreachable(error);
    }
    await markSent(deps.db, row.id);
    return true;
  }

  async function drain(): Promise<number> {
    let total = 0;
    do {
      again = false;
      for (let row = await claimDueMail(deps.db, MAIL_LEASE_SECONDS); row;) {
        total++;
        if (!(await deliver(row))) return total;
        row = await claimDueMail(deps.db, MAIL_LEASE_SECONDS);
      }
    } while (again);
    return total;
  }

  function flush(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    flush,
    kick() {
      flush().catch((error: unknown) => deps.logger.error("outbox flush failed", { error }));
    },
    start(intervalMs) {
      timer = setInterval(() => this.kick(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
