// `npm test`: the whole suite, in order, stopping at the first failure.
import { spawnSync } from "node:child_process";
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

const steps = [
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", "npx", ["eslint", "."]],
  ["format", "npx", ["prettier", "--check", "--log-level", "warn", "."]],
  ["unit", "npx", ["vitest", "run", "--project", "unit"]],
  ["integration", "npx", ["vitest", "run", "--project", "integration"]],
  ["build", "npm", ["run", "--silent", "build"]],
  ["e2e", "npx", ["playwright", "test"]],
];

const results = [];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${run.status === 0 ? "✓" : "✗"} ${name} (${seconds}s)`);
  if (run.status !== 0) {
    console.error(`\n${results.join("\n")}\n\nnpm test failed at step "${name}".`);
    process.exit(run.status ?? 1);
  }
}
console.log(`\n${results.join("\n")}\n\nAll ${steps.length} steps passed.`);
