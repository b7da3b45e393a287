/**
 * `npm run bench:cold`: the README's first start on a fresh clone, timed. Clones this repository's
 * committed HEAD into a temporary directory (node_modules hard-linked from this checkout, as `npm ci`
 * would leave it; no build, no data, no cache of ours), times `npm start` (the embedded PostgreSQL) to the first
 * 200 on `/`, stops it with SIGTERM, and times the restart the same way. BENCH_COLD_RUNS (default 1)
 * repeats the whole; BENCH_COLD_REF clones another commit. The 2-core machine is shared: each run prints
 * the load average, and the CPU seconds the start used, which others' load does not change.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../tests/setup/free-port";

const root = path.resolve(import.meta.dirname, "..", "..");
const runs = Number(process.env.BENCH_COLD_RUNS ?? 1);
/** Which commit to clone (e.g. `main` for a before/after comparison); default the checked-out one. */
const ref = process.env.BENCH_COLD_REF ?? "HEAD";

interface Timed {
  /** Seconds from `npm start` to the first 200 on `/`. */
  total: number;
  /** CPU seconds the whole process group (npm, build, preparation, server) had used by then. */
  cpu: number;
  /** Seconds from `npm start` to each milestone seen in its output. */
  marks: Map<string, number>;
  /** What the logs said the seeding took (ms), and the preparation beside the build (shown after the build). */
  seedMs: number | null;
  preparedMs: number | null;
}

const MILESTONES: [string, RegExp][] = [
  ["build started", /^Building the site/],
  ["build done", /^precompressed \d+ client files/],
  ["server started", /"msg":"media storage"/],
  ["database ready", /"msg":"database ready"/],
  ["listening", /"msg":"server listening"/],
];

/**
 * CPU seconds used by a process group: its live processes' own, and what their exited children used
 * (Linux /proc). The machine is shared, so wall time depends on others' load; this does not.
 */
function groupCpuSeconds(group: number): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces): state is field 3, pgrp 5, utime 14 ... cstime 17.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== group) continue;
    total += fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
  }
  return total / ticks;
}

function cloneFresh(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "we-cold-"));
  const clone = spawnSync("git", ["clone", "--quiet", "--no-hardlinks", root, dir], { stdio: "inherit" });
  if (clone.status !== 0) throw new Error("git clone failed");
  if (ref !== "HEAD" && spawnSync("git", ["checkout", "--quiet", ref], { cwd: dir, stdio: "inherit" }).status !== 0) throw new Error(`no ${ref}`);
  // As `npm ci` leaves it: hard links are instant and keep this checkout's node_modules untouched.
  const copy = spawnSync("cp", ["-al", path.join(root, "node_modules"), path.join(dir, "node_modules")]);
  if (copy.status !== 0) fs.cpSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), { recursive: true, verbatimSymlinks: true });
  // Nothing a previous start left behind may help: no build, no data, no Vite or React Router caches.
  for (const leftover of ["build", "data", ".react-router", "node_modules/.vite", "node_modules/.cache"]) {
    fs.rmSync(path.join(dir, leftover), { recursive: true, force: true });
  }
  return dir;
}

async function timeStart(dir: string, port: number): Promise<Timed & { stop(): Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info" };
  for (const name of ["DATABASE_URL", "DATA_DIR", "ADMIN_ID", "ADMIN_PASSWORD", "ADMIN_TOTP_SECRET", "SESSION_SECRET", "NODE_ENV", "NODE_OPTIONS"]) delete env[name];
  const started = performance.now();
  const child = spawn("npm", ["start"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const marks = new Map<string, number>();
  let seedMs: number | null = null;
  let preparedMs: number | null = null;
  let output = "";
  const onLine = (line: string) => {
    const at = (performance.now() - started) / 1000;
    for (const [name, pattern] of MILESTONES) if (!marks.has(name) && pattern.test(line)) marks.set(name, at);
    if (/"msg":"database prepared"/.test(line)) preparedMs = Number(/"ms":(\d+)/.exec(line)?.[1] ?? NaN);
    if (/"msg":"demo content seeded"/.test(line)) seedMs = Number(/"ms":(\d+)/.exec(line)?.[1] ?? NaN);
  };
  let pending = "";
  const read = (chunk: Buffer) => {
    output += chunk;
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    lines.forEach(onLine);
  };
  child.stdout.on("data", read);
  child.stderr.on("data", read);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output.slice(-3000)}`);
    const response = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
    if (response?.status === 200) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const total = (performance.now() - started) / 1000;
  const cpu = groupCpuSeconds(child.pid!);
  return {
    total,
    cpu,
    marks,
    seedMs,
    preparedMs,
    async stop() {
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    },
  };
}

const s = (seconds: number | undefined) => (seconds === undefined ? "-" : seconds.toFixed(1));
const rows: string[] = [];
for (let run = 1; run <= runs; run++) {
  const dir = cloneFresh();
  try {
    const port = await freePort();
    const load = os.loadavg()[0]!.toFixed(1);
    const first = await timeStart(dir, port);
    await first.stop();
    const restart = await timeStart(dir, port);
    await restart.stop();
    const m = first.marks;
    rows.push(
      `| ${run} | ${load} | **${s(first.total)}** | ${s(first.cpu)} | ${s(m.get("build done"))} | ${first.preparedMs === null ? "-" : (first.preparedMs / 1000).toFixed(1)} | ${s(m.get("server started"))} | ${first.seedMs === null ? "-" : (first.seedMs / 1000).toFixed(1)} | ${s(m.get("listening"))} | **${s(restart.total)}** | ${s(restart.cpu)} | ${s(restart.marks.get("listening"))} |`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
process.stdout.write(
  `Fresh clone of ${ref}, \`npm start\` to the first 200 on / (s), ${new Date().toISOString()}, ${os.availableParallelism()} cores\n\n` +
    "| run | load avg | first start | CPU s | build done | preparation took | database open | seeding | listening | restart | CPU s | listening |\n" +
    "|---|---|---|---|---|---|---|---|---|---|---|---|\n" +
    rows.join("\n") +
    "\n",
);
