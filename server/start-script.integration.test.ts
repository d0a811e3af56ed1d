import { spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "./paths";
import { freePort } from "./test/server-process";

// `npm start` (scripts/start.mjs) as a newcomer runs it, on a copy of the project so that
// its build does not replace the build other tests serve.
const copy = mkdtempSync(path.join(tmpdir(), "vernissage-start-script-"));
const dataDir = mkdtempSync(path.join(tmpdir(), "vernissage-start-data-"));
const running = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
  rmSync(copy, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function copyProject() {
  for (const dir of ["app", "server", "contracts", "domain", "public", "scripts"]) {
    cpSync(path.join(projectRoot, dir), path.join(copy, dir), { recursive: true });
  }
  for (const file of [
    "package.json",
    "package-lock.json",
    "vite.config.ts",
    "react-router.config.ts",
    "tsconfig.json",
  ]) {
    cpSync(path.join(projectRoot, file), path.join(copy, file));
  }
  symlinkSync(path.join(projectRoot, "node_modules"), path.join(copy, "node_modules"));
}

/**
 * Runs `node scripts/start.mjs` (or another entry) until the server answers, then stops
 * it; its whole output.
 */
async function start(
  port: number,
  { entry = "scripts/start.mjs", env = {} }: { entry?: string; env?: NodeJS.ProcessEnv } = {},
) {
  const child = spawn(process.execPath, [entry], {
    cwd: copy,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DEMO_DATA: "false",
      LOG_REQUESTS: "false",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = once(child, "exit");
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => output.includes("is running at") && resolve());
    void exited.then(([code]) => reject(new Error(`start exited with ${code}: ${output}`)));
  });
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(health.status).toBe(200);
  child.kill("SIGTERM");
  await exited;
  running.delete(child);
  return output;
}

const WARNING = /\bwarn|deprecat|future flag|⚠|INEFFECTIVE_DYNAMIC_IMPORT|\berror\b/i;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("npm start", () => {
  it("builds once, prints no warnings, and does not rebuild a current build", async () => {
    copyProject();
    const port = await freePort();

    const first = await start(port);
    expect(first).toContain("Building Vernissage…");
    expect(first.split("\n").filter((line) => WARNING.test(line))).toEqual([]);

    const second = await start(port);
    expect(second).not.toContain("Building");
    expect(second.split("\n").filter((line) => WARNING.test(line))).toEqual([]);
    expect(second).toContain("is running at");

    // The built server run as a process manager would, with no NODE_ENV, on a fresh data
    // folder with the demo data (whose e-mails are rendered): it must pick React's
    // production build for everything, or rendering an e-mail crashes the start.
    rmSync(dataDir, { recursive: true, force: true });
    const bare = await start(port, {
      entry: "build/server/main.js",
      env: { NODE_ENV: undefined, DEMO_DATA: "true" },
    });
    expect(bare).toContain("is running at");
    expect(bare).not.toMatch(/could not start|TypeError/);
  }, 300_000);
});
