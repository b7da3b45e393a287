import { asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accessRecordChain, accessRecordInspections, accessRecords, staffUsers } from "../../../drizzle/schema";
import { verifyAccessRecords } from "../../../app/server/privacy/access-records.server";
import { createTestApplication, type TestApplication } from "../../fixtures/auditions";
import { useSignedInApp } from "../../setup/in-process-app";
import { TEST_ADMIN } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * 접속기록 (decision 039) over HTTP on the production build: each way a member of staff reads or
 * changes applicants' personal data writes exactly one entry with who, where from, what and which
 * receipt numbers (never a name, phone, e-mail or search text); a download or export without a reason
 * is refused with 400 and recorded as nothing; and the chain the entries form verifies.
 */
describe(`access records of applicants' personal data (${testEngine()})`, () => {
  const site = useSignedInApp("access");
  let withVideo: TestApplication;
  let other: TestApplication;
  let staffId: number;

  beforeAll(async () => {
    withVideo = await createTestApplication(site.runtime, { name: "박접속", videoFile: true, photos: 2, notes: "비밀 메모 내용" });
    other = await createTestApplication(site.runtime, { name: "최기록" });
    const [admin] = await site.runtime.db.select({ id: staffUsers.id }).from(staffUsers).where(sql`${staffUsers.loginId} = ${TEST_ADMIN.id}`);
    staffId = admin!.id;
  }, 120_000);

  const latestId = async () => {
    const [row] = await site.runtime.db.select({ id: sql<string>`coalesce(max(${accessRecords.id}), 0)::text` }).from(accessRecords);
    return Number(row!.id);
  };
  const entriesAfter = (id: number) => site.runtime.db.select().from(accessRecords).where(gt(accessRecords.id, id)).orderBy(asc(accessRecords.id));
  /** What `act` recorded: the entries appended while it ran. */
  const recorded = async (act: () => Promise<unknown>) => {
    const before = await latestId();
    await act();
    return entriesAfter(before);
  };
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(site.baseURL + path, { headers: { Cookie: site.cookie, ...headers }, redirect: "manual" });
    await response.arrayBuffer();
    return response;
  };
  const post = async (path: string, fields: [string, string][]) => {
    const response = await fetch(site.baseURL + path, { method: "POST", headers: { Origin: site.baseURL, Cookie: site.cookie }, body: new URLSearchParams(fields), redirect: "manual" });
    await response.arrayBuffer();
    return response;
  };
  const fileUrl = (a: TestApplication, fileId: string, query = "") => `/admin/auditions/${a.id}/files/${fileId}${query}`;

  /** No entry holds an applicant's name, phone (with or without hyphens) or e-mail, nor `also` (a search's text). */
  const expectNoPersonalData = (entries: unknown[], also: string[] = []) => {
    const text = JSON.stringify(entries);
    for (const a of [withVideo, other]) {
      for (const value of [a.name, a.phone, a.phone.replace(/-/g, ""), a.email]) expect(text).not.toContain(value);
    }
    for (const value of also) expect(text).not.toContain(value);
    expect(text).not.toContain("비밀 메모");
  };
  /** The entry as the staff member who made it: the test administrator, from the loopback address. */
  const expectActor = (entry: typeof accessRecords.$inferSelect) => {
    expect(entry.staffId).toBe(staffId);
    expect(entry.actorLabel).toBe(TEST_ADMIN.id);
    expect(entry.ip).toMatch(/^(?:::ffff:)?127\.0\.0\.1$/);
    expect(entry.hash).toMatch(/^[0-9a-f]{64}$/);
  };

  it("opening an application's page records one view with its receipt number", async () => {
    const entries = await recorded(() => get(`/admin/auditions/${withVideo.id}`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "view", receiptNumbers: [withVideo.receiptNumber], reasonCode: null });
    expectActor(entries[0]!);
    expectNoPersonalData(entries);
    // HEAD shows nothing of the page: nothing to record.
    expect(await recorded(() => fetch(`${site.baseURL}/admin/auditions/${withVideo.id}`, { method: "HEAD", headers: { Cookie: site.cookie } }))).toHaveLength(0);
  });

  it("a search or filter records the receipt numbers shown and the count, never the search's text", async () => {
    for (const query of [withVideo.name, withVideo.phone.replace(/-/g, ""), withVideo.email]) {
      const entries = await recorded(() => get(`/admin/auditions?q=${encodeURIComponent(query)}`));
      expect(entries, query).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: "search", receiptNumbers: [withVideo.receiptNumber], details: { count: 1, query: true } });
      expectActor(entries[0]!);
      expectNoPersonalData(entries, [query]);
    }
    const filtered = await recorded(() => get("/admin/auditions?status=received"));
    expect(filtered).toHaveLength(1);
    expect(filtered[0]!.action).toBe("search");
    expect(filtered[0]!.receiptNumbers).toEqual(expect.arrayContaining([withVideo.receiptNumber, other.receiptNumber]));
    expect(filtered[0]!.details).toMatchObject({ status: "received", query: false });
  });

  it("opening a photo or video records one file view; what the page just shown, the same file or a playing video asks for again records nothing more", async () => {
    const photo = withVideo.photos[0]!;
    const video = withVideo.video!;
    const opened = await recorded(() => get(fileUrl(withVideo, photo.id)));
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ action: "file-view", receiptNumbers: [withVideo.receiptNumber], details: { kind: "photo", photo: 1, file: photo.id }, reasonCode: null });
    expectActor(opened[0]!);
    const played = await recorded(() => get(fileUrl(withVideo, video.id), { Range: "bytes=0-", "Sec-Fetch-Dest": "video" }));
    expect(played).toHaveLength(1);
    expect(played[0]).toMatchObject({ action: "file-view", details: { kind: "video", file: video.id } });
    const none = await recorded(async () => {
      // The thumbnails and images of the application's page viewed in the first test.
      await get(fileUrl(withVideo, photo.id, "?thumb=1"));
      await get(fileUrl(withVideo, withVideo.photos[1]!.id, "?thumb=1"), { "Sec-Fetch-Dest": "image" });
      // The same photo again, the video seeking, HEAD.
      await get(fileUrl(withVideo, photo.id));
      await get(fileUrl(withVideo, video.id), { Range: "bytes=100-199", "Sec-Fetch-Dest": "video" });
      await fetch(site.baseURL + fileUrl(withVideo, video.id), { method: "HEAD", headers: { Cookie: site.cookie } });
    });
    expect(none).toHaveLength(0);

    // No header hides an access: a thumbnail or a "page image" of an application not viewed, a range from the middle of a file not opened.
    const unviewed = await recorded(async () => {
      await get(fileUrl(other, other.photos[0]!.id, "?thumb=1"));
      await get(fileUrl(other, other.photos[0]!.id, "?thumb=1"));
      await get(fileUrl(other, other.photos[1]!.id), { "Sec-Fetch-Dest": "image" });
      await get(fileUrl(withVideo, withVideo.photos[1]!.id), { Range: "bytes=10-" });
    });
    expect(unviewed.map((e) => [e.action, e.receiptNumbers[0], e.details])).toEqual([
      ["file-view", other.receiptNumber, { kind: "photo", photo: 1, thumb: true, file: other.photos[0]!.id }],
      ["file-view", other.receiptNumber, { kind: "photo", photo: 2, file: other.photos[1]!.id }],
      ["file-view", withVideo.receiptNumber, { kind: "photo", photo: 2, file: withVideo.photos[1]!.id }],
    ]);
  });

  it("a download is asked for in the application's page with its reason in the body: without a valid one, the page again with the message and no entry; with one, one entry and a one-time address for this session", async () => {
    const photo = withVideo.photos[1]!;
    const page = `/admin/auditions/${withVideo.id}`;
    const ask = (fields: [string, string][]) =>
      fetch(site.baseURL + page, { method: "POST", headers: { Origin: site.baseURL, Cookie: site.cookie }, body: new URLSearchParams([["intent", "download"], ["file", photo.id], ...fields]), redirect: "manual" });
    for (const [fields, message] of [
      [[], "내려받는 이유를 선택해 주세요."],
      [[["reason", "whim"]], "내려받는 이유를 선택해 주세요."],
      [[["reason", "other"]], "‘기타’를 선택한 경우 이유를 적어 주세요."],
      [[["reason", "other"], ["reasonText", "  "]], "‘기타’를 선택한 경우 이유를 적어 주세요."],
      [[["reason", "review"], ["reasonText", "가".repeat(201)]], "이유는 200자 이하로 적어 주세요."],
    ] as [[string, string][], string][]) {
      const before = await latestId();
      const response = await ask(fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBeNull();
      const html = await response.text();
      // The application's own page, the message beside the field.
      expect(html).toContain(withVideo.receiptNumber);
      expect(html).toContain(message);
      expect(html.includes(Buffer.from(photo.bytes.subarray(0, 16)).toString("latin1"))).toBe(false);
      const entries = await entriesAfter(before);
      expect(entries.filter((e) => e.action === "file-download"), JSON.stringify(fields)).toHaveLength(0);
    }

    let address = "";
    const entries = await recorded(async () => {
      const response = await ask([["reason", "other"], ["reasonText", "프로필 촬영 업체 전달"]]);
      expect(response.status).toBe(303);
      address = response.headers.get("location") ?? "";
      await response.arrayBuffer();
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "file-download",
      receiptNumbers: [withVideo.receiptNumber],
      details: { kind: "photo", photo: 2 },
      reasonCode: "other",
      reasonText: "프로필 촬영 업체 전달",
    });
    expectActor(entries[0]!);
    expectNoPersonalData(entries);
    // The address holds a ticket, never the reason.
    expect(address).toMatch(new RegExp(`^${fileUrl(withVideo, photo.id)}\\?ticket=[\\w.-]+$`));
    expect(decodeURIComponent(address)).not.toContain("프로필");

    // Another session cannot use it; this one can, once, and the file is not recorded a second time.
    const stranger = await fetch(site.baseURL + address, { headers: { Cookie: "we_session=forged" }, redirect: "manual" });
    expect(stranger.status).toBe(401);
    const again = await recorded(async () => {
      const response = await fetch(site.baseURL + address, { headers: { Cookie: site.cookie }, redirect: "manual" });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${withVideo.receiptNumber}-photo-2.jpg"`);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(photo.bytes))).toBe(true);
      // Used up: back to the application, where the reason is asked for again; not one byte of the file.
      const second = await fetch(site.baseURL + address, { headers: { Cookie: site.cookie }, redirect: "manual" });
      expect(second.status).toBe(302);
      expect(second.headers.get("location")).toBe(page);
      expect(second.headers.get("content-disposition")).toBeNull();
      await second.arrayBuffer();
      // An altered ticket, and the old address with the reason in it, go the same way.
      for (const wrong of [address.replace(/.$/, (c) => (c === "A" ? "B" : "A")), fileUrl(withVideo, photo.id, "?download=1&reason=review")]) {
        const refused = await fetch(site.baseURL + wrong, { headers: { Cookie: site.cookie }, redirect: "manual" });
        expect(refused.status, wrong).toBe(302);
        expect(refused.headers.get("location")).toBe(page);
        await refused.arrayBuffer();
      }
    });
    expect(again).toHaveLength(0);
  });

  it("a file of another application is not downloaded through this one's page", async () => {
    const response = await fetch(`${site.baseURL}/admin/auditions/${withVideo.id}`, {
      method: "POST",
      headers: { Origin: site.baseURL, Cookie: site.cookie },
      body: new URLSearchParams([["intent", "download"], ["file", other.photos[0]!.id], ["reason", "review"]]),
      redirect: "manual",
    });
    expect(response.status).toBe(404);
    await response.arrayBuffer();
  });

  it("the CSV export needs a reason (400, no file, no entry without one) and records every exported receipt number with it", async () => {
    const fields: [string, string][] = [
      ["returnTo", "/admin/auditions"],
      ["id", String(withVideo.id)],
      ["id", String(other.id)],
      ["intent", "export"],
    ];
    const before = await latestId();
    const refused = await fetch(`${site.baseURL}/admin/auditions/export`, { method: "POST", headers: { Origin: site.baseURL, Cookie: site.cookie }, body: new URLSearchParams(fields) });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await refused.text();
    expect(page).toContain("내려받는 이유를 선택해 주세요.");
    expect(page).not.toContain(withVideo.receiptNumber);
    expect(page).toContain('href="/admin/auditions"');
    expect(await entriesAfter(before)).toHaveLength(0);

    const entries = await recorded(async () => {
      const response = await post("/admin/auditions/export", [...fields, ["reason", "contract"]]);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "export", details: { count: 2, format: "csv" }, reasonCode: "contract", reasonText: null });
    expect([...entries[0]!.receiptNumbers].sort()).toEqual([withVideo.receiptNumber, other.receiptNumber].sort());
    expectActor(entries[0]!);
    expectNoPersonalData(entries);
  });

  it("a status change records one entry, for one application or many", async () => {
    const single = await recorded(() => post(`/admin/auditions/${other.id}`, [["intent", "status"], ["status", "documents_passed"]]));
    expect(single).toHaveLength(1);
    expect(single[0]).toMatchObject({ action: "status", receiptNumbers: [other.receiptNumber], details: { count: 1, status: "documents_passed" } });
    expectActor(single[0]!);

    const bulk = await recorded(() =>
      post("/admin/auditions", [["returnTo", "/admin/auditions"], ["intent", "status"], ["status", "on_hold"], ["id", String(withVideo.id)], ["id", String(other.id)]]),
    );
    expect(bulk).toHaveLength(1);
    expect(bulk[0]).toMatchObject({ action: "status", details: { count: 2, status: "on_hold" } });
    expect([...bulk[0]!.receiptNumbers].sort()).toEqual([withVideo.receiptNumber, other.receiptNumber].sort());
    expectNoPersonalData([...single, ...bulk]);
  });

  it("saving notes records one entry without the notes' text", async () => {
    const entries = await recorded(() => post(`/admin/auditions/${withVideo.id}`, [["intent", "notes"], ["notes", "비밀 메모 내용 고침"]]));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "note", receiptNumbers: [withVideo.receiptNumber], details: {} });
    expectActor(entries[0]!);
    expectNoPersonalData(entries);
  });

  it("deleting at the applicant's request records one entry; the record's receipt number no longer links anywhere", async () => {
    const gone = await createTestApplication(site.runtime, { name: "삭제될사람" });
    const entries = await recorded(() => post(`/admin/auditions/${gone.id}`, [["intent", "delete"]]));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "delete", receiptNumbers: [gone.receiptNumber], details: { count: 1 } });
    expectActor(entries[0]!);
    expect(JSON.stringify(entries)).not.toContain("삭제될사람");

    const page = await fetch(`${site.baseURL}/admin/access-records?receipt=${gone.receiptNumber}`, { headers: { Cookie: site.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(gone.receiptNumber);
    expect(html).not.toContain(`href="/admin/auditions/${gone.id}"`);
  });

  it("the chain of everything recorded verifies, and the workspace page says so; the page itself is not an access to applicants' data", async () => {
    const result = await verifyAccessRecords(site.runtime.db);
    expect(result).toMatchObject({ ok: true, count: await latestId(), head: { id: await latestId() } });
    const entries = await recorded(async () => {
      const page = await fetch(`${site.baseURL}/admin/access-records`, { headers: { Cookie: site.cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`기록 ${result.count}건의 연결을 확인했습니다.`);
      expect(html).not.toContain('role="alert"');
      expect(html).toContain(`href="/admin/auditions/${withVideo.id}"`);
    });
    expect(entries).toHaveLength(0);
  });

  it("without a session the access records page and its inspection form answer nothing of the records", async () => {
    const page = await fetch(`${site.baseURL}/admin/access-records`, { redirect: "manual" });
    expect(page.status).toBe(302);
    const mark = await fetch(`${site.baseURL}/admin/access-records`, { method: "POST", headers: { Origin: site.baseURL }, body: new URLSearchParams({ intent: "inspect", month: "2026-10" }) });
    expect(mark.status).toBe(401);
    expect(await mark.text()).not.toContain(withVideo.receiptNumber);
  });

  it("an entry changed in the database shows on the page as a warning naming it", async () => {
    const target = (await entriesAfter(0))[1]!;
    await site.runtime.db.execute(sql`update access_records set ip = '203.0.113.9' where id = ${target.id}`);
    try {
      const html = await (await fetch(`${site.baseURL}/admin/access-records`, { headers: { Cookie: site.cookie } })).text();
      expect(html).toMatch(new RegExp(`role="alert"[^>]*>[^<]*접속기록 #${target.id}의 내용이 기록된 뒤에 바뀌었습니다`));
    } finally {
      await site.runtime.db.execute(sql`update access_records set ip = ${target.ip} where id = ${target.id}`);
    }
    expect((await verifyAccessRecords(site.runtime.db)).ok).toBe(true);
  });

  it("marking a month inspected keeps the head the page verified; the newest entries deleted afterwards, with the head moved back, show as a warning naming it", async () => {
    const marked = await post("/admin/access-records", [["intent", "inspect"], ["month", "2025-01"], ["note", ""]]);
    expect(marked.status).toBe(302);
    const [inspection] = await site.runtime.db.select().from(accessRecordInspections).where(eq(accessRecordInspections.month, "2025-01"));
    const head = (await entriesAfter(0)).at(-1)!;
    expect(inspection).toMatchObject({ headId: head.id, headHash: head.hash });
    const shown = await (await fetch(`${site.baseURL}/admin/access-records?month=2025-01`, { headers: { Cookie: site.cookie } })).text();
    expect(shown).toContain(`점검 때 마지막 기록: #${head.id}.`);
    expect(shown).toContain(head.hash);

    const [before] = await site.runtime.db.select().from(accessRecords).where(lt(accessRecords.id, head.id)).orderBy(desc(accessRecords.id)).limit(1);
    await site.runtime.db.delete(accessRecords).where(eq(accessRecords.id, head.id));
    await site.runtime.db.update(accessRecordChain).set({ headId: before!.id, headHash: before!.hash });
    try {
      const html = await (await fetch(`${site.baseURL}/admin/access-records`, { headers: { Cookie: site.cookie } })).text();
      expect(html).toMatch(new RegExp(`role="alert"[^>]*>[^<]*접속기록 #${head.id}: 2025-01 월별 점검에 적어 둔 기록인데 지금은 없습니다`));
    } finally {
      await site.runtime.db.insert(accessRecords).values(head);
      await site.runtime.db.update(accessRecordChain).set({ headId: head.id, headHash: head.hash });
    }
    expect((await verifyAccessRecords(site.runtime.db)).ok).toBe(true);
  });
});
