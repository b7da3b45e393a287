/**
 * Compares what visitors and API clients get from two checkouts over the same data, for refactors that
 * must not change public pages:
 *   npx tsx scripts/compare-public-html.ts --before ../base-checkout [--after .]
 * Both checkouts must be built (`npm run build`). The `before` checkout's server first creates a PGlite
 * data directory with the demo content and stops; each server then runs on its own copy of it, with the
 * same secret and settings. Every address of the sitemap (both languages), the second page of each list,
 * a missing page in both languages, the feeds, robots.txt, the sitemap itself and every GET of the API
 * (lists and each record) are fetched from both. Bodies are compared after replacing the hashed names of
 * built assets and of the build, each server's own origin, nonces and the audition form's time stamp; differing ones are
 * shown with `diff -u` on the HTML cut at its tags. Exits 1 when anything differs (so a refactor that keeps pages can assert it), 0 otherwise.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/setup/free-port";

const args = process.argv.slice(2);
const option = (name: string, fallback?: string) => {
  const i = args.indexOf(name);
  const value = i === -1 ? fallback : args[i + 1];
  if (value === undefined) throw new Error(`usage: compare-public-html --before DIR [--after DIR] (missing ${name})`);
  return path.resolve(value);
};
const before = option("--before");
const after = option("--after", ".");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "we-compare-"));
const SECRET = "compare-public-html-session-secret-0123456789";

type Running = { origin: string; child: ChildProcess };

async function start(checkout: string, dataDir: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(path.join(checkout, "node_modules/.bin/node"), ["main.ts"], {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SESSION_SECRET: SECRET,
      SEED_DEMO_CONTENT: "true",
      PAGE_CACHE_WARM: "0",
      ADMIN_ID: "admin",
      ADMIN_PASSWORD: "compare-public-html-password",
      ADMIN_TOTP_SECRET: "",
      S3_BUCKET: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server of ${checkout} exited with ${child.exitCode}`);
    const ready = await fetch(`${origin}/robots.txt`).then((r) => r.ok, () => false);
    if (ready) return { origin, child };
    if (Date.now() > deadline) throw new Error(`the server of ${checkout} did not answer within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stop(server: Running): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

/** Every address worth comparing, read from the `before` server. */
async function addresses(origin: string): Promise<string[]> {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = new Set<string>(["/sitemap.xml", "/robots.txt", "/this-page-does-not-exist", "/en/this-page-does-not-exist"]);
  for (const match of sitemap.matchAll(/(?:<loc>|href=")(https?:\/\/[^<"]+)/g)) paths.add(new URL(match[1]!).pathname);
  for (const p of [...paths]) {
    if (/^(\/en)?\/(news|notice)$/.test(p)) paths.add(`${p}?page=2`);
    if (/^(\/en)?\/pr$/.test(p)) paths.add(`${p}?newsPage=2&noticePage=2`);
  }
  for (const kind of ["news", "notice"]) {
    paths.add(`/${kind}/rss.xml`);
    paths.add(`/en/${kind}/rss.xml`);
    const list = (await (await fetch(`${origin}/api/we/${kind}list`)).json()) as { postId: number }[];
    paths.add(`/api/we/${kind}list`);
    for (const post of list) paths.add(`/api/we/get${kind}/${post.postId}`);
  }
  const actors = (await (await fetch(`${origin}/api/we/actorList`)).json()) as { name: string }[];
  paths.add("/api/we/actorList");
  for (const actor of actors) paths.add(`/api/we/actorList/${encodeURIComponent(actor.name)}`);
  paths.add("/api/openapi.json");
  return [...paths].sort();
}

/** The body with what legitimately differs between two builds and two ports made equal. */
function normalized(body: string, origin: string): string {
  return body
    .replaceAll(origin, "ORIGIN")
    .replaceAll(encodeURIComponent(origin), "ORIGIN")
    .replace(/(\/assets\/[\w.-]+?)-[\w-]{8}(\.\w+)/g, "$1$2")
    .replace(/nonce="[^"]*"/g, 'nonce="NONCE"')
    // A hydrated page's route manifest names the build, which changes with any route module.
    .replace(/("version":\s*)"[\w-]+"/g, '$1"VERSION"')
    // The audition form's signed time stamp (its spam check) differs by the millisecond it was rendered.
    .replace(/name="startedAt" value="[^"]*"/g, 'name="startedAt" value="STAMP"')
    // ...and its copy in the audition widget's props (decision 038).
    .replace(/&quot;stamp&quot;:&quot;[^&]*&quot;/g, "&quot;stamp&quot;:&quot;STAMP&quot;")
    .replace(/>\s*</g, ">\n<");
}

const baseData = path.join(scratch, "seeded");
const seeding = await start(before, baseData);
await stop(seeding);
const copies = { before: path.join(scratch, "before"), after: path.join(scratch, "after") };
for (const dir of Object.values(copies)) fs.cpSync(baseData, dir, { recursive: true });

const servers = { before: await start(before, copies.before), after: await start(after, copies.after) };
let differing = 0;
try {
  const paths = await addresses(servers.before.origin);
  for (const p of paths) {
    const read = async (s: Running) => {
      const response = await fetch(`${s.origin}${p}`, { redirect: "manual" });
      return `${response.status} ${response.headers.get("content-type") ?? ""}\n${normalized(await response.text(), s.origin)}`;
    };
    const [a, b] = await Promise.all([read(servers.before), read(servers.after)]);
    if (a === b) continue;
    differing++;
    const name = p.replace(/[^\w가-힣.-]+/g, "_");
    const fileA = path.join(scratch, `before-${name}`);
    const fileB = path.join(scratch, `after-${name}`);
    fs.writeFileSync(fileA, a);
    fs.writeFileSync(fileB, b);
    const diff = spawnSync("diff", ["-u", "--label", `before ${p}`, "--label", `after ${p}`, fileA, fileB], { encoding: "utf8" });
    process.stdout.write(diff.stdout);
  }
  process.stdout.write(`\n${paths.length} addresses compared, ${differing} differ.\n`);
} finally {
  await Promise.all([stop(servers.before), stop(servers.after)]);
  fs.rmSync(scratch, { recursive: true, force: true });
}
process.exit(differing === 0 ? 0 : 1);
