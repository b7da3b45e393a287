import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, media, posts } from "../../../drizzle/schema";
import { emptyArtistFields } from "../../../app/domain/artist-fields";
import { kstDate } from "../../../app/domain/kst";
import { getArtist, listArtists } from "../../../app/server/artists/artist-queries.server";
import { deleteArtist, reorderArtists, restoreArtist, saveArtist } from "../../../app/server/artists/artist-use-cases.server";
import { listRevisions } from "../../../app/server/history/revisions.server";
import { purgeExpiredTrash, runDueJobs } from "../../../app/server/jobs/scheduler.server";
import { uploadImage } from "../../../app/server/media/upload-image.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { getPost, getPostForPage, listAllPosts, listPosts, nextScheduledTime } from "../../../app/server/posts/post-queries.server";
import { deletePost, postSnapshotToRequest, restorePost, savePost } from "../../../app/server/posts/post-use-cases.server";
import { listSitemapEntries } from "../../../app/routes/sitemap.server";
import { testEngine, useTestDatabase } from "../../setup/test-database";

const ADMIN: Actor = { staffId: null, via: "session", label: "admin", ip: "203.0.113.9" };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe(`content states: drafts, schedules, pins, history and the trash (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const services = () => database.services;
  const photo = async (color: string) =>
    (await uploadImage(services(), ADMIN, await sharp({ create: { width: 200, height: 260, channels: 3, background: color } }).jpeg().toBuffer())).url;

  /** Everything public about a post: its page, the lists, the API lists, the sitemap. */
  const publicTraces = async (kind: "news" | "notice", postId: number) => {
    const { db } = database;
    const list = await listPosts(db, kind, 1);
    return {
      page: (await getPostForPage(db, kind, postId)) !== null,
      list: [...list.pinned, ...list.items].some((p) => p.postId === postId),
      api: (await listAllPosts(db, kind)).some((p) => p.postId === postId),
      apiRead: (await getPost(db, kind, postId)) !== null,
      sitemap: (await listSitemapEntries(db)).some((e) => e.path.endsWith(`/${postId}`) && e.path.includes(kind)),
    };
  };
  const nowhere = { page: false, list: false, api: false, apiRead: false, sitemap: false };
  const everywhere = { page: true, list: true, api: true, apiRead: true, sitemap: true };

  beforeAll(() => {
    database.services.announced.length = 0;
  });

  it("a draft is on no public page, list, API read or sitemap; publishing it puts it on all of them", async () => {
    const draft = await savePost(services(), ADMIN, { kind: "news", postId: null, title: "준비 중인 소식", content: "<p>아직 비공개</p>", expectedVersion: null, publication: { mode: "draft" } });
    if (draft.status !== "saved") throw new Error(draft.status);
    expect(draft.postStatus).toBe("draft");
    expect(await publicTraces("news", draft.postId)).toEqual(nowhere);
    // Nothing public changed, so nothing was announced (no cache was emptied for it).
    expect(services().announced).toHaveLength(0);
    expect(await getPost(database.db, "news", draft.postId, "workspace")).toMatchObject({ status: "draft", updatedBy: "admin" });

    const published = await savePost(services(), ADMIN, { kind: "news", postId: draft.postId, title: "준비 중인 소식", content: "<p>이제 공개</p>", expectedVersion: draft.version, publication: { mode: "publish" } });
    expect(published).toMatchObject({ status: "saved", postStatus: "published" });
    expect(await publicTraces("news", draft.postId)).toEqual(everywhere);
    expect(services().announced.at(-1)).toMatchObject({ entity: "post", ids: [String(draft.postId)] });

    // Back to draft: gone again, and announced (it was public).
    const count = services().announced.length;
    await savePost(services(), ADMIN, { kind: "news", postId: draft.postId, title: "준비 중인 소식", content: "<p>내림</p>", expectedVersion: null, publication: { mode: "draft" } });
    expect(await publicTraces("news", draft.postId)).toEqual(nowhere);
    expect(services().announced).toHaveLength(count + 1);
  });

  it("a scheduled post appears when its time comes, exactly once, dated the day it was scheduled for", async () => {
    const now = new Date();
    const at = new Date(now.getTime() + 3 * HOUR);
    const saved = await savePost(services(), ADMIN, { kind: "notice", postId: null, title: "예약 공지", content: "<p>세 시간 뒤</p>", expectedVersion: null, publication: { mode: "schedule", at } });
    if (saved.status !== "saved") throw new Error(saved.status);
    expect(saved.postStatus).toBe("scheduled");
    expect(await publicTraces("notice", saved.postId)).toEqual(nowhere);
    expect((await nextScheduledTime(database.db))?.getTime()).toBe(at.getTime());

    // Not yet due.
    expect((await runDueJobs(services(), new Date(at.getTime() - 1000))).published).toEqual([]);
    expect(await publicTraces("notice", saved.postId)).toEqual(nowhere);

    const before = services().announced.length;
    const due = await runDueJobs(services(), new Date(at.getTime() + 1000));
    expect(due.published).toEqual([{ postId: saved.postId, kind: "notice" }]);
    expect(await publicTraces("notice", saved.postId)).toEqual(everywhere);
    expect(services().announced.slice(before)).toEqual([expect.objectContaining({ entity: "post", ids: [String(saved.postId)] })]);
    const post = (await getPost(database.db, "notice", saved.postId))!;
    expect(post).toMatchObject({ status: "published", publishAt: null, writeDay: kstDate(at), updatedBy: "예약 작업" });
    expect(post.publishedAt?.getTime()).toBe(at.getTime());

    // A second pass (another app server, or the same one again) changes nothing.
    expect((await runDueJobs(services(), new Date(at.getTime() + 5000))).published).toEqual([]);
    const entries = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "scheduled-publish"), eq(auditLog.entityId, String(saved.postId))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorLabel: "예약 작업", ip: "" });
    expect((await listRevisions(database.db, "post", saved.postId))[0]).toMatchObject({ note: "예약 공개", changedFields: ["status", "publishAt"] });
  });

  it("a schedule in the past publishes at once; an end time takes a published post down by itself", async () => {
    const past = await savePost(services(), ADMIN, { kind: "news", postId: null, title: "지난 예약", content: "<p>바로</p>", expectedVersion: null, publication: { mode: "schedule", at: new Date(Date.now() - HOUR) } });
    expect(past).toMatchObject({ status: "saved", postStatus: "published" });

    const end = new Date(Date.now() + 2 * HOUR);
    const saved = await savePost(services(), ADMIN, { kind: "news", postId: null, title: "기간 한정", content: "<p>두 시간</p>", expectedVersion: null, unpublishAt: end });
    if (saved.status !== "saved") throw new Error(saved.status);
    expect(await publicTraces("news", saved.postId)).toEqual(everywhere);
    const due = await runDueJobs(services(), new Date(end.getTime() + 1));
    expect(due.unpublished).toEqual([{ postId: saved.postId, kind: "news" }]);
    expect(await publicTraces("news", saved.postId)).toEqual(nowhere);
    expect(await getPost(database.db, "news", saved.postId, "workspace")).toMatchObject({ status: "draft", unpublishAt: null });

    // An end before the start, or in the past, is refused with a message for that field.
    expect(await savePost(services(), ADMIN, { kind: "news", postId: null, title: "x", content: "<p>x</p>", expectedVersion: null, unpublishAt: new Date(Date.now() - 1000) })).toEqual({
      status: "invalid",
      errors: { unpublishAt: "공개 종료 시각은 지금보다 뒤여야 합니다." },
    });
    const start = new Date(Date.now() + 5 * HOUR);
    expect(
      await savePost(services(), ADMIN, { kind: "news", postId: null, title: "x", content: "<p>x</p>", expectedVersion: null, publication: { mode: "schedule", at: start }, unpublishAt: new Date(start.getTime() - HOUR) }),
    ).toEqual({ status: "invalid", errors: { unpublishAt: "공개 종료 시각은 예약 공개 시각보다 뒤여야 합니다." } });
  });

  it("pinned notices stay on top of every page of the list; news cannot be pinned", async () => {
    const pinned = await savePost(services(), ADMIN, { kind: "notice", postId: null, title: "고정 공지", content: "<p>항상 위</p>", expectedVersion: null, pinned: true, writeDay: "2020-01-01" });
    if (pinned.status !== "saved") throw new Error(pinned.status);
    for (let i = 0; i < 6; i++) await savePost(services(), ADMIN, { kind: "notice", postId: null, title: `일반 공지 ${i}`, content: "<p>x</p>", expectedVersion: null });
    for (const page of [1, 2]) {
      const list = await listPosts(database.db, "notice", page);
      expect(list.pinned.map((p) => p.postId)).toEqual([pinned.postId]);
      expect(list.items.some((p) => p.postId === pinned.postId)).toBe(false);
      expect(list.items.length).toBeLessThanOrEqual(5);
    }
    expect((await listAllPosts(database.db, "notice"))[0]!.postId).toBe(pinned.postId);
    const news = await savePost(services(), ADMIN, { kind: "news", postId: null, title: "뉴스 고정 시도", content: "<p>x</p>", expectedVersion: null, pinned: true });
    if (news.status !== "saved") throw new Error(news.status);
    expect((await getPost(database.db, "news", news.postId))!.pinned).toBe(false);
  });

  it("every save keeps a revision with what changed; restoring one saves it again as a new revision", async () => {
    const first = await savePost(services(), ADMIN, { kind: "news", postId: null, title: "첫 제목", content: "<p>첫 내용</p>", expectedVersion: null });
    if (first.status !== "saved") throw new Error(first.status);
    await savePost(services(), ADMIN, { kind: "news", postId: first.postId, title: "둘째 제목", content: "<p>첫 내용</p>", expectedVersion: 1 });
    const revisions = await listRevisions(database.db, "post", first.postId);
    expect(revisions.map((r) => r.version)).toEqual([2, 1]);
    expect(revisions[0]!.changedFields).toEqual(["title"]);
    expect(revisions[0]).toMatchObject({ actorLabel: "admin" });

    const old = revisions[1]!;
    const restored = await savePost(services(), ADMIN, { kind: "news", postId: first.postId, expectedVersion: null, restoredFrom: old.version, ...postSnapshotToRequest(old.snapshot) });
    expect(restored).toMatchObject({ status: "saved", version: 3 });
    expect((await getPost(database.db, "news", first.postId))!.title).toBe("첫 제목");
    const after = await listRevisions(database.db, "post", first.postId);
    expect(after[0]).toMatchObject({ version: 3, note: "1번째 버전에서 복원", changedFields: ["title"] });
    const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "restore-revision"), eq(auditLog.entityId, String(first.postId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorLabel: "admin", ip: "203.0.113.9", details: expect.objectContaining({ restoredFrom: 1 }) });
  });

  it("a deleted post goes to the trash: gone from everything public, restorable as it was", async () => {
    const saved = await savePost(services(), ADMIN, { kind: "news", postId: null, title: "지울 소식", content: "<p>x</p>", expectedVersion: null });
    if (saved.status !== "saved") throw new Error(saved.status);
    expect(await deletePost(services(), ADMIN, { kind: "news", postId: saved.postId })).toBe(true);
    expect(await publicTraces("news", saved.postId)).toEqual(nowhere);
    expect(await getPost(database.db, "news", saved.postId, "workspace")).toBeNull();
    // Deleting again finds nothing; saving a trashed post is not possible.
    expect(await deletePost(services(), ADMIN, { kind: "news", postId: saved.postId })).toBe(false);
    expect(await savePost(services(), ADMIN, { kind: "news", postId: saved.postId, title: "x", content: "<p>x</p>", expectedVersion: null })).toEqual({ status: "not-found" });

    expect(await restorePost(services(), ADMIN, saved.postId)).toBe(true);
    expect(await publicTraces("news", saved.postId)).toEqual(everywhere);
    expect(await restorePost(services(), ADMIN, saved.postId)).toBe(false);
  });

  it("the trash empties itself after 30 days, with the photos nothing else uses (shared ones stay)", async () => {
    const shared = await photo("#123");
    const own = await photo("#456");
    const keeper = await savePost(services(), ADMIN, { kind: "news", postId: null, title: "남는 글", content: `<p><img src="${shared}"></p>`, expectedVersion: null });
    const doomed = await savePost(services(), ADMIN, { kind: "news", postId: null, title: "사라질 글", content: `<p><img src="${shared}"><img src="${own}"></p>`, expectedVersion: null });
    if (keeper.status !== "saved" || doomed.status !== "saved") throw new Error("not saved");
    await deletePost(services(), ADMIN, { kind: "news", postId: doomed.postId });
    const [row] = await database.db.select({ deletedAt: posts.deletedAt }).from(posts).where(eq(posts.id, doomed.postId));

    expect((await purgeExpiredTrash(services(), new Date(row!.deletedAt!.getTime() + 29 * DAY))).posts).toEqual([]);
    expect((await purgeExpiredTrash(services(), new Date(row!.deletedAt!.getTime() + 30 * DAY + 1000))).posts).toEqual([doomed.postId]);
    expect(await database.db.select().from(posts).where(eq(posts.id, doomed.postId))).toEqual([]);
    expect(await listRevisions(database.db, "post", doomed.postId)).toEqual([]);
    const stored = (await database.db.select({ key: media.storageKey }).from(media)).map((m) => `/media/${m.key}`);
    expect(stored).toContain(shared);
    expect(stored).not.toContain(own);
    const purge = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "purge"), eq(auditLog.entityId, String(doomed.postId))));
    expect(purge[0]).toMatchObject({ actorLabel: "휴지통 자동 비우기" });
  });

  it("artists: draft, hidden and former ones are not public; the trash keeps the name; the roster follows a new order", async () => {
    const fields = (name: string) => ({ ...emptyArtistFields(), name, nameEn: name });
    const names = ["순서가", "순서나", "순서다"];
    const ids: number[] = [];
    for (const name of names) {
      const saved = await saveArtist(services(), ADMIN, { existingName: null, input: fields(name), status: null, displayOrder: null, expectedVersion: null });
      if (saved.status !== "saved") throw new Error(saved.status);
      ids.push(saved.id);
    }
    for (const status of ["draft", "hidden", "former"] as const) {
      await saveArtist(services(), ADMIN, { existingName: "순서나", input: fields("순서나"), status, displayOrder: null, expectedVersion: null });
      expect(await getArtist(database.db, "순서나")).toBeNull();
      expect((await listArtists(database.db)).map((a) => a.name)).not.toContain("순서나");
      expect((await listSitemapEntries(database.db)).some((e) => e.path.includes(encodeURIComponent("순서나")))).toBe(false);
      expect((await listArtists(database.db, "workspace")).map((a) => a.name)).toContain("순서나");
    }
    // The administrator's view of the site shows drafts and hidden artists, not former ones.
    expect((await listArtists(database.db, "admin-site")).map((a) => a.name)).not.toContain("순서나");

    await reorderArtists(services(), ADMIN, [ids[2]!, ids[0]!]);
    expect((await listArtists(database.db, "workspace")).map((a) => a.name).filter((n) => names.includes(n))).toEqual(["순서다", "순서가", "순서나"]);
    expect(services().announced.at(-1)).toMatchObject({ entity: "artist", paths: expect.arrayContaining(["/artist", "/"]) });

    expect(await deleteArtist(services(), ADMIN, "순서가")).toBe(true);
    expect((await listArtists(database.db, "workspace")).map((a) => a.name)).not.toContain("순서가");
    expect(await saveArtist(services(), ADMIN, { existingName: null, input: fields("순서가"), status: null, displayOrder: null, expectedVersion: null })).toEqual({
      status: "duplicate-name",
      inTrash: true,
    });
    expect(await restoreArtist(services(), ADMIN, ids[0]!)).toBe(true);
    expect((await getArtist(database.db, "순서가"))?.status).toBe("public");
  });
});
