import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { type Running, startServer } from "../start";

// A client that sends part of its headers and then nothing must be cut off by the
// server, not keep the connection open for good.
const dataDir = mkdtempSync(path.join(tmpdir(), "vernissage-timeouts-"));
let running: Running;
beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PORT: "0",
    DEMO_DATA: "false",
    LOG_REQUESTS: "false",
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
  });
  running = await startServer({
    config,
    logger: createLogger({ json: false, silent: true }),
    web: { handler: () => Promise.resolve(new Response("no web app here", { status: 404 })) },
    httpTimeouts: { headersTimeoutMs: 300, requestTimeoutMs: 600 },
  });
});
afterAll(async () => {
  await running.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it("answers 408 and closes a connection whose headers never finish", async () => {
  const { port } = new URL(running.url);
  const socket = connect(Number(port), "127.0.0.1");
  await once(socket, "connect");
  socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
  let answer = "";
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
  // Bounded wait: the server must close it long before this.
  const closed = await Promise.race([
    once(socket, "close").then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
  ]);
  socket.destroy();
  expect(closed).toBe(true);
  expect(answer).toMatch(/^HTTP\/1\.1 408/);
});
