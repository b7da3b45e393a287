import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SCHEDULE_YEARS_AHEAD } from "../../../app/domain/content-states";
import { toKstInputValue } from "../../../app/domain/kst";
import { MAX_POST_HTML_DEPTH } from "../../../app/domain/schemas";
import { largeQuillPost, NESTED_B_200KB } from "../../fixtures/post-html";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { call, postForm, uploadImage } from "../../setup/site-requests";

/** "한서윤" typed as conjoining jamo. */
const DECOMPOSED = "한서윤".normalize("NFD");
const YEAR_MS = 365.25 * 24 * 3600 * 1000;
const DEEP_MESSAGE = `글의 서식이 너무 깊게 겹쳐 있습니다. (최대 ${MAX_POST_HTML_DEPTH}단계) 겹친 서식을 줄여 주세요.`;

/** The text of a page as a reader sees it (React escapes quotes and brackets in the HTML). */
const pageText = (html: string) => html.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

describe(`hostile names, titles, bytes, dates and HTML over HTTP (decision 034, ${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });
  const api = (method: string, path: string, body: unknown) => call(server, { method, path, body, cookie: server.cookie });
  const message = (result: { body: unknown }) => (result.body as { error: { message: string } }).error.message;
  /** An admin form as the pages send it without JavaScript. */
  const form = async (path: string, fields: Record<string, string>) => {
    const response = await postForm(server, server.cookie, path, fields);
    return { status: response.status, text: pageText(await response.text()) };
  };
  const actorNames = async () => ((await call(server, { method: "GET", path: "/api/we/actorList" })).body as { name: string }[]).map((a) => a.name).sort();
  const newsTitles = async () => ((await call(server, { method: "GET", path: "/api/we/newslist" })).body as { title: string }[]).map((p) => p.title);

  describe("artist names", () => {
    it("the decomposed form of a name is the artist: refused as a duplicate, found by the API, the page and the editor", async () => {
      expect((await api("POST", "/api/we/addactor", { name: "한서윤", ename: "HAN SEO YUN" })).status).toBe(201);
      const duplicate = await api("POST", "/api/we/addactor", { name: DECOMPOSED });
      expect(duplicate.status).toBe(409);
      expect(message(duplicate)).toBe("같은 이름의 배우가 이미 있습니다. (비공개 배우 포함)");
      const viaForm = await form("/adminActor", { name: DECOMPOSED, status: "public", intent: "save" });
      expect(viaForm.status).toBe(409);
      expect(viaForm.text).toContain("같은 이름의 배우가 이미 있습니다. 다른 이름을 입력해 주세요.");

      const read = await call(server, { method: "GET", path: `/api/we/actorList/${encodeURIComponent(DECOMPOSED)}` });
      expect(read.status).toBe(200);
      expect((read.body as { name: string }).name).toBe("한서윤");
      for (const prefix of ["", "/en"]) {
        const page = await fetch(`${server.baseURL}${prefix}/artist/${encodeURIComponent(DECOMPOSED)}`, { redirect: "manual" });
        expect(page.status, prefix).toBe(301);
        expect(page.headers.get("Location"), prefix).toBe(`${prefix}/artist/${encodeURIComponent("한서윤")}`);
      }
      const editor = await fetch(`${server.baseURL}/adminActor/${encodeURIComponent(DECOMPOSED)}`, { headers: { Cookie: server.cookie } });
      expect(editor.status).toBe(200);
      expect(await editor.text()).toContain('value="HAN SEO YUN"');
      const updated = await api("PUT", `/api/we/updateactor/${encodeURIComponent(DECOMPOSED)}`, { name: DECOMPOSED, ename: "HAN" });
      expect(updated.status).toBe(200);
      expect((updated.body as { name: string }).name).toBe("한서윤");
      expect((await actorNames()).filter((n) => n.normalize("NFC") === "한서윤")).toEqual(["한서윤"]);
    });

    it("case and width variants of a Latin name are one name, in the API and the form", async () => {
      expect((await api("POST", "/api/we/addactor", { name: "Kim" })).status).toBe(201);
      for (const variant of ["KIM", "ｋｉｍ"]) {
        const result = await api("POST", "/api/we/addactor", { name: variant });
        expect(result.status, variant).toBe(409);
        expect(message(result)).toBe("같은 이름의 배우가 이미 있습니다. (비공개 배우 포함)");
      }
      expect((await form("/adminActor", { name: "kim", status: "public", intent: "save" })).status).toBe(409);
      expect((await api("POST", "/api/we/addactor", { name: "Lee Min-ji", ename: "LEE MIN JI" })).status).toBe(201);
      expect((await actorNames()).filter((n) => /^kim$/i.test(n.normalize("NFKC")))).toEqual(["Kim"]);
    });

    it("names that cannot be a page are refused with a Korean message on every write path, and nothing is stored", async () => {
      const before = await actorNames();
      const cases: [string, string][] = [
        [".", "이름을 ‘.’이나 ‘..’만으로 쓸 수는 없습니다."],
        ["..", "이름을 ‘.’이나 ‘..’만으로 쓸 수는 없습니다."],
        ["\u200B\u200D", "이름이 보이지 않는 문자로만 되어 있습니다. 이름을 입력해 주세요."],
        ["\u3164\u3164", "이름이 보이지 않는 문자로만 되어 있습니다. 이름을 입력해 주세요."],
        ["김\u200B민지", "이름에는 보이지 않는 문자(폭 없는 공백, 한글 채움 문자 등)를 쓸 수 없습니다."],
        ["\u202E지민김", "이름에는 글자 방향을 바꾸는 제어 문자를 쓸 수 없습니다."],
        ["김\u2067민지\u2069", "이름에는 글자 방향을 바꾸는 제어 문자를 쓸 수 없습니다."],
        ["김\r\n민지", "이름은 한 줄로 입력해 주세요. 줄바꿈이나 제어 문자는 쓸 수 없습니다."],
        ["김\u0007민지", "이름은 한 줄로 입력해 주세요. 줄바꿈이나 제어 문자는 쓸 수 없습니다."],
        ["a／b", "이름에는 / \\ ? # % < > \" 문자를 쓸 수 없습니다."],
      ];
      for (const [name, expected] of cases) {
        const label = JSON.stringify(name);
        const added = await api("POST", "/api/we/addactor", { name });
        expect(added.status, label).toBe(400);
        expect(message(added), label).toBe(`name: ${expected}`);
        const renamed = await api("PUT", `/api/we/updateactor/${encodeURIComponent("Lee Min-ji")}`, { name });
        expect(renamed.status, label).toBe(400);
        expect(message(renamed), label).toBe(`name: ${expected}`);
        const viaForm = await form("/adminActor", { name, status: "public", intent: "save" });
        expect(viaForm.status, label).toBe(400);
        expect(viaForm.text, label).toContain(expected);
        const editForm = await form(`/adminActor/${encodeURIComponent("Lee Min-ji")}`, { name, status: "public", intent: "save", version: "1" });
        expect(editForm.status, label).toBe(400);
        expect(editForm.text, label).toContain(expected);
      }
      expect(await actorNames()).toEqual(before);
    });

    it("an English profile that is not an object answers in Korean, not zod's English", async () => {
      const result = await api("POST", "/api/we/addactor", { name: "x", en: "x" });
      expect(result.status).toBe(400);
      expect(message(result)).toBe("en: 형식이 올바르지 않습니다. 객체여야 합니다.");
    });
  });

  describe("post titles", () => {
    it("line breaks, control characters, direction overrides and invisible-only titles are refused in the API and the form", async () => {
      const created = await api("POST", "/api/we/writenews", { title: "원래 제목", content: "<p>본문</p>" });
      expect(created.status).toBe(201);
      const postId = (created.body as { postId: number }).postId;
      const before = await newsTitles();
      const cases: [string, string, string][] = [
        ["title", "첫 줄\n둘째 줄", "제목은 한 줄로 입력해 주세요. 줄바꿈이나 제어 문자는 쓸 수 없습니다."],
        ["title", "탭\t제목", "제목은 한 줄로 입력해 주세요. 줄바꿈이나 제어 문자는 쓸 수 없습니다."],
        ["title", "\u202E목제 된집뒤", "제목에는 글자 방향을 바꾸는 제어 문자를 쓸 수 없습니다."],
        ["title", "\u2066격리\u2069", "제목에는 글자 방향을 바꾸는 제어 문자를 쓸 수 없습니다."],
        ["title", "\u200B\u200C\u3164", "제목이 보이지 않는 문자로만 되어 있습니다. 제목을 입력해 주세요."],
        ["titleEn", "Line\nbreak", "영문 제목은 한 줄로 입력해 주세요. 줄바꿈이나 제어 문자는 쓸 수 없습니다."],
      ];
      for (const [field, value, expected] of cases) {
        const label = `${field} ${JSON.stringify(value)}`;
        const body = { title: "정상 제목", content: "<p>본문</p>", ...(field === "titleEn" ? { contentEn: "<p>English</p>" } : {}), [field]: value };
        for (const [method, path] of [["POST", "/api/we/writenews"], ["PUT", `/api/we/updatenews/${postId}`], ["POST", "/api/we/writenotice"]] as const) {
          const result = await api(method, path, body);
          expect(result.status, `${path} ${label}`).toBe(400);
          expect(message(result), `${path} ${label}`).toBe(`${field}: ${expected}`);
        }
        const viaForm = await form("/adminNewsWrite", { publication: "publish", ...body });
        expect(viaForm.status, label).toBe(400);
        expect(viaForm.text, label).toContain(expected);
      }
      expect(await newsTitles()).toEqual(before);
    });
  });

  describe("invalid UTF-8 in a JSON body", () => {
    it("is refused with 400 and a Korean message, never stored as U+FFFD", async () => {
      const before = await newsTitles();
      const json = (bytes: number[]) =>
        new Uint8Array([...Buffer.from('{"title":"깨진'), ...bytes, ...Buffer.from('","content":"<p>본문</p>"}')]);
      const broken: [string, number[]][] = [
        ["0xC3 0x28 (a lead byte without its continuation)", [0xc3, 0x28]],
        ["a lone continuation byte", [0x80]],
        ["continuation bytes only", [0xbf, 0xbf, 0xbf]],
        ["an overlong '/' (0xC0 0xAF)", [0xc0, 0xaf]],
        ["an overlong '/' in three bytes (0xE0 0x80 0xAF)", [0xe0, 0x80, 0xaf]],
        ["an overlong NUL (0xC0 0x80)", [0xc0, 0x80]],
        ["an encoded surrogate (0xED 0xA0 0x80)", [0xed, 0xa0, 0x80]],
        ["a code point above U+10FFFF (0xF4 0x90 0x80 0x80)", [0xf4, 0x90, 0x80, 0x80]],
        ["0xFF", [0xff]],
        ["a three-byte character cut short", [0xe2, 0x82]],
      ];
      for (const [label, bytes] of broken) {
        for (const path of ["/api/we/writenews", "/api/we/addactor"]) {
          const response = await fetch(server.baseURL + path, {
            method: "POST",
            headers: { Cookie: server.cookie, Origin: server.baseURL, "Content-Type": "application/json" },
            body: json(bytes),
          });
          expect(response.status, `${path} ${label}`).toBe(400);
          expect(await response.json(), `${path} ${label}`).toEqual({
            error: { code: "invalid_utf8", message: "요청 본문이 올바른 UTF-8이 아닙니다. 글자를 UTF-8로 인코딩해서 보내 주세요." },
          });
        }
      }
      expect(await newsTitles()).toEqual(before);
      // The same body in valid UTF-8 is fine.
      expect((await fetch(server.baseURL + "/api/we/writenews", { method: "POST", headers: { Cookie: server.cookie, Origin: server.baseURL, "Content-Type": "application/json" }, body: json([0xc3, 0xa9]) })).status).toBe(201);
    });
  });

  describe(`publishAt and unpublishAt at most ${MAX_SCHEDULE_YEARS_AHEAD} years ahead`, () => {
    it("the API and the form refuse a time beyond the horizon and take one inside it", async () => {
      const beyond = new Date(Date.now() + (MAX_SCHEDULE_YEARS_AHEAD + 1) * YEAR_MS);
      const inside = new Date(Date.now() + (MAX_SCHEDULE_YEARS_AHEAD - 1) * YEAR_MS);
      const refused = await api("POST", "/api/we/writenotice", { title: "먼 예약", content: "<p>본문</p>", publishAt: beyond.toISOString() });
      expect(refused.status).toBe(400);
      expect(message(refused)).toBe("publishAt: 예약 공개 시각은 지금부터 5년 이내로 정해 주세요.");
      const far = await api("POST", "/api/we/writenotice", { title: "아주 먼 예약", content: "<p>본문</p>", publishAt: "9999-12-31T23:59:59+09:00" });
      expect(far.status).toBe(400);
      const accepted = await api("POST", "/api/we/writenotice", { title: "가까운 예약", content: "<p>본문</p>", publishAt: inside.toISOString() });
      expect(accepted.status).toBe(201);
      expect(accepted.body).toMatchObject({ status: "scheduled" });
      const postId = (accepted.body as { postId: number }).postId;
      const update = await api("PUT", `/api/we/updatenotice/${postId}`, { title: "가까운 예약", content: "<p>본문</p>", publishAt: beyond.toISOString() });
      expect(update.status).toBe(400);
      expect(message(update)).toBe("publishAt: 예약 공개 시각은 지금부터 5년 이내로 정해 주세요.");

      const publishAtForm = await form("/adminNoticeWrite", { title: "폼 예약", content: "<p>본문</p>", publication: "schedule", publishAt: toKstInputValue(beyond) });
      expect(publishAtForm.status).toBe(400);
      expect(publishAtForm.text).toContain("예약 공개 시각은 지금부터 5년 이내로 정해 주세요.");
      const unpublishAtForm = await form("/adminNoticeWrite", { title: "폼 종료", content: "<p>본문</p>", publication: "publish", unpublishAt: toKstInputValue(beyond) });
      expect(unpublishAtForm.status).toBe(400);
      expect(unpublishAtForm.text).toContain("공개 종료 시각은 지금부터 5년 이내로 정해 주세요.");
      expect((await form("/adminNoticeWrite", { title: "폼 예약", content: "<p>본문</p>", publication: "schedule", publishAt: toKstInputValue(inside) })).status).toBe(302);
    });
  });

  describe("deeply nested HTML", () => {
    it("200 KB of nested <b> answers 400 with the message in well under a second, while other requests are answered", async () => {
      const before = await newsTitles();
      const started = performance.now();
      const timed = async <T>(work: Promise<T>) => {
        const result = await work;
        return { result, ms: performance.now() - started };
      };
      const [hostile, english, ...others] = await Promise.all([
        timed(api("POST", "/api/we/writenews", { title: "깊은 서식", content: NESTED_B_200KB })),
        timed(api("POST", "/api/we/writenews", { title: "깊은 영문 서식", content: "<p>본문</p>", titleEn: "Deep", contentEn: NESTED_B_200KB })),
        ...Array.from({ length: 6 }, (_, i) => timed(call(server, { method: "GET", path: i % 2 ? "/healthz" : "/api/we/newslist" }))),
      ]);
      expect(hostile!.result.status).toBe(400);
      expect(message(hostile!.result)).toBe(`content: ${DEEP_MESSAGE}`);
      expect(english!.result.status).toBe(400);
      expect(message(english!.result)).toBe(`contentEn: 영문 ${DEEP_MESSAGE}`);
      for (const answer of [hostile!, english!, ...others]) expect(answer.ms).toBeLessThan(1_000);
      expect(others.every((o) => o.result.status === 200)).toBe(true);

      const viaForm = await form("/adminNewsWrite", { title: "깊은 서식", content: NESTED_B_200KB, publication: "publish" });
      expect(viaForm.status).toBe(400);
      expect(viaForm.text).toContain(DEEP_MESSAGE);
      const preview = await form("/admin/preview/news", { title: "깊은 서식", content: NESTED_B_200KB });
      expect(preview.status).toBe(400);
      expect(preview.text).toContain(`미리보기를 만들 수 없습니다. ${DEEP_MESSAGE}`);
      expect(await newsTitles()).toEqual(before);
    });

    it("a legitimate 150,000-character post of paragraphs, lists and images saves through the API and the form", async () => {
      const photo = ((await uploadImage(server, server.cookie, "#5a8")).body as { url: string }).url;
      const long = largeQuillPost(150_000, photo);
      const saved = await api("POST", "/api/we/writenews", { title: "아주 긴 글", content: long, titleEn: "A long post", contentEn: long });
      expect(saved.status).toBe(201);
      expect((saved.body as { content: string }).content).toContain(`<img src="${photo}"`);
      expect((await form("/adminNewsWrite", { title: "폼으로 쓴 긴 글", content: long, publication: "publish" })).status).toBe(302);
      const preview = await form("/admin/preview/news", { title: "긴 글 미리보기", content: long });
      expect(preview.status).toBe(200);
      expect(preview.text).toContain("<strong>한서윤</strong>");
    }, 60_000);
  });
});
