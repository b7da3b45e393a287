import fs from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * `npm ci` on a clean clone refuses a lock file out of step with package.json. A dependency declared as
 * `latest`, `*` or a range is satisfied by the lock file only until the registry publishes a newer version;
 * then every clean install (and so CI) fails. Every dependency is therefore pinned to the exact version the
 * lock file holds (issue 37).
 */
type Section = "dependencies" | "devDependencies" | "optionalDependencies";
type Manifest = Partial<Record<Section, Record<string, string>>>;
type Lock = { packages: Record<string, Manifest & { version?: string }> };

const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as Manifest;
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as Lock;
const SECTIONS: Section[] = ["dependencies", "devDependencies", "optionalDependencies"];
const EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** Each declared dependency that is not an exact version, or not the version the lock file installs. */
function unpinned(pkg: Manifest, lockFile: Lock): string[] {
  const problems: string[] = [];
  const root = lockFile.packages[""] ?? {};
  for (const section of SECTIONS) {
    for (const [name, wanted] of Object.entries(pkg[section] ?? {})) {
      if (!EXACT.test(wanted)) {
        problems.push(`${section}.${name}: "${wanted}" is not an exact version`);
        continue;
      }
      if (root[section]?.[name] !== wanted) {
        problems.push(`${section}.${name}: the lock file's root declares "${root[section]?.[name]}", package.json "${wanted}"`);
      }
      const installed = lockFile.packages[`node_modules/${name}`]?.version;
      if (installed !== wanted) problems.push(`${section}.${name}: the lock file installs ${installed}, package.json pins ${wanted}`);
    }
  }
  return problems;
}

describe("dependency pins (issue 37)", () => {
  it("every dependency is an exact version, the one the lock file installs", () => {
    expect(unpinned(manifest, lock)).toEqual([]);
  });

  it("refuses latest, *, ranges and versions the lock file does not hold", () => {
    const lockFile: Lock = {
      packages: {
        "": { dependencies: { a: "latest", b: "*", c: "^1.0.0", d: "1.0.0", e: "2.0.0" } },
        "node_modules/a": { version: "1.0.0" },
        "node_modules/b": { version: "1.0.0" },
        "node_modules/c": { version: "1.0.0" },
        "node_modules/d": { version: "1.0.1" },
        "node_modules/e": { version: "2.0.0" },
      },
    };
    const pkg: Manifest = { dependencies: { a: "latest", b: "*", c: "^1.0.0", d: "1.0.0", e: "2.0.0", f: "24" } };
    const problems = unpinned(pkg, lockFile);
    expect(problems.map((p) => p.split(":")[0])).toEqual([
      "dependencies.a",
      "dependencies.b",
      "dependencies.c",
      "dependencies.d",
      "dependencies.f",
    ]);
    expect(problems.join("\n")).toContain("the lock file installs 1.0.1, package.json pins 1.0.0");
  });
});
