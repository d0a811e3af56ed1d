import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, killAll, startServerProcess } from "../../test/server-process";
import { createClient, signUpBody } from "../../test/test-app";

const dataDir = mkdtempSync(path.join(tmpdir(), "vernissage-push-stop-"));
afterAll(() => {
  killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

// Process-level, on the embedded database (PostgreSQL's two processes: push-processes).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("an open push stream", () => {
  it("does not hold the server up when it stops (SIGTERM exits at once, cleanly)", async () => {
    const port = await freePort();
    const server = startServerProcess(dataDir, port);
    await server.ready;
    const base = `http://127.0.0.1:${port}`;
    const client = createClient(
      { request: (input: string, init?: RequestInit) => fetch(`${base}${input}`, init) },
      `http://localhost:${port}`,
    );
    expect((await client.post("/api/auth/sign-up/email", signUpBody())).status).toBe(200);
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const stream = await fetch(`${base}/api/me/conversations/stream`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("event: ready");

    // Without ending the streams first, the server would wait for this one forever and
    // the test would run into its timeout.
    server.child.kill("SIGTERM");
    const [code] = (await once(server.child, "exit")) as [number];
    expect(code).toBe(0);
    // The stream ended with the server rather than keeping it waiting.
    expect((await reader.read()).done).toBe(true);
  }, 120_000);
});
