import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultWebConcurrency, EnvError, loadEnv, loadServerEnv } from "../../app/server/platform/env.server";

describe("environment", () => {
  it("has working defaults: port 3000, the embedded database under ./data, demo content on", () => {
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
    [{ ADMIN_ID: "admin", ADMIN_PASSWORD: "long enough password", ADMIN_TOTP_SECRET: "not base32!" }, "ADMIN_TOTP_SECRET: must be a base32 TOTP secret"],
    [{ ADMIN_ID: "admin", ADMIN_PASSWORD: "long enough password", ADMIN_TOTP_SECRET: "JBSWY3DPEHPK3PXP" }, "2단계 인증 비밀값은 base32"],
    [{ ADMIN_TOTP_SECRET: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ" }, "ADMIN_TOTP_SECRET: needs ADMIN_ID"],
  ])("refuses %j with a message naming the problem", (source, expected) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(expected);
  });
});

describe("ADMIN_TOTP_SECRET", () => {
  it("is the base32 secret, normalized (spaces, case, padding)", () => {
    const env = loadEnv({ ADMIN_ID: "admin", ADMIN_PASSWORD: "long enough password", ADMIN_TOTP_SECRET: "gezd gnbv gy3t qojq gezd gnbv gy3t qojq==" });
    expect(env.ADMIN_TOTP_SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(loadEnv({}).ADMIN_TOTP_SECRET).toBeUndefined();
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

describe("SMTP_URL and MAIL_FROM", () => {
  it("are unset by default (no e-mail at all)", () => {
    const env = loadEnv({ SMTP_URL: "", MAIL_FROM: " " });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBeUndefined();
  });

  it.each(["smtp://mail.example.com", "smtps://user%40example.com:p%40ss@mail.example.com:465", "smtp://127.0.0.1:2525", "smtp://[::1]:25/"])("accepts SMTP_URL %s", (value) => {
    expect(loadEnv({ SMTP_URL: value }).SMTP_URL).toBe(value);
  });

  it.each(["mail.example.com", "http://mail.example.com", "smtp://", "smtp://mail.example.com/inbox", "smtp://mail.example.com?pool=true", "smtp://:secret@mail.example.com"])("refuses SMTP_URL %s", (value) => {
    expect(() => loadEnv({ SMTP_URL: value })).toThrow("SMTP_URL");
  });

  it.each(["no-reply@we.example", "WE ENTERTAINMENT <no-reply@we.example>", "위이엔터테인먼트 <audition@we.example>"])("accepts MAIL_FROM %s", (value) => {
    expect(loadEnv({ MAIL_FROM: value }).MAIL_FROM).toBe(value);
  });

  it.each(["no-reply", "WE <no-reply@we.example", "a@we.example\r\nBcc: x@evil.example", "<a@b> <c@d>"])("refuses MAIL_FROM %j", (value) => {
    expect(() => loadEnv({ MAIL_FROM: value })).toThrow("MAIL_FROM");
  });
});

describe("NAVER_SITE_VERIFICATION and GOOGLE_SITE_VERIFICATION", () => {
  it("are unset by default and keep a verification code as given", () => {
    expect(loadEnv({}).NAVER_SITE_VERIFICATION).toBeUndefined();
    expect(loadEnv({ GOOGLE_SITE_VERIFICATION: " " }).GOOGLE_SITE_VERIFICATION).toBeUndefined();
    const env = loadEnv({ NAVER_SITE_VERIFICATION: " 0123456789abcdef0123 ", GOOGLE_SITE_VERIFICATION: "Abc-DEF_123ghi/JKL+456=" });
    expect(env.NAVER_SITE_VERIFICATION).toBe("0123456789abcdef0123");
    expect(env.GOOGLE_SITE_VERIFICATION).toBe("Abc-DEF_123ghi/JKL+456=");
  });

  it.each([
    ['<meta name="naver-site-verification" content="0123456789abcdef" />', "not the whole tag"],
    ["short", "verification code"],
    ["code with spaces inside", "verification code"],
  ])("refuses %s", (value, message) => {
    expect(() => loadEnv({ NAVER_SITE_VERIFICATION: value })).toThrow("NAVER_SITE_VERIFICATION");
    expect(() => loadEnv({ GOOGLE_SITE_VERIFICATION: value })).toThrow(message);
  });
});

describe("scheduled backups", () => {
  it("are off by default, and keep 7 archives in DATA_DIR/backups when on", () => {
    const env = loadEnv({ DATA_DIR: "/srv/we" });
    expect(env.BACKUP_CRON).toBeUndefined();
    expect(env).toMatchObject({ BACKUP_KEEP: 7, BACKUP_TARGET: "dir", BACKUP_DIR: path.resolve("/srv/we/backups") });
    expect(loadEnv({ BACKUP_CRON: " 30 3 * * * ", BACKUP_DIR: "/backups", BACKUP_TARGET: "storage" })).toMatchObject({ BACKUP_CRON: "30 3 * * *", BACKUP_DIR: "/backups", BACKUP_TARGET: "storage" });
  });

  it.each([
    [{ BACKUP_CRON: "0 30 3 * * *" }, "must have 5 fields"],
    [{ BACKUP_CRON: "@daily" }, "must have 5 fields"],
    [{ BACKUP_CRON: "30 25 * * *" }, "BACKUP_CRON: is not a cron expression"],
    [{ BACKUP_KEEP: "0" }, "BACKUP_KEEP"],
    [{ BACKUP_TARGET: "s3" }, "BACKUP_TARGET"],
  ])("refuses %j with a message naming the problem", (source, expected) => {
    expect(() => loadEnv(source)).toThrow(expected);
  });
});

describe("PUBLIC_ORIGIN on a deployed site (decision 053)", () => {
  const ORIGIN = "https://www.we-entertainment.co.kr";

  it("is not needed by a trial with nothing set, nor by the scripts, nor by the dev server", () => {
    expect(loadServerEnv({}).PUBLIC_ORIGIN).toBeUndefined();
    expect(loadServerEnv({ TRUST_PROXY: "false", SESSION_SECRET: "s".repeat(32), SMTP_URL: "smtp://127.0.0.1:2525" }).PUBLIC_ORIGIN).toBeUndefined();
    expect(loadEnv({ DATABASE_URL: "postgres://we@db/we", S3_BUCKET: "we-media" }).PUBLIC_ORIGIN).toBeUndefined();
    expect(loadServerEnv({ NODE_ENV: "development", TRUST_PROXY: "loopback" }).PUBLIC_ORIGIN).toBeUndefined();
  });

  it.each([
    [{ CDN_PURGE_URL: "https://cdn.example/purge" }, "CDN_PURGE_URL (a CDN keeps the pages)"],
    [{ MEDIA_PUBLIC_URL: "https://cdn.example/media" }, "MEDIA_PUBLIC_URL (the images come from a CDN or a public bucket)"],
    [{ TRUST_PROXY: "loopback" }, "TRUST_PROXY (a proxy stands in front of the server)"],
    [{ TRUST_PROXY: "1" }, "TRUST_PROXY"],
    [{ S3_BUCKET: "we-media" }, "S3_BUCKET (the files are in object storage, shared by app servers)"],
    [{ DATABASE_URL: "postgres://we@db/we" }, "DATABASE_URL (PostgreSQL, the database several app servers share)"],
  ])("is required with %j: the start stops with a message naming it and why", (source, sign) => {
    expect(() => loadServerEnv(source)).toThrow(EnvError);
    expect(() => loadServerEnv(source)).toThrow("PUBLIC_ORIGIN: must be set to the site's public address");
    expect(() => loadServerEnv(source)).toThrow(sign);
    expect(() => loadServerEnv(source)).toThrow("Host header");
    expect(() => loadServerEnv({ ...source, PUBLIC_ORIGIN: " " })).toThrow("PUBLIC_ORIGIN");
    expect(loadServerEnv({ ...source, PUBLIC_ORIGIN: ORIGIN }).PUBLIC_ORIGIN).toBe(ORIGIN);
  });

  it("names every sign at once", () => {
    expect(() => loadServerEnv({ DATABASE_URL: "postgres://we@db/we", TRUST_PROXY: "loopback" })).toThrow(/TRUST_PROXY \(.*\), DATABASE_URL \(/);
  });
});

describe("WEB_CONCURRENCY", () => {
  const GB = 1024 ** 3;
  it("defaults to one process per core, as many as the memory holds (256 MB set aside, 256 MB each)", () => {
    expect(defaultWebConcurrency(2, 8 * GB)).toBe(2);
    expect(defaultWebConcurrency(8, 1 * GB)).toBe(3);
    expect(defaultWebConcurrency(8, 0.5 * GB)).toBe(1);
    expect(defaultWebConcurrency(4, 0.25 * GB)).toBe(1);
    expect(defaultWebConcurrency(64, 64 * GB)).toBe(16);
  });
  it("takes a count of 1 to 16, and an empty value as unset", () => {
    expect(loadEnv({ WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
    expect(loadEnv({ WEB_CONCURRENCY: "" }).WEB_CONCURRENCY).toBeGreaterThanOrEqual(1);
    for (const bad of ["0", "17", "2.5", "many"]) expect(() => loadEnv({ WEB_CONCURRENCY: bad })).toThrow(EnvError);
  });
});
