import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { patchStatus } from "../../scripts/patch-dependencies";

type Encode = (data: unknown, signal: AbortSignal, timeout: number, mode: string) => ReadableStream<Uint8Array>;

describe("dependency patches (scripts/patch-dependencies.ts, decision 030)", () => {
  it("are applied to the installed packages", () => {
    const status = patchStatus();
    expect(status.length).toBeGreaterThan(0);
    expect(status.filter((s) => !s.applied).map((s) => s.file)).toEqual([]);
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
