import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { button, message, workPicture } from "../../mail/mail-content";
import { outbox } from "../../db/schema";
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

  it("sends an e-mail's text and HTML parts as multipart/alternative, markup in a title escaped", async () => {
    const title = "<script>alert(1)</script>";
    const publicUrl = "http://localhost:3000";
    await enqueueMail(t.db, {
      kind: "test",
      to: "both-parts@example.com",
      subject: `Shipped: ${title}`,
      content: message("Pia Buyer", workPicture(publicUrl, "/media/a-thumbnail.webp", title), [
        `Ann Artist has shipped "${title}".`,
        "",
        button("Your order", `${publicUrl}/profile/purchases/o1`),
      ]),
    });
    await t.services.outbox.flush();
    const mail = smtp.received.find((m) => m.to.includes("both-parts@example.com"));
    const raw = mail?.raw ?? "";
    const boundary = /Content-Type: multipart\/alternative;\s*boundary="?([^"\r\n]+)"?/.exec(
      raw,
    )?.[1];
    expect(boundary).toBeDefined();
    const parts = raw.split(`--${boundary}`).slice(1, -1);
    expect(parts.map((p) => /Content-Type: ([\w/]+)/.exec(p)?.[1])).toEqual([
      "text/plain",
      "text/html",
    ]);
    const [text, html] = parts.map(decodeQuotedPrintable);
    expect(text).toContain("Hello Pia,");
    expect(text).toContain(`Ann Artist has shipped "${title}".`);
    expect(text).toContain(`Your order: ${publicUrl}/profile/purchases/o1`);
    expect(html).toContain(`<img alt="&lt;script&gt;alert(1)&lt;/script&gt;"`);
    expect(html).toContain(`src="${publicUrl}/media/a-thumbnail.webp"`);
    expect(html).toContain(`href="${publicUrl}/profile/purchases/o1"`);
    expect(html).toContain("&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;");
    expect(html).not.toContain("<script>");
    // The HTML part stays out of the message's own headers.
    expect(raw.split(/\r?\n\r?\n/)[0]).not.toMatch(/html body/i);
    const [row] = await listMail(t.db, "both-parts@example.com");
    expect(row).toMatchObject({ status: "sent" });
    // The row keeps the HTML part in its own column, not among its headers.
    expect(row?.htmlBody).toContain(`href="${publicUrl}/profile/purchases/o1"`);
    expect(row?.headers).toBeNull();
  });

  it("sends a message queued with its HTML part among its headers, as before the column", async () => {
    await t.db.insert(outbox).values({
      kind: "test",
      recipient: "queued-before@example.com",
      subject: "Queued before",
      textBody: "The text part",
      headers: { "html body": "<p>The <b>HTML</b> part</p>", "X-Kept": "yes" },
    });
    await t.services.outbox.flush();
    const raw = smtp.received.find((m) => m.to.includes("queued-before@example.com"))?.raw ?? "";
    const head = raw.split(/\r?\n\r?\n/)[0];
    expect(head).toMatch(/^X-Kept: yes$/m);
    expect(head).not.toMatch(/html body/i);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(decodeQuotedPrintable(raw.slice(raw.indexOf("Content-Type: text/html")))).toContain(
      "<p>The <b>HTML</b> part</p>",
    );
    const [row] = await listMail(t.db, "queued-before@example.com");
    expect(row).toMatchObject({ status: "sent" });
  });
});

/** A MIME part's body as written, from quoted-printable (soft breaks and =XX bytes). */
function decodeQuotedPrintable(part: string): string {
  const body = part.slice(part.search(/\r?\n\r?\n/)).replace(/=\r?\n/g, "");
  return Buffer.from(
    body.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}
