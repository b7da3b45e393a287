import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useSignedInApp } from "../../setup/in-process-app";
import { auditionApplications, auditionFiles, auditionStatusChanges, auditLog } from "../../../drizzle/schema";
import { isAdminPath } from "../../../app/domain/site-routes";
import { createTestApplication, type TestApplication } from "../../fixtures/auditions";
import { TEST_ADMIN } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * The agency's side of the online audition over HTTP, on the production build run in this
 * process: applications are stored with the test fixture (real rows, real files in the private
 * storage), then read, reviewed, exported and deleted through the admin's routes.
 */
describe(`audition applications in the workspace (${testEngine()})`, () => {
  const site = useSignedInApp("auditions");
  let withVideo: TestApplication;
  let other: TestApplication;

  beforeAll(async () => {
    withVideo = await createTestApplication(site.runtime, { name: "김영상", videoFile: true, photos: 3 });
    other = await createTestApplication(site.runtime, { name: "이다른" });
  }, 120_000);

  const fileUrl = (app: TestApplication, fileId: string, query = "") => `${site.baseURL}/admin/auditions/${app.id}/files/${fileId}${query}`;
  const postForm = async (pathname: string, fields: [string, string][], withCookie = true) => {
    const response = await fetch(site.baseURL + pathname, {
      method: "POST",
      headers: { Origin: site.baseURL, ...(withCookie ? { Cookie: site.cookie } : {}) },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    return response;
  };
  const auditEntries = (action: string) => site.runtime.db.select().from(auditLog).where(and(eq(auditLog.entity, "audition"), eq(auditLog.action, action)));

  it("an anonymous request for an applicant's file gets 401 and not one byte of it, whatever the address", async () => {
    const photo = withVideo.photos[0]!;
    for (const url of [fileUrl(withVideo, photo.id), fileUrl(withVideo, photo.id, "?thumb=1"), fileUrl(withVideo, photo.id, "?download=1"), fileUrl(withVideo, withVideo.video!.id)]) {
      for (const method of ["GET", "HEAD"]) {
        const response = await fetch(url, { method, headers: { Range: "bytes=0-" } });
        expect(response.status, `${method} ${url}`).toBe(401);
        expect(response.headers.get("cache-control")).toBe("private, no-store");
        expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
        const body = new Uint8Array(await response.arrayBuffer());
        expect(body.byteLength).toBeLessThan(100);
        expect(Buffer.from(body).includes(Buffer.from(photo.bytes.subarray(0, 16)))).toBe(false);
      }
    }
    // An address that does not exist answers the same to a stranger: nothing tells which ones do.
    expect((await fetch(fileUrl(withVideo, "0".repeat(32)))).status).toBe(401);
    // A stale session cookie is no session.
    expect((await fetch(fileUrl(withVideo, photo.id), { headers: { Cookie: "we_session=forged" } })).status).toBe(401);
  });

  it("the administrator gets the photo's bytes with private, no-store, nosniff, a receipt-number file name and its type", async () => {
    const [first, second] = withVideo.photos;
    const response = await fetch(fileUrl(withVideo, second!.id), { headers: { Cookie: site.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="${withVideo.receiptNumber}-photo-2.jpg"`);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("x-cache")).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(second!.bytes))).toBe(true);

    // A download carries its reason, asked for in the application's page and sent in the body; the file
    // comes from a one-time address (decisions 039, 066; tests/integration/in-process/access-records.test.ts).
    const asked = await fetch(`${site.baseURL}/admin/auditions/${withVideo.id}`, {
      method: "POST",
      headers: { Origin: site.baseURL, Cookie: site.cookie },
      body: new URLSearchParams({ intent: "download", file: first!.id, reason: "review" }),
      redirect: "manual",
    });
    expect(asked.status).toBe(303);
    const download = await fetch(site.baseURL + asked.headers.get("location")!, { headers: { Cookie: site.cookie } });
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${withVideo.receiptNumber}-photo-1.jpg"`);
    await download.arrayBuffer();

    const thumb = await fetch(fileUrl(withVideo, first!.id, "?thumb=1"), { headers: { Cookie: site.cookie } });
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await thumb.arrayBuffer()).equals(Buffer.from(first!.thumb))).toBe(true);

    // Unknown files, and a real file asked for under another application, are 404.
    expect((await fetch(fileUrl(withVideo, "0".repeat(32)), { headers: { Cookie: site.cookie } })).status).toBe(404);
    expect((await fetch(fileUrl(other, first!.id), { headers: { Cookie: site.cookie } })).status).toBe(404);
    expect((await fetch(`${site.baseURL}/admin/auditions/${withVideo.id}/files/..%2F..%2Fsession-secret`, { headers: { Cookie: site.cookie } })).status).toBe(404);
  });

  it("a video is served in byte ranges (206 with Content-Range, 416 beyond the end) and HEAD gives the headers only", async () => {
    const video = withVideo.video!;
    const size = video.bytes.byteLength;
    const ranged = await fetch(fileUrl(withVideo, video.id), { headers: { Cookie: site.cookie, Range: "bytes=100-199" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("video/mp4");
    expect(ranged.headers.get("content-range")).toBe(`bytes 100-199/${size}`);
    expect(ranged.headers.get("content-length")).toBe("100");
    expect(ranged.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await ranged.arrayBuffer()).equals(Buffer.from(video.bytes.subarray(100, 200)))).toBe(true);

    const open = await fetch(fileUrl(withVideo, video.id), { headers: { Cookie: site.cookie, Range: "bytes=4000-" } });
    expect(open.status).toBe(206);
    expect(open.headers.get("content-range")).toBe(`bytes 4000-${size - 1}/${size}`);
    expect(Buffer.from(await open.arrayBuffer()).equals(Buffer.from(video.bytes.subarray(4000)))).toBe(true);

    const suffix = await fetch(fileUrl(withVideo, video.id), { headers: { Cookie: site.cookie, Range: "bytes=-16" } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(Buffer.from(video.bytes.subarray(size - 16)))).toBe(true);

    const beyond = await fetch(fileUrl(withVideo, video.id), { headers: { Cookie: site.cookie, Range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);
    await beyond.arrayBuffer();

    const head = await fetch(fileUrl(withVideo, video.id), { method: "HEAD", headers: { Cookie: site.cookie } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(size));
    expect(head.headers.get("content-disposition")).toBe(`inline; filename="${withVideo.receiptNumber}-video.mp4"`);
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const whole = await fetch(fileUrl(withVideo, video.id), { headers: { Cookie: site.cookie } });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(video.bytes))).toBe(true);
  });

  it("every audition address is an admin path, so the page cache never stores one", () => {
    for (const pathname of ["/admin/auditions", "/admin/auditions.data", "/admin/auditions/1", `/admin/auditions/1/files/${"a".repeat(32)}`, "/admin/auditions/export"]) {
      expect(isAdminPath(pathname), pathname).toBe(true);
    }
  });

  it("the list finds applications by name, receipt number, phone (with or without hyphens) and e-mail, and filters by status", async () => {
    const list = async (query: string) => {
      const response = await fetch(`${site.baseURL}/admin/auditions${query}`, { headers: { Cookie: site.cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      return response.text();
    };
    const all = await list("");
    expect(all).toContain("김영상");
    expect(all).toContain("이다른");
    expect(all.indexOf("이다른")).toBeLessThan(all.indexOf("김영상"));
    for (const q of ["김영", withVideo.receiptNumber, withVideo.phone, withVideo.phone.replace(/-/g, ""), withVideo.email.toUpperCase()]) {
      const found = await list(`?q=${encodeURIComponent(q)}`);
      expect(found, q).toContain("김영상");
      expect(found, q).not.toContain("이다른");
    }
    expect(await list("?status=accepted")).toContain("조건에 맞는 지원서가 없습니다.");
    // Anonymous: to the sign-in page.
    const anonymous = await fetch(`${site.baseURL}/admin/auditions`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/adminLogin\?redirectTo=/);
  });

  it("duplicates are flagged in the list and on each application's page, with links to the others from the same phone or e-mail", async () => {
    const day = 24 * 60 * 60 * 1000;
    const t0 = new Date(Date.now() - 100 * day);
    const phone = "010-8642-9753";
    const email = "dup-admin@example.com";
    const first = await createTestApplication(site.runtime, { name: "중복관리가", phone, email, receivedAt: t0 });
    const samePhone = await createTestApplication(site.runtime, { name: "중복관리나", phone, receivedAt: new Date(t0.getTime() + 5 * day) });
    const sameEmailLater = await createTestApplication(site.runtime, { name: "중복관리다", email, receivedAt: new Date(t0.getTime() + 45 * day) });
    const alone = await createTestApplication(site.runtime, { name: "중복관리라", receivedAt: new Date(t0.getTime() + 5 * day) });

    const html = await (await fetch(`${site.baseURL}/admin/auditions?q=${encodeURIComponent("중복관리")}`, { headers: { Cookie: site.cookie } })).text();
    const rowOf = (receipt: string) => html.slice(html.indexOf(receipt), html.indexOf("</tr>", html.indexOf(receipt)));
    for (const flagged of [first, samePhone]) expect(rowOf(flagged.receiptNumber)).toContain('<span class="status-badge status-badge--duplicate">중복 지원</span>');
    // 45 days apart: outside the window; and one with nothing in common.
    for (const plain of [sameEmailLater, alone]) expect(rowOf(plain.receiptNumber)).not.toContain("중복 지원");

    const page = await (await fetch(`${site.baseURL}/admin/auditions/${first.id}`, { headers: { Cookie: site.cookie } })).text();
    const related = page.slice(page.indexOf('aria-labelledby="related-title"'), page.indexOf("</section>", page.indexOf('aria-labelledby="related-title"')));
    expect(related).toContain("같은 연락처의 다른 지원서");
    expect(related).toContain("중복 지원");
    expect(related).toContain(`href="/admin/auditions/${samePhone.id}" data-discover="true">${samePhone.receiptNumber} 중복관리나</a>`);
    expect(related).toContain(`href="/admin/auditions/${sameEmailLater.id}" data-discover="true">${sameEmailLater.receiptNumber} 중복관리다</a>`);
    expect(related).toMatch(/같은 휴대전화 · 30일 이내/);
    expect(related).toMatch(/같은 이메일<\/span>/);
    expect(related).not.toContain(alone.receiptNumber);

    // Outside the window only: listed, not flagged.
    const later = await (await fetch(`${site.baseURL}/admin/auditions/${sameEmailLater.id}`, { headers: { Cookie: site.cookie } })).text();
    expect(later).toContain(`href="/admin/auditions/${first.id}" data-discover="true">${first.receiptNumber} 중복관리가</a>`);
    expect(later).toContain("30일 넘게 떨어져 있어 중복 지원으로 보지 않습니다.");
    expect(later).not.toContain("status-badge--duplicate");
    // Nothing in common: no such section.
    expect(await (await fetch(`${site.baseURL}/admin/auditions/${alone.id}`, { headers: { Cookie: site.cookie } })).text()).not.toContain("같은 연락처의 다른 지원서");
  });

  it("the detail page shows every field, the photos as thumbnails, the video player and the history", async () => {
    const guarded = await createTestApplication(site.runtime, {
      name: "박어린",
      birthDate: "2015-01-02",
      guardian: { name: "박보호", phone: "010-9876-5432", consentedAt: new Date().toISOString() },
    });
    const html = await (await fetch(`${site.baseURL}/admin/auditions/${withVideo.id}`, { headers: { Cookie: site.cookie } })).text();
    expect(html).toContain(`<title>지원서 ${withVideo.receiptNumber} | WE ENTERTAINMENT 관리</title>`);
    expect(html).toContain(`href="tel:${withVideo.phone.replace(/-/g, "")}"`);
    expect(html).toContain(`href="mailto:${withVideo.email}"`);
    expect(html).toContain(`src="/admin/auditions/${withVideo.id}/files/${withVideo.photos[0]!.id}?thumb=1"`);
    expect(html).toMatch(new RegExp(`<video controls="" preload="none" src="/admin/auditions/${withVideo.id}/files/${withVideo.video!.id}"`));
    expect(html).toContain("168cm · 52kg");
    expect(html).not.toContain("법정대리인");

    const minor = await (await fetch(`${site.baseURL}/admin/auditions/${guarded.id}`, { headers: { Cookie: site.cookie } })).text();
    expect(minor).toContain("법정대리인");
    expect(minor).toContain("박보호");
    expect(minor).toContain("YouTube에서 영상 보기");
    expect((await fetch(`${site.baseURL}/admin/auditions/99999`, { headers: { Cookie: site.cookie } })).status).toBe(404);
  });

  it("a final status sets decidedAt, going back clears it; each change is in the history with who, and audited by receipt number only", async () => {
    const target = await createTestApplication(site.runtime, { name: "최상태", phone: "010-5555-6666" });
    const accepted = await postForm(`/admin/auditions/${target.id}`, [["intent", "status"], ["status", "accepted"]]);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe(`/admin/auditions/${target.id}`);
    const read = async () => (await site.runtime.db.select().from(auditionApplications).where(eq(auditionApplications.id, target.id)))[0]!;
    const afterAccept = await read();
    expect(afterAccept.status).toBe("accepted");
    expect(afterAccept.decidedAt).toBeInstanceOf(Date);
    expect(Date.now() - afterAccept.decidedAt!.getTime()).toBeLessThan(60_000);

    const back = await postForm(`/admin/auditions/${target.id}`, [["intent", "status"], ["status", "second_round"]]);
    expect(back.status).toBe(302);
    const afterBack = await read();
    expect(afterBack.status).toBe("second_round");
    expect(afterBack.decidedAt).toBeNull();

    const history = await site.runtime.db.select().from(auditionStatusChanges).where(eq(auditionStatusChanges.applicationId, target.id)).orderBy(auditionStatusChanges.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorLabel])).toEqual([
      [null, "received", "지원자"],
      ["received", "accepted", TEST_ADMIN.id],
      ["accepted", "second_round", TEST_ADMIN.id],
    ]);
    const page = await (await fetch(`${site.baseURL}/admin/auditions/${target.id}`, { headers: { Cookie: site.cookie } })).text();
    expect(page).toContain("접수 → 최종 합격");
    expect(page).toContain("최종 합격 → 2차 오디션");

    const audits = (await auditEntries("status-change")).filter((e) => e.entityId === target.receiptNumber);
    expect(audits).toHaveLength(2);
    for (const entry of audits) {
      const text = JSON.stringify(entry);
      expect(text).not.toContain("최상태");
      expect(text).not.toContain("5555");
    }

    // An unknown status is refused with the field's message; the status stays.
    const refused = await postForm(`/admin/auditions/${target.id}`, [["intent", "status"], ["status", "hired"]]);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("바꿀 상태를 선택해 주세요.");
    expect((await read()).status).toBe("second_round");
  });

  it("the list's bulk action changes the checked rows only, and comes back to the list as it was", async () => {
    const a = await createTestApplication(site.runtime, { name: "일괄가" });
    const b = await createTestApplication(site.runtime, { name: "일괄나" });
    const c = await createTestApplication(site.runtime, { name: "일괄다" });
    const response = await postForm("/admin/auditions?q=%EC%9D%BC%EA%B4%84", [
      ["returnTo", "/admin/auditions?q=%EC%9D%BC%EA%B4%84"],
      ["id", String(a.id)],
      ["id", String(b.id)],
      ["status", "documents_passed"],
      ["intent", "status"],
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/auditions?q=%EC%9D%BC%EA%B4%84");
    const rows = await site.runtime.db.select({ id: auditionApplications.id, status: auditionApplications.status }).from(auditionApplications).where(inArray(auditionApplications.id, [a.id, b.id, c.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [a.id]: "documents_passed", [b.id]: "documents_passed", [c.id]: "received" });

    // Nothing checked: back to the list with a notice, nothing changed.
    const none = await postForm("/admin/auditions", [["status", "rejected"], ["intent", "status"]]);
    expect(none.status).toBe(302);
    expect(none.headers.getSetCookie().join(";")).toContain("we_flash=");
    // A foreign site cannot change statuses with the administrator's cookie.
    const foreign = await fetch(`${site.baseURL}/admin/auditions`, {
      method: "POST",
      headers: { Origin: "https://evil.example", Cookie: site.cookie },
      body: new URLSearchParams([["id", String(c.id)], ["status", "rejected"], ["intent", "status"]]),
      redirect: "manual",
    });
    expect(foreign.status).toBe(403);
    expect((await site.runtime.db.select().from(auditionApplications).where(eq(auditionApplications.id, c.id)))[0]!.status).toBe("received");
  });

  it("the CSV export has a BOM, CRLF lines, Korean headers, only the checked rows, quoting and formula-safe cells, and one audit entry", async () => {
    const tricky = await createTestApplication(site.runtime, {
      name: '홍"길동, 주니어',
      career: "=HYPERLINK(\"http://evil.example\")\n둘째 줄",
      introduction: "+1 자기소개",
      notes: "@메모",
    });
    const plain = await createTestApplication(site.runtime, { name: "내보내기둘" });
    const left = await createTestApplication(site.runtime, { name: "안고른사람" });
    const response = await postForm("/admin/auditions/export", [
      ["returnTo", "/admin/auditions"],
      ["id", String(tricky.id)],
      ["id", String(plain.id)],
      ["intent", "export"],
      ["reason", "review"],
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="auditions-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.endsWith("\r\n")).toBe(true);
    // Lines end in CRLF; the one bare LF is the line break inside the quoted career cell.
    expect(text.match(/(?<!\r)\n/g)).toHaveLength(1);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "접수번호,상태,이름,생년월일,만 나이,성별,휴대전화,이메일,키(cm),몸무게(kg),경력·교육,자기소개,영상,사진 수,법정대리인 이름,법정대리인 휴대전화,접수 일시(KST),최종 결과 일시(KST),내부 메모",
    );
    expect(text).toContain(tricky.receiptNumber);
    expect(text).toContain(plain.receiptNumber);
    expect(text).not.toContain(left.receiptNumber);
    expect(text).not.toContain("안고른사람");
    expect(text).toContain('"홍""길동, 주니어"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")\n둘째 줄"`);
    expect(text).toContain(",'+1 자기소개,");
    expect(text).toMatch(/,'@메모\r\n/);
    // Header + two rows; the multi-line cell is inside quotes, so the record count is by receipt numbers.
    expect(text.match(/^AUD-\d{4}-\d{6},/gm)).toHaveLength(2);

    const audits = (await auditEntries("export")).filter((e) => (e.details.receiptNumbers as string[] | undefined)?.includes(tricky.receiptNumber));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ count: 2, receiptNumbers: expect.arrayContaining([tricky.receiptNumber, plain.receiptNumber]) });
    expect(JSON.stringify(audits[0])).not.toContain("길동");

    const none = await postForm("/admin/auditions/export", [["returnTo", "/admin/auditions?status=received"], ["intent", "export"]]);
    expect(none.status).toBe(302);
    expect(none.headers.get("location")).toBe("/admin/auditions?status=received");
    const notice = await fetch(`${site.baseURL}/admin/auditions?status=received`, { headers: { Cookie: `${site.cookie}; ${none.headers.getSetCookie()[0]!.split(";")[0]}` } });
    expect(await notice.text()).toContain("먼저 목록에서 지원서를 선택해 주세요.");

    const anonymous = await postForm("/admin/auditions/export", [["id", String(tricky.id)]], false);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain(tricky.receiptNumber);
  });

  it("internal notes are saved; their text is not in the audit log", async () => {
    const target = await createTestApplication(site.runtime, { name: "메모대상" });
    const saved = await postForm(`/admin/auditions/${target.id}`, [["intent", "notes"], ["notes", "2차 오디션 때 대본 리딩 요청"]]);
    expect(saved.status).toBe(302);
    expect((await site.runtime.db.select().from(auditionApplications).where(eq(auditionApplications.id, target.id)))[0]!.notes).toBe("2차 오디션 때 대본 리딩 요청");
    const entry = (await auditEntries("notes-update")).find((e) => e.entityId === target.receiptNumber);
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain("대본");

    const tooLong = await postForm(`/admin/auditions/${target.id}`, [["intent", "notes"], ["notes", "가".repeat(5001)]]);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("메모는 5000자 이내로 입력해 주세요.");
  });

  it("deletion at the applicant's request removes the rows and the files and leaves an audit entry without the name, phone or e-mail", async () => {
    const target = await createTestApplication(site.runtime, { name: "삭제요청", phone: "010-4321-8765", email: "delete-me@example.com", videoFile: true });
    const confirm = await fetch(`${site.baseURL}/admin/auditions/${target.id}?delete`, { headers: { Cookie: site.cookie } });
    expect(await confirm.text()).toContain("지원자 요청으로 삭제");
    const keys = [...target.photos.flatMap((p) => [p.storageKey, p.thumbKey]), target.video!.storageKey];
    for (const key of keys) expect(await site.runtime.privateStorage.size(key)).not.toBeNull();

    const deleted = await postForm(`/admin/auditions/${target.id}`, [["intent", "delete"]]);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/auditions");
    expect(await site.runtime.db.select().from(auditionApplications).where(eq(auditionApplications.id, target.id))).toHaveLength(0);
    expect(await site.runtime.db.select().from(auditionFiles).where(eq(auditionFiles.applicationId, target.id))).toHaveLength(0);
    expect(await site.runtime.db.select().from(auditionStatusChanges).where(eq(auditionStatusChanges.applicationId, target.id))).toHaveLength(0);
    for (const key of keys) expect(await site.runtime.privateStorage.size(key)).toBeNull();
    expect((await fetch(fileUrl(target, target.photos[0]!.id), { headers: { Cookie: site.cookie } })).status).toBe(404);

    const entries = (await auditEntries("request-delete")).filter((e) => e.entityId === target.receiptNumber);
    expect(entries).toHaveLength(1);
    const text = JSON.stringify(entries[0]);
    for (const personal of ["삭제요청", "010-4321-8765", "4321", "delete-me@example.com"]) expect(text).not.toContain(personal);
    expect(entries[0]!.actorLabel).toBe(TEST_ADMIN.id);

    // Again: it is gone.
    expect((await postForm(`/admin/auditions/${target.id}`, [["intent", "delete"]])).status).toBe(404);
  });

  it("the overview counts the applications still at 접수", async () => {
    const html = await (await fetch(`${site.baseURL}/admin`, { headers: { Cookie: site.cookie } })).text();
    const waiting = (await site.runtime.db.select().from(auditionApplications).where(eq(auditionApplications.status, "received"))).length;
    expect(waiting).toBeGreaterThan(0);
    expect(html).toContain(`새로 접수된 지원서 ${waiting}건`);
  });
});
