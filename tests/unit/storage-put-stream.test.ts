import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../../app/server/platform/storage.server";

describe("local storage: putStream", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "we-put-stream-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const filesIn = () => fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);

  it("stores what the stream yields, and only once it has ended", async () => {
    const storage = createLocalStorage(root);
    async function* chunks() {
      yield new Uint8Array([1, 2, 3]);
      yield new Uint8Array([4, 5]);
    }
    expect(await storage.putStream("a/ok.bin", chunks())).toBe(5);
    expect([...(await storage.get("a/ok.bin"))!]).toEqual([1, 2, 3, 4, 5]);
  });

  it("leaves nothing behind when the stream fails, even at once (before any byte)", async () => {
    const storage = createLocalStorage(root);
    const before = filesIn().length;
    for (let i = 0; i < 20; i++) {
      // Refuses before its first byte, as the video check does with a file that is no video.
      const failing = (async function* (refuse: boolean) {
        if (refuse) throw new Error("refused");
        yield new Uint8Array(1);
      })(true);
      await expect(storage.putStream(`b/refused-${i}.bin`, failing)).rejects.toThrow("refused");
    }
    expect(filesIn().length).toBe(before);
  });
});
