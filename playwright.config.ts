import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./bench/chromium";

// The config is evaluated again in each worker; the environment carries the
// runner's choices (port, data folder) to them.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "vernissage-e2e-"));
const port = process.env.E2E_PORT;
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  // Two runs at once (e.g. `--shard=1/2` and `--shard=2/2`) each get their own server, data
  // folder and port (above); E2E_OUTPUT_DIR gives each its own folder here too, since a
  // run empties its folder first.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "e2e/.output/results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A journey's whole budget, not a measure: on two cores shared with the integration
  // suites (npm test, .ci/run) a journey takes up to twice what it takes alone, and one
  // that ran out of 30 s there was not failing (its trace showed each step completing).
  // Each wait inside it keeps expect's 10 s. The long journeys set their own.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    // A failing journey's trace (its steps, DOM and screencast) is kept for whoever runs
    // it here. Recording it costs every journey, failing or not, about a third of its CPU
    // (docs/performance.md, "Test suite time"); .ci/run sets E2E_TRACE=off, since nobody
    // can open a trace in a clean clone that is thrown away (its log keeps the error, the
    // page's ARIA snapshot and the failing step).
    trace: process.env.E2E_TRACE === "off" ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  webServer: {
    command: "node build/server/main.js",
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: port,
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: "production",
      LOG_REQUESTS: "false",
      // e2e/alerts.spec.ts waits for a digest: looked for every 2 s, not every 15 minutes.
      DIGEST_INTERVAL_SECONDS: "2",
      // …and the works listed in the last 5 s left to the next look, not the last minute.
      DIGEST_SETTLE_SECONDS: "5",
    },
  },
});
