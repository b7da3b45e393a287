import { describe, expect, it } from "vitest";
import { startAppServer } from "../../setup/app-server";

/**
 * `npm start` with nothing set, a trial on one machine, starts without PUBLIC_ORIGIN and serves (decision
 * 053). On the embedded default only: DATABASE_URL itself says the site is deployed.
 */
describe("a trial without PUBLIC_ORIGIN (the embedded default)", () => {
  it("a server with nothing that says deployed starts without PUBLIC_ORIGIN and serves", async () => {
    const server = await startAppServer({ engine: "embedded", env: { PUBLIC_ORIGIN: "", TRUST_PROXY: "" } });
    try {
      const home = await fetch(`${server.baseURL}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain(`<link rel="canonical" href="${server.baseURL}/"`);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
