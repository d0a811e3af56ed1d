import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openPostgres } from "../db/client";
import { POSTGRES_TEMPLATE_ENV } from "./database";
import { createClient } from "./test-app";

/**
 * A port nothing listens on now, as the system hands them out. Not a random number in a
 * fixed range: that range lies among the ports the system gives outgoing connections
 * (the database's, a fetch's), and a test once found its pick taken (EADDRINUSE).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/**
 * The real server process (without the web app, see api-only-process.ts) on `dataDir`.
 * `ready` resolves once it listens and rejects if it exits first; `kill` it when done
 * (`killAll` in afterAll ends any that a failing test left behind).
 */
export function startServerProcess(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/test/api-only-process.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DEMO_DATA: "false",
      NODE_ENV: "production",
      LOG_REQUESTS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", () => output.includes("is running at") && resolve());
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  // Marked handled: a process that is meant to exit must not fail the run.
  ready.catch(() => undefined);
  // A first answer also means its signal handlers are set (they follow the log line).
  const answering = ready.then(() => fetch(`http://127.0.0.1:${port}/api/health`)).then(() => {});
  answering.catch(() => undefined);
  return { child, ready: answering, output: () => output };
}

const started: ChildProcess[] = [];
const dataDirs: string[] = [];

/** Ends every process started here and removes every data folder made by `processDataDir`. */
export function killAll() {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A new, empty data folder for one server process (removed by `killAll`). */
export function processDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "vernissage-process-"));
  dataDirs.push(dir);
  return dir;
}

/**
 * A browser-like client of the process at `port`, as behind a load balancer at
 * `publicUrl`; `jar` starts it with another client's cookies (the same person).
 */
export function processClient(port: number, publicUrl: string, jar?: Map<string, string>) {
  const client = createClient(
    { request: (input, init) => fetch(`http://127.0.0.1:${port}${input}`, init) },
    publicUrl,
  );
  if (jar) for (const [k, v] of jar) client.jar.set(k, v);
  return client;
}

/**
 * A database of its own on the PostgreSQL server at `serverUrl`, copied from the run's
 * migrated template, for processes to share: its URL, a handle on it for the test, and
 * `drop`, which closes the handle and removes the database.
 */
export async function sharedPostgresDatabase(serverUrl: string) {
  async function admin(statement: string) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
  const name = `vernissage_processes_${randomBytes(6).toString("hex")}`;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle: DatabaseHandle = openPostgres(url.toString());
  await handle.migrate();
  return {
    url: url.toString(),
    handle,
    async drop() {
      await handle.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
