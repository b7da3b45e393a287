import fs from "node:fs";
import path from "node:path";

let entry: string | null | undefined;

/**
 * URL of the public pages' enhancement script (scripts/build-enhance.ts writes it into
 * build/enhance-manifest.json), or null when there is none (the Vite dev server, a build without it):
 * then every page is hydrated as before.
 */
export function enhanceScriptUrl(): string | null {
  if (import.meta.env.DEV) return null;
  if (entry !== undefined) return entry;
  try {
    const manifest = JSON.parse(fs.readFileSync(path.resolve("build", "enhance-manifest.json"), "utf8")) as { entry?: unknown };
    entry = typeof manifest.entry === "string" ? manifest.entry : null;
  } catch {
    entry = null;
  }
  return entry;
}
