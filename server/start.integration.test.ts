import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, killAll, startServerProcess } from "./test/server-process";
import { createClient, signUpBody } from "./test/test-app";

// Process-level behaviour of the embedded database; PostgreSQL runs have no data-folder lock.
const dataDir = mkdtempSync(path.join(tmpdir(), "vernissage-start-"));
afterAll(() => {
  killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

function startProcess(port: number) {
  return startServerProcess(dataDir, port);
}

function snapshot(dir: string) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return `${file}:${statSync(file).mtimeMs}:${statSync(file).size}`;
    })
    .sort();
}

const port = await freePort();
const http = {
  request: (input: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${input}`, init),
};

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "the server process on the embedded database",
  () => {
    it("serves, refuses a second process on the same folder, and shuts down cleanly", async () => {
      const first = startProcess(port);
      await first.ready;
      expect(await (await http.request("/api/health")).json()).toEqual({
        status: "ok",
        database: "pglite",
      });
      const client = createClient(http, `http://localhost:${port}`);
      const signUp = await client.post(
        "/api/auth/sign-up/email",
        signUpBody({ email: "keeper@example.com" }),
      );
      expect(signUp.status).toBe(200);

      // A second process on the same data folder exits with a clear message and touches nothing.
      const before = snapshot(path.join(dataDir, "db"));
      const second = startProcess(await freePort());
      const [code] = (await once(second.child, "exit")) as [number];
      expect(code).toBe(1);
      expect(second.output()).toMatch(/is in use by another Vernissage process \(pid \d+\)/);
      expect(snapshot(path.join(dataDir, "db"))).toEqual(before);
      expect((await http.request("/api/health")).status).toBe(200);

      // SIGTERM: a graceful shutdown that releases the lock.
      first.child.kill("SIGTERM");
      const [exitCode] = (await once(first.child, "exit")) as [number];
      expect(exitCode).toBe(0);
      expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);

      // What was saved is still there after a restart.
      const again = startProcess(port);
      await again.ready;
      const signIn = await createClient(http, `http://localhost:${port}`).post(
        "/api/auth/sign-in/email",
        {
          email: "keeper@example.com",
          password: "secret-123",
        },
      );
      expect(signIn.status).toBe(200);
      again.child.kill("SIGTERM");
      await once(again.child, "exit");
    }, 300_000);
  },
);
