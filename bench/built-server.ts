/**
 * The built app (`npm run build`), started as `npm start` runs it in production, for the
 * benches that drive it over HTTP (bench/lighthouse.bench.ts, bench/fuzz.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";

export type BuiltServer = {
  /** `http://127.0.0.1:<port>`, also the server's `PUBLIC_URL`. */
  base: string;
  child: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr: string[];
  /** SIGTERM (so the database closes), SIGKILL after 15 s; resolves once it has exited. */
  stop(): Promise<void>;
};

const running = new Set<ChildProcess>();
// Last resort if the bench exits without stopping it: no server outlives the bench.
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * Starts `build/server/main.js` on 127.0.0.1:`port` with its data in `dataDir`:
 * `NODE_ENV=production`, `LOG_REQUESTS=false`, `PUBLIC_URL` to match, then `extraEnv`
 * (a key set to undefined is removed from the server's environment, e.g. `DATABASE_URL`).
 * Resolves once `/api/health` answers; stops the server and throws if it exits first or
 * does not answer within `timeoutMs`.
 */
export async function startBuiltServer(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string | undefined> = {},
  timeoutMs = 120_000,
): Promise<BuiltServer> {
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    LOG_REQUESTS: "false",
    ...extraEnv,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const stderr: string[] = [];
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited: ${stderr.join("").slice(-2000)}`);
    }
    const healthy = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { base, child, stderr, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s`);
}
