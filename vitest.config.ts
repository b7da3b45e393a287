import { defineConfig } from "vitest/config";

/** The same integration suite runs on each engine: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
const integration = (engine: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `integration-${engine}`,
    include: ["tests/integration/**/*.test.ts"],
    // Tests of one engine's own behaviour (the PGlite directory lock, a PostgreSQL outage) run on it only.
    exclude: engine === "postgres" ? ["tests/integration/**/*.pglite.test.ts"] : ["tests/integration/**/*.postgres.test.ts"],
    env: { TEST_ENGINE: engine },
    globalSetup: ["tests/setup/ensure-build.ts", engine === "postgres" ? "tests/setup/postgres-template.ts" : "tests/setup/pglite-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

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
      integration("pglite"),
      {
        extends: true,
        test: {
          name: "security",
          include: ["tests/security/**/*.test.ts"],
          env: { TEST_ENGINE: "pglite" },
          globalSetup: ["tests/setup/ensure-build.ts", "tests/setup/pglite-template.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
