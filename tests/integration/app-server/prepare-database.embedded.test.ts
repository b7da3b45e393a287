import { describe, expect, it } from "vitest";
import { startAppServer } from "../../setup/app-server";
import { prepareDatabaseAsNpmStart as prepare } from "../../setup/prepare-database";

describe("the first npm start's database preparation, on the embedded default", () => {
  // Two starts of the embedded PostgreSQL: a minute was not enough on a loaded machine (as its sibling test).
  it("gives way, without a word, when the data directory is held by a running server: the server's own start reports such problems", async () => {
    const server = await startAppServer({ engine: "embedded" });
    try {
      const prepared = await prepare({ DATA_DIR: server.dataDir, DATABASE_URL: "" });
      expect(prepared.code).toBe(1);
      expect(prepared.stdout + prepared.stderr).toBe("");
      expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
