import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, castingPackageAnswers, castingPackageArtists, castingPackages, castingPackageVisits, mailOutbox } from "../../../drizzle/schema";
import { PACKAGE_RETENTION_DAYS } from "../../../app/domain/casting-packages";
import { castingArtistPath, castingArtistPdfPath, castingPackagePath, castingPackagePdfPath, packageAdminPath } from "../../../app/domain/paths";
import { saveArtist, type SaveArtistRequest } from "../../../app/server/artists/artist-use-cases.server";
import { getArtist } from "../../../app/server/artists/artist-queries.server";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import { runDueJobs } from "../../../app/server/jobs/scheduler.server";
import { storeImage } from "../../../app/server/media/media.server";
import { readPackageForStaff } from "../../../app/server/packages/package-queries.server";
import { createPackage, type PackageInput } from "../../../app/server/packages/package-use-cases.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { getSiteSettings } from "../../../app/server/site/settings.server";
import { parsePdf } from "../../fixtures/pdf";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { signInCookie } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * A casting package's PDFs and what is kept about its recipient (decision 049): the package PDF (a cover,
 * then one page per artist drawn by the profile renderer with the package's photos, highlighted credits
 * and notes) and each artist's profile PDF, only through the link, never cached; the recipient's downloads
 * counted, staff previews and link-preview fetches not; the link sent by e-mail through the outbox;
 * a package deleted by hand or by the retention rule on a controlled clock, with its recipient's records;
 * and /privacy saying so.
 */

const SYSTEM: Actor = { staffId: null, via: "system", label: "패키지 PDF 테스트" };
const DAY_MS = 24 * 60 * 60 * 1000;

async function photo(hue: number): Promise<Uint8Array> {
  return new Uint8Array(await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: hue, g: 110, b: 180 - hue / 3 } } }).jpeg().toBuffer());
}

describe(`casting package PDFs, e-mail, deletion and retention (${testEngine()})`, () => {
  let app: InProcessApp | undefined;
  let runtime: Runtime;
  let baseURL: string;
  let owner: string;
  const ids = { a: 0, b: 0, c: 0 };
  const images: Record<string, number[]> = {};

  beforeAll(async () => {
    // SMTP_URL turns on the outbox; nothing listens there, so queued mail stays in it for the test to read.
    app = await startInProcessApp("package-pdfs", { SMTP_URL: "smtp://127.0.0.1:9", MAX_ANONYMOUS_BODIES: "1000", MAX_ANONYMOUS_BODIES_PER_ADDRESS: "1000" });
    ({ runtime, baseURL } = app);
    owner = await signInCookie(baseURL);
    const artists = [
      { key: "a", name: "한서윤", nameEn: "HAN SEOYOON", birthday: "1995.03.14", height: "168", dramas: ["2024 드라마 〈봄날의 기록〉 '지현' 역", "2022 드라마 〈숨은 정원〉 '유나' 역"], films: ["2025 영화 〈바람의 언덕〉 '수아' 역"], en: { dramas: ["2024 Drama <Records of Spring>, Ji-hyun", "2022 Drama <Hidden Garden>, Yuna"] }, reels: [{ url: "https://youtu.be/dQw4w9WgXcQ", title: "2025 쇼릴" }, { url: "https://vimeo.com/76979871", title: "연극 하이라이트" }] },
      { key: "b", name: "윤도겸", nameEn: "YOON DOGYEOM", birthday: "1990.07.02", height: "182", films: ["2026 영화 〈심야의 목격자〉 '강우진' 역"] },
      { key: "c", name: "배준서", nameEn: "BAE JUNSEO", birthday: "1998.11.30", height: "176", theater: ["2023 연극 〈고도를 기다리며〉"] },
    ];
    let hue = 20;
    for (const artist of artists) {
      const imageUrls: string[] = [];
      for (let i = 0; i < 3; i++) imageUrls.push((await storeImage(runtime.db, runtime.storage, await photo((hue += 25)))).url);
      const { key, ...input } = artist;
      const request: SaveArtistRequest = { existingName: null, status: "public", displayOrder: null, expectedVersion: null, input: { ...input, imageUrls } } as SaveArtistRequest;
      expect((await saveArtist(runtime, SYSTEM, request)).status).toBe("saved");
      const stored = (await getArtist(runtime.db, artist.name, "admin-site"))!;
      ids[key as keyof typeof ids] = stored.id;
      images[key] = stored.images.map((image) => image.id);
    }
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(baseURL + path, { headers, redirect: "manual" });
  const post = (cookie: string, path: string, fields: [string, string][]) =>
    fetch(baseURL + path, {
      method: "POST",
      headers: { Cookie: cookie, Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const packageRow = async (id: number) => (await runtime.db.select().from(castingPackages).where(eq(castingPackages.id, id)))[0];

  async function makePackage(overrides: Partial<PackageInput> = {}): Promise<{ id: number; token: string }> {
    const made = await createPackage(runtime, runtime.sessionSecret, SYSTEM, {
      title: "〈가제〉 시리즈 캐스팅 제안",
      recipientCompany: "스튜디오 하늘",
      recipientName: "김하늘 캐스팅 디렉터",
      recipientEmail: "",
      locale: "ko",
      message: "안녕하세요. 〈가제〉 시리즈에 어울릴 배우들을 골랐습니다.",
      expiresOn: "",
      artists: [
        { artistId: ids.b, photoIds: [], credits: [], note: "최근 남우주연상을 받았습니다." },
        { artistId: ids.a, photoIds: [images.a![1]!], credits: [{ field: "dramas", entry: "2024 드라마 〈봄날의 기록〉 '지현' 역" }], note: "차분한 연기가 돋보이는 배우입니다." },
        { artistId: ids.c, photoIds: [images.c![0]!, images.c![2]!], credits: [], note: "" },
      ],
      ...overrides,
    });
    if (!made.ok) throw new Error(JSON.stringify(made));
    const read = await readPackageForStaff(runtime, runtime.sessionSecret, made.id);
    return { id: made.id, token: read!.link!.split("/").pop()! };
  }

  it("the package PDF: a cover, then one page per artist in the package's order with its photos, highlighted credits and notes; private, never cached", async () => {
    const { token } = await makePackage();
    const response = await get(castingPackagePdfPath(token));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(response.headers.get("x-cache")).toBeNull();
    expect(response.headers.get("etag")).toBeNull();
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="casting-proposal\.pdf"; filename\*=UTF-8''/);
    expect(decodeURIComponent(response.headers.get("content-disposition")!.split("''")[1]!)).toBe("〈가제〉 시리즈 캐스팅 제안.pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const pdf = await parsePdf(bytes);
    expect(pdf.pages).toBe(4);
    const [cover, first, second, third] = pdf.text as [string, string, string, string];
    expect(cover).toContain("〈가제〉 시리즈 캐스팅 제안");
    expect(cover).toContain("스튜디오 하늘 김하늘 캐스팅 디렉터님께");
    expect(cover).toContain("어울릴 배우들을 골랐습니다.");
    expect(cover).toContain("제안 배우");
    // The list in the package's order, each with the page it is on.
    expect(cover.indexOf("윤도겸")).toBeLessThan(cover.indexOf("한서윤"));
    expect(cover.indexOf("한서윤")).toBeLessThan(cover.indexOf("배준서"));
    expect(cover).toMatch(/윤도겸.*2쪽.*한서윤.*3쪽.*배준서.*4쪽/);
    expect(pdf.images[0]).toBe(0);

    expect(first).toContain("윤도겸");
    expect(first).toContain("최근 남우주연상을 받았습니다.");
    expect(first).toContain("회사 메모");
    expect(first).toContain("심야의 목격자");
    // No photo chosen: the main photo.
    expect(pdf.images[1]).toBe(1);

    expect(second).toContain("한서윤");
    expect(second).toContain("HIGHLIGHTS");
    expect(second).toContain("주요 출연작");
    expect(second).toContain("차분한 연기가 돋보이는 배우입니다.");
    // The highlighted credit first, then the career lists as the profile prints them.
    expect(second.indexOf("봄날의 기록")).toBeLessThan(second.indexOf("숨은 정원"));
    expect(pdf.images[2]).toBe(1);

    expect(third).toContain("배준서");
    expect(third).not.toContain("회사 메모");
    expect(pdf.images[3]).toBe(2);
    // Every page's foot names the agency.
    const settings = await getSiteSettings(runtime.db);
    for (const page of pdf.text) expect(page).toContain(settings.phone);
  });

  it("each artist's profile PDF from the package; another package's token or an altered one gets nothing", async () => {
    const { token } = await makePackage();
    const response = await get(castingArtistPdfPath(token, ids.a));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="HAN-SEOYOON-profile\.pdf"/);
    const pdf = await parsePdf(new Uint8Array(await response.arrayBuffer()));
    expect(pdf.pages).toBe(1);
    expect(pdf.text[0]).toContain("차분한 연기가 돋보이는 배우입니다.");
    expect(pdf.text[0]).toContain("HIGHLIGHTS");

    // A package without 배준서: its token with 배준서's id, and altered tokens.
    const other = await makePackage({ artists: [{ artistId: ids.b, photoIds: [], credits: [], note: "" }] });
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const path of [castingArtistPdfPath(other.token, ids.c), castingPackagePdfPath(altered), castingArtistPdfPath(altered, ids.a), `/casting/${token}/abc/profile.pdf`, `/casting/short/package.pdf`]) {
      const refused = await get(path);
      expect(refused.status, path).toBe(404);
      expect(refused.headers.get("content-type")).not.toBe("application/pdf");
      const body = await refused.text();
      for (const planted of ["배준서", "한서윤", "스튜디오", "캐스팅 제안"]) expect(body, path).not.toContain(planted);
    }
  });

  it("counts the recipient's downloads (in their visit), not staff previews, link-preview fetches or HEAD; the workspace shows them", async () => {
    const { id, token } = await makePackage();
    // The recipient opens the package; the download belongs to that visit.
    const opened = await get(castingPackagePath(token));
    const cookie = opened.headers.get("set-cookie")!.split(";")[0]!;
    expect((await get(castingPackagePdfPath(token), { Cookie: cookie })).status).toBe(200);
    expect((await get(castingArtistPdfPath(token, ids.a), { Cookie: cookie })).status).toBe(200);
    expect((await get(castingArtistPdfPath(token, ids.a), { Cookie: cookie })).status).toBe(200);
    // Not counted: staff checking it, a messenger drawing a preview, HEAD.
    expect((await get(castingPackagePdfPath(token), { Cookie: owner })).status).toBe(200);
    expect((await get(castingPackagePdfPath(token), { "User-Agent": "facebookexternalhit/1.1 kakaotalk-scrap/1.0" })).status).toBe(200);
    expect((await fetch(baseURL + castingPackagePdfPath(token), { method: "HEAD" })).status).toBe(200);

    const row = (await packageRow(id))!;
    expect(row.pdfDownloads).toBe(1);
    expect(row.visitCount).toBe(1);
    expect(row.lastPdfAt).not.toBeNull();
    const artistRows = await runtime.db.select().from(castingPackageArtists).where(eq(castingPackageArtists.packageId, id));
    expect(artistRows.find((r) => r.artistId === ids.a)!.pdfDownloads).toBe(2);
    expect(artistRows.find((r) => r.artistId === ids.b)!.pdfDownloads).toBe(0);

    const page = await (await get(packageAdminPath(id), { Cookie: owner })).text();
    expect(page).toContain("전체 PDF 내려받기 1회");
    expect(page).toContain("프로필 PDF 2회");
    expect(page).toContain("전체 PDF 미리보기");
    // The list says it at a glance.
    const list = (await (await get("/admin/packages", { Cookie: owner })).text()).replace(/<!-- -->/g, "");
    const listRow = list.split("<tr").find((r) => r.includes(`href="${packageAdminPath(id)}"`));
    expect(listRow).toContain("1회 · 마지막");
    expect(listRow).toContain("프로필 0/3명 열어 봄 · 전체 PDF 1회");
    // The recipient's pages link both PDFs.
    expect(await (await get(castingPackagePath(token), { Cookie: cookie })).text()).toContain(`href="${castingPackagePdfPath(token)}"`);
    expect(await (await get(castingArtistPath(token, ids.a), { Cookie: cookie })).text()).toContain(`href="${castingArtistPdfPath(token, ids.a)}"`);
  });

  it("the English package's PDF is in English, with the English entries of the highlighted credits", async () => {
    const { token } = await makePackage({ locale: "en", message: "Hello. Here are three actors we think would suit the series." });
    const pdf = await parsePdf(new Uint8Array(await (await get(castingPackagePdfPath(token))).arrayBuffer()));
    expect(pdf.text[0]).toContain("For 김하늘 캐스팅 디렉터, 스튜디오 하늘");
    expect(pdf.text[0]).toContain("Proposed artists");
    expect(pdf.text[0]).toMatch(/YOON DOGYEOM.*p\. 2/);
    expect(pdf.text[2]).toContain("HAN SEOYOON");
    expect(pdf.text[2]).toContain("Selected credits");
    expect(pdf.text[2]).toContain("A note from the agency");
    expect(pdf.text[2]).toContain("Records of Spring");
  });

  it("a closed link's PDFs answer 410 with the agency's contact, in the package's language", async () => {
    const { id, token } = await makePackage({ locale: "en" });
    expect((await post(owner, packageAdminPath(id), [["intent", "revoke"]])).status).toBe(302);
    for (const path of [castingPackagePdfPath(token), castingArtistPdfPath(token, ids.a)]) {
      const gone = await get(path);
      expect(gone.status).toBe(410);
      expect(gone.headers.get("cache-control")).toBe("private, no-store");
      const text = await gone.text();
      expect(text).toContain("This casting proposal is no longer available");
      expect(text).toContain((await getSiteSettings(runtime.db)).email);
      expect(text).not.toContain("HAN SEOYOON");
    }
  });

  it("sends the link to the recipient through the outbox, in the package's language; refused without an address", async () => {
    const { id, token } = await makePackage({ recipientEmail: "haneul@studio.example", locale: "en" });
    const sent = await post(owner, packageAdminPath(id), [["intent", "send"]]);
    expect(sent.status).toBe(302);
    const mail = (await runtime.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "haneul@studio.example")))[0]!;
    expect(mail.subject).toContain("〈가제〉 시리즈 캐스팅 제안");
    expect(mail.body).toContain(`${castingPackagePath(token)}`);
    expect(mail.body).toContain("Dear 김하늘 캐스팅 디렉터,");
    expect(mail.body).toMatch(/The link is open until \d{4}-\d{2}-\d{2} \(Korea time\)/);
    expect((await packageRow(id))!.linkSentAt).not.toBeNull();
    expect(await (await get(packageAdminPath(id), { Cookie: owner })).text()).toContain("이메일로 다시 보내기");
    const audit = await runtime.db.select().from(auditLog).where(eq(auditLog.action, "send-link"));
    expect(audit.some((entry) => entry.entityId === String(id))).toBe(true);
    // The token is in the mail to the recipient, never in the activity log.
    expect(JSON.stringify(audit)).not.toContain(token);

    const noAddress = await makePackage();
    const refused = await post(owner, packageAdminPath(noAddress.id), [["intent", "send"]]);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("받는 사람 이메일이 없습니다.");
  });

  it("deleting a package asks for confirmation, then removes it with the recipient's visits and answers; its link answers 404", async () => {
    const { id, token } = await makePackage();
    const opened = await get(castingPackagePath(token));
    const cookie = opened.headers.get("set-cookie")!.split(";")[0]!;
    const answer = await fetch(baseURL + castingArtistPath(token, ids.a), {
      method: "POST",
      headers: { Cookie: cookie, Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([["mark", "interested"], ["message", "미팅 가능할까요?"]]),
      redirect: "manual",
    });
    expect(answer.status).toBe(303);

    const unconfirmed = await post(owner, packageAdminPath(id), [["intent", "delete"]]);
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("지우려면 확인란에 표시해 주세요.");
    expect(await packageRow(id)).toBeDefined();

    const deleted = await post(owner, packageAdminPath(id), [["intent", "delete"], ["confirmDelete", "yes"]]);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/packages");
    expect(await packageRow(id)).toBeUndefined();
    expect(await runtime.db.select().from(castingPackageAnswers).where(eq(castingPackageAnswers.packageId, id))).toEqual([]);
    expect(await runtime.db.select().from(castingPackageVisits).where(eq(castingPackageVisits.packageId, id))).toEqual([]);
    expect((await get(castingPackagePath(token))).status).toBe(404);
    expect((await get(castingPackagePdfPath(token))).status).toBe(404);
    const audit = await runtime.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)));
    expect(audit.find((entry) => entry.action === "purge")?.details).toMatchObject({ title: "〈가제〉 시리즈 캐스팅 제안" });
    expect(JSON.stringify(audit)).not.toContain("미팅 가능할까요?");
  });

  it(`deletes a package ${PACKAGE_RETENTION_DAYS} days after its link closed (expired or revoked), not a moment before, on a controlled clock`, async () => {
    const expiring = await makePackage();
    const revoked = await makePackage();
    const start = new Date();
    const revokedAt = new Date(start.getTime() + 2 * DAY_MS);
    runtime.clock = () => revokedAt;
    try {
      expect((await post(owner, packageAdminPath(revoked.id), [["intent", "revoke"]])).status).toBe(302);
    } finally {
      runtime.clock = undefined;
    }
    const expiresAt = (await packageRow(expiring.id))!.expiresAt;
    const revokedEnd = new Date(revokedAt.getTime() + PACKAGE_RETENTION_DAYS * DAY_MS);
    const expiredEnd = new Date(expiresAt.getTime() + PACKAGE_RETENTION_DAYS * DAY_MS);
    expect(revokedEnd.getTime()).toBeLessThan(expiredEnd.getTime());

    await runDueJobs(runtime, new Date(revokedEnd.getTime() - 1));
    expect(await packageRow(revoked.id)).toBeDefined();
    const atRevokedEnd = await runDueJobs(runtime, revokedEnd);
    expect(atRevokedEnd.closedPackages).toContain(revoked.id);
    expect(await packageRow(revoked.id)).toBeUndefined();
    expect(await packageRow(expiring.id)).toBeDefined();

    await runDueJobs(runtime, new Date(expiredEnd.getTime() - 1));
    expect(await packageRow(expiring.id)).toBeDefined();
    expect((await runDueJobs(runtime, expiredEnd)).closedPackages).toContain(expiring.id);
    expect(await packageRow(expiring.id)).toBeUndefined();
    const audit = await runtime.db.select().from(auditLog).where(eq(auditLog.action, "retention-delete"));
    expect(audit.map((entry) => entry.entityId)).toEqual(expect.arrayContaining([String(revoked.id), String(expiring.id)]));

    // The package's page tells the agency when that will be.
    const later = await makePackage();
    const page = await (await get(packageAdminPath(later.id), { Cookie: owner })).text();
    expect(page).toContain(`${PACKAGE_RETENTION_DAYS}일이 지나면 자동으로 지워집니다`);
  });

  it("the showreel chosen for each artist is the one the package shows (its page and its PDF); none, or the first when the form had no choice", async () => {
    const form = (reel: string | null): [string, string][] => [
      ["title", "영상 선택 패키지"],
      ["recipientCompany", "스튜디오 하늘"],
      ["recipientName", "김하늘"],
      ["locale", "ko"],
      ["artist", String(ids.a)],
      ...(reel === null ? [] : ([[`reel-${ids.a}`, reel]] as [string, string][])),
    ];
    const open = async (reel: string | null) => {
      const created = await post(owner, "/admin/packages/new", form(reel));
      expect(created.status).toBe(302);
      const id = Number(/(\d+)$/.exec(created.headers.get("location")!)![1]);
      const token = (await readPackageForStaff(runtime, runtime.sessionSecret, id))!.link!.split("/").pop()!;
      const page = await (await get(castingArtistPath(token, ids.a))).text();
      const pdf = await parsePdf(new Uint8Array(await (await get(castingArtistPdfPath(token, ids.a))).arrayBuffer()));
      const admin = await (await get(packageAdminPath(id), { Cookie: owner })).text();
      return { page, pdf: pdf.text.join(" "), admin };
    };
    const second = await open("vimeo:76979871");
    expect(second.page).toContain("76979871");
    expect(second.page).not.toContain("dQw4w9WgXcQ");
    expect(second.pdf).toContain("vimeo.com/76979871");
    expect(second.admin).toContain("영상: 연극 하이라이트");

    const none = await open("none");
    expect(none.page).not.toContain("76979871");
    expect(none.page).not.toContain("dQw4w9WgXcQ");
    expect(none.page).not.toContain("casting-reels");
    expect(none.pdf).not.toContain("youtu");

    const notChosen = await open(null);
    expect(notChosen.page).toContain("dQw4w9WgXcQ");
    expect(notChosen.page).not.toContain("76979871");

    // Another artist's reel or a made-up one is not taken: the first of the artist's own.
    const forged = await open("youtube:AAAAAAAAAAA");
    expect(forged.page).toContain("dQw4w9WgXcQ");
    expect(forged.page).not.toContain("AAAAAAAAAAA");
  });

  it("/privacy lists what is recorded about a package's recipient and how long it is kept", async () => {
    // React's text separators out: the page as a reader sees it.
    const page = (await (await get("/privacy")).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("캐스팅 제안을 받는 분");
    expect(page).toContain("링크를 처음·마지막으로 연 일시와 방문 횟수");
    expect(page).toContain("남긴 관심 표시(관심 있음·보류)와 메시지");
    expect(page).toContain(`링크가 닫힌 날(기간이 끝나거나 회사가 링크를 닫은 날)부터 ${PACKAGE_RETENTION_DAYS}일 동안 보유합니다`);
    expect(page).toContain("그 제안 페이지에서만");
  });
});
