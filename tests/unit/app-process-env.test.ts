import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { APP_MALLOC_ARENA_MAX, APP_NODE_OPTIONS, appProcessEnv } from "../setup/app-process-env";

describe("the app processes' memory settings", () => {
  const start = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.start!;

  it("npm start gives the app the settings the test servers use, and an operator's own come after them", () => {
    expect(start).toContain(`MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-${APP_MALLOC_ARENA_MAX}}`);
    // The operator's NODE_OPTIONS follow ours, so a flag of theirs wins (V8 takes a flag's last value).
    expect(start).toContain(`NODE_OPTIONS="${APP_NODE_OPTIONS} \${NODE_OPTIONS:-}"`);
    expect(start).toMatch(/exec node main\.ts$/);
  });

  it("keeps an operator's own values", () => {
    expect(appProcessEnv({})).toEqual({ MALLOC_ARENA_MAX: "2", NODE_OPTIONS: APP_NODE_OPTIONS });
    expect(appProcessEnv({ MALLOC_ARENA_MAX: "4", NODE_OPTIONS: "--max-old-space-size=2048" })).toEqual({
      MALLOC_ARENA_MAX: "4",
      NODE_OPTIONS: `${APP_NODE_OPTIONS} --max-old-space-size=2048`,
    });
  });
});
