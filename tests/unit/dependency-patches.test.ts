import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

type Encode = (data: unknown, signal: AbortSignal, timeout: number, mode: string) => ReadableStream<Uint8Array>;

const PATCHES_DIR = path.resolve("patches");

/** Each patch file (patch-package's `<name>+<version>.patch`, `+` for the scope's `/`) and what it adds to which file. */
function patches() {
  return fs
    .readdirSync(PATCHES_DIR)
    .filter((file) => file.endsWith(".patch"))
    .map((file) => {
      const [, name, version] = /^(.+)\+([^+]+)\.patch$/.exec(file)!;
      const text = fs.readFileSync(path.join(PATCHES_DIR, file), "utf8");
      const files = text.split(/^diff --git /m).slice(1).map((section) => ({
        file: /^\+\+\+ b\/(.+)$/m.exec(section)![1]!,
        added: section
          .split("\n")
          .filter((line) => line.startsWith("+") && !line.startsWith("+++"))
          .map((line) => line.slice(1))
          .filter((line) => line.trim() !== ""),
      }));
      return { file, packageName: name!.replace(/\+/g, "/"), version: version!, files };
    });
}

describe("dependency patches (patches/, patch-package on postinstall; decision 030)", () => {
  it("each is made for the version installed, and applied: every line it adds is in the installed file", () => {
    const all = patches();
    expect(all.map((p) => p.file)).toContain("react-router+8.4.0.patch");
    for (const patch of all) {
      const installed = JSON.parse(fs.readFileSync(path.resolve("node_modules", patch.packageName, "package.json"), "utf8")) as { version: string };
      expect(installed.version, `${patch.file} is for ${patch.packageName} ${patch.version}: make it again or delete it`).toBe(patch.version);
      expect(patch.files.length).toBeGreaterThan(0);
      for (const { file, added } of patch.files) {
        const text = fs.readFileSync(path.resolve(file), "utf8");
        expect(added.filter((line) => !text.includes(line)), `${file} is not patched (npm install, or npx patch-package)`).toEqual([]);
      }
    }
  });

  it("React Router's single-fetch.js (production and development builds) carries the lazy encoding's marker", () => {
    for (const build of ["production", "development"]) {
      const file = path.resolve(`node_modules/react-router/dist/${build}/lib/server-runtime/single-fetch.js`);
      expect(fs.readFileSync(file, "utf8"), file).toContain("/* we-entertainment: lazy turbo-stream */");
    }
  });

  it("React Router encodes a document's loader data only when the stream is read, and then completely", async () => {
    const file = path.resolve("node_modules/react-router/dist/production/lib/server-runtime/single-fetch.js");
    const { encodeViaTurboStream } = (await import(pathToFileURL(file).href)) as { encodeViaTurboStream: Encode };
    let reads = 0;
    const data = {
      get root() {
        reads++;
        return { title: "WE ENTERTAINMENT", artists: ["한서윤", "윤도겸"] };
      },
    };
    const stream = encodeViaTurboStream({ loaderData: data }, new AbortController().signal, 5000, "production");
    // Nothing is encoded for a document that never reads it (a visitor's page without hydration).
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(0);
    // A hydrated document reads it: everything is there.
    const text = await new Response(stream).text();
    expect(reads).toBe(1);
    expect(text).toContain("한서윤");
    expect(text).toContain("WE ENTERTAINMENT");
  });
});
