/**
 * Runs after `npm install` / `npm ci` (package.json "postinstall"): small, exact changes to installed
 * dependencies, each with the reason and the measurement behind it (decision 030). Idempotent; fails the
 * install with a clear message when a dependency no longer has the text a patch expects (after an
 * upgrade: check whether the patch is still needed, then update or remove it here).
 *
 *   node scripts/patch-dependencies.ts          apply (postinstall)
 *   node scripts/patch-dependencies.ts --check  exit 1 unless every patch is applied
 */
import fs from "node:fs";
import path from "node:path";

interface Patch {
  why: string;
  package: string;
  version: string;
  files: string[];
  /** Present once the patch is applied. */
  marker: string;
  find: string;
  replace: string;
}

export const PATCHES: Patch[] = [
  {
    why:
      "React Router encodes every document's loader data with turbo-stream (for hydration) before the document is rendered, " +
      "even when the document has no <Scripts/> and nothing reads it (a visitor's page, decision 027). Made lazy: the " +
      "encoding (and its 5 s timer and abort listener) starts when the stream is first read, which a hydrated document " +
      "and a .data answer do at once. Uncached /artist went from ~390 to ~550 req/s (docs/benchmarks.md).",
    package: "react-router",
    version: "8.4.0",
    files: ["dist/production/lib/server-runtime/single-fetch.js", "dist/development/lib/server-runtime/single-fetch.js"],
    marker: "/* we-entertainment: lazy turbo-stream */",
    find: "function encodeViaTurboStream(data, requestSignal, streamTimeout, serverMode) {\n",
    replace: [
      "/* we-entertainment: lazy turbo-stream */",
      "function encodeViaTurboStream(data, requestSignal, streamTimeout, serverMode) {",
      "\tlet reader;",
      "\treturn new ReadableStream({",
      "\t\tasync pull(controller) {",
      "\t\t\treader ??= encodeViaTurboStreamNow(data, requestSignal, streamTimeout, serverMode).getReader();",
      "\t\t\tconst next = await reader.read();",
      "\t\t\tif (next.done) controller.close();",
      "\t\t\telse controller.enqueue(next.value);",
      "\t\t},",
      "\t\tcancel(reason) {",
      "\t\t\treturn reader?.cancel(reason);",
      "\t\t}",
      "\t}, { highWaterMark: 0 });",
      "}",
      "function encodeViaTurboStreamNow(data, requestSignal, streamTimeout, serverMode) {",
      "",
    ].join("\n"),
  },
];

const root = path.resolve(import.meta.dirname, "..");

/** Each patch's files and whether they are patched; throws when a file has neither the marker nor the text to replace. */
export function patchStatus(nodeModules = path.join(root, "node_modules")): { file: string; applied: boolean; patch: Patch }[] {
  const status = [];
  for (const patch of PATCHES) {
    const dir = path.join(nodeModules, patch.package);
    const version = (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
    if (version !== patch.version) {
      throw new Error(`${patch.package} is ${version}, scripts/patch-dependencies.ts expects ${patch.version}: check whether its patch is still needed, then update or remove it.`);
    }
    for (const file of patch.files) {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      const applied = text.includes(patch.marker);
      if (!applied && text.split(patch.find).length !== 2) {
        throw new Error(`${patch.package}/${file} no longer has the text scripts/patch-dependencies.ts replaces: update or remove the patch.`);
      }
      status.push({ file: path.join(dir, file), applied, patch });
    }
  }
  return status;
}

if (import.meta.main) {
  try {
    const status = patchStatus();
    if (process.argv.includes("--check")) {
      const missing = status.filter((s) => !s.applied);
      for (const s of missing) process.stderr.write(`not patched: ${s.file} (run npm install, or node scripts/patch-dependencies.ts)\n`);
      process.exit(missing.length ? 1 : 0);
    }
    for (const s of status) {
      if (s.applied) continue;
      fs.writeFileSync(s.file, fs.readFileSync(s.file, "utf8").replace(s.patch.find, s.patch.replace));
      process.stdout.write(`patched ${path.relative(root, s.file)}\n`);
    }
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}
