/**
 * `npm test`: typecheck, lint, build, unit, integration (on PostgreSQL: TEST_DATABASE_URL's server, else
 * one the tests start from the embedded binaries) and the server-side security suite, then e2e,
 * accessibility and browser security tests in Chromium, then the dependency audit. Stops at the first failing step and exits non-zero.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

function run(title: string, command: string, args: string[]) {
  process.stdout.write(`\n=== ${title} ===\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stdout.write(`\n✗ ${title} failed (${seconds}s)\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`✓ ${title} (${seconds}s)\n`);
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    process.stderr.write(
      `\nThe end-to-end tests need Chromium at ${CHROMIUM} and Korean fonts. Install them with:\n` +
        "  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell fonts-noto-cjk\n" +
        "or point CHROMIUM_PATH at a Chromium binary.\n",
    );
    process.exit(1);
  }
  run("install Chromium and Korean fonts (apt)", "sh", [
    "-c",
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-noto-cjk",
  ]);
}

/** The W3C Nu HTML checker (vnu-jar, an integration test) runs on Java: a headless JRE from apt when missing. */
function ensureJava() {
  if (spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0) return;
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get");
  if (!canInstall) {
    process.stderr.write("\nThe HTML validity test needs Java. Install it with:\n  sudo apt-get update && sudo apt-get install -y default-jre-headless\n");
    process.exit(1);
  }
  run("install a Java runtime for the Nu HTML checker (apt)", "sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless"]);
}

const npmBin = "node_modules/.bin";
run("typecheck", "npm", ["run", "--silent", "typecheck"]);
run("lint", `${npmBin}/eslint`, ["."]);
process.stdout.write(
  process.env.TEST_DATABASE_URL
    ? "\nIntegration tests run on the PostgreSQL server at TEST_DATABASE_URL.\n"
    : "\nIntegration tests run on a PostgreSQL server of their own (set TEST_DATABASE_URL to use another).\n",
);
// The integration suite also talks to the production server, so the build comes first.
run("build", "npm", ["run", "--silent", "build"]);
ensureJava();
run("unit and integration tests (vitest)", `${npmBin}/vitest`, ["run"]);
ensureChromium();
run("end-to-end and browser security tests (playwright, chromium)", `${npmBin}/playwright`, ["test"]);
run("dependency audit (npm audit --omit=dev)", `${npmBin}/tsx`, ["scripts/audit.ts"]);
process.stdout.write("\nAll tests passed.\n");
