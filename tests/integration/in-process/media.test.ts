import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "../../../drizzle/schema";
import { ImageRejectedError, getMediaByIds, storeImage } from "../../../app/server/media/media.server";
import { gifJsPolyglot, gifWithComment, pngBomb, pngWithHtmlTail } from "../../fixtures/hostile-images";
import { useTestDatabase } from "../../setup/test-database";

describe("storing images", () => {
  const database = useTestDatabase({ beforeAll, afterAll });

  const fileOf = (url: string) => path.join(database.storage.root, url.replace(/^\/media\//, ""));

  it("re-encodes a JPEG without its EXIF/GPS data and makes WebP variants", async () => {
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: "#c86" } })
      .withExif({ IFD0: { Make: "TestCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 31/1 0/1" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const stored = await storeImage(database.db, database.storage, photo);
    expect(stored.url).toMatch(/^\/media\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    expect(stored.mimeType).toBe("image/jpeg");
    const onDisk = fs.readFileSync(fileOf(stored.url));
    const meta = await sharp(onDisk).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(onDisk.includes(Buffer.from("TestCam"))).toBe(false);
    expect(stored.variants.map((v) => v.width)).toEqual([480, 960, 1600]);
    for (const v of stored.variants) {
      expect((await sharp(fs.readFileSync(fileOf(v.url))).metadata()).format).toBe("webp");
    }
    const loaded = await getMediaByIds(database.db, [stored.id]);
    expect(loaded.get(stored.id)?.variants.map((v) => v.url)).toEqual(stored.variants.map((v) => v.url));
  });

  it("applies the EXIF orientation before dropping it", async () => {
    const landscape = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#123" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const stored = await storeImage(database.db, database.storage, landscape);
    expect([stored.width, stored.height]).toEqual([200, 300]);
  });

  it("refuses SVG, HTML named like an image, and empty files, storing nothing", async () => {
    const before = (await database.db.select({ n: count() }).from(media))[0]!.n;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await expect(storeImage(database.db, database.storage, svg)).rejects.toMatchObject({ status: 415 });
    await expect(storeImage(database.db, database.storage, Buffer.from("<html><script>alert(1)</script></html>"))).rejects.toBeInstanceOf(
      ImageRejectedError,
    );
    await expect(storeImage(database.db, database.storage, new Uint8Array())).rejects.toBeInstanceOf(ImageRejectedError);
    expect((await database.db.select({ n: count() }).from(media))[0]!.n).toBe(before);
  });

  it("refuses decompression bombs by their declared size, before decoding", async () => {
    const bomb = pngBomb(30_000, 30_000);
    expect(bomb.byteLength).toBeLessThan(100_000);
    const error = await storeImage(database.db, database.storage, bomb).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect((error as ImageRejectedError).status).toBe(413);
    expect((error as ImageRejectedError).message).toContain("해상도");
  });
});

describe("hostile images", () => {
  const database = useTestDatabase({ beforeAll, afterAll });

  it("refuses GIF/JS polyglots and images with trailing payloads, storing nothing", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).png().toBuffer();
    for (const hostile of [gifJsPolyglot(), gifWithComment(), pngWithHtmlTail(png)]) {
      await expect(storeImage(database.db, database.storage, hostile)).rejects.toMatchObject({ status: 415 });
    }
    expect((await database.db.select({ n: count() }).from(media))[0]!.n).toBe(0);
    expect(fs.readdirSync(database.storage.root)).toEqual([]);
  });

  it("still accepts plain and animated GIFs and PNGs", async () => {
    const gif = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
    expect((await storeImage(database.db, database.storage, gif)).mimeType).toBe("image/gif");
    const animated = await sharp({ create: { width: 8, height: 8, channels: 4, background: "#f00" } })
      .gif()
      .toBuffer();
    expect((await storeImage(database.db, database.storage, animated)).mimeType).toBe("image/gif");
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0f0" } }).png().toBuffer();
    expect((await storeImage(database.db, database.storage, png)).mimeType).toBe("image/png");
  });
});
