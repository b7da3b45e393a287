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

describe("local storage: list", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "we-list-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("lists every stored object under a prefix with its size, and no temporary files", async () => {
    const storage = createLocalStorage(root);
    await storage.put("2026/11/a.jpg", new Uint8Array(3));
    await storage.put("2026/12/b.webp", new Uint8Array(5));
    await storage.put("share/c.jpg", new Uint8Array(7));
    fs.writeFileSync(path.join(root, "2026/11/a.jpg.123-1.tmp"), "partial");
    const all = [];
    for await (const object of storage.list()) all.push(object);
    expect(all.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: "2026/11/a.jpg", size: 3, modifiedAt: expect.any(Date) },
      { key: "2026/12/b.webp", size: 5, modifiedAt: expect.any(Date) },
      { key: "share/c.jpg", size: 7, modifiedAt: expect.any(Date) },
    ]);
    const shared = [];
    for await (const object of storage.list("share/")) shared.push(object.key);
    expect(shared).toEqual(["share/c.jpg"]);
    const missing = createLocalStorage(path.join(root, "nothing-here"));
    for await (const object of missing.list()) throw new Error(`unexpected ${object.key}`);
    for await (const write of missing.listUnfinished()) throw new Error(`unexpected ${write.name}`);
    expect(fs.existsSync(path.join(root, "nothing-here"))).toBe(false);

    // The temporary file a killed process left is a leftover for the orphan sweep, with its time.
    const unfinished = [];
    for await (const write of storage.listUnfinished()) unfinished.push(write);
    expect(unfinished).toEqual([{ name: "2026/11/a.jpg.123-1.tmp", size: 7, modifiedAt: expect.any(Date) }]);
    await storage.deleteUnfinished("2026/11/a.jpg.123-1.tmp");
    expect(fs.existsSync(path.join(root, "2026/11/a.jpg.123-1.tmp"))).toBe(false);
    expect(await storage.size("2026/11/a.jpg")).toBe(3);
  });
});
