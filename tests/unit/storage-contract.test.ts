import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage, createS3Storages, S3_PREFIXES } from "../../app/server/platform/s3-storage.server";
import { createLocalStorage, type MediaStorage, type StoredObject, type UnfinishedWrite } from "../../app/server/platform/storage.server";
import { readApplicationForm, storeApplicationForm } from "../../app/server/site/application-form.server";
import { startS3Server, type TestS3Server } from "../setup/s3-server";

/**
 * One contract, two storages: the local folder and the object store (a real S3 server on loopback).
 * Whatever the app does with one it can do with the other.
 */

let s3: TestS3Server;
const roots: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});


const kinds: [string, () => MediaStorage][] = [
  [
    "local",
    () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "we-contract-"));
      roots.push(root);
      return createLocalStorage(root);
    },
  ],
  // A page of two keys: listings of more than two objects need the continuation tokens.
  ["s3", () => createS3Storage({ client: s3.client(), bucket: s3.bucket, prefix: "contract/", listPageSize: 2 })],
];

const bytes = (...values: number[]) => new Uint8Array(values);
const text = async (stream: ReadableStream<Uint8Array> | null) => (stream ? Buffer.from(await new Response(stream).arrayBuffer()).toString("latin1") : null);
const listed = async (storage: MediaStorage, prefix?: string) => {
  const all: StoredObject[] = [];
  for await (const object of storage.list(prefix)) all.push(object);
  return all.sort((a, b) => a.key.localeCompare(b.key));
};
async function* chunksOf(...parts: (Uint8Array | Error)[]) {
  for (const part of parts) {
    if (part instanceof Error) throw part;
    yield part;
  }
}

describe.each(kinds)("storage contract: %s", (_kind, make) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = make();
  });

  it("puts, gets and sizes objects; a missing one is null", async () => {
    await storage.put("2026/11/a.jpg", bytes(1, 2, 3));
    expect([...(await storage.get("2026/11/a.jpg"))!]).toEqual([1, 2, 3]);
    expect(await storage.size("2026/11/a.jpg")).toBe(3);
    await storage.put("2026/11/a.jpg", bytes(9, 8));
    expect([...(await storage.get("2026/11/a.jpg"))!]).toEqual([9, 8]);
    expect(await storage.get("2026/11/missing.jpg")).toBeNull();
    expect(await storage.size("2026/11/missing.jpg")).toBeNull();
    expect(await storage.stream("2026/11/missing.jpg")).toBeNull();
    await storage.put("empty.bin", bytes());
    expect(await storage.size("empty.bin")).toBe(0);
    expect((await storage.get("empty.bin"))!.byteLength).toBe(0);
  });

  it("streams an object whole or one byte range of it", async () => {
    await storage.put("ranges/abc.bin", new TextEncoder().encode("abcdefghij"));
    expect(await text(await storage.stream("ranges/abc.bin"))).toBe("abcdefghij");
    expect(await text(await storage.stream("ranges/abc.bin", { start: 2, end: 5 }))).toBe("cdef");
    expect(await text(await storage.stream("ranges/abc.bin", { start: 0, end: 1 }))).toBe("ab");
    expect(await text(await storage.stream("ranges/abc.bin", { start: 9, end: 9 }))).toBe("j");
  });

  it("lists every object under a prefix with its size, over several pages", async () => {
    for (let i = 0; i < 5; i++) await storage.put(`listed/2026/0${i}/x.webp`, new Uint8Array(i + 1));
    await storage.put("other/y.webp", bytes(1));
    expect((await listed(storage, "listed/")).map(({ key, size }) => ({ key, size }))).toEqual([0, 1, 2, 3, 4].map((i) => ({ key: `listed/2026/0${i}/x.webp`, size: i + 1 })));
    expect(await listed(storage, "nothing-here/")).toEqual([]);
    expect((await listed(storage)).map((o) => o.key)).toEqual(expect.arrayContaining(["listed/2026/00/x.webp", "other/y.webp", "2026/11/a.jpg"]));
  });

  it("lists when each object was stored, by the storage's clock", async () => {
    const before = Date.now();
    await storage.put("timed/a.jpg", bytes(1));
    const after = Date.now();
    const [object] = await listed(storage, "timed/");
    expect(object!.modifiedAt).toBeInstanceOf(Date);
    // S3 keeps whole seconds; a file system stamps with the kernel's coarse clock, which may trail
    // Date.now() by a tick (a few milliseconds).
    const tick = 20;
    expect(object!.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor((before - tick) / 1000) * 1000);
    expect(object!.modifiedAt.getTime()).toBeLessThanOrEqual(after + tick);
  });

  it("deletes, and deleting what is not there succeeds", async () => {
    await storage.put("gone/x.jpg", bytes(1));
    await storage.delete("gone/x.jpg");
    expect(await storage.get("gone/x.jpg")).toBeNull();
    await storage.delete("gone/x.jpg");
    expect(await listed(storage, "gone/")).toEqual([]);
  });

  it("stores a stream as it arrives, in several parts when it is long, and says how many bytes it wrote", async () => {
    expect(await storage.putStream("streamed/small.bin", chunksOf(bytes(1, 2, 3), bytes(4, 5)))).toBe(5);
    expect([...(await storage.get("streamed/small.bin"))!]).toEqual([1, 2, 3, 4, 5]);
    expect(await storage.putStream("streamed/empty.bin", chunksOf())).toBe(0);
    expect(await storage.size("streamed/empty.bin")).toBe(0);
    // Longer than one part of a multipart upload (8 MiB).
    const mebibyte = Buffer.alloc(1024 * 1024);
    const parts = Array.from({ length: 9 }, (_, i) => new Uint8Array(mebibyte.fill(i + 1)));
    const expected = createHash("sha256");
    for (const part of parts) expected.update(part);
    expect(await storage.putStream("streamed/long.mp4", chunksOf(...parts))).toBe(9 * 1024 * 1024);
    expect(createHash("sha256").update((await storage.get("streamed/long.mp4"))!).digest("hex")).toBe(expected.digest("hex"));
  });

  it("leaves nothing behind when the stream fails: at once, midway, or after a whole part", async () => {
    const refused = new Error("refused");
    const longPart = new Uint8Array(9 * 1024 * 1024);
    const failing: [string, () => AsyncGenerator<Uint8Array>][] = [
      ["at-once", () => chunksOf(refused)],
      ["midway", () => chunksOf(bytes(1, 2, 3), refused)],
      ["after-a-part", () => chunksOf(longPart, bytes(1), refused)],
    ];
    for (const [name, source] of failing) {
      await expect(storage.putStream(`failed/${name}.mp4`, source())).rejects.toThrow("refused");
      expect(await storage.size(`failed/${name}.mp4`), name).toBeNull();
    }
    expect(await listed(storage, "failed/")).toEqual([]);
  });

  it("shows a write under way as unfinished (a local temporary file, never an object), and removes only such leftovers", async () => {
    const unfinished = async () => {
      const all: UnfinishedWrite[] = [];
      for await (const write of storage.listUnfinished()) all.push(write);
      return all;
    };
    let refuse!: (error: Error) => void;
    const held = new Promise<never>((_, reject) => (refuse = reject));
    held.catch(() => undefined);
    const writing = storage.putStream("unfinished/clip.video", (async function* () {
      yield bytes(1, 2, 3);
      await held;
    })());
    writing.catch(() => undefined);
    if (storage.localRoot) {
      await expect.poll(async () => (await unfinished()).map((w) => w.name), { timeout: 5_000, interval: 20 }).toEqual([expect.stringMatching(/^unfinished\/clip\.video\.\d+-\d+\.tmp$/)]);
      // Its time moves with each write: a write under way always looks young.
      expect(Date.now() - (await unfinished())[0]!.modifiedAt.getTime()).toBeLessThan(60_000);
    } else {
      // An object store shows nothing of an upload until it is complete.
      expect(await unfinished()).toEqual([]);
    }
    expect(await listed(storage, "unfinished/")).toEqual([]);
    refuse(new Error("refused"));
    await expect(writing).rejects.toThrow("refused");
    expect(await unfinished()).toEqual([]);
    // Nothing but a leftover is removed this way.
    await storage.put("2026/11/kept.jpg", bytes(1));
    await expect(storage.deleteUnfinished("2026/11/kept.jpg")).rejects.toThrow();
    expect(await storage.size("2026/11/kept.jpg")).toBe(1);
  });

  it("holds the audition application form file, read back through the storage", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.7 application form");
    const form = await storeApplicationForm(storage, "pdf", pdf);
    expect(Buffer.from((await readApplicationForm(storage, form))!).toString()).toBe("%PDF-1.7 application form");
    expect(await readApplicationForm(storage, { ...form, key: "files/00000000000000000000000000000000.pdf" })).toBeNull();
    // Only a form's own key is read, whatever the settings say.
    await storage.put("2026/11/a.jpg", pdf);
    expect(await readApplicationForm(storage, { ...form, key: "2026/11/a.jpg" })).toBeNull();
  });

  it("refuses keys that could leave its folder or prefix", async () => {
    for (const key of ["../outside.jpg", "a/../../b.jpg", "/absolute.jpg", "a//b.jpg", "a\\b.jpg", "./a.jpg", "a\u0000.jpg", "a\n.jpg", ""]) {
      await expect(storage.put(key, bytes(1)), key).rejects.toThrow("Invalid storage key");
      await expect(storage.get(key), key).rejects.toThrow("Invalid storage key");
    }
  });
});

describe("S3 storages of one bucket", () => {
  it("keep the public media and the private files apart, under media/ and private/, with the media's type and caching", async () => {
    const client = s3.client();
    const { storage, privateStorage } = createS3Storages(s3.settings(), client);
    await storage.put("2026/11/0123456789abcdef0123456789abcdef.webp", bytes(1, 2));
    await privateStorage.put("auditions/2026/secret.jpg", bytes(3));
    expect((await listed(storage)).map((o) => o.key)).not.toContain("auditions/2026/secret.jpg");
    expect(await storage.get("auditions/2026/secret.jpg")).toBeNull();
    expect((await listed(privateStorage)).map((o) => o.key)).toEqual(["auditions/2026/secret.jpg"]);
    const keys = (await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: "" }))).Contents!.map((o) => o.Key);
    expect(keys).toEqual(expect.arrayContaining([`${S3_PREFIXES.media}2026/11/0123456789abcdef0123456789abcdef.webp`, `${S3_PREFIXES.private}auditions/2026/secret.jpg`]));
    // A CDN or public bucket serving media/ directly sends what the app's /media sends.
    const head = await fetch(`${s3.endpoint}/${s3.bucket}/media/2026/11/0123456789abcdef0123456789abcdef.webp`, { method: "HEAD" });
    expect(head.headers.get("content-type")).toBe("image/webp");
    expect(head.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
