import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import type Nodemailer from "nodemailer";
import type { Logger } from "../../logger";

export type MailMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** With an HTML part the message is multipart/alternative: the text first, then the HTML. */
  html?: string;
  /** Extra headers as they are, such as List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
};

/** Where e-mail goes: files in the data folder by default, an SMTP server when configured. */
export type MailTransport = {
  kind: "outbox-files" | "smtp";
  send(message: MailMessage): Promise<void>;
  close(): void;
};

const require = createRequire(import.meta.url);

/**
 * nodemailer, loaded when the first message is built (or an SMTP transport is made): a
 * server that sends nothing after a restart does not carry it (docs/performance.md,
 * "Server memory"). The package ships CommonJS only.
 */
function nodemailer(): typeof Nodemailer {
  return require("nodemailer") as typeof Nodemailer;
}

/** Writes each message as an RFC 822 `.eml` file that any mail client can open. */
export function createFileTransport(options: {
  dir: string;
  from: string;
  logger: Logger;
}): MailTransport {
  let builder: ReturnType<typeof makeBuilder> | undefined;
  function makeBuilder() {
    return nodemailer().createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  }
  return {
    kind: "outbox-files",
    async send(message) {
      builder ??= makeBuilder();
      const info = await builder.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      await mkdir(options.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(options.dir, `${stamp}-${message.id}.eml`);
      await writeFile(file, info.message as Buffer);
      options.logger.info("mail written", { to: message.to, subject: message.subject, file });
    },
    close() {
      builder?.close();
    },
  };
}

/** Milliseconds; see createSmtpTransport. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

export function createSmtpTransport(options: {
  url: string;
  from: string;
  logger: Logger;
}): MailTransport {
  // nodemailer waits up to 2 minutes to connect, 30 s for a greeting and 10 minutes on a
  // silent socket; a mail server that hangs must fail the send well within the outbox
  // lease instead. Options in SMTP_URL's query (`?greetingTimeout=…`) still win.
  const transport = nodemailer().createTransport({ url: options.url, ...SMTP_TIMEOUTS });
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      options.logger.info("mail sent", { to: message.to, subject: message.subject });
    },
    close() {
      transport.close();
    },
  };
}
