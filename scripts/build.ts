/**
 * `npm run build` (and `npm start` when the build is missing or stale, via scripts/ensure-build.ts):
 * the React Router build, the public pages' enhancement script (scripts/build-enhance.ts), Brotli/gzip
 * copies of the client assets, then the stamp that marks it done.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const cli = path.join(root, "node_modules", ".bin", "react-router");
if (!fs.existsSync(cli)) {
  process.stderr.write("The build tools are not installed: run `npm install` first.\n");
  process.exit(1);
}
const env = { ...process.env, NODE_ENV: "production" };
for (const [command, args] of [
  [cli, ["build"]],
  [process.execPath, [path.join(root, "scripts", "build-enhance.ts")]],
  [process.execPath, [path.join(root, "scripts", "precompress.ts")]],
] as const) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
fs.writeFileSync(path.join(root, "build", ".build-stamp"), new Date().toISOString());
