import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUsers } from "../../../drizzle/schema";
import { roleReachesPersonalData, type StaffRole } from "../../../app/domain/staff-roles";
import { provisionTotpSecret } from "../../../app/server/auth/second-factor.server";
import { hashPassword } from "../../../app/server/auth/passwords.server";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { signInCookie, TEST_ADMIN, TEST_TOTP_SECRET } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * The workspace lists' bulk actions, search and paging over HTTP (decision 044): the posts' bulk
 * action and the trash's are POSTs to their lists, so the one gate decides who may run them (the
 * content area's "change") and the origin check refuses them from other sites; a search's `%` and `_`
 * match themselves; the trash pages by 20 and filters by kind.
 */
describe(`workspace bulk actions, search and paging (${testEngine()})`, () => {
  let app: InProcessApp | undefined;
  let baseURL: string;
  const cookies = {} as Record<StaffRole, string>;

  beforeAll(async () => {
    app = await startInProcessApp("bulk", { MAX_ANONYMOUS_BODIES: "1000", MAX_ANONYMOUS_BODIES_PER_ADDRESS: "1000" });
    baseURL = app.baseURL;
    cookies.owner = await signInCookie(baseURL, TEST_ADMIN);
    for (const role of ["editor", "viewer", "casting"] as const) {
      const account = { id: `bulk-${role}`, password: `password-of-${role}-1`, totpSecret: TEST_TOTP_SECRET };
      await app.runtime.db.insert(staffUsers).values({ loginId: account.id, passwordHash: await hashPassword(account.password), role, displayName: `${role} 담당` });
      if (roleReachesPersonalData(role)) await provisionTotpSecret(app.runtime.db, app.runtime.sessionSecret, account.id, TEST_TOTP_SECRET);
      cookies[role] = await signInCookie(baseURL, account);
    }
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  const writeNews = async (title: string, content = "<p>본문</p>"): Promise<number> => {
    const response = await fetch(`${baseURL}/api/we/writenews`, {
      method: "POST",
      headers: { Cookie: cookies.owner, Origin: baseURL, "Content-Type": "application/json" },
      body: JSON.stringify({ title, content }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { postId: number }).postId;
  };
  const trashNews = async (postId: number) => {
    const response = await fetch(`${baseURL}/api/we/deletenews/${postId}`, { method: "DELETE", headers: { Cookie: cookies.owner, Origin: baseURL } });
    expect(response.status).toBe(204);
  };
  const post = (path: string, role: StaffRole, fields: [string, string][], origin = baseURL) =>
    fetch(baseURL + path, {
      method: "POST",
      headers: { Cookie: cookies[role], Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const page = async (path: string, role: StaffRole = "owner") => {
    const response = await fetch(baseURL + path, { headers: { Cookie: cookies[role] } });
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const newsStatus = async (postId: number) => (await fetch(`${baseURL}/newsDetail/${postId}`)).status;

  it("only the roles that change content may move posts to the trash in bulk; the others get 403 and nothing changes", async () => {
    const ids = [await writeNews("일괄 역할 하나"), await writeNews("일괄 역할 둘")];
    const fields: [string, string][] = [["intent", "bulk"], ["bulkAction", "trash"], ...ids.map((id): [string, string] => ["post", `news:${id}`])];
    for (const role of ["viewer", "casting"] as const) {
      const refused = await post("/admin/posts", role, fields);
      expect(refused.status, role).toBe(403);
      expect(await refused.text()).not.toContain("일괄 역할 하나");
    }
    for (const id of ids) expect(await newsStatus(id)).toBe(200);

    const done = await post("/admin/posts", "editor", [...fields, ["returnTo", "/admin/posts?q=%EC%9D%BC%EA%B4%84"]]);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/posts?q=%EC%9D%BC%EA%B4%84");
    for (const id of ids) expect(await newsStatus(id)).toBe(404);
  });

  it("a bulk action sent from another site is refused before it reads the form", async () => {
    const id = await writeNews("다른 사이트 일괄");
    const refused = await post("/admin/posts", "owner", [["intent", "bulk"], ["bulkAction", "unpublish"], ["post", `news:${id}`]], "https://evil.example");
    expect(refused.status).toBe(403);
    expect(await newsStatus(id)).toBe(200);
  });

  it("publishes and unpublishes in bulk through the editor's use case, and refuses a forged selection", async () => {
    const id = await writeNews("일괄 공개 중단");
    const unpublished = await post("/admin/posts", "owner", [["intent", "bulk"], ["bulkAction", "unpublish"], ["post", `news:${id}`]]);
    expect(unpublished.status).toBe(302);
    expect(await newsStatus(id)).toBe(404);
    expect(await page("/admin/posts?status=draft")).toContain("일괄 공개 중단");
    await post("/admin/posts", "owner", [["intent", "bulk"], ["bulkAction", "publish"], ["post", `news:${id}`]]);
    expect(await newsStatus(id)).toBe(200);
    // Each change is a revision of its own, like a save in the editor.
    expect(await page(`/admin/history/post/${id}`)).toMatch(/<strong>3(<!-- -->)?번째 버전<\/strong>/);

    for (const forged of ["news:abc", "story:1", "news:1; DROP TABLE posts"]) {
      expect((await post("/admin/posts", "owner", [["intent", "bulk"], ["bulkAction", "trash"], ["post", forged]])).status, forged).toBe(400);
    }
    // A page of rows at most.
    const many = Array.from({ length: 21 }, (_, i): [string, string] => ["post", `news:${i + 1}`]);
    expect((await post("/admin/posts", "owner", [["intent", "bulk"], ["bulkAction", "trash"], ...many])).status).toBe(400);
    expect(await newsStatus(id)).toBe(200);
  });

  it("the posts' search reads titles and text, and its % and _ match only themselves", async () => {
    await writeNews("할인 100% 행사");
    await writeNews("할인 1000 행사");
    await writeNews("검색 본문 대상", "<p>본문에만 있는 낱말 구름다리</p>");
    const list = (q: string) => page(`/admin/posts?q=${encodeURIComponent(q)}`);
    const percent = await list("100%");
    expect(percent).toContain("할인 100% 행사");
    expect(percent).not.toContain("할인 1000 행사");
    const underscore = await list("할인 1_0");
    expect(underscore).not.toContain("할인 100% 행사");
    expect(underscore).not.toContain("할인 1000 행사");
    expect(await list("구름다리")).toContain("검색 본문 대상");
    // The HTML's tags are not text.
    expect(await list("<p>")).not.toContain("검색 본문 대상");
  });

  it("the trash pages by 20, filters by kind, restores and deletes the checked rows", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) {
      const id = await writeNews(`휴지통 쪽 ${String(i).padStart(2, "0")}`);
      await trashNews(id);
      ids.push(id);
    }
    const rows = (html: string) => [...html.matchAll(/name="key" value="(post|artist)-\d+"/g)].length;
    const first = await page("/admin/trash?kind=news");
    expect(rows(first)).toBe(20);
    expect(first).toContain("휴지통 쪽 24");
    expect(first).not.toContain("휴지통 쪽 04");
    const second = await page("/admin/trash?kind=news&page=2");
    expect(second).toContain("휴지통 쪽 04");
    // A page past the end shows the last one.
    expect(await page("/admin/trash?kind=news&page=99")).toContain("휴지통 쪽 00");
    expect(await page("/admin/trash?kind=artist")).not.toContain("휴지통 쪽");

    const restored = await post("/admin/trash", "owner", [["intent", "restore-selected"], ["key", `post-${ids[0]}`], ["key", `post-${ids[1]}`], ["returnTo", "/admin/trash?kind=news"]]);
    expect(restored.status).toBe(302);
    expect(restored.headers.get("location")).toBe("/admin/trash?kind=news");
    expect(await newsStatus(ids[0]!)).toBe(200);
    expect(await newsStatus(ids[1]!)).toBe(200);

    // A viewer may look at the trash but not empty it.
    expect((await post("/admin/trash", "viewer", [["intent", "purge-selected"], ["key", `post-${ids[2]}`]])).status).toBe(403);
    expect(await page("/admin/trash?kind=news&page=2", "viewer")).toContain("휴지통 쪽 02");
    const purged = await post("/admin/trash", "owner", [["intent", "purge-selected"], ["key", `post-${ids[2]}`]]);
    expect(purged.status).toBe(302);
    expect(await page("/admin/trash?kind=news&page=2")).not.toContain("휴지통 쪽 02");
    // The confirmation page names what the checked keys are; a forged key is refused.
    expect(await page(`/admin/trash?confirm=selected&key=post-${ids[3]}&key=post-${ids[4]}`)).toContain("선택한 2건을 영구 삭제할까요?");
    expect((await post("/admin/trash", "owner", [["intent", "restore-selected"], ["key", "post-x"]])).status).toBe(400);
  });
});
