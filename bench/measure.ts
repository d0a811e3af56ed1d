/** Latency statistics of one side of a comparison, in milliseconds. */
export type Stats = { n: number; p50: number; p95: number; mean: number; rps: number };

export type MeasureOptions = {
  warmup: number;
  /** Iterations per side; lowered for slow scenarios so a run stays within budget. */
  iterations: number;
  /** Rough wall-clock budget for the measured iterations of one scenario, all sides. */
  budgetMs: number;
  minIterations: number;
};

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function statsOf(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  return {
    n: samples.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean,
    // Sequential requests (concurrency 1): one request after another.
    rps: 1000 / mean,
  };
}

/**
 * Runs every side once per iteration, in an order that rotates each iteration, so
 * that drift on a shared, noisy machine (another process, GC, JIT) lands on all
 * sides alike and the ratio between them stays meaningful.
 */
export async function measureInterleaved<K extends string>(
  sides: Record<K, () => Promise<unknown>>,
  options: MeasureOptions,
): Promise<Record<K, Stats>> {
  const names = Object.keys(sides) as K[];
  const run = (name: K) => sides[name]();

  let warmupMs = 0;
  for (let i = 0; i < options.warmup; i++) {
    for (const name of names) {
      const start = performance.now();
      await run(name);
      warmupMs += performance.now() - start;
    }
  }
  const perRound = warmupMs / Math.max(1, options.warmup);
  const affordable = Math.floor(options.budgetMs / Math.max(perRound, 0.001));
  const iterations = Math.max(options.minIterations, Math.min(options.iterations, affordable));

  const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < iterations; i++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(i + j) % names.length]!;
      const start = performance.now();
      await run(name);
      samples[name].push(performance.now() - start);
    }
  }
  return Object.fromEntries(names.map((n) => [n, statsOf(samples[n])])) as Record<K, Stats>;
}
