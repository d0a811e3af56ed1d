// The part of autocannon's programmatic API that bench/load.bench.ts uses (the package
// ships no types).
declare module "autocannon" {
  type Options = {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: Array<{ method: string; path: string }>;
  };
  type Result = {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
