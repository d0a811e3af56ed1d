import { once } from "node:events";
import { type Socket, createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free local port that records what it receives. */
export async function startSmtpServer() {
  const received: Received[] = [];
  let failNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (failNext > 0) {
          failNext--;
          callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 450 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNextDelivery: () => {
      failNext++;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A TCP server that accepts connections and never says a word: an SMTP server that
 * hangs before its greeting. `connected()` resolves on the next connection.
 */
export async function startSilentServer() {
  const sockets = new Set<Socket>();
  let waiting: Array<() => void> = [];
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    for (const resolve of waiting) resolve();
    waiting = [];
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connected: () => new Promise<void>((resolve) => waiting.push(resolve)),
    /** Hangs up on every client, which ends their sends with an error. */
    dropAll() {
      for (const socket of sockets) socket.destroy();
    },
    close() {
      this.dropAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Rejects when `promise` has not settled within `ms`: proof that something does not hang. */
export function within<T>(promise: T | Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve(promise), limit]).finally(() => clearTimeout(timer));
}
