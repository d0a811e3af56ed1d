import { readFileSync } from "node:fs";
import os from "node:os";
import type { Stats } from "./measure";

/** The machine a run happened on, as printed at the top of the report. */
export function machineLines(): string[] {
  const cpuinfo = safeRead("/proc/cpuinfo");
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? "unknown";
  const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  return [
    `cpu: ${model}, ${os.availableParallelism()} cores available`,
    `memory: ${gib(os.totalmem())} total, ${gib(os.freemem())} free`,
    `os: ${os.type()} ${os.release()} ${os.arch()}`,
    `node: ${process.version}`,
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  ];
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

export type ScenarioResult = {
  name: string;
  nbHits: number;
  endpoint: Stats;
  /** The same without the route (the search service called directly); absent when not measured. */
  direct?: Stats;
  http?: Stats;
  /** A baseline measured beside the scenario in the same run (the search bench: a primary-key read). */
  baseline?: Stats;
};

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
const rps = (s: Stats) => s.rps.toFixed(s.rps < 10 ? 1 : 0);
const ratio = (a: Stats, b: Stats) => (a.p50 / b.p50).toFixed(2);

/**
 * One Markdown table: endpoint and direct SQL side by side, and their ratio; with
 * baselines, the baseline and the endpoint's ratio to it, and whether the endpoint's
 * p95 is within `budgetMs`.
 */
export function resultTable(results: ScenarioResult[], budgetMs?: number): string {
  const withHttp = results.some((r) => r.http);
  const withBaseline = results.some((r) => r.baseline);
  const head = [
    "scenario",
    "matches",
    "n",
    "endpoint p50 / p95 ms",
    "endpoint req/s",
    "direct SQL p50 / p95 ms",
    "direct req/s",
    "ratio (p50)",
    ...(withHttp ? ["HTTP p50 / p95 ms", "HTTP req/s", "HTTP ratio (p50)"] : []),
    ...(withBaseline ? ["baseline p50 ms", "endpoint ÷ baseline (p50)"] : []),
    ...(budgetMs !== undefined ? [`p95 ≤ ${budgetMs} ms`] : []),
  ];
  const rows = results.map((r) => [
    r.name,
    String(r.nbHits),
    String(r.endpoint.n),
    `${ms(r.endpoint.p50)} / ${ms(r.endpoint.p95)}`,
    rps(r.endpoint),
    r.direct ? `${ms(r.direct.p50)} / ${ms(r.direct.p95)}` : "—",
    r.direct ? rps(r.direct) : "—",
    r.direct ? `${ratio(r.endpoint, r.direct)}×` : "—",
    ...(r.http && r.direct
      ? [`${ms(r.http.p50)} / ${ms(r.http.p95)}`, rps(r.http), `${ratio(r.http, r.direct)}×`]
      : withHttp
        ? ["", "", ""]
        : []),
    ...(r.baseline
      ? [ms(r.baseline.p50), `${ratio(r.endpoint, r.baseline)}×`]
      : withBaseline
        ? ["", ""]
        : []),
    ...(budgetMs !== undefined ? [r.endpoint.p95 <= budgetMs ? "yes" : "**no**"] : []),
  ]);
  return [head, head.map(() => "---"), ...rows]
    .map((cells) => `| ${cells.join(" | ")} |`)
    .join("\n");
}
