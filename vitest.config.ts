import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one file at a time; most integration files wait on a server child
    // process, PostgreSQL or a body time limit, so two at a time cut the suite from ~510 s to ~345 s here,
    // and, with the suite since grown to 232 files, three at a time from 581 s to 484 s (docs/benchmarks.md,
    // "Test suite duration").
    maxWorkers: 3,
    environment: "node",
    setupFiles: ["tests/setup/fail-on-console.ts"],
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"] } },
      {
        extends: true,
        test: {
          // On PostgreSQL: TEST_DATABASE_URL's server, else one the global setup starts (test-postgres.ts).
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/ensure-build.ts", "tests/setup/test-postgres.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "security",
          include: ["tests/security/**/*.test.ts"],
          globalSetup: ["tests/setup/ensure-build.ts", "tests/setup/test-postgres.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
