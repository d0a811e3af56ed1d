import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

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

export function killAll() {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
}
