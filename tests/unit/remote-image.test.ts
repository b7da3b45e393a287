import dns from "node:dns";
import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import https from "node:https";
import { type AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_REMOTE_IMAGE_POLICY,
  RemoteImageError,
  externalImageUrls,
  fetchRemoteImage,
  type RemoteImageFailure,
} from "../../app/server/media/remote-image.server";
import { isPublicAddress } from "../../app/server/platform/guarded-fetch.server";

// "The other site" is a local server; loopback is only reachable with allowPrivateHosts (or a trusted test origin).
const LOCAL = { allowPrivateHosts: true } as const;
const SMALL_LIMIT = 2048;

let jpeg: Buffer;
let site: Server;
let internal: Server;
let siteUrl: string;
let internalUrl: string;
let siteConnections = 0;
let internalConnections = 0;
let lastHeaders: IncomingMessage["headers"] = {};
/** Called with the request when one arrives for the path (one-shot). */
const onRequest = new Map<string, (req: IncomingMessage) => void>();

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? "/";
  onRequest.get(path)?.(req);
  onRequest.delete(path);
  const hop = /^\/hop\/(\d+)$/.exec(path);
  if (hop) {
    const left = Number(hop[1]);
    if (left === 0) return void res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
    // Every redirect status the fetcher must follow, in turn.
    const status = [301, 302, 303, 307, 308][left % 5]!;
    return void res.writeHead(status, { location: `/hop/${left - 1}` }).end();
  }
  switch (path) {
    case "/img.jpg":
      lastHeaders = req.headers;
      return void res.writeHead(200, { "content-type": "image/jpeg", "content-length": jpeg.byteLength }).end(jpeg);
    case "/untyped":
      return void res.writeHead(200).end(jpeg);
    case "/octet":
      return void res.writeHead(200, { "content-type": "application/octet-stream" }).end(jpeg);
    case "/missing":
      return void res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
    case "/broken":
      return void res.writeHead(503).end();
    case "/page.html":
      return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><p>hello</p>");
    case "/data.json":
      return void res.writeHead(200, { "content-type": "application/json" }).end("{}");
    case "/empty":
      return void res.writeHead(200, { "content-type": "image/jpeg" }).end();
    case "/big-declared":
      // Only the head is sent: a client that waited for the body instead of trusting the header would time out.
      return void res.writeHead(200, { "content-type": "image/jpeg", "content-length": 10 * SMALL_LIMIT }).flushHeaders();
    case "/big-stream": {
      // No Content-Length and no end: only the client stopping to read ends this response.
      res.writeHead(200, { "content-type": "image/jpeg" });
      const chunk = Buffer.alloc(1024, 0xff);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      return pump();
    }
    case "/to-internal":
      return void res.writeHead(302, { location: `${internalUrl}/secret` }).end();
    case "/to-metadata":
      return void res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" }).end();
    case "/to-ftp":
      return void res.writeHead(302, { location: "ftp://example.com/a.jpg" }).end();
    case "/no-location":
      return void res.writeHead(302).end();
    case "/hang":
      return; // never answers
    case "/slow-body":
      res.writeHead(200, { "content-type": "image/jpeg", "content-length": jpeg.byteLength });
      return void res.write(jpeg.subarray(0, 10)); // the rest never comes
    default:
      return void res.writeHead(404).end();
  }
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

/** Resolves when the server side of the next request to `path` sees its socket closed. */
function serverSeesClose(path: string): Promise<void> {
  return new Promise((resolve) => onRequest.set(path, (req) => req.socket.once("close", () => resolve())));
}

async function failure(promise: Promise<unknown>): Promise<RemoteImageError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteImageError);
  return error as RemoteImageError;
}

async function expectFailure(url: string, reason: RemoteImageFailure, policy = {}, options = {}): Promise<RemoteImageError> {
  const error = await failure(fetchRemoteImage(url, policy, options));
  expect(error.reason).toBe(reason);
  expect(error.url).toBe(url);
  expect(error.message).toContain(url);
  expect(error.message).toMatch(/^이미지를 가져오지 못했습니다\(/);
  return error;
}

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#c00" } }).jpeg().toBuffer();
  site = http.createServer(route);
  site.on("connection", () => siteConnections++);
  internal = http.createServer((_req, res) => res.end("internal secret"));
  internal.on("connection", () => internalConnections++);
  siteUrl = await listen(site);
  internalUrl = await listen(internal);
});

afterAll(async () => {
  await Promise.all([close(site), close(internal)]);
});

describe("fetchRemoteImage from another site", () => {
  it("downloads an image and sends a clear User-Agent and Accept", async () => {
    const result = await fetchRemoteImage(`${siteUrl}/img.jpg`, LOCAL);
    expect(Buffer.from(result.bytes).equals(jpeg)).toBe(true);
    expect(result.bytes.byteOffset).toBe(0);
    expect(result.bytes.buffer.byteLength).toBe(jpeg.byteLength);
    expect(result.finalUrl).toBe(`${siteUrl}/img.jpg`);
    expect(result.contentType).toBe("image/jpeg");
    expect((await sharp(result.bytes).metadata()).format).toBe("jpeg");
    expect(lastHeaders["user-agent"]).toBe("WE-ENTERTAINMENT-image-import/1.0");
    expect(lastHeaders.accept).toBe("image/*");
  });

  it("accepts a missing or generic binary Content-Type (the media pipeline decides)", async () => {
    const untyped = await fetchRemoteImage(`${siteUrl}/untyped`, LOCAL);
    expect(untyped.contentType).toBeNull();
    expect(untyped.bytes.byteLength).toBe(jpeg.byteLength);
    const octet = await fetchRemoteImage(`${siteUrl}/octet`, LOCAL);
    expect(octet.contentType).toBe("application/octet-stream");
  });

  it("follows a chain of redirects (301, 302, 303, 307, 308) up to the limit and reports the final URL", async () => {
    const result = await fetchRemoteImage(`${siteUrl}/hop/3`, LOCAL);
    expect(result.finalUrl).toBe(`${siteUrl}/hop/0`);
    expect(result.bytes.byteLength).toBe(jpeg.byteLength);
    expect((await fetchRemoteImage(`${siteUrl}/hop/5`, { ...LOCAL, maxRedirects: 5 })).finalUrl).toBe(`${siteUrl}/hop/0`);
  });

  it("refuses one redirect more than maxRedirects", async () => {
    const error = await expectFailure(`${siteUrl}/hop/4`, "too_many_redirects", LOCAL);
    expect(error.message).toContain("최대 3번");
    await expectFailure(`${siteUrl}/hop/1`, "too_many_redirects", { ...LOCAL, maxRedirects: 0 });
  });

  it("reports the HTTP status of an error response", async () => {
    const missing = await expectFailure(`${siteUrl}/missing`, "http_status", LOCAL);
    expect(missing.message).toContain("HTTP 404");
    expect((await expectFailure(`${siteUrl}/broken`, "http_status", LOCAL)).message).toContain("HTTP 503");
    expect((await expectFailure(`${siteUrl}/no-location`, "http_status", LOCAL)).message).toContain("HTTP 302");
  });

  it("refuses a web page or JSON instead of an image, and an empty body", async () => {
    const page = await expectFailure(`${siteUrl}/page.html`, "not_an_image", LOCAL);
    expect(page.message).toContain("text/html");
    await expectFailure(`${siteUrl}/data.json`, "not_an_image", LOCAL);
    await expectFailure(`${siteUrl}/empty`, "not_an_image", LOCAL);
  });

  it("refuses a declared Content-Length over maxBytes without reading the body", async () => {
    const closed = serverSeesClose("/big-declared");
    const error = await expectFailure(`${siteUrl}/big-declared`, "too_large", { ...LOCAL, maxBytes: SMALL_LIMIT, timeoutMs: 5000 });
    await closed;
    expect(error.message).toContain("2KB");
  });

  it("stops reading a body without Content-Length as soon as it passes maxBytes", async () => {
    // The server streams for ever; the test only ends because the client destroys the connection.
    const closed = serverSeesClose("/big-stream");
    await expectFailure(`${siteUrl}/big-stream`, "too_large", { ...LOCAL, maxBytes: SMALL_LIMIT });
    await closed;
  });

  it("gives up on a site that never answers, closing the connection", async () => {
    const closed = serverSeesClose("/hang");
    const error = await expectFailure(`${siteUrl}/hang`, "timeout", { ...LOCAL, timeoutMs: 300 });
    expect(error.message).toContain("0.3초");
    await closed;
  });

  it("counts the body against the same time limit", async () => {
    const closed = serverSeesClose("/slow-body");
    await expectFailure(`${siteUrl}/slow-body`, "timeout", { ...LOCAL, timeoutMs: 300 });
    await closed;
  });

  it("reports a refused connection as unreachable", async () => {
    const spare = http.createServer();
    const url = `${await listen(spare)}/img.jpg`;
    await close(spare);
    const error = await expectFailure(url, "unreachable", LOCAL);
    expect(error.message).toContain("연결할 수 없습니다");
  });

  it("rejects with the caller's reason when the caller aborts, closing the connection", async () => {
    const controller = new AbortController();
    const reason = new Error("cancelled by caller");
    const closed = new Promise<void>((resolve) =>
      onRequest.set("/hang", (req) => {
        req.socket.once("close", () => resolve());
        controller.abort(reason);
      }),
    );
    await expect(fetchRemoteImage(`${siteUrl}/hang`, LOCAL, { signal: controller.signal })).rejects.toBe(reason);
    await closed;
    await expect(fetchRemoteImage(`${siteUrl}/img.jpg`, LOCAL, { signal: controller.signal })).rejects.toBe(reason);
  });
});

describe("fetchRemoteImage and DNS", () => {
  /** Stands in for the resolver: the host names below exist only here. */
  function resolveTo(...addresses: string[]) {
    return vi
      .spyOn(dns.promises, "lookup")
      .mockImplementation((async () => addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))) as never);
  }

  it("connects to the address it checked, never asking DNS a second time (DNS rebinding)", async () => {
    resolveTo("127.0.0.1");
    // A second answer would send the connection nowhere: if the socket asked DNS again, the fetch would fail.
    const socketLookup = vi.spyOn(dns, "lookup").mockImplementation(((_host: string, _options: unknown, callback: (error: Error) => void) =>
      callback(Object.assign(new Error("rebound"), { code: "ENOTFOUND" }))) as never);
    const url = `http://images.rebind.test:${new URL(siteUrl).port}/img.jpg`;
    const result = await fetchRemoteImage(url, LOCAL);
    expect(result.bytes.byteLength).toBe(jpeg.byteLength);
    expect(socketLookup).not.toHaveBeenCalled();
  });

  it("refuses a host when any of its addresses is private, without connecting", async () => {
    resolveTo("8.8.8.8", "127.0.0.1");
    const httpRequest = vi.spyOn(http, "request");
    const error = await expectFailure("http://mixed.example/a.jpg", "forbidden_address");
    expect(error.message).toContain("내부망");
    resolveTo("2606:4700:4700::1111", "::ffff:10.0.0.1");
    await expectFailure("https://mixed6.example/a.jpg", "forbidden_address");
    expect(httpRequest).not.toHaveBeenCalled();
  });

  it("reports a host name that does not resolve", async () => {
    vi.spyOn(dns.promises, "lookup").mockRejectedValue(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }));
    const error = await expectFailure("https://no-such-host.example/a.jpg", "unreachable");
    expect(error.message).toContain("도메인");
  });
});

describe("fetchRemoteImage refuses what it must not fetch", () => {
  it.each([
    "ftp://example.com/a.jpg",
    "data:image/png;base64,iVBORw0KGgo=",
    "javascript:alert(1)",
    "file:///etc/passwd",
    "/media/relative.jpg",
    "not a url",
    "http://",
  ])("refuses %s as an invalid URL", async (url) => {
    await expectFailure(url, "invalid_url");
  });

  it("refuses a URL with credentials and does not repeat the password in the message", async () => {
    const error = await failure(fetchRemoteImage("https://admin:hunter2@example.com/a.jpg"));
    expect(error.reason).toBe("invalid_url");
    expect(error.message).not.toContain("hunter2");
    expect(error.url).not.toContain("hunter2");
    expect(error.message).toContain("example.com/a.jpg");
  });

  it("refuses a redirect to another scheme", async () => {
    const error = await expectFailure(`${siteUrl}/to-ftp`, "invalid_url", LOCAL);
    expect(error.message).toContain("이동시키려 해");
  });

  describe("without allowPrivateHosts", () => {
    const forbidden = () => [
      `${siteUrl}/img.jpg`,
      `${siteUrl.replace("127.0.0.1", "localhost")}/img.jpg`,
      "http://localhost/img.jpg",
      "http://[::1]/",
      `http://[::1]:${new URL(siteUrl).port}/img.jpg`,
      "http://[::ffff:127.0.0.1]/img.jpg",
      "http://10.0.0.1/",
      "http://192.168.0.10/a.jpg",
      "http://169.254.169.254/latest/meta-data",
      "http://0x7f000001/",
      "http://2130706433/",
      "http://127.1/",
      "http://0/",
      "https://127.0.0.1/a.jpg",
      "http://8.8.8.8:8080/a.jpg",
    ];

    it("refuses loopback, private and link-local addresses in every spelling, and other ports, without connecting", async () => {
      const httpRequest = vi.spyOn(http, "request");
      const httpsRequest = vi.spyOn(https, "request");
      const before = siteConnections;
      for (const url of forbidden()) {
        const error = await expectFailure(url, "forbidden_address");
        expect(error.message).toMatch(/보안상/);
      }
      expect(httpRequest).not.toHaveBeenCalled();
      expect(httpsRequest).not.toHaveBeenCalled();
      expect(siteConnections).toBe(before);
    });

    it("is the default policy", () => {
      expect(DEFAULT_REMOTE_IMAGE_POLICY).toEqual({
        allowPrivateHosts: false,
        maxBytes: 15 * 1024 * 1024,
        timeoutMs: 10_000,
        maxRedirects: 3,
      });
    });

    it("checks every redirect hop: a public-looking site cannot redirect to an internal address", async () => {
      // The local site stands in for a public one; where it redirects to is checked like any other URL.
      const trusted = { trustedOrigins: [siteUrl] };
      expect((await fetchRemoteImage(`${siteUrl}/hop/2`, {}, trusted)).bytes.byteLength).toBe(jpeg.byteLength);

      const internalBefore = internalConnections;
      const toInternal = await expectFailure(`${siteUrl}/to-internal`, "forbidden_address", {}, trusted);
      expect(toInternal.message).toContain("내부망(사설·로컬) 주소로 이동시키려 해");
      expect(internalConnections).toBe(internalBefore);

      const httpRequest = vi.spyOn(http, "request");
      await expectFailure(`${siteUrl}/to-metadata`, "forbidden_address", {}, trusted);
      // Only the first hop (the trusted site) was requested; the metadata address never was.
      expect(httpRequest).toHaveBeenCalledTimes(1);
    });
  });
});

describe("isPublicAddress", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "11.0.0.1",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.169.0.1",
    "198.20.0.1",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "64:ff9b::808:808",
    "64:ff9b::8.8.8.8",
    "2002:808:808::1",
  ])("%s is public", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "10.255.255.255",
    "100.64.0.1",
    "100.127.255.255",
    "127.0.0.1",
    "127.255.255.254",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "192.168.1.1",
    "198.18.0.1",
    "198.19.255.255",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "0:0:0:0:0:0:0:1",
    "fc00::1",
    "fd12:3456:789a::1",
    "fd00:ec2::254",
    "fe80::1",
    "fe80::1%eth0",
    "febf:ffff::1",
    "ff02::1",
    "2001:db8::1",
    "2001:db8:ffff::1",
    "64:ff9b::a00:1",
    "64:ff9b::127.0.0.1",
    "64:ff9b::169.254.169.254",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "0:0:0:0:0:ffff:c0a8:101",
    "::127.0.0.1",
    "2002:7f00:1::1",
    "2001::1",
  ])("%s is not public", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(["", "localhost", "example.com", "1.2.3", "256.0.0.1", "8.8.8.8.8", "[::1]", "::ffff:999.0.0.1", "1::2::3", "0x7f000001"])(
    "%j is not an address at all",
    (text) => {
      expect(isPublicAddress(text)).toBe(false);
    },
  );
});

describe("externalImageUrls", () => {
  const isOwnUrl = (src: string) => src.startsWith("/media/") || src.startsWith("https://we.example/");

  it("lists other sites' absolute image URLs once each, in document order, with entities decoded", () => {
    const html = [
      '<p><img src="https://a.example/x.jpg?w=1&amp;h=2" alt="a"></p>',
      '<p><img src="/media/ab/cd.webp"><img src="http://b.example/y.png"></p>',
      '<img src="https://we.example/media/own.jpg">',
      '<img src="https://a.example/x.jpg?w=1&amp;h=2">',
      '<img src="HTTPS://C.example/Z.GIF">',
      '<img src="relative/pic.jpg"><a href="https://d.example/not-an-image.jpg">link</a>',
    ].join("");
    expect(externalImageUrls(html, isOwnUrl)).toEqual([
      "https://a.example/x.jpg?w=1&h=2",
      "http://b.example/y.png",
      "HTTPS://C.example/Z.GIF",
    ]);
  });

  it("finds nothing in HTML without other sites' images", () => {
    expect(externalImageUrls("<p>text only</p>", isOwnUrl)).toEqual([]);
    expect(externalImageUrls('<p><img src="/media/a.jpg"></p>', isOwnUrl)).toEqual([]);
  });
});

describe("RemoteImageError messages", () => {
  it("names the image and says why, in Korean, for every reason", () => {
    const url = "https://photos.example/a.jpg";
    const expected: Record<RemoteImageFailure, RegExp> = {
      invalid_url: /주소가 올바르지 않습니다/,
      forbidden_address: /내부망/,
      unreachable: /연결할 수 없습니다/,
      timeout: /응답하지 않습니다\(10초 초과\)/,
      http_status: /오류 응답/,
      too_large: /15MB/,
      not_an_image: /이미지가 아닌 파일/,
      too_many_redirects: /리다이렉트가 너무 많습니다/,
    };
    for (const [reason, pattern] of Object.entries(expected) as [RemoteImageFailure, RegExp][]) {
      const error = new RemoteImageError(reason, url);
      expect(error.message).toBe(`이미지를 가져오지 못했습니다(${url}): ${error.message.split("): ")[1]}`);
      expect(error.message).toMatch(pattern);
      expect(error.reason).toBe(reason);
      expect(error.name).toBe("RemoteImageError");
    }
  });

  it("shortens a long URL in the middle, keeping the site and the file name", () => {
    const url = `https://cdn.photos.example/${"very-long-path-segment/".repeat(10)}final-photo.jpg`;
    const error = new RemoteImageError("timeout", url);
    const shown = /\((.*)\): /.exec(error.message)![1]!;
    expect(shown.length).toBeLessThanOrEqual(80);
    expect(shown).toContain("…");
    expect(shown.startsWith("https://cdn.photos.example/")).toBe(true);
    expect(shown.endsWith("final-photo.jpg")).toBe(true);
    expect(error.url).toBe(url);
  });
});
