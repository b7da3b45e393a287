import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer, type UsedAppServer } from "../../setup/app-server";
import { startS3Server, type TestS3Server } from "../../setup/s3-server";
import { testEngine } from "../../setup/test-database";
import { applicationForm, TEST_SESSION_SECRET } from "../../fixtures/audition-form";
import { call, getPage, uploadImage } from "../../setup/site-requests";

/** Where the pages send browsers for images when MEDIA_PUBLIC_URL is set (never fetched by the test). */
const CDN = "https://cdn.we-test.example/media";

/**
 * A browser's revalidation: a GET with If-None-Match. Not fetch(), which adds `Cache-Control: no-cache`
 * to conditional requests (as the Fetch standard says), and express.static answers those in full.
 */
function revalidate(url: string, etag: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "If-None-Match": etag } }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      })
      .on("error", reject);
  });
}

/**
 * /media/* as the local folder's express.static answers it, and as the object store's handler must
 * answer it too: type, caching, nosniff, sandbox, ETag and 304, one byte range, HEAD, a Korean 404.
 */
async function expectMediaServing(server: Pick<UsedAppServer, "baseURL">, url: string, stored: Buffer) {
  const response = await fetch(server.baseURL + url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/jpeg");
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  expect(response.headers.get("accept-ranges")).toBe("bytes");
  expect(Number(response.headers.get("content-length"))).toBe(stored.byteLength);
  expect(Buffer.from(await response.arrayBuffer()).equals(stored)).toBe(true);

  const etag = response.headers.get("etag")!;
  expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
  expect(await revalidate(server.baseURL + url, etag)).toEqual({ status: 304, body: "" });
  expect(await revalidate(server.baseURL + url, '"another"')).toMatchObject({ status: 200 });

  const partial = await fetch(server.baseURL + url, { headers: { Range: "bytes=2-11" } });
  expect(partial.status).toBe(206);
  expect(partial.headers.get("content-range")).toBe(`bytes 2-11/${stored.byteLength}`);
  expect(Buffer.from(await partial.arrayBuffer()).equals(stored.subarray(2, 12))).toBe(true);
  const beyond = await fetch(server.baseURL + url, { headers: { Range: `bytes=${stored.byteLength + 10}-` } });
  expect(beyond.status).toBe(416);
  expect(beyond.headers.get("content-range")).toBe(`bytes */${stored.byteLength}`);

  const head = await fetch(server.baseURL + url, { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(head.headers.get("content-length")).toBe(String(stored.byteLength));
  expect(head.headers.get("content-type")).toBe("image/jpeg");

  const missing = await fetch(server.baseURL + url.replace(/[0-9a-f]{32}/, "0".repeat(32)));
  expect(missing.status).toBe(404);
  expect(await missing.text()).toBe("파일을 찾을 수 없습니다.");
  for (const probe of ["/media/../../main.ts", "/media/%2e%2e/%2e%2e/package.json", "/media/..%2f..%2fpackage.json", "/media/.hidden/x.jpg"]) {
    const refused = await fetch(server.baseURL + probe);
    expect(refused.status, probe).toBeGreaterThanOrEqual(400);
    expect(refused.status, probe).toBeLessThan(500);
  }
}

/** Uploads an image as the administrator; its /media URL. */
async function uploaded(server: UsedAppServer, color: string): Promise<string> {
  const result = await uploadImage(server, server.cookie, color);
  expect(result.status).toBe(200);
  return (result.body as { url: string }).url;
}

describe(`media on the local disk (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });

  it("/media serves an upload with the headers the object store's handler copies", async () => {
    const url = await uploaded(server, "#335577");
    await expectMediaServing(server, url, fs.readFileSync(path.join(server.dataDir, url)));
  });
});

describe(`media and private files in an S3 bucket (${testEngine()})`, () => {
  let s3: TestS3Server;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startS3Server();
    client = s3.client();
  });
  // Registered after the bucket's hooks: the server starts after the bucket and stops before it.
  const server = useAppServer({ beforeAll, afterAll }, () => ({ signIn: true, env: { ...s3.env, SESSION_SECRET: TEST_SESSION_SECRET, MEDIA_PUBLIC_URL: CDN } }));
  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
  });

  const bucketKeys = async (prefix: string) =>
    ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);
  const bucketObject = async (key: string) =>
    Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))).Body!.transformToByteArray());

  it("an upload and its variants go to the bucket under media/, none to the disk; /media on the app serves them as from the disk", async () => {
    const url = await uploaded(server, "#446688");
    const key = url.slice("/media/".length);
    const keys = await bucketKeys("media/");
    expect(keys).toContain(`media/${key}`);
    // The WebP variants beside the original (600 px wide: the 480 px one).
    expect(keys).toContain(`media/${key.replace(/\.jpg$/, "-480.webp")}`);
    expect(fs.existsSync(path.join(server.dataDir, "media"))).toBe(false);
    await expectMediaServing(server, url, await bucketObject(`media/${key}`));
  });

  it("an applicant's photos and video go to private/ in the bucket: the administrator gets them, /media and anyone else do not", async () => {
    const before = new Set(await bucketKeys(""));
    const applied = await fetch(`${server.baseURL}/audition/apply`, {
      method: "POST",
      body: await applicationForm(),
      redirect: "manual",
      headers: { Origin: server.baseURL, "X-Forwarded-For": "198.51.100.20" },
    });
    expect(applied.status).toBe(302);
    const added = (await bucketKeys("")).filter((key) => !before.has(key));
    // Two photos (a JPEG and a WebP preview each) and the video, all private.
    expect(added).toHaveLength(5);
    for (const key of added) expect(key).toMatch(/^private\/auditions\//);
    expect(fs.existsSync(path.join(server.dataDir, "private"))).toBe(false);

    for (const key of added) {
      const privateKey = key.slice("private/".length);
      for (const url of [`/media/${privateKey}`, `/media/../private/${privateKey}`, `/media/%2e%2e/private/${privateKey}`, `/media/..%2fprivate%2f${privateKey.replaceAll("/", "%2f")}`]) {
        const response = await fetch(server.baseURL + url);
        expect(response.status, url).toBe(404);
        expect(response.headers.get("content-type") ?? "", url).not.toMatch(/^(image|video)\//);
      }
    }

    // The administrator's links to the files, from the application's page.
    const list = (await getPage(server, "/admin/auditions", server.cookie)).html;
    const detailPath = /href="(\/admin\/auditions\/\d+)"/.exec(list)![1]!;
    const detail = (await getPage(server, detailPath, server.cookie)).html;
    const videoPath = /<video [^>]*src="(\/admin\/auditions\/\d+\/files\/[0-9a-f]{32})"/.exec(detail)![1]!;
    const video = await fetch(server.baseURL + videoPath, { headers: { Cookie: server.cookie } });
    expect(video.status).toBe(200);
    expect(video.headers.get("cache-control")).toBe("private, no-store");
    const videoBytes = Buffer.from(await video.arrayBuffer());
    const videoKey = added.find((key) => !/\.(jpg|webp)$/.test(key))!;
    expect(videoBytes.equals(await bucketObject(videoKey))).toBe(true);
    const seek = await fetch(server.baseURL + videoPath, { headers: { Cookie: server.cookie, Range: "bytes=100-199" } });
    expect(seek.status).toBe(206);
    expect(Buffer.from(await seek.arrayBuffer()).equals(videoBytes.subarray(100, 200))).toBe(true);
    expect((await fetch(server.baseURL + videoPath)).status).toBe(401);
  });

  it("with MEDIA_PUBLIC_URL, public pages and their navigation data point images at it; stored content, the API and admin pages keep /media", async () => {
    const image = await uploaded(server, "#884466");
    const key = image.slice("/media/".length);
    const variant = key.replace(/\.jpg$/, "-480.webp");
    const written = await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "CDN 이미지 소식", content: `<p>사진</p><p><img src="${image}"></p>` }, cookie: server.cookie });
    expect(written.status).toBe(201);
    const postId = (written.body as { postId: number }).postId;
    expect((await call(server, { method: "POST", path: "/api/we/addactor", body: { name: "씨디엔배우", imgList: [image] }, cookie: server.cookie })).status).toBe(201);

    const pages = [`/newsDetail/${postId}`, "/news", `/artist/${encodeURIComponent("씨디엔배우")}`, "/artist"];
    for (const page of pages) {
      // The second request is the page cache's copy: rewritten the same, with its own policy.
      for (const attempt of ["first", "cached"]) {
        const response = await fetch(server.baseURL + page);
        const html = await response.text();
        expect(response.status, page).toBe(200);
        expect(html, `${page} ${attempt}`).toContain(`${CDN}/${variant}`);
        // Every mention of the image (markup and hydration data alike) is at the CDN.
        expect(html.split(key.replace(/\.jpg$/, "")).length, `${page} ${attempt}`).toBe(html.split(`${CDN}/${key.replace(/\.jpg$/, "")}`).length);
        expect(response.headers.get("content-security-policy"), page).toContain(`img-src 'self' data: blob: ${CDN}/`);
      }
    }
    // A client-side navigation's data says the same as the document.
    const data = await (await fetch(`${server.baseURL}/newsDetail/${postId}.data`)).text();
    expect(data).toContain(`${CDN}/${variant}`);
    expect(data.split(key.replace(/\.jpg$/, "")).length).toBe(data.split(`${CDN}/${key.replace(/\.jpg$/, "")}`).length);

    // What is stored, and what the API and the editor hand back to be saved again, is unchanged.
    const api = JSON.stringify((await call(server, { method: "GET", path: `/api/we/getnews/${postId}` })).body);
    expect(api).toContain(image);
    expect(api).not.toContain(CDN);
    const editor = (await getPage(server, `/adminNewsWrite/${postId}`, server.cookie)).html;
    expect(editor).toContain(image);
    expect(editor).not.toContain(CDN);
    // Old links to /media on the site still work.
    expect((await fetch(server.baseURL + image)).status).toBe(200);
  });
});
