import sharp from "sharp";
import { gifJsPolyglot, pngBomb } from "../../fixtures/hostile-images";
import { expect, test } from "../fixtures";
import { adminApi, portraitJpeg, storedMediaFiles } from "./admin-helpers";

// The first story counts the media directory's files: the second one's upload may not land meanwhile
// (and the project runs after every other admin story, playwright.config.ts).
test.describe.configure({ mode: "serial" });

test("hostile uploads are refused with 4xx and a Korean message, and nothing is stored", async ({ baseURL }) => {
  const api = await adminApi(baseURL!);
  const headers = { Origin: baseURL! };
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } }).png().toBuffer();
  const hostile = [
    { name: "SVG with a script", file: { name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>') }, status: 415 },
    { name: "HTML named .png", file: { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><script>alert(1)</script>") }, status: 415 },
    { name: "GIF/JS polyglot", file: { name: "anim.gif", mimeType: "image/gif", buffer: gifJsPolyglot() }, status: 415 },
    { name: "PNG with an HTML tail", file: { name: "tail.png", mimeType: "image/png", buffer: Buffer.concat([png, Buffer.from("<script>alert(1)</script>")]) }, status: 415 },
    { name: "30000×30000 PNG", file: { name: "bomb.png", mimeType: "image/png", buffer: pngBomb(30_000, 30_000) }, status: 413 },
    { name: "30 MB file", file: { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(30 * 1024 * 1024, 0xff) }, status: 413 },
  ];
  const before = storedMediaFiles().length;
  for (const h of hostile) {
    const response = await api.post("/api/img", { headers, multipart: { image: h.file } });
    expect(response.status(), h.name).toBe(h.status);
    const body = await response.json();
    expect(body.error.message, h.name).toMatch(/[가-힣]/);
    expect(JSON.stringify(body), h.name).not.toMatch(/at .+\.(ts|js):\d+/);
  }
  // Not multipart at all.
  const json = await api.post("/api/img", { headers, data: { image: "data:image/png;base64,AAAA" } });
  expect(json.status()).toBe(415);
  expect(storedMediaFiles().length).toBe(before);
  await api.dispose();
});

test("an uploaded photo is stored without its EXIF/GPS data, served as an image with nosniff and long caching", async ({ baseURL, request }) => {
  const api = await adminApi(baseURL!);
  const photo = await portraitJpeg("#a86", { gps: true, width: 1200, height: 1600 });
  expect((await sharp(photo).metadata()).exif).toBeDefined();
  const response = await api.post("/api/img", { headers: { Origin: baseURL! }, multipart: { image: { name: "../../etc/passwd.jpg", mimeType: "image/jpeg", buffer: photo } } });
  expect(response.status()).toBe(200);
  const { url, variants } = await response.json();
  expect(url).toMatch(/^\/media\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
  expect(variants.map((v: { width: number }) => v.width)).toEqual([480, 960]);

  const served = await request.get(url);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(served.headers()["cache-control"]).toContain("immutable");
  const bytes = await served.body();
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(bytes.includes(Buffer.from("E2ECam"))).toBe(false);
  expect([meta.width, meta.height]).toEqual([1200, 1600]);
  const variant = await request.get(variants[0].url);
  expect(variant.headers()["content-type"]).toBe("image/webp");
  await api.dispose();
});
