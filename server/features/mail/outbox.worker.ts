import type { MailTransport } from "../../adapters/mail/mail-transport";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import { lockDueMail, markFailed, markSent } from "./outbox.repository";

const MAX_ATTEMPTS = 5;
const BATCH = 20;

export type OutboxWorker = {
  /** Sends everything that is due now; resolves when done. */
  flush(): Promise<number>;
  /** Asks for a flush soon, without waiting (after a message is enqueued). */
  kick(): void;
  start(intervalMs: number): void;
  stop(): Promise<void>;
};

export function createOutboxWorker(deps: {
  db: Database;
  transport: MailTransport;
  logger: Logger;
}): OutboxWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  async function sendBatch(): Promise<number> {
    return deps.db.transaction(async (tx) => {
      const rows = await lockDueMail(tx, BATCH);
      for (const row of rows) {
        try {
          await deps.transport.send({
            id: row.id,
            to: row.recipient,
            subject: row.subject,
            text: row.textBody,
          });
          await markSent(tx, row.id);
        } catch (error) {
          deps.logger.warn("mail not sent", { to: row.recipient, subject: row.subject, error });
          await markFailed(
            tx,
            row,
            error instanceof Error ? error.message : String(error),
            MAX_ATTEMPTS,
          );
        }
      }
      return rows.length;
    });
  }

  async function drain(): Promise<number> {
    let total = 0;
    do {
      again = false;
      for (let sent = await sendBatch(); sent > 0; sent = sent === BATCH ? await sendBatch() : 0)
        total += sent;
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
