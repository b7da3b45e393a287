import { asc, gt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accessRecords } from "../../../drizzle/schema";
import { verifyAccessRecords } from "../../../app/server/privacy/access-records.server";
import { createTestApplication, type TestApplication } from "../../fixtures/auditions";
import { useSignedInApp } from "../../setup/in-process-app";
import { TEST_ADMIN } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * The applications' list names applicants (name, age), 20 a page: every view of it is an access to
 * personal data (decision 039). Each view, whatever its filter (none, blank, unknown, valid) or page,
 * as a page or as its `.data`, writes exactly one entry naming the receipt numbers shown, the filter as
 * applied and the page; HEAD and a browser's prefetch show nothing and record nothing.
 */
describe(`access records of the applications' list (${testEngine()})`, () => {
  const site = useSignedInApp("access-list");
  /** Oldest first; the list shows them newest first. */
  const applicants: TestApplication[] = [];

  beforeAll(async () => {
    const base = Date.now() - 60 * 60_000;
    for (let i = 0; i < 23; i++) {
      applicants.push(
        await createTestApplication(site.runtime, {
          name: `목록지원자${String(i).padStart(2, "0")}`,
          photos: 0,
          status: i < 2 ? "on_hold" : "received",
          receivedAt: new Date(base + i * 60_000),
        }),
      );
    }
  }, 120_000);

  const newestFirst = () => [...applicants].reverse();
  const latestId = async () => {
    const [row] = await site.runtime.db.select({ id: sql<string>`coalesce(max(${accessRecords.id}), 0)::text` }).from(accessRecords);
    return Number(row!.id);
  };
  /** Fetches `path` as the signed-in administrator; its body and the entries appended meanwhile. */
  const view = async (path: string, init: { method?: string; headers?: Record<string, string> } = {}) => {
    const before = await latestId();
    const response = await fetch(site.baseURL + path, { method: init.method, headers: { Cookie: site.cookie, ...init.headers }, redirect: "manual" });
    const body = await response.text();
    const entries = await site.runtime.db.select().from(accessRecords).where(gt(accessRecords.id, before)).orderBy(asc(accessRecords.id));
    return { response, body, entries };
  };

  it("every view of the list, with no filter, a blank or unknown one, a valid one, page 2, or as `.data`, records one entry with what it showed", async () => {
    const firstPage = newestFirst().slice(0, 20);
    const secondPage = newestFirst().slice(20);
    const onHold = newestFirst().filter((_, i, all) => i >= all.length - 2);
    const cases = [
      { path: "/admin/auditions", shown: firstPage, details: { count: 23, page: 1, status: null, query: false } },
      { path: "/admin/auditions?status=&q=", shown: firstPage, details: { count: 23, page: 1, status: null, query: false } },
      { path: "/admin/auditions?q=%20%20", shown: firstPage, details: { count: 23, page: 1, status: null, query: false } },
      { path: "/admin/auditions?status=bogus&page=x", shown: firstPage, details: { count: 23, page: 1, status: null, query: false } },
      { path: "/admin/auditions?page=2", shown: secondPage, details: { count: 23, page: 2, status: null, query: false } },
      { path: "/admin/auditions?page=99", shown: secondPage, details: { count: 23, page: 2, status: null, query: false } },
      { path: "/admin/auditions.data", shown: firstPage, details: { count: 23, page: 1, status: null, query: false } },
      { path: "/admin/auditions.data?status=on_hold", shown: onHold, details: { count: 2, page: 1, status: "on_hold", query: false } },
      { path: "/admin/auditions.data?page=2&status=nonsense", shown: secondPage, details: { count: 23, page: 2, status: null, query: false } },
    ];
    for (const { path, shown, details } of cases) {
      const { response, body, entries } = await view(path);
      expect(response.status, path).toBe(200);
      // What the answer showed is what the entry names: these applicants, and no others.
      for (const a of shown) expect(body, path).toContain(a.name);
      for (const a of applicants.filter((x) => !shown.includes(x))) expect(body, path).not.toContain(a.name);
      expect(entries, path).toHaveLength(1);
      expect(entries[0], path).toMatchObject({ action: "search", actorLabel: TEST_ADMIN.id, receiptNumbers: shown.map((a) => a.receiptNumber), details });
      // Never a name or a search's text in the entry.
      for (const a of applicants) expect(JSON.stringify(entries), path).not.toContain(a.name);
    }
  });

  it("HEAD and a browser's prefetch (`Sec-Purpose`, `Purpose`) get nothing of the list and record nothing", async () => {
    expect((await view("/admin/auditions", { method: "HEAD" })).entries).toHaveLength(0);
    const prefetches: Record<string, string>[] = [{ "Sec-Purpose": "prefetch" }, { "Sec-Purpose": "prefetch;prerender" }, { Purpose: "prefetch" }];
    for (const headers of prefetches) {
      for (const path of ["/admin/auditions", "/admin/auditions.data?page=2"]) {
        const { response, body, entries } = await view(path, { headers });
        expect(response.status, path).toBe(403);
        for (const a of applicants) expect(body, path).not.toContain(a.name);
        expect(entries, path).toHaveLength(0);
      }
    }
  });

  it("the access records page shows the views: receipt numbers, the filter and the page", async () => {
    const { response, body, entries } = await view("/admin/access-records?action=search");
    expect(response.status).toBe(200);
    // The records page itself shows no applicant's data: it records nothing.
    expect(entries).toHaveLength(0);
    expect(body).toContain("목록 열람·검색");
    expect(body).toContain("상태 ‘보류’ · 결과 2건 · 1쪽");
    expect(body).toContain("결과 23건 · 2쪽");
    for (const a of applicants) expect(body).toContain(a.receiptNumber);
    for (const a of applicants) expect(body).not.toContain(a.name);
    expect((await verifyAccessRecords(site.runtime.db)).ok).toBe(true);
  });
});
