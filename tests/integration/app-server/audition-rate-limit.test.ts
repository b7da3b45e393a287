import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSIONS_PER_ADDRESS_PER_HOUR } from "../../../app/domain/auditions";
import { MAX_APPLICATION_BODY_BYTES } from "../../../app/server/auditions/application-upload.server";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { applicationForm, oldStamp, TEST_SESSION_SECRET } from "../../fixtures/audition-form";
import { tinyMp4 } from "../../fixtures/videos";

/** Every file under a directory, temporary ones of writes in progress (`.tmp`) included. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

const BOUNDARY = "----we-limit-test-boundary";
/** What a browser would send of a 250 MB application: the boundary, the text fields, then the video file's first part. */
const DECLARED_BYTES = 250 * 1024 * 1024;

function firstPartOfApplication(): Buffer {
  const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = [
    field("name", "김하늘"),
    field("birthDate", "2001-05-03"),
    field("gender", "female"),
    field("phone", "010-2468-1357"),
    field("email", "limit@example.com"),
    field("height", "168"),
    field("introduction", "자기소개입니다."),
    field("consent", "on"),
    field("homepage", ""),
    field("startedAt", oldStamp()),
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="videoFile"; filename="self-tape.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  ].join("");
  // The start of a real MP4, 256 KB of it: enough that a server reading the body would have stored some.
  return Buffer.concat([Buffer.from(head), Buffer.from(tinyMp4(256 * 1024))]);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends the request's headers and the first part of its body, and holds the rest back: the answer has
 * to come without it. Chunked (no length said) or with a Content-Length of the whole 250 MB.
 */
function sendFirstPartOnly(url: string, headers: Record<string, string>, framing: "chunked" | "content-length"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      agent: false,
      headers: {
        ...headers,
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        ...(framing === "content-length" ? { "Content-Length": String(DECLARED_BYTES) } : { "Transfer-Encoding": "chunked" }),
      },
    });
    // A bound on the wait, not a pause: a server that waits for the rest of the body never answers.
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer within 15 s to ${framing} request whose body was held back after its first part`));
    }, 15_000);
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") });
        // The rest of the body is never sent.
        request.destroy();
      });
    });
    request.write(firstPartOfApplication());
  });
}

describe(`over the per-address limit, an application is refused before a byte of its body is read (${testEngine()})`, () => {
  const serverTmp = fs.mkdtempSync(path.join(os.tmpdir(), "we-limit-tmp-"));
  const server = useAppServer({ beforeAll, afterAll }, { env: { SESSION_SECRET: TEST_SESSION_SECRET, TMPDIR: serverTmp } });
  afterAll(() => fs.rmSync(serverTmp, { recursive: true, force: true }));
  const stored = () => [...filesUnder(path.join(server.dataDir, "private")), ...filesUnder(serverTmp)];

  /** Small, complete posts from `address` until the limit answers 429 (the window's earlier hits are this test's own). */
  const useUpTheLimit = async (address: string) => {
    for (let i = 0; i <= SUBMISSIONS_PER_ADDRESS_PER_HOUR + 1; i++) {
      const form = new FormData();
      form.append("name", "한도시험");
      const response = await fetch(`${server.baseURL}/audition/apply/submit`, { method: "POST", body: form, headers: { Origin: server.baseURL, "X-Forwarded-For": address } });
      await response.arrayBuffer();
      if (response.status === 429) return i;
      expect(response.status).toBe(400);
    }
    throw new Error(`${address} was never limited`);
  };

  it("the sizes are what a real upload could be: under the form's own body limit, so only the address limit can refuse it", () => {
    expect(DECLARED_BYTES).toBeLessThan(MAX_APPLICATION_BODY_BYTES);
  });

  for (const framing of ["chunked", "content-length"] as const) {
    it(`the JavaScript form's address answers 429 with Retry-After and a Korean JSON message to a ${framing} upload it never reads`, async () => {
      const address = framing === "chunked" ? "192.0.2.101" : "192.0.2.102";
      await useUpTheLimit(address);
      const before = stored();

      const answer = await sendFirstPartOnly(`${server.baseURL}/audition/apply/submit`, { Origin: server.baseURL, "X-Forwarded-For": address, Accept: "application/json" }, framing);
      expect(answer.status).toBe(429);
      const retryAfter = Number(answer.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers.connection).toBe("close");
      const body = JSON.parse(answer.body) as { message: string; values: Record<string, string> };
      expect(body.message).toBe(`같은 네트워크에서 제출이 많아 잠시 제한되었습니다. ${Math.ceil(retryAfter / 60)}분 뒤 다시 시도해 주세요. 입력한 내용은 이 화면에 그대로 있습니다.`);
      // Nothing of the body was read: not even the text fields sent before the video.
      expect(body.values).toEqual({});
      expect(stored()).toEqual(before);
    });
  }

  it("the no-JavaScript post gets the form page back with the message, 429 and Retry-After, and nothing is stored", async () => {
    const address = "192.0.2.103";
    await useUpTheLimit(address);
    const before = stored();
    for (const framing of ["chunked", "content-length"] as const) {
      const answer = await sendFirstPartOnly(`${server.baseURL}/audition/apply`, { Origin: server.baseURL, "X-Forwarded-For": address, Accept: "text/html" }, framing);
      expect(answer.status, framing).toBe(429);
      expect(Number(answer.headers["retry-after"]), framing).toBeGreaterThan(0);
      expect(answer.headers["content-type"], framing).toMatch(/^text\/html/);
      expect(answer.headers["cache-control"], framing).toBe("no-store");
      expect(answer.body, framing).toMatch(/<form class="apply-form"[^>]* action="\/audition\/apply"[^>]* method="post">/);
      expect(answer.body, framing).toContain("같은 네트워크에서 제출이 많아 잠시 제한되었습니다.");
      expect(answer.body, framing).toContain("이번에 보낸 내용과 파일은 받지 못했으니 다시 입력해 주세요.");
      expect(answer.body, framing).not.toContain("김하늘");
    }
    expect(stored()).toEqual(before);
  });

  it("another address is not held up by it", async () => {
    const response = await fetch(`${server.baseURL}/audition/apply`, { method: "POST", body: await applicationForm(), redirect: "manual", headers: { Origin: server.baseURL, "X-Forwarded-For": "192.0.2.104" } });
    expect(response.status).toBe(302);
  });
});
