import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "../../app/server/platform/env.server";

describe("environment", () => {
  it("has working defaults: port 3000, PGlite under ./data, demo content on", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe(path.resolve("data"));
    expect(env.SEED_DEMO_CONTENT).toBe(true);
    expect(env.NODE_ENV).toBe("production");
    expect(env.LOG_LEVEL).toBe("info");
  });

  it("treats empty values as unset", () => {
    const env = loadEnv({ DATABASE_URL: "", KAKAO_MAP_APP_KEY: " ", PUBLIC_ORIGIN: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.KAKAO_MAP_APP_KEY).toBeUndefined();
    expect(env.PUBLIC_ORIGIN).toBeUndefined();
  });

  it("normalizes PUBLIC_ORIGIN to an origin", () => {
    expect(loadEnv({ PUBLIC_ORIGIN: "https://we-ent.example/some/path" }).PUBLIC_ORIGIN).toBe("https://we-ent.example");
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ ADMIN_ID: "admin" }, "ADMIN_ID and ADMIN_PASSWORD must be set together"],
    [{ ADMIN_ID: "admin", ADMIN_PASSWORD: "short" }, "at least 10 characters"],
    [{ SESSION_SECRET: "tooshort" }, "SESSION_SECRET"],
    [{ SEED_DEMO_CONTENT: "maybe" }, "SEED_DEMO_CONTENT"],
    [{ PUBLIC_ORIGIN: "javascript:alert(1)" }, "PUBLIC_ORIGIN"],
  ])("refuses %j with a message naming the problem", (source, expected) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(expected);
  });
});

describe("CORS_ORIGINS", () => {
  it("is a list of exact origins, empty by default", () => {
    expect(loadEnv({}).CORS_ORIGINS).toEqual([]);
    expect(loadEnv({ CORS_ORIGINS: "https://a.example, http://127.0.0.1:5173" }).CORS_ORIGINS).toEqual(["https://a.example", "http://127.0.0.1:5173"]);
  });

  it.each(["*", "https://a.example/path", "a.example", "ftp://a.example"])("refuses %s", (value) => {
    expect(() => loadEnv({ CORS_ORIGINS: value })).toThrow("CORS_ORIGINS");
  });
});
