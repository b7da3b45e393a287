import { execFileSync } from "node:child_process";

/** Integration tests that talk to the real server need a current production build. */
export default function setup() {
  execFileSync(process.execPath, ["scripts/ensure-build.ts"], { stdio: "inherit" });
}
