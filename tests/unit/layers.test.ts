import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { EXCEPTIONS, LAYERS, layerOf } from "../../eslint/layers.js";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file at `file` (which need not exist) and returns the layer rule's messages. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === "layers/no-upward-import").map((m) => m.message);
}

// ESLint with typescript-eslint takes seconds to start on a busy machine: the first case pays for it.
describe("the layers hold by themselves (eslint/layers.js, decision 060)", { timeout: 30_000 }, () => {
  it("npm run lint fails on an import that runs up", async () => {
    const errors = await layerErrors("app/server/platform/fixture.server.ts", `import { requireStaff } from "../route-kit/access-gate.server";\nexport const x = requireStaff;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("platform is below route kit");
  });

  it("and on a sideways import against the concepts' order (one way only, so no two folders import each other)", async () => {
    expect(await layerErrors("app/server/media/fixture.server.ts", `import { savePost } from "../posts/post-use-cases.server";\nexport const x = savePost;\n`)).toHaveLength(1);
    expect(await layerErrors("app/server/posts/fixture.server.ts", `import { MAX_UPLOAD_BYTES } from "../media/media.server";\nexport const x = MAX_UPLOAD_BYTES;\n`)).toHaveLength(0);
  });

  it("on a dynamic import and a re-export too, and from a route's server half into the pipeline", async () => {
    expect(await layerErrors("app/server/site/fixture.server.ts", `export const load = () => import("../jobs/scheduler.server");\n`)).toHaveLength(1);
    expect(await layerErrors("app/server/history/fixture.server.ts", `export { listArtists } from "../artists/artist-queries.server";\n`)).toHaveLength(1);
    expect(await layerErrors("app/routes/fixture.server.ts", `import { renderResponse } from "../server/pipeline/render.server";\nexport const x = renderResponse;\n`)).toHaveLength(1);
  });

  it("lets an import run down, and a listed exception through only as a type", async () => {
    expect(await layerErrors("app/routes/fixture.server.ts", `import { requireStaff } from "../server/route-kit/access-gate.server";\nexport const x = requireStaff;\n`)).toHaveLength(0);
    expect(await layerErrors("app/server/route-kit/fixture.server.ts", `import type { Runtime } from "../composition/runtime.server";\nexport type X = Runtime;\n`)).toHaveLength(0);
    expect(await layerErrors("app/server/route-kit/fixture.server.ts", `import { startRuntime } from "../composition/runtime.server";\nexport const x = startRuntime;\n`)).toHaveLength(1);
  });

  it("every folder under app/ is in a layer, and every exception has its reason", () => {
    const folders = ["app", "app/server"].flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory() && !d.name.startsWith("+") && d.name !== "server")
        .map((d) => `${dir}/${d.name}`),
    );
    expect(folders.length).toBeGreaterThan(20);
    for (const folder of folders) expect(layerOf(`${folder}/x`), folder).toBeGreaterThanOrEqual(0);
    expect(new Set(LAYERS.map((l) => l.name)).size).toBe(LAYERS.length);
    for (const exception of EXCEPTIONS) expect(exception.reason.length).toBeGreaterThan(20);
  });
});
