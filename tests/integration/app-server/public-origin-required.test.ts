import { describe, expect, it } from "vitest";
import { startAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";

/**
 * A deployed server must know its public address (decision 053): with anything that says it is deployed
 * (here a trusted proxy, and DATABASE_URL itself) and no PUBLIC_ORIGIN, the production server
 * stops at start with a message naming the variable and why. (`npm start` with nothing set still starts:
 * public-origin-trial.embedded.test.ts.)
 */
describe(`PUBLIC_ORIGIN at start (${testEngine()})`, () => {
  it("a server behind a trusted proxy without PUBLIC_ORIGIN does not start, and says why", async () => {
    const started = await startAppServer({ env: { PUBLIC_ORIGIN: "", TRUST_PROXY: "loopback" } }).catch((error: unknown) => error as Error);
    if (!(started instanceof Error)) {
      await started.stop();
      expect.fail("the server started without PUBLIC_ORIGIN");
    }
    expect(started.message).toMatch(/server exited with 1: [^]*The server could not start\.[^]*PUBLIC_ORIGIN: must be set[^]*TRUST_PROXY \(a proxy stands in front of the server\)/);
    expect(started.message).toContain("DATABASE_URL (PostgreSQL, the database several app servers share)");
  }, 120_000);
});
