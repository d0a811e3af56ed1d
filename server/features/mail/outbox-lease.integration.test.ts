import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpTransport } from "../../adapters/mail/mail-transport";
import { outbox } from "../../db/schema";
import { createLogger } from "../../logger";
import { type TestApp, createTestApp } from "../../test/test-app";
import { startSilentServer, startSmtpServer, within } from "./mail.test-helpers";
import { enqueueMail, listMail } from "./outbox.repository";
import { createOutboxWorker } from "./outbox.worker";

// The app's own worker talks to a server that accepts and never greets; the other
// workers made here talk to a real SMTP server on the same database.
let silent: Awaited<ReturnType<typeof startSilentServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
const logger = createLogger({ json: false, silent: true });
const from = "Vernissage <team@vernissage.test>";

beforeAll(async () => {
  silent = await startSilentServer();
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: silent.url, MAIL_FROM: from });
});
afterAll(async () => {
  await silent.close();
  await t.close();
  await smtp.close();
});

function workerSendingToSmtp() {
  const transport = createSmtpTransport({ url: smtp.url, from, logger });
  return { worker: createOutboxWorker({ db: t.db, transport, logger }), transport };
}

function mail(to: string, subject = "Hello") {
  return enqueueMail(t.db, { kind: "test", to, subject, text: "…" });
}

describe("the outbox worker and a mail server that hangs", () => {
  it("keeps the marketplace answering while a send waits for a greeting", async () => {
    await mail("hang@example.com");
    const connected = silent.connected();
    const flushing = t.services.outbox.flush();
    try {
      await connected;
      const health = await within(t.app.request("/api/health"), 5_000, "/api/health");
      expect(health.status).toBe(200);
      const search = await within(t.app.request("/api/artworks/search?q=harbour"), 5_000, "search");
      expect(search.status).toBe(200);
    } finally {
      silent.dropAll();
      await flushing;
    }
    const [row] = await listMail(t.db, "hang@example.com");
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).toBeTruthy();
  });

  it("leaves a claimed message alone until its lease ends, then another worker sends it", async () => {
    const id = await mail("leased@example.com", "Leased");
    const connected = silent.connected();
    const hanging = t.services.outbox.flush();
    const other = workerSendingToSmtp();
    try {
      await connected;
      // Claimed by the hanging worker: not due for anyone else.
      expect(await within(other.worker.flush(), 5_000, "the second worker")).toBe(0);
      expect(smtp.received).toHaveLength(0);

      // The lease runs out (as when its worker died mid-send): the message is due again.
      await t.db
        .update(outbox)
        .set({ availableAt: sql`now() - interval '1 second'` })
        .where(eq(outbox.id, id));
      expect(await within(other.worker.flush(), 5_000, "the second worker")).toBe(1);
      expect(smtp.received.map((m) => m.to)).toEqual([["leased@example.com"]]);
    } finally {
      silent.dropAll();
      await hanging;
      other.transport.close();
    }
    // The first worker's late failure does not undo the delivery.
    const [row] = await listMail(t.db, "leased@example.com");
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("gives up on a server that never greets instead of waiting for ever", async () => {
    await mail("silence@example.com");
    await within(t.services.outbox.flush(), 25_000, "a send to a silent server");
    const [row] = await listMail(t.db, "silence@example.com");
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).toMatch(/greeting/i);
  }, 30_000);

  it("never lets two workers send the same message", async () => {
    smtp.received.length = 0;
    const subjects = Array.from({ length: 12 }, (_, i) => `Once ${i}`);
    for (const subject of subjects) await mail("once@example.com", subject);
    const a = workerSendingToSmtp();
    const b = workerSendingToSmtp();
    await Promise.all([a.worker.flush(), b.worker.flush()]);
    a.transport.close();
    b.transport.close();
    const received = smtp.received
      .filter((m) => m.to.includes("once@example.com"))
      .map((m) => /Subject: (.*)/.exec(m.raw)?.[1]?.trim());
    expect(received.sort()).toEqual([...subjects].sort());
    const rows = await listMail(t.db, "once@example.com");
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(subjects.map(() => ["sent", 1]));
  });
});
