import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postMedia, posts } from "../../../drizzle/schema";
import { emptyArtistFields } from "../../../app/domain/artist-fields";
import { artistToApi, postToApi } from "../../../app/server/api/api-shapes.server";
import { artistProfileView } from "../../../app/routes/artist-detail.server";
import { getArtist } from "../../../app/server/artists/artist-queries.server";
import { artistSnapshotToInput, saveArtist } from "../../../app/server/artists/artist-use-cases.server";
import { listRevisions } from "../../../app/server/history/revisions.server";
import { uploadImage } from "../../../app/server/media/upload-image.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { getPost, getPostForPage, listPosts } from "../../../app/server/posts/post-queries.server";
import { postSnapshotToRequest, savePost } from "../../../app/server/posts/post-use-cases.server";
import { testEngine, useTestDatabase } from "../../setup/test-database";

const ADMIN: Actor = { staffId: null, via: "session", label: "admin", ip: "203.0.113.9" };

describe(`English versions of posts and artists (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const services = () => database.services;
  const saved = <T extends { status: string }>(result: T) => {
    if (result.status !== "saved") throw new Error(`not saved: ${JSON.stringify(result)}`);
    return result as Extract<T, { status: "saved" }>;
  };

  it("a post saved with an English version is listed in English with its English title and preview; one without is not", async () => {
    const photo = (await uploadImage(services(), ADMIN, await sharp({ create: { width: 300, height: 200, channels: 3, background: "#3a6" } }).jpeg().toBuffer())).url;
    const both = saved(
      await savePost(services(), ADMIN, {
        kind: "news",
        postId: null,
        title: "한서윤 주연 확정",
        content: "<p>한글 본문입니다.</p>",
        english: { title: "Han Seo-yun cast as the lead", content: `<p>The English story.</p><p><img src="${photo}" alt="Script reading"></p><script>alert(1)</script>` },
        expectedVersion: null,
      }),
    );
    const koreanOnly = saved(await savePost(services(), ADMIN, { kind: "news", postId: null, title: "한글만 있는 소식", content: "<p>영문 없음</p>", expectedVersion: null }));

    const english = await listPosts(database.db, "news", 1, "en");
    expect(english.items.map((p) => p.title)).toEqual(["Han Seo-yun cast as the lead"]);
    expect(english.items[0]!.preview).toContain("The English story.");
    expect(english.total).toBe(1);
    const korean = await listPosts(database.db, "news", 1, "ko");
    expect(korean.items.map((p) => p.title).sort()).toEqual(["한글만 있는 소식", "한서윤 주연 확정"].sort());

    // The English page: sanitized and rendered like the Korean one (our image with its size).
    const page = await getPostForPage(database.db, "news", both.postId, "en");
    expect(page).toMatchObject({ title: "Han Seo-yun cast as the lead", inLocale: true, hasEnglish: true });
    expect(page!.renderedContent).not.toContain("<script");
    expect(page!.renderedContent).toMatch(/<img[^>]+width="300"/);
    // The English image counts as used by the post (the media library's "used by", purges).
    const used = await database.db.select().from(postMedia).where(eq(postMedia.postId, both.postId));
    expect(used).toHaveLength(1);

    // No English version: the English page shows the Korean post, marked so.
    expect(await getPostForPage(database.db, "news", koreanOnly.postId, "en")).toMatchObject({ title: "한글만 있는 소식", inLocale: false, hasEnglish: false });
    expect(await getPostForPage(database.db, "news", koreanOnly.postId, "ko")).toMatchObject({ inLocale: true });

    // The API: Korean-first, English on request.
    const stored = (await getPost(database.db, "news", both.postId))!;
    expect(postToApi(stored)).not.toHaveProperty("lang");
    expect(postToApi(stored).title).toBe("한서윤 주연 확정");
    expect(postToApi(stored, "en")).toMatchObject({ title: "Han Seo-yun cast as the lead", lang: "en" });
    expect(postToApi((await getPost(database.db, "news", koreanOnly.postId))!, "en")).toMatchObject({ title: "한글만 있는 소식", lang: "ko" });
  });

  it("an English version must be whole: a title needs content and content a title; both empty removes it", async () => {
    const base = { kind: "notice" as const, title: "오디션 공지", content: "<p>본문</p>", expectedVersion: null };
    expect(await savePost(services(), ADMIN, { ...base, postId: null, english: { title: "Audition notice", content: "<p><br></p>" } })).toMatchObject({
      status: "invalid",
      errors: { contentEn: expect.stringContaining("영문 내용") },
    });
    expect(await savePost(services(), ADMIN, { ...base, postId: null, english: { title: " ", content: "<p>Body</p>" } })).toMatchObject({
      status: "invalid",
      errors: { titleEn: expect.stringContaining("영문 제목") },
    });
    expect(await savePost(services(), ADMIN, { ...base, postId: null, english: { title: "x".repeat(201), content: "<p>Body</p>" } })).toMatchObject({
      status: "invalid",
      errors: { titleEn: "영문 제목은 200자 이내로 입력해 주세요." },
    });

    const post = saved(await savePost(services(), ADMIN, { ...base, postId: null, english: { title: "Audition notice", content: "<p>Body</p>" } }));
    // Omitted (an API client that never sends it): kept.
    const kept = saved(await savePost(services(), ADMIN, { ...base, postId: post.postId, title: "오디션 공지 (수정)", expectedVersion: post.version }));
    expect(await getPost(database.db, "notice", post.postId)).toMatchObject({ title: "오디션 공지 (수정)", titleEn: "Audition notice" });
    // Both empty: removed, and the post leaves the English list.
    saved(await savePost(services(), ADMIN, { ...base, postId: post.postId, expectedVersion: kept.version, english: { title: "", content: "" } }));
    const [row] = await database.db.select().from(posts).where(eq(posts.id, post.postId));
    expect(row).toMatchObject({ titleEn: "", contentEn: "", renderedContentEn: "", previewEn: "", descriptionEn: "" });
    expect((await listPosts(database.db, "notice", 1, "en")).items.map((p) => p.postId)).not.toContain(post.postId);

    // The history keeps the English version; restoring a revision brings it back.
    const revisions = await listRevisions(database.db, "post", post.postId);
    const first = revisions.at(-1)!;
    expect(first.snapshot).toMatchObject({ titleEn: "Audition notice" });
    expect(revisions[0]!.changedFields).toEqual(expect.arrayContaining(["titleEn", "contentEn"]));
    expect(postSnapshotToRequest(first.snapshot).english).toEqual({ title: "Audition notice", content: "<p>Body</p>" });
    // A revision from before English versions existed leaves the current one alone.
    expect(postSnapshotToRequest({ title: "옛 글", content: "<p>옛</p>", status: "published" }).english).toBeUndefined();
  });

  it("an artist's English profile is stored without empty entries, shown with Korean fallbacks marked, and given by the API on request", async () => {
    const input = {
      ...emptyArtistFields(),
      name: "영문배우",
      nameEn: "YOUNG MUN",
      birthday: "1995.03.14",
      education: ["한국예술종합학교 연기과 졸업"],
      awards: ["2025 신인상"],
      dramas: ["2024 tvN 〈봄날의 편지〉 주연"],
      en: { birthday: " March 14, 1995 ", education: ["Korea National University of Arts, B.F.A. in Acting", " "], awards: [], dramas: ["2024 tvN 'Letters of Spring' (lead)"] },
    };
    const created = saved(await saveArtist(services(), ADMIN, { existingName: null, input, status: "public", displayOrder: null, expectedVersion: null }));
    const artist = (await getArtist(database.db, "영문배우"))!;
    expect(artist.en).toEqual({ birthday: "March 14, 1995", education: ["Korea National University of Arts, B.F.A. in Acting"], dramas: ["2024 tvN 'Letters of Spring' (lead)"] });

    const view = artistProfileView(artist, "en");
    expect(view.birthday).toBe("March 14, 1995");
    expect(view.profileLists.find((l) => l.key === "education")).toMatchObject({ label: "Education", items: ["Korea National University of Arts, B.F.A. in Acting"], lang: null });
    // Awards were not entered in English: the Korean entries, marked, and the page says so.
    expect(view.profileLists.find((l) => l.key === "awards")).toMatchObject({ label: "Awards", items: ["2025 신인상"], lang: "ko" });
    expect(view.koreanFallback).toBe(true);
    expect(artistProfileView(artist, "ko")).toMatchObject({ birthday: "1995.03.14", koreanFallback: false });

    expect(artistToApi(artist)).not.toHaveProperty("lang");
    expect(artistToApi(artist, "en")).toMatchObject({ birthday: "March 14, 1995", lang: "en", untranslated: ["winList"], schoolList: JSON.stringify(["Korea National University of Arts, B.F.A. in Acting"]) });

    // An English entry too long is refused by its own name, with the Korean message.
    const tooLong = await saveArtist(services(), ADMIN, {
      existingName: "영문배우",
      input: { ...input, en: { specialSkills: ["x".repeat(201)] } },
      status: null,
      displayOrder: null,
      expectedVersion: created.version,
    });
    expect(tooLong).toMatchObject({ status: "invalid", errors: { "en.specialSkills": "영문 특기 항목은 200자 이내로 입력해 주세요." } });

    // Saving without `en` (the original API's body) keeps it; the revision holds it for restoring.
    const { en: _omitted, ...withoutEnglish } = input;
    saved(await saveArtist(services(), ADMIN, { existingName: "영문배우", input: { ...withoutEnglish, height: "170" }, status: null, displayOrder: null, expectedVersion: created.version }));
    expect((await getArtist(database.db, "영문배우"))!.en.birthday).toBe("March 14, 1995");
    const [latest] = await listRevisions(database.db, "artist", created.id);
    expect(artistSnapshotToInput(latest!.snapshot).input).toMatchObject({ en: { birthday: "March 14, 1995" } });
  });
});
