import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
          ],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          setupFiles: ["server/test/fail-on-console-error.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["server/**/*.integration.test.ts"],
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
