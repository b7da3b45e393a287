import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { artists } from "../../../drizzle/schema";
import { emptyArtistFields } from "../../../app/domain/artist-fields";
import { MAX_SCHEDULE_YEARS_AHEAD } from "../../../app/domain/content-states";
import { MAX_POST_HTML_DEPTH } from "../../../app/domain/schemas";
import { getArtist } from "../../../app/server/artists/artist-queries.server";
import { deleteArtist, saveArtist, type SaveArtistRequest } from "../../../app/server/artists/artist-use-cases.server";
import { uploadImage } from "../../../app/server/media/upload-image.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { getPost } from "../../../app/server/posts/post-queries.server";
import { savePost } from "../../../app/server/posts/post-use-cases.server";
import { sanitizePostHtml } from "../../../app/server/platform/sanitize-html.server";
import { testEngine, useTestDatabase } from "../../setup/test-database";
import { largeQuillPost, NESTED_B_200KB as NESTED_B } from "../../fixtures/post-html";

const ADMIN: Actor = { staffId: null, via: "system" };
const DECOMPOSED = "한서윤".normalize("NFD");

describe(`names and titles that make no sense, schedules too far ahead, HTML too deep (use cases, ${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const create = (name: string, extra: Partial<SaveArtistRequest> = {}) =>
    saveArtist(database.services, ADMIN, { existingName: null, input: { ...emptyArtistFields(), name }, status: "public", displayOrder: null, expectedVersion: null, ...extra });
  const rename = (from: string, to: string) =>
    saveArtist(database.services, ADMIN, { existingName: from, input: { ...emptyArtistFields(), name: to }, status: null, displayOrder: null, expectedVersion: null });
  const storedNames = async () => (await database.db.select({ name: artists.name }).from(artists)).map((r) => r.name).sort();

  afterEach(() => {
    vi.useRealTimers();
  });

  it("the decomposed form of a name is the same artist: stored in NFC, found, refused as a duplicate", async () => {
    expect(await create(DECOMPOSED)).toMatchObject({ status: "saved", name: "한서윤" });
    expect(await storedNames()).toEqual(["한서윤"]);
    expect((await getArtist(database.db, DECOMPOSED))?.name).toBe("한서윤");
    expect((await getArtist(database.db, DECOMPOSED, "workspace"))?.name).toBe("한서윤");
    expect(await create("한서윤")).toEqual({ status: "duplicate-name", inTrash: false });
    expect(await create(DECOMPOSED)).toEqual({ status: "duplicate-name", inTrash: false });
    // Edited and deleted through the decomposed spelling too.
    expect(await saveArtist(database.services, ADMIN, { existingName: DECOMPOSED, input: { ...emptyArtistFields(), name: "한서윤", nameEn: "HAN" }, status: null, displayOrder: null, expectedVersion: 1 })).toMatchObject({
      status: "saved",
      version: 2,
    });
    expect(await deleteArtist(database.services, ADMIN, DECOMPOSED)).toBe(true);
    expect(await getArtist(database.db, "한서윤", "workspace")).toBeNull();
  });

  it("case and width variants of a Latin name are one name, live or in the trash", async () => {
    expect(await create("Kim")).toMatchObject({ status: "saved" });
    for (const variant of ["KIM", "kim", "ｋｉｍ", " Ｋｉｍ "]) expect(await create(variant), variant).toEqual({ status: "duplicate-name", inTrash: false });
    expect(await create("Lee Min-ji")).toMatchObject({ status: "saved" });
    expect(await create("LEE  MIN-JI")).toEqual({ status: "duplicate-name", inTrash: false });
    // Renaming onto another artist's name in another case is refused; changing one's own case is not.
    expect(await rename("Lee Min-ji", "KIM")).toEqual({ status: "duplicate-name", inTrash: false });
    expect(await rename("Kim", "KIM")).toMatchObject({ status: "saved", name: "KIM" });
    expect(await create("Park")).toMatchObject({ status: "saved" });
    expect(await deleteArtist(database.services, ADMIN, "Park")).toBe(true);
    expect(await create("PARK")).toEqual({ status: "duplicate-name", inTrash: true });
    expect((await storedNames()).filter((n) => /kim|park|lee/i.test(n))).toEqual(["KIM", "Lee Min-ji", "Park"]);
  });

  it("two saves of one name in two spellings at the same moment: one artist", async () => {
    const results = await Promise.all(["Choi", "CHOI", "ｃｈｏｉ", "choi"].map((name) => create(name)));
    expect(results.filter((r) => r.status === "saved")).toHaveLength(1);
    expect(results.filter((r) => r.status === "duplicate-name")).toHaveLength(3);
    expect((await storedNames()).filter((n) => artistsKeyIsChoi(n))).toHaveLength(1);
  });

  it("an artist stored before names were normalized keeps its address, and a save stores the NFC form", async () => {
    const legacy = "윤도겸".normalize("NFD");
    await database.db.insert(artists).values({ ...emptyArtistFields(), name: legacy, updatedBy: "test" });
    // Two artists that are one name only under the new rule can both still be edited.
    await database.db.insert(artists).values({ ...emptyArtistFields(), name: "Jung", updatedBy: "test" });
    await database.db.insert(artists).values({ ...emptyArtistFields(), name: "JUNG", updatedBy: "test" });
    expect((await getArtist(database.db, legacy))?.name).toBe(legacy);
    expect(await saveArtist(database.services, ADMIN, { existingName: "Jung", input: { ...emptyArtistFields(), name: "Jung", height: "180" }, status: null, displayOrder: null, expectedVersion: null })).toMatchObject({
      status: "saved",
    });
    expect(await rename(legacy, legacy)).toMatchObject({ status: "saved", name: "윤도겸" });
    expect(await storedNames()).toContain("윤도겸");
    expect(await storedNames()).not.toContain(legacy);
  });

  it("names that cannot be a page are refused with Korean messages, and nothing is stored", async () => {
    const before = await storedNames();
    const cases: [string, string][] = [
      [".", "이름을 ‘.’이나 ‘..’만으로 쓸 수는 없습니다."],
      ["..", "이름을 ‘.’이나 ‘..’만으로 쓸 수는 없습니다."],
      ["\u200B\u200C\u200D", "이름이 보이지 않는 문자로만 되어 있습니다. 이름을 입력해 주세요."],
      ["\u3164", "이름이 보이지 않는 문자로만 되어 있습니다. 이름을 입력해 주세요."],
      ["\uFEFF\u2060", "이름이 보이지 않는 문자로만 되어 있습니다. 이름을 입력해 주세요."],
      ["김\u200B민지", "이름에는 보이지 않는 문자(폭 없는 공백, 한글 채움 문자 등)를 쓸 수 없습니다."],
      ["\u202E지민김", "이름에는 글자 방향을 바꾸는 제어 문자를 쓸 수 없습니다."],
      ["김\u2066민지", "이름에는 글자 방향을 바꾸는 제어 문자를 쓸 수 없습니다."],
      ["김\n민지", "이름은 한 줄로 입력해 주세요. 줄바꿈이나 제어 문자는 쓸 수 없습니다."],
      ["김\u001F민지", "이름은 한 줄로 입력해 주세요. 줄바꿈이나 제어 문자는 쓸 수 없습니다."],
      ["a/b", "이름에는 / \\ ? # % < > \" 문자를 쓸 수 없습니다."],
      ["a／b", "이름에는 / \\ ? # % < > \" 문자를 쓸 수 없습니다."],
    ];
    for (const [name, message] of cases) {
      expect(await create(name), JSON.stringify(name)).toEqual({ status: "invalid", errors: { name: message } });
      expect(await rename("Lee Min-ji", name), JSON.stringify(name)).toEqual({ status: "invalid", errors: { name: message } });
    }
    expect(await storedNames()).toEqual(before);
  });

  it("titles are one line of visible text", async () => {
    const write = (title: string, titleEn = "") =>
      savePost(database.services, ADMIN, { kind: "news", postId: null, title, content: "<p>본문</p>", english: { title: titleEn, content: titleEn ? "<p>English</p>" : "" }, expectedVersion: null });
    expect(await write("줄\n바꿈")).toEqual({ status: "invalid", errors: { title: "제목은 한 줄로 입력해 주세요. 줄바꿈이나 제어 문자는 쓸 수 없습니다." } });
    expect(await write("\u202E거꾸로")).toEqual({ status: "invalid", errors: { title: "제목에는 글자 방향을 바꾸는 제어 문자를 쓸 수 없습니다." } });
    expect(await write("\u200B\u3164")).toEqual({ status: "invalid", errors: { title: "제목이 보이지 않는 문자로만 되어 있습니다. 제목을 입력해 주세요." } });
    expect(await write("정상 제목", "Tab\there")).toEqual({ status: "invalid", errors: { titleEn: "영문 제목은 한 줄로 입력해 주세요. 줄바꿈이나 제어 문자는 쓸 수 없습니다." } });
    expect(await write("정상 제목", "Normal title")).toMatchObject({ status: "saved" });
  });

  it(`publishAt and unpublishAt at most ${MAX_SCHEDULE_YEARS_AHEAD} years ahead, on a controlled clock`, async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T00:00:00Z"));
    const horizon = new Date("2031-12-01T00:00:00Z");
    const later = new Date(horizon.getTime() + 1000);
    const schedule = (at: Date, unpublishAt?: Date) =>
      savePost(database.services, ADMIN, { kind: "notice", postId: null, title: "예약 공지", content: "<p>본문</p>", expectedVersion: null, publication: { mode: "schedule", at }, unpublishAt });
    expect(await schedule(later)).toEqual({ status: "invalid", errors: { publishAt: "예약 공개 시각은 지금부터 5년 이내로 정해 주세요." } });
    expect(await schedule(new Date("9999-12-31T00:00:00Z"))).toMatchObject({ status: "invalid" });
    expect(await schedule(new Date("2027-01-01T00:00:00Z"), later)).toEqual({ status: "invalid", errors: { unpublishAt: "공개 종료 시각은 지금부터 5년 이내로 정해 주세요." } });
    expect(await schedule(new Date("2027-01-01T00:00:00Z"), horizon)).toMatchObject({ status: "saved", postStatus: "scheduled" });
    const saved = await schedule(horizon);
    expect(saved).toMatchObject({ status: "saved", postStatus: "scheduled" });
    if (saved.status !== "saved") throw new Error(saved.status);
    expect((await getPost(database.db, "notice", saved.postId, "workspace"))?.publishAt?.toISOString()).toBe(horizon.toISOString());
    // A year later the horizon has moved with the clock.
    vi.setSystemTime(new Date("2027-12-01T00:00:00Z"));
    expect(await schedule(later)).toMatchObject({ status: "saved", postStatus: "scheduled" });
  });

  it("HTML too deeply nested is refused before it is sanitized, in either language; a long real post saves", async () => {
    const start = performance.now();
    const nested = await savePost(database.services, ADMIN, { kind: "news", postId: null, title: "깊은 서식", content: NESTED_B, expectedVersion: null });
    expect(performance.now() - start).toBeLessThan(1_000);
    expect(nested).toEqual({ status: "invalid", errors: { content: `글의 서식이 너무 깊게 겹쳐 있습니다. (최대 ${MAX_POST_HTML_DEPTH}단계) 겹친 서식을 줄여 주세요.` } });
    const english = await savePost(database.services, ADMIN, {
      kind: "news",
      postId: null,
      title: "영문 깊은 서식",
      content: "<p>본문</p>",
      english: { title: "Deep", content: `<p>${"<i>".repeat(100)}x</p>` },
      expectedVersion: null,
    });
    expect(english).toEqual({ status: "invalid", errors: { contentEn: `영문 글의 서식이 너무 깊게 겹쳐 있습니다. (최대 ${MAX_POST_HTML_DEPTH}단계) 겹친 서식을 줄여 주세요.` } });

    const photo = await uploadImage(database.services, ADMIN, await sharp({ create: { width: 400, height: 300, channels: 3, background: "#8ab" } }).jpeg().toBuffer());
    const long = largeQuillPost(150_000, photo.url);
    const saved = await savePost(database.services, ADMIN, { kind: "news", postId: null, title: "아주 긴 글", content: long, english: { title: "A long post", content: long }, expectedVersion: null });
    expect(saved).toMatchObject({ status: "saved" });
    if (saved.status !== "saved") throw new Error(saved.status);
    const post = await getPost(database.db, "news", saved.postId, "workspace");
    expect(post!.content).toBe(sanitizePostHtml(long));
    expect(post!.contentEn).toBe(post!.content);
    expect(post!.content).toContain(photo.url);
  }, 60_000);
});

function artistsKeyIsChoi(name: string): boolean {
  return name.normalize("NFKC").toLowerCase() === "choi";
}
