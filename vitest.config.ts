import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The integration files that start real server processes (first-start loads the demo
 * three times) or load the whole demo: 20 s to two minutes each alone. They go first,
 * so that the other files share the workers with them instead of one of them running
 * alone at the end. (Vitest orders by the last run's times when it has them; on a clean
 * clone, as in CI, by file size.)
 */
const SLOW_FIRST = [
  "server/demo/first-start.integration.test.ts",
  "server/start.integration.test.ts",
  "server/demo/seed.integration.test.ts",
];

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = SLOW_FIRST.findIndex((slow) => file.moduleId.endsWith(`/${slow}`));
      return index === -1 ? SLOW_FIRST.length : index;
    };
    // A stable sort: the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        test: {
          name: "unit",
          // app/ tests that render use `// @vitest-environment happy-dom` and may be .tsx.
          include: [
            "domain/**/*.test.ts",
            "contracts/**/*.test.ts",
            "server/**/*.test.ts",
            "app/**/*.test.ts",
            "app/**/*.test.tsx",
            "eslint.config.test.ts",
            "bench/**/*.test.ts",
          ],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          // One module graph and one document per worker, as in the integration project:
          // 23 s instead of 65 s alone, 31 instead of 81 s of CPU (docs/performance.md, "Test
          // suite time"). So a file leaves nothing behind: its DOM emptied (RTL's cleanup,
          // or by hand), globals unstubbed, and module state (a page's memory) kept apart
          // by its own keys. No unit file uses vi.mock, which would leak into the next.
          isolate: false,
          setupFiles: ["server/test/fail-on-console-error.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["server/**/*.integration.test.ts"],
          // A worker runs file after file in one module graph instead of importing the
          // server (auth, Drizzle, sharp, PGlite…) afresh for each: about 3 s of CPU per file,
          // a third of the lane (docs/performance.md, "Test suite time"). Each file still has
          // its own database and app; setupFiles still run for each file.
          isolate: false,
          // Migrates one database per run; each file starts from a copy (server/test/database.ts).
          globalSetup: ["server/test/global-setup.ts"],
          setupFiles: ["server/test/fail-on-console-error.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
