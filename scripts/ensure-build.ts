/**
 * `npm start` builds first when there is no build, or when a source file is newer than it,
 * so a fresh clone (or a `git pull`) never serves a missing or stale build. With `--prepare-database`
 * (`npm start` only: the tests and benchmarks make their own databases), another process meanwhile
 * prepares the server's database (scripts/prepare-database.ts): the first start's cluster creation
 * and seeding run beside the build instead of after it.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stamp = path.join(root, "build", ".build-stamp");
const sources = ["app", "drizzle", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json", "scripts/build-enhance.ts"];

function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function buildIsFresh(): boolean {
  if (!fs.existsSync(path.join(root, "build", "server", "index.js")) || !fs.existsSync(stamp)) return false;
  const built = fs.statSync(stamp).mtimeMs;
  return sources.every((s) => newestMtime(path.join(root, s)) <= built);
}

if (!buildIsFresh()) {
  process.stdout.write("Building the site (first start or sources changed)...\n");
  // With the server's environment; its outcome does not matter here (the server prepares the database
  // again at start, and reports what is wrong).
  const preparing = process.argv.includes("--prepare-database")
    ? spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "prepare-database.ts")], {
        cwd: process.cwd(),
        env: { ...process.env, NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "ignore"],
      })
    : null;
  // Its output (log lines, and a generated administrator password) is shown after the build's, which
  // would otherwise scroll it away.
  const output: Buffer[] = [];
  preparing?.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  const prepared = new Promise<void>((resolve) => {
    if (!preparing) return resolve();
    preparing.once("close", () => resolve());
    preparing.once("error", () => resolve());
  });
  const result = spawnSync(process.execPath, [path.join(root, "scripts", "build.ts")], { cwd: root, stdio: "inherit" });
  await prepared;
  process.stdout.write(Buffer.concat(output));
  if (result.status !== 0) process.exit(result.status ?? 1);
}
