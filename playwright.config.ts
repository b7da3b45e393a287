import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { appProcessEnv } from "./tests/setup/app-process-env";
import { TEST_ADMIN_ENV } from "./tests/setup/sign-in";
import { TEST_SESSION_SECRET } from "./tests/fixtures/audition-stamp";

// One free port and one fresh data directory per run, chosen once here and inherited by workers.
// (The config is synchronous: tests/setup/free-port.ts runs as a script and prints the port.)
process.env.E2E_PORT ??= execFileSync(process.execPath, ["tests/setup/free-port.ts"]).toString();
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "we-e2e-"));
  // As root, the embedded PostgreSQL runs as a system user that must be able to enter DATA_DIR (decision 055).
  fs.chmodSync(process.env.E2E_DATA_DIR, 0o755);
}

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
/**
 * Debian's Chromium headless shell when installed (the same Blink, without the browser's UI layers:
 * about a third less CPU per test on 2 cores), else Chromium. /dev/shm is used when it is a real
 * shared-memory mount of some size (Playwright's default writes those pages to /tmp instead).
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const shmIsRoomy = (() => {
  try {
    const stats = fs.statfsSync("/dev/shm");
    return stats.blocks * stats.bsize >= 1024 ** 3;
  } catch {
    return false;
  }
})();
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  ignoreDefaultArgs: shmIsRoomy ? ["--disable-dev-shm-usage"] : [],
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  // *.test.ts files belong to Vitest.
  testMatch: /.*\.spec\.ts$/,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? "line" : [["list"]],
  use: {
    baseURL,
    launchOptions: chromium,
    // No trace: recording one (screencast and DOM snapshots at every step) doubled the browser tests'
    // time on 2 cores (docs/benchmarks.md, "Browser tests without traces"). To see a failure step by
    // step, run its file again with `npx playwright test <file> --trace on` and `npx playwright show-trace`.
    trace: "off",
    screenshot: "only-on-failure",
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
  },
  projects: [
    // Shared stories run at both widths; *.desktop.spec.ts and *.mobile.spec.ts only at theirs.
    // The admin stories change content, so they run after the visitor stories have finished.
    {
      name: "desktop",
      testIgnore: [/\.mobile\.spec\.ts$/, /admin\//, /security\//],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "mobile",
      // a11y.spec.ts checks both widths in each of its tests (from the desktop project).
      testIgnore: [/\.desktop\.spec\.ts$/, /admin\//, /security\//, /\/a11y\.spec\.ts$/],
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
    {
      // The security suite starts its own servers (it stores hundreds of hostile posts).
      name: "security",
      testDir: "tests/security",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "admin",
      testMatch: /admin\/.*\.spec\.ts$/,
      // Counted alone, after the other admin stories (below): their uploads would be counted as its own.
      testIgnore: /admin\/uploads\.spec\.ts$/,
      // Whole editing stories (sign in, type, upload five photos, save, edit, delete) on a 2-core machine.
      // A fresh sign-in may also wait for the next 30-second step: each TOTP code works once per account
      // (decision 040), and the admin stories share one account across the workers.
      timeout: 120_000,
      dependencies: ["desktop", "mobile"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      // "Nothing is stored" counts the files of the shared media directory: no other story may upload meanwhile.
      name: "admin-uploads",
      testMatch: /admin\/uploads\.spec\.ts$/,
      timeout: 120_000,
      dependencies: ["admin"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
  ],
  webServer: {
    command: "node scripts/ensure-build.ts && node main.ts",
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    // SIGTERM, so that the server stops its embedded PostgreSQL too (a SIGKILL would leave it running).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...appProcessEnv(),
      NODE_ENV: "production",
      PORT: process.env.E2E_PORT,
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: "",
      ...TEST_ADMIN_ENV,
      LOG_LEVEL: "warn",
      PUBLIC_ORIGIN: baseURL,
      // A Kakao Maps key, so pages try the SDK; tests answer https://dapi.kakao.com themselves (no network).
      KAKAO_MAP_APP_KEY: "e2e-kakao-key",
      // As if behind a local reverse proxy: tests can act as different client addresses.
      TRUST_PROXY: "loopback",
      // Known to the tests, so they can date the audition form's time stamp back instead of waiting.
      SESSION_SECRET: TEST_SESSION_SECRET,
    },
  },
});
