/**
 * Serves the stand-in of the original site (tests/fixtures/old-site.ts) until stopped, to try the import
 * by hand: `npx tsx scripts/old-site-standin.ts [--port 4700]`, then
 * `npm run import:site -- --from http://127.0.0.1:4700`.
 */
import { parseArgs } from "node:util";
import { startOldSite } from "../tests/fixtures/old-site";

const { values } = parseArgs({ options: { port: { type: "string" } } });
const site = await startOldSite({ port: values.port ? Number(values.port) : undefined });
process.stdout.write(`${site.origin}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void site.close().then(() => process.exit(0)));
