import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMail } from "./outbox.repository";
import { enqueueMail } from "./outbox.repository";
import { startSmtpServer } from "./mail.test-helpers";
import { type TestApp, createTestApp } from "../../test/test-app";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Vernissage <team@vernissage.test>" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe("mail through SMTP", () => {
  it("delivers queued mail to the SMTP server and marks it sent", async () => {
    await enqueueMail(t.db, {
      kind: "test",
      to: "buyer@example.com",
      subject: "Hello there",
      text: "Body text",
    });
    expect(await t.services.outbox.flush()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({
      from: "team@vernissage.test",
      to: ["buyer@example.com"],
    });
    expect(smtp.received[0]?.raw).toContain("Subject: Hello there");
    const [row] = await listMail(t.db, "buyer@example.com");
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(await t.services.outbox.flush()).toBe(0);
  });

  it("keeps a message that the server refused, to retry later", async () => {
    smtp.failNextDelivery();
    await enqueueMail(t.db, {
      kind: "test",
      to: "later@example.com",
      subject: "Retry me",
      text: "…",
    });
    await t.services.outbox.flush();
    const [row] = await listMail(t.db, "later@example.com");
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).toMatch(/mailbox unavailable/);
    expect(row && row.availableAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("sends the password-reset e-mail through SMTP", async () => {
    const client = t.client();
    await client.post("/api/auth/sign-up/email", {
      firstName: "Reset",
      lastName: "Me",
      email: "reset-me@example.com",
      password: "secret-123",
      acceptTerms: true,
    });
    await client.post("/api/auth/request-password-reset", { email: "reset-me@example.com" });
    await t.services.outbox.flush();
    const mail = smtp.received.find((m) => m.to.includes("reset-me@example.com"));
    expect(mail?.raw).toContain("Reset your Vernissage password");
    expect(mail?.raw.replace(/=\r?\n/g, "")).toMatch(
      /http:\/\/localhost:3000\/reset-password\?token=3D/,
    );
  });
});
