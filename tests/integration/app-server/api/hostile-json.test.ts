import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artistNameProblem, oneLineTextProblem } from "../../../../app/domain/text-checks";
import { sanitizePostHtml } from "../../../../app/server/platform/sanitize-html.server";
import { useAppServer } from "../../../setup/app-server";
import { testEngine } from "../../../setup/test-database";
import { call } from "../../../setup/site-requests";

const ARTIST_KEYS = ["name", "ename", "birthday", "cm", "insta", "imgList", "schoolList", "winList", "hobbyList", "movieList", "dramaList", "playList", "cfList", "bookList", "reelList", "version"].sort();
const POST_KEYS = ["postId", "title", "content", "writeDay", "version", "status", "publishAt"].sort();
const LISTS = ["schoolList", "winList", "hobbyList", "movieList", "dramaList", "playList", "cfList", "bookList"];

/** Strings that have broken other parsers: script breakers, prototype keys, control and wide characters. */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.constantFrom(
    "</script><script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "javascript:alert(1)",
    "__proto__",
    "constructor",
    "\u2028\u2029",
    "\u0000",
    "'\"`;--",
    "😀".repeat(50),
    "가".repeat(300),
    "%00%2e%2e%2f",
  ),
);
const hostileValue = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(hostileString, { maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), fc.object({ maxDepth: 1 }));
const pollution = fc.constantFrom({}, JSON.parse('{"__proto__":{"polluted":"yes","isAdmin":true}}'), JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'));

const artistBody = fc
  .tuple(
    fc.record(
      Object.fromEntries([...ARTIST_KEYS.filter((k) => k !== "version"), "extra"].map((k) => [k, hostileValue])),
      { requiredKeys: [] },
    ),
    pollution,
  )
  .map(([body, polluted]) => Object.assign(Object.create(null), polluted, body));
const postBody = fc
  .tuple(fc.record({ title: hostileValue, content: hostileValue, version: hostileValue, extra: hostileValue }, { requiredKeys: [] }), pollution)
  .map(([body, polluted]) => Object.assign(Object.create(null), polluted, body));

describe(`hostile and random JSON at every write route (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });
  beforeAll(async () => {
    await call(server, { method: "POST", path: "/api/we/addactor", body: { name: "기존배우" }, cookie: server.cookie });
    await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "기존 뉴스", content: "<p>x</p>" }, cookie: server.cookie });
    await call(server, { method: "POST", path: "/api/we/writenotice", body: { title: "기존 공지", content: "<p>x</p>" }, cookie: server.cookie });
  });

  const noServerError = (result: { status: number; body: unknown }, label: string) => {
    expect(result.status, `${label}: ${JSON.stringify(result.body)}`).toBeLessThan(500);
    if (result.status >= 400) {
      expect(result.body, label).toMatchObject({ error: { code: expect.any(String), message: expect.stringMatching(/[가-힣]/) } });
      expect(JSON.stringify(result.body), label).not.toMatch(/\bat .+:\d+:\d+|node_modules|SELECT|INSERT/);
    }
  };

  it("artist writes never answer 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(artistBody, fc.constantFrom("POST add", "PUT existing", "PUT missing"), async (body, target) => {
        const path = target === "POST add" ? "/api/we/addactor" : `/api/we/updateactor/${encodeURIComponent(target === "PUT existing" ? "기존배우" : "없는배우")}`;
        const result = await call(server, { method: target.startsWith("POST") ? "POST" : "PUT", path, body, cookie: server.cookie });
        noServerError(result, `${target} ${JSON.stringify(body)}`);
        // Keep the target alive for later runs if an update renamed it.
        if (target === "PUT existing" && result.status === 200) {
          const renamed = (result.body as { name: string }).name;
          if (renamed !== "기존배우") await call(server, { method: "PUT", path: `/api/we/updateactor/${encodeURIComponent(renamed)}`, body: { name: "기존배우" }, cookie: server.cookie });
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  // Found by the property above (seed -1345660483): a list that was neither an array nor a string
  // failed zod's union and answered its English "Invalid input".
  it("a list field of the wrong shape is named in Korean, with the list's own rule when it was meant as a list", async () => {
    const cases: [unknown, RegExp][] = [
      [0, /^schoolList: 학력은 문자열 배열이어야 합니다\.$/],
      [{ a: 1 }, /^schoolList: 학력은 문자열 배열이어야 합니다\.$/],
      [true, /^schoolList: 학력은 문자열 배열이어야 합니다\.$/],
      ["not json", /^schoolList: 학력은 문자열 배열이어야 합니다\.$/],
      [[1], /^schoolList: 학력 항목은 글자여야 합니다\.$/],
      [["가".repeat(300)], /^schoolList: 학력 항목은 200자 이내로 입력해 주세요\.$/],
      [JSON.stringify(["가".repeat(300)]), /^schoolList: 학력 항목은 200자 이내로 입력해 주세요\.$/],
    ];
    for (const [value, message] of cases) {
      const result = await call(server, { method: "POST", path: "/api/we/addactor", body: { name: "목록배우", schoolList: value }, cookie: server.cookie });
      expect(result.status, JSON.stringify(value)).toBe(400);
      expect((result.body as { error: { message: string } }).error.message, JSON.stringify(value)).toMatch(message);
    }
  });

  it("post writes never answer 5xx", async () => {
    const news = (await call(server, { method: "GET", path: "/api/we/newslist" })).body as { postId: number }[];
    const notices = (await call(server, { method: "GET", path: "/api/we/noticelist" })).body as { postId: number }[];
    await fc.assert(
      fc.asyncProperty(
        postBody,
        fc.constantFrom("writenews", "writenotice", "updatenews", "updatenotice"),
        fc.constantFrom("existing", "missing", "garbage"),
        async (body, route, id) => {
          const existing = route.endsWith("news") ? news[0]!.postId : notices[0]!.postId;
          const idPart = id === "existing" ? String(existing) : id === "missing" ? "999999" : "1e3";
          const path = route.startsWith("write") ? `/api/we/${route}` : `/api/we/${route}/${idPart}`;
          noServerError(await call(server, { method: route.startsWith("write") ? "POST" : "PUT", path, body, cookie: server.cookie }), `${path} ${JSON.stringify(body)}`);
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);

  it("non-object, malformed and mistyped bodies are 4xx", async () => {
    const paths = ["/api/we/addactor", "/api/we/writenews", "/api/we/writenotice"];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v)), fc.string()), async (path, raw) => {
        const result = await call(server, { method: "POST", path, rawBody: raw, cookie: server.cookie, headers: { "Content-Type": "application/json" } });
        noServerError(result, `${path} ${raw}`);
      }),
      { numRuns: 60 },
    );
    const wrongType = await call(server, { method: "POST", path: "/api/we/writenews", rawBody: "title=x", cookie: server.cookie, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(wrongType.status).toBe(415);
    const huge = await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "큰 글", content: "가".repeat(1_200_000) }, cookie: server.cookie });
    expect(huge.status).toBe(413);
  }, 120_000);

  it("nothing stored is garbage: every artist and post still satisfies the schema; no prototype was polluted", async () => {
    const artists = (await call(server, { method: "GET", path: "/api/we/actorList" })).body as Record<string, unknown>[];
    expect(artists.length).toBeGreaterThan(0);
    for (const artist of artists) {
      expect(Object.keys(artist).sort()).toEqual(ARTIST_KEYS);
      const name = artist.name as string;
      expect(typeof name).toBe("string");
      expect(name.trim().length).toBeGreaterThan(0);
      expect(Array.from(name).length).toBeLessThanOrEqual(30);
      expect(name).not.toMatch(/[/\\?#%<>"]/);
      // One line of visible text, in its one stored form (decision 034).
      expect(name).toBe(name.normalize("NFC"));
      expect(artistNameProblem(name), JSON.stringify(name)).toBeNull();
      const insta = artist.insta as string;
      expect(insta === "" || /^https?:\/\//i.test(insta)).toBe(true);
      const images = JSON.parse(artist.imgList as string) as unknown[];
      expect(images.every((u) => typeof u === "string" && u.startsWith("/media/"))).toBe(true);
      // Showreels (decision 046): only addresses built by us from a provider and an id.
      const reels = artist.reelList as { url: string; title: string; provider: string }[];
      expect(Array.isArray(reels) && reels.length <= 5).toBe(true);
      for (const reel of reels) {
        expect(Object.keys(reel).sort()).toEqual(["provider", "title", "url"]);
        expect(reel.url).toMatch(/^https:\/\/(?:www\.youtube\.com\/watch\?v=[\w-]{11}|vimeo\.com\/\d+|tv\.naver\.com\/v\/\d+)$/);
      }
      for (const field of LISTS) {
        const list = JSON.parse(artist[field] as string) as unknown[];
        expect(Array.isArray(list)).toBe(true);
        expect(list.every((e) => typeof e === "string" && e.trim() === e && e.length > 0 && e.length <= 200)).toBe(true);
      }
    }
    for (const kind of ["news", "notice"]) {
      const posts = (await call(server, { method: "GET", path: `/api/we/${kind}list` })).body as Record<string, unknown>[];
      for (const post of posts) {
        expect(Object.keys(post).sort()).toEqual(POST_KEYS);
        const title = post.title as string;
        expect(title.trim().length).toBeGreaterThan(0);
        expect(title.length).toBeLessThanOrEqual(200);
        expect(oneLineTextProblem(title, "제목"), JSON.stringify(title)).toBeNull();
        expect(sanitizePostHtml(post.content as string)).toBe(post.content);
        // Nothing that runs: no script element, no event handler, no javascript: address. The words
        // themselves may be the text of a post ("javascript:alert(1)" typed as text is harmless).
        const content = post.content as string;
        expect(content).not.toMatch(/<script/i);
        expect(content).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
        expect(content).not.toMatch(/<[^>]*\s(?:href|src|action|formaction|xlink:href)\s*=\s*["']?\s*javascript:/i);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe(`random bytes at the upload route (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });

  it("never answers 5xx and stores nothing that is not an image", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fc.constantFrom("image/png", "image/jpeg", "text/html", "application/octet-stream"), async (bytes, type) => {
        const form = new FormData();
        form.append("image", new Blob([bytes], { type }), "x.png");
        const result = await call(server, { method: "POST", path: "/api/img", rawBody: form, cookie: server.cookie });
        expect(result.status).toBeGreaterThanOrEqual(400);
        expect(result.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
