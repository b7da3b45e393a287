import { and, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artists, auditLog, importedRecords, media, posts, siteImports } from "../../../drizzle/schema";
import { systemActor } from "../../../app/server/platform/services.server";
import { runSiteImport } from "../../../app/server/import/site-import.server";
import { saveArtist } from "../../../app/server/artists/artist-use-cases.server";
import { BROKEN, startOldSite, type OldSite } from "../../fixtures/old-site";
import { useSignedInApp } from "../../setup/in-process-app";
import { TEST_ADMIN } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * The move from the original site (issue 29, decision 045) against a stand-in of the old host that
 * speaks the original API: every record, date and image arrives and shows on the public pages; a second
 * run changes nothing; changes on both sides update or conflict; broken records are repaired or skipped
 * and reported; nothing here is deleted.
 */
describe(`importing the original site (${testEngine()})`, () => {
  const site = useSignedInApp("import");
  let old: OldSite;
  const actor = systemActor("사이트 가져오기 (test)");
  const run = (options: { dryRun?: boolean } = {}) => runSiteImport(site.runtime, { from: old.origin, actor, ...options });

  beforeAll(async () => {
    old = await startOldSite();
  });
  afterAll(async () => {
    await old?.close();
  });

  const countOf = async (table: typeof artists | typeof posts, where = sql`true`) => (await site.runtime.db.select({ n: count() }).from(table).where(where))[0]!.n;

  it("a dry run reports what it would do and writes nothing", async () => {
    const report = await run({ dryRun: true });
    expect(report.counts.artists.created).toBe(30);
    expect(report.counts.news.created + report.counts.news.skipped).toBe(120);
    expect(report.counts.notices.created).toBe(80);
    expect(report.images.downloaded).toBeGreaterThan(150);
    expect(await countOf(artists)).toBe(0);
    expect(await countOf(posts)).toBe(0);
    expect((await site.runtime.db.select({ n: count() }).from(media))[0]!.n).toBe(0);
    // Only its report is kept, as a finished dry run (the workspace shows it from any app process).
    const kept = await site.runtime.db.select().from(siteImports);
    expect(kept.map((r) => ({ dryRun: r.dryRun, state: r.state }))).toEqual([{ dryRun: true, state: "finished" }]);
    expect((kept[0]!.report as { counts: typeof report.counts }).counts).toEqual(report.counts);
  }, 120_000);

  it("imports every artist, post, date and image, repairs or skips the broken ones, and says so", async () => {
    const report = await run();
    expect(report.error).toBeNull();
    expect(report.counts.artists).toMatchObject({ created: 30, skipped: 0, conflict: 0 });
    expect(report.counts.news).toMatchObject({ created: 120, skipped: 0 });
    expect(report.counts.notices).toMatchObject({ created: 80, skipped: 0 });
    // 30 × 5 photos minus the no-photo artist's 5, the three broken and the huge one; the posts' images.
    const failedPhotos = 4;
    expect(report.images.failed).toBe(failedPhotos + 1);
    const reasons = report.repaired.map((n) => `${n.record}: ${n.reason}`).join("\n");
    expect(reasons).toMatch(new RegExp(`${old.artists[BROKEN.badList]!.name}: 수상: JSON 목록이 아니어서`));
    expect(reasons).toMatch(new RegExp(`${old.artists[BROKEN.noPhotos]!.name}: 사진이 없는 배우입니다`));
    expect(reasons).toMatch(/404/);
    expect(reasons).toMatch(/닫히지 않은 태그/);

    const { db } = site.runtime;
    expect(await countOf(artists)).toBe(30);
    expect(await countOf(posts, eq(posts.kind, "news"))).toBe(120);
    expect(await countOf(posts, eq(posts.kind, "notice"))).toBe(80);
    // The old site's order and dates.
    const roster = await db.select({ name: artists.name }).from(artists).orderBy(artists.displayOrder);
    expect(roster.map((r) => r.name)).toEqual(old.artists.map((a) => a.name));
    const first = old.news[0]!;
    const [stored] = await db.select().from(posts).where(and(eq(posts.kind, "news"), eq(posts.title, first.title)));
    expect(stored!.writeDay).toBe(first.writeDay);
    expect(stored!.status).toBe("published");
    // Images point at our own media; data: images are stored too.
    const withData = old.news[7]!;
    const [dataPost] = await db.select({ content: posts.content }).from(posts).where(eq(posts.title, withData.title));
    expect(dataPost!.content).not.toContain("data:");
    expect(dataPost!.content).toMatch(/<img src="\/media\//);

    // The public pages show them.
    const artist = old.artists[0]!;
    const page = await (await fetch(`${site.baseURL}/artist/${encodeURIComponent(artist.name)}`)).text();
    expect(page).toContain(artist.ename);
    expect(page).toContain(artist.birthday);
    expect(page).toMatch(/\/media\//);
    const newsPage = await (await fetch(`${site.baseURL}/newsDetail/${stored!.id}`)).text();
    expect(newsPage).toContain(first.writeDay);

    // One activity-log entry for the whole run, by who ran it.
    const entries = await db.select().from(auditLog).where(eq(auditLog.entity, "site-import"));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorLabel).toBe("사이트 가져오기 (test)");
    expect(await db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, "artist"))).toEqual([{ n: 0 }]);
  }, 300_000);

  it("a second run changes nothing", async () => {
    const report = await run();
    expect(report.counts.artists).toMatchObject({ created: 0, updated: 0, unchanged: 30 });
    expect(report.counts.news).toMatchObject({ created: 0, updated: 0, unchanged: 120 });
    expect(report.counts.notices).toMatchObject({ created: 0, updated: 0, unchanged: 80 });
    expect(report.images.downloaded).toBe(0);
    expect(await countOf(artists)).toBe(30);
  }, 120_000);

  it("after changes on both sides, updates what changed there and reports conflicts for what was edited here too", async () => {
    const { db } = site.runtime;
    // There: two artists and a post change, a new post appears.
    old.artists[5]!.cm = "181";
    old.artists[6]!.cm = "177";
    old.news[10]!.title = `${old.news[10]!.title} (수정)`;
    old.news.push({ postId: 9999, title: "새로 올라온 뉴스", content: "<p>이전 사이트에 새로 올린 글입니다.</p>", writeDay: "2026-11-20" });
    // Here: artist 6 was edited in the workspace; a post was moved to the trash.
    const here = old.artists[6]!.name;
    const [row] = await db.select().from(artists).where(eq(artists.name, here));
    const edited = await saveArtist(site.runtime, systemActor("편집자"), {
      existingName: here,
      input: { name: row!.name, nameEn: row!.nameEn, birthday: row!.birthday, height: "176", socialLink: row!.socialLink },
      status: null,
      displayOrder: null,
      expectedVersion: null,
    });
    expect(edited.status).toBe("saved");

    const report = await run();
    expect(report.counts.artists).toMatchObject({ updated: 1, conflict: 1, unchanged: 28 });
    expect(report.counts.news).toMatchObject({ created: 1, updated: 1, unchanged: 119 });
    expect(report.conflicts.map((c) => c.record)).toEqual([here]);
    const heights = await db.select({ name: artists.name, height: artists.height }).from(artists).where(sql`${artists.name} in (${old.artists[5]!.name}, ${here})`);
    expect(Object.fromEntries(heights.map((h) => [h.name, h.height]))).toEqual({ [old.artists[5]!.name]: "181", [here]: "176" });
    expect(await countOf(posts, and(eq(posts.title, "새로 올라온 뉴스"), isNull(posts.deletedAt)))).toBe(1);
  }, 120_000);

  it("never deletes here what the old site no longer has, and does not bring back what was deleted here", async () => {
    const { db } = site.runtime;
    const gone = old.news.splice(0, 1)[0]!;
    const [local] = await db.select({ id: posts.id }).from(posts).where(eq(posts.title, gone.title));
    const trashedHere = old.notices[0]!;
    const [trashed] = await db.select({ id: posts.id }).from(posts).where(eq(posts.title, trashedHere.title));
    await db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, trashed!.id));
    trashedHere.title = `${trashedHere.title} (다시 수정)`;

    const report = await run();
    expect(await countOf(posts, and(eq(posts.id, local!.id), isNull(posts.deletedAt)))).toBe(1);
    expect(report.skipped.some((s) => s.kind === "notices" && /휴지통/.test(s.reason))).toBe(true);
    expect(await countOf(posts, isNull(posts.deletedAt))).toBe(200);
    // One record per source, never two.
    const [{ n }] = (await db.select({ n: count() }).from(importedRecords)) as [{ n: number }];
    expect(n).toBe(30 + 121 + 80);
  }, 120_000);
});

describe(`the workspace's import page runs the import as the server's own job (${testEngine()})`, () => {
  const site = useSignedInApp("import-page");
  let old: OldSite;
  beforeAll(async () => {
    old = await startOldSite({ artists: 3, news: 4, notices: 2, photoSize: [120, 160] });
  });
  afterAll(async () => {
    await old?.close();
  });
  const post = (fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
    return fetch(`${site.baseURL}/admin/import`, { method: "POST", headers: { Cookie: site.cookie, Origin: site.baseURL }, body, redirect: "manual" });
  };
  const page = async () => (await fetch(`${site.baseURL}/admin/import`, { headers: { Cookie: site.cookie } })).text();

  it("refuses a bad address or no kinds with a Korean message and keeps what was typed", async () => {
    const bad = await post({ from: "ftp://old.example", only: "artists" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("http:// 또는 https://로 시작하는 주소를 입력해 주세요.");
    expect(html).toContain('value="ftp://old.example"');
    const none = await post({ from: old.origin });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("가져올 항목을 하나 이상 선택해 주세요.");
  });

  it("a dry run shows its report and writes nothing; a real run goes on after the answer and the page follows it to the end", async () => {
    const dry = await post({ from: old.origin, only: ["artists", "news", "notices"], dryRun: "on" });
    expect(dry.status).toBe(302);
    expect(await page()).toContain("시험 실행 결과");
    expect((await site.runtime.db.select({ n: count() }).from(artists))[0]!.n).toBe(0);

    const started = await post({ from: old.origin, only: ["artists", "news", "notices"] });
    expect(started.status).toBe(302);
    let html = "";
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      html = await page();
      if (!html.includes("가져오는 중")) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(html).toContain("마침");
    expect(html).toContain(old.origin);
    expect(html).toContain(TEST_ADMIN.id);
    expect((await site.runtime.db.select({ n: count() }).from(artists))[0]!.n).toBe(3);
    expect((await site.runtime.db.select({ n: count() }).from(posts))[0]!.n).toBe(6);
    // The activity log names the account that ran it.
    const [entry] = await site.runtime.db.select().from(auditLog).where(eq(auditLog.entity, "site-import"));
    expect(entry!.actorLabel).toBe(TEST_ADMIN.id);
  }, 120_000);

  it("refuses a second run while one is running", async () => {
    // A run of another process that is still alive (its heartbeat is fresh).
    await site.runtime.db.insert(siteImports).values({ origin: "https://other.example", only: ["artists"], holder: "elsewhere:1" });
    const refused = await post({ from: old.origin, only: ["artists"] });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("다른 가져오기가 진행 중입니다.");
    await site.runtime.db.update(siteImports).set({ state: "failed" }).where(eq(siteImports.holder, "elsewhere:1"));
  });
});
