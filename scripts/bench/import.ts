/**
 * `npm run bench:import`: the move from the original site, timed. Starts the stand-in of the old host
 * (tests/fixtures/old-site.ts: 30 artists with 5 photos each, 120 news posts and 80 notices, `data:`
 * images and a few broken records) and runs `npm run import:site` against it as an operator would, on a
 * fresh embedded data directory (or a fresh PostgreSQL database with BENCH_DATABASE_URL=postgres://…/postgres).
 * Prints records per second and the time taken. Target: the whole site in under 60 s.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startOldSite } from "../../tests/fixtures/old-site";
import { createPostgresDatabase } from "../../tests/setup/test-database";

const TARGET_SECONDS = 60;
const photoSize = [800, 1067] as const;
const old = await startOldSite({ photoSize });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "we-bench-import-"));
// As root, the embedded PostgreSQL runs as a system user that must be able to enter DATA_DIR (decision 055).
fs.chmodSync(dataDir, 0o755);
const postgres = process.env.BENCH_DATABASE_URL ? await createPostgresDatabase({ fromTemplate: false, serverUrl: process.env.BENCH_DATABASE_URL }) : null;

function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/import-site.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? "", S3_BUCKET: "", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (status) => resolve({ status, stdout, stderr, seconds: (performance.now() - started) / 1000 }));
  });
}

let failed: boolean;
try {
  const records = old.artists.length + old.news.length + old.notices.length;
  const first = await run(["--from", old.origin]);
  if (first.status !== 0) throw new Error(`import failed (${first.status}):\n${first.stdout}\n${first.stderr}`);
  const importSeconds = Number(/걸린 시간: ([\d.]+)초/.exec(first.stdout)?.[1]);
  const images = /이미지: 내려받음 (\d+)개\(([^)]+)\)/.exec(first.stdout);
  const again = await run(["--from", old.origin]);
  const againSeconds = Number(/걸린 시간: ([\d.]+)초/.exec(again.stdout)?.[1]);
  process.stdout.write(
    `import:site of the stand-in old site (${old.artists.length} artists × 5 photos ${photoSize.join("×")}, ${old.news.length} news, ${old.notices.length} notices), ` +
      `${postgres ? "PostgreSQL" : "embedded PostgreSQL"}, ${os.cpus().length} cores, ${new Date().toISOString()}\n` +
      `first run: ${records} records in ${importSeconds.toFixed(1)} s (${(records / importSeconds).toFixed(1)} records/s), ${images?.[1]} images (${images?.[2]}); ` +
      `whole command ${first.seconds.toFixed(1)} s including preparing a fresh database\n` +
      `second run (nothing changed): ${againSeconds.toFixed(1)} s; whole command ${again.seconds.toFixed(1)} s\n` +
      `target: the whole site in under ${TARGET_SECONDS} s: ${first.seconds < TARGET_SECONDS ? "met" : "NOT met"}\n`,
  );
  failed = first.seconds >= TARGET_SECONDS;
} finally {
  await old.close();
  await postgres?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
