// `npm test`: the whole suite, stopping at the first failure.
//
// The steps run in stages; the lanes of a stage run at the same time (the steps of a
// lane one after another), and a stage starts only once every lane of the one before
// has passed. When a step fails, the others are stopped and nothing later runs.
//
//   0. typegen: the route types, which both the type check and the (type-aware) lint
//      read; made first so that neither reads them while they are being written.
//   1. Three lanes at once:
//      - build, the JavaScript budget, then the browser journeys (e2e), at normal
//        priority. The journeys are the longest lane and mostly wait (on the browser,
//        the server, a page), so they start as soon as there is a build to serve, and
//        every moment they wait for a core stretches them. The budget
//        (`npm run bench:js -- --check`) reads the build just made and fails
//        when a page's initial JavaScript is over 1.2× an empty React Router app's,
//        which it builds beside it.
//      - typecheck, lint, then the integration suite on PGlite; and format, unit, then
//        (with --postgres) the integration suite on PostgreSQL. These keep the cores
//        busy and nothing in them reads the build, so they run at the lowest priority
//        (SCHED_IDLE, on Linux, where CI runs): they take what the journeys leave. Each
//        integration run uses two vitest workers (vitest's default on two cores is
//        one), so neither leaves a core idle while the journeys wait. (Two halves of the
//        journeys at once, each with its own server, timed out sign-ins on two loaded
//        cores: one lane.)
//
//   npm test -- --postgres <url>   also runs the integration suite on that PostgreSQL
//                                  server (.ci/run does).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/lib/chromium/chromium";
if (!existsSync(CHROMIUM)) {
  console.error(
    `npm test runs the end-to-end journeys in Debian's Chromium (${CHROMIUM}), which is not installed.\n` +
      "Install it with:  sudo apt-get install -y chromium\n" +
      "then run npm test again. (npm run test:unit and npm run test:integration work without it.)",
  );
  process.exit(1);
}

const args = process.argv.slice(2);
const postgresAt = args.indexOf("--postgres");
const postgresUrl = postgresAt === -1 ? undefined : args[postgresAt + 1];
if (postgresAt !== -1 && !postgresUrl) {
  console.error(
    "npm test -- --postgres needs the server's URL, e.g. postgres://postgres@127.0.0.1:5432/test",
  );
  process.exit(1);
}

/** A step: [name, command, args, extra environment]. A lane: steps run one after another. */
// `npm run typecheck` is these two.
const typegen = ["typegen", "npx", ["react-router", "typegen"]];
const typecheck = ["typecheck", "npx", ["tsc", "--noEmit"]];
const lint = ["lint", "npx", ["eslint", "."]];
const format = ["format", "npx", ["prettier", "--check", "--log-level", "warn", "."]];
const unit = ["unit", "npx", ["vitest", "run", "--project", "unit"]];
const build = ["build", "npm", ["run", "--silent", "build"]];
const jsBudget = [
  "js budget",
  "npm",
  ["run", "--silent", "bench:js", "--", "--check", "--no-build"],
];
const e2e = ["e2e", "npx", ["playwright", "test"]];
const integrationArgs = ["vitest", "run", "--project", "integration", "--maxWorkers=2"];
const integration = ["integration", "npx", integrationArgs];
const integrationOnPostgres = [
  "integration (PostgreSQL)",
  "npx",
  integrationArgs,
  { TEST_DATABASE_URL: postgresUrl },
];

/**
 * The step at the lowest CPU priority on Linux, where CI runs (elsewhere as it is):
 * SCHED_IDLE (`chrt --idle 0`, util-linux), so it runs only on a core nothing else wants
 * and gives it up the moment a journey's browser or server wakes. `nice -n 10` alone was
 * not enough: the journeys still ran at half speed beside it, each of their many short
 * steps waiting out a niced process's time slice.
 */
function lowPriority([name, command, commandArgs, env]) {
  return process.platform === "linux"
    ? [name, "chrt", ["--idle", "0", command, ...commandArgs], env]
    : [name, command, commandArgs, env];
}

/** Each stage is a list of lanes that run at the same time; the first one's output is live. */
const stages = [
  [[typegen]],
  [
    [build, jsBudget, e2e],
    [typecheck, lint, integration].map(lowPriority),
    [format, unit, ...(postgresUrl ? [integrationOnPostgres] : [])].map(lowPriority),
  ],
];

const results = [];
const running = new Set();
let firstFailure;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

for (const stage of stages) {
  // The first step of a stage writes to the terminal as it goes; the others' output
  // is kept and printed, whole, when each ends, so that nothing interleaves.
  await Promise.all(
    stage.map(async (lane, i) => {
      for (const step of lane) {
        if (firstFailure) return;
        await run(step, i === 0);
      }
    }),
  );
  if (firstFailure) {
    console.error(`\n${results.join("\n")}\n\nnpm test failed at step "${firstFailure.name}".`);
    process.exit(firstFailure.status || 1);
  }
}
const count = stages.flat().flat().length;
console.log(`\n${results.join("\n")}\n\nAll ${count} steps passed.`);

function run([name, command, commandArgs, env = {}], live) {
  console.log(
    `\n▶ ${name}: ${command} ${commandArgs.join(" ")}${live ? "" : " (output follows when it ends)"}`,
  );
  const started = Date.now();
  const child = spawn(command, commandArgs, {
    stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
    // Its own process group, so that stopping it also stops what it started.
    detached: true,
  });
  running.add(child);
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    const finish = (status) => {
      if (!running.delete(child)) return;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!live) {
        console.log(`\n▼ ${name}: output`);
        process.stdout.write(Buffer.concat(output));
      }
      const stopped = status !== 0 && firstFailure !== undefined;
      const line = `${status === 0 ? "✓" : stopped ? "-" : "✗"} ${name} (${seconds}s${stopped ? ", stopped" : ""})`;
      results.push(line);
      console.log(line);
      if (status !== 0 && !firstFailure) {
        firstFailure = { name, status };
        stopAll();
      }
      resolve();
    };
    child.once("error", (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.once("close", (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}
