import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_ARTISTS } from "../../../app/server/seed/demo-content.server";
import { startAppServer, TEST_ADMIN } from "../../setup/app-server";
import { prepareDatabaseAsNpmStart as prepare } from "../../setup/prepare-database";
import { createPostgresDatabase } from "../../setup/test-database";

describe("the first npm start's database preparation beside the build (scripts/prepare-database.ts)", () => {
  it("leaves the database as the server would: the server then starts without seeding again and shows the demo content", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "we-prepare-"));
    const database = await createPostgresDatabase({ fromTemplate: true });
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      ADMIN_ID: TEST_ADMIN.id,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SEED_DEMO_CONTENT: "true",
    };
    try {
      const prepared = await prepare(env);
      expect(prepared.code, prepared.stderr).toBe(0);
      expect(prepared.stdout).toContain('"msg":"demo content seeded"');
      expect(prepared.stdout).toContain('"msg":"database prepared"');

      const server = await startAppServer({ dataDir, databaseUrl: database.url, env: { SEED_DEMO_CONTENT: "true", LOG_LEVEL: "info" }, captureStdout: true });
      try {
        const roster = await fetch(`${server.baseURL}/artist`);
        expect(roster.status).toBe(200);
        expect(await roster.text()).toContain(DEMO_ARTISTS[0]!.name);
        expect(server.output()).toContain('"msg":"database ready"');
        expect(server.output()).not.toContain("demo content seeded");
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
