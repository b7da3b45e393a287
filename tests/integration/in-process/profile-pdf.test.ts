import { parsePdf } from "../../fixtures/pdf";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArtistEnglish } from "../../../app/domain/artist-fields";
import { MAX_ENTRY_LENGTH, MAX_LIST_ENTRIES } from "../../../app/domain/schemas";
import { settingsFormValues } from "../../../app/domain/setting-fields";
import { SITE_SETTING_FIELDS, type SettingsFormValues } from "../../../app/domain/site-settings";
import { pathsShowingArtist } from "../../../app/domain/site-routes";
import { artistProfilePdfPath } from "../../../app/domain/paths";
import { deleteArtist, saveArtist, type SaveArtistRequest } from "../../../app/server/artists/artist-use-cases.server";
import { storeImage } from "../../../app/server/media/media.server";
import type { ChangeEvent } from "../../../app/server/platform/changes.server";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { getSiteSettings, type SiteSettings } from "../../../app/server/site/settings.server";
import { saveSiteSettings } from "../../../app/server/site/settings-use-cases.server";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { signInCookie } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

const ADMIN: Actor = { staffId: null, via: "system", label: "프로필 PDF 테스트" };
const ONE_MB = 1024 * 1024;

/** A credit entry of exactly `length` characters (the longest the form accepts is MAX_ENTRY_LENGTH). */
const longEntry = (prefix: string, i: number, length = MAX_ENTRY_LENGTH) =>
  `${2026 - (i % 20)} ${prefix} 〈긴 제목의 작품 ${i + 1}〉 주연 '역할' 역 `.padEnd(length, "가나다라 마바사 ").slice(0, length);

/** A camera-sized photo of noise: the worst case for JPEG, so the PDF's size is tested at its largest. */
async function noisyPhoto(mean: number): Promise<Uint8Array> {
  const jpeg = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#808080", noise: { type: "gaussian", mean, sigma: 70 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(jpeg);
}

async function fetchPdf(baseURL: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(baseURL + path, { headers });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

/** The settings page's fields for the stored settings, with some changed. */
function settingsForm(settings: SiteSettings, overrides: Partial<SettingsFormValues>): SettingsFormValues {
  return { ...settingsFormValues(SITE_SETTING_FIELDS, settings), ...overrides };
}

describe(`the casting profile PDF of an artist (${testEngine()}, in-process)`, () => {
  let app: InProcessApp | undefined;
  let runtime: Runtime;
  let baseURL: string;
  const name = "한서윤";
  const english: ArtistEnglish = {
    birthday: "March 14, 1995",
    education: ["Korea National University of Arts, B.F.A. in Acting"],
    films: ["2025 Film <Hill of Wind>, lead role (Sua)"],
  };
  const artist = {
    name,
    nameEn: "HAN SEOYOON",
    birthday: "1995.03.14",
    height: "168",
    socialLink: "",
    education: ["한국예술종합학교 연기과 졸업"],
    awards: ["2025 청룡영화상 신인여우상"],
    specialSkills: ["현대무용", "피아노"],
    films: ["2025 영화 〈바람의 언덕〉 주연 '수아' 역", ...Array.from({ length: MAX_LIST_ENTRIES - 1 }, (_, i) => longEntry("영화", i))],
    dramas: ["2024 드라마 〈봄날의 기록〉 조연 '지현' 역", ...Array.from({ length: MAX_LIST_ENTRIES - 1 }, (_, i) => longEntry("드라마", i))],
    theater: Array.from({ length: MAX_LIST_ENTRIES }, (_, i) => longEntry("연극", i)),
    commercials: Array.from({ length: MAX_LIST_ENTRIES }, (_, i) => longEntry("광고", i)),
    books: Array.from({ length: MAX_LIST_ENTRIES }, (_, i) => longEntry("화보", i)),
  };
  const save = (request: Partial<SaveArtistRequest> & Pick<SaveArtistRequest, "input">) =>
    saveArtist(runtime, ADMIN, { existingName: null, status: "public", displayOrder: null, expectedVersion: null, ...request });

  beforeAll(async () => {
    app = await startInProcessApp("profile-pdf");
    ({ runtime, baseURL } = app);
    const photos = await Promise.all([40, 90, 140, 190, 230].map(noisyPhoto));
    const imageUrls: string[] = [];
    for (const photo of photos) imageUrls.push((await storeImage(runtime.db, runtime.storage, photo)).url);
    const saved = await save({ input: { ...artist, imageUrls, en: english } });
    expect(saved.status).toBe("saved");
    expect((await save({ input: { ...artist, name: "숨은배우", nameEn: "HIDDEN ACTOR", imageUrls: [] }, status: "hidden" })).status).toBe("saved");
    expect((await save({ input: { name: "준비배우", nameEn: "DRAFT" }, status: "draft" })).status).toBe("saved");
    expect((await save({ input: { name: "떠난배우", nameEn: "FORMER" }, status: "former" })).status).toBe("saved");
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("the Korean PDF: A4 pages (two at most), real text in a Pretendard subset, three photos, the agency's contact, under 1 MB", async () => {
    const { status, headers, bytes } = await fetchPdf(baseURL, artistProfilePdfPath(name));
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/pdf");
    expect(headers.get("content-disposition")).toBe(`inline; filename="HAN-SEOYOON-profile.pdf"; filename*=UTF-8''${encodeURIComponent(`${name}-profile.pdf`)}`);
    expect(headers.get("cache-control")).toBe("no-cache");
    expect(headers.get("etag")).toMatch(/^"profile-[0-9a-f]{40}"$/);
    // Chrome shows a PDF through an embedded viewer, which the pages' `object-src 'none'` would block.
    expect(headers.get("content-security-policy")).not.toContain("object-src 'none'");
    // Not in the page cache: the PDF keeps its own (by content hash).
    expect(headers.get("x-cache")).toBeNull();
    expect(bytes.byteLength).toBeLessThan(ONE_MB);

    const raw = Buffer.from(bytes).toString("latin1");
    expect(raw.startsWith("%PDF-")).toBe(true);
    expect(raw).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    // Both weights embedded as subsets ("ABCDEF+Pretendard-…", a TrueType font file) with a ToUnicode map.
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Pretendard-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Pretendard-Bold/);
    expect(raw).toContain("/FontFile2");
    expect(raw).toContain("/ToUnicode");

    const pdf = await parsePdf(bytes);
    expect(pdf.pages).toBe(2);
    const [first, second] = pdf.text as [string, string];
    const profile = [name, "HAN SEOYOON", "생년월일", "1995.03.14", "168cm", "한국예술종합학교 연기과 졸업", "2025 청룡영화상 신인여우상", "MOVIE", "2025 영화 〈바람의 언덕〉 주연 '수아' 역"];
    for (const text of profile) expect(first).toContain(text);
    expect(first).not.toContain("Date of birth");
    const settings = await getSiteSettings(runtime.db);
    for (const page of pdf.text) {
      for (const text of [settings.companyName, settings.address, settings.phone, settings.email]) expect(page).toContain(text);
    }
    expect(pdf.images).toEqual([3, 0]);
    // 250 long credits do not fit on two pages: the rest is counted and the online profile named.
    expect(second).toMatch(/외 \d+건은 홈페이지 프로필에서 볼 수 있습니다\./);
    expect(second).toContain(`/artist/${name}`);
  });

  it("the English PDF: the English name first, English labels, English entries where there are some, Korean ones elsewhere", async () => {
    const { status, headers, bytes } = await fetchPdf(baseURL, artistProfilePdfPath(name, "en"));
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/pdf");
    expect(headers.get("content-disposition")).toBe(`inline; filename="HAN-SEOYOON-profile.pdf"; filename*=UTF-8''HAN-SEOYOON-profile.pdf`);
    expect(bytes.byteLength).toBeLessThan(ONE_MB);
    const pdf = await parsePdf(bytes);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    expect(pdf.pages).toBeLessThanOrEqual(2);
    const first = pdf.text[0]!;
    expect(first.indexOf("HAN SEOYOON")).toBeGreaterThanOrEqual(0);
    expect(first.indexOf("HAN SEOYOON")).toBeLessThan(first.indexOf(name));
    // The English page's labels (artist-fields.ts label.en, messages.ts), and the PDF's own.
    for (const label of ["ACTOR PROFILE", "Date of birth", "Height", "Education", "Awards", "Skills", "Credits", "Film", "Television"]) expect(first).toContain(label);
    expect(first).toContain("March 14, 1995");
    expect(first).toContain("Korea National University of Arts, B.F.A. in Acting");
    expect(first).not.toContain("한국예술종합학교 연기과 졸업");
    expect(first).toContain("2025 Film <Hill of Wind>, lead role (Sua)");
    expect(first).not.toContain("〈바람의 언덕〉");
    // No English awards or drama entries yet: the Korean ones, never an empty section.
    expect(first).toContain("2025 청룡영화상 신인여우상");
    expect(first).toContain("2024 드라마 〈봄날의 기록〉 조연 '지현' 역");
    const settings = await getSiteSettings(runtime.db);
    expect(first).toContain(settings.companyNameEn);
    expect(first).toContain(settings.addressEn);
    expect(first).not.toContain("생년월일");
    expect(pdf.images[0]).toBe(3);
  });

  it("a hidden, draft, former, trashed or unknown artist has no public PDF (as their page); the administrator gets a hidden one, never cached", async () => {
    for (const locale of ["ko", "en"] as const) {
      for (const nobody of ["숨은배우", "준비배우", "떠난배우", "없는배우"]) expect((await fetchPdf(baseURL, artistProfilePdfPath(nobody, locale))).status).toBe(404);
    }
    const cookie = await signInCookie(baseURL);
    // The artist page's rule: former artists are a record, not on the site, for the administrator too.
    expect((await fetchPdf(baseURL, artistProfilePdfPath("떠난배우"), { Cookie: cookie })).status).toBe(404);
    expect((await fetchPdf(baseURL, artistProfilePdfPath("준비배우"), { Cookie: cookie })).status).toBe(200);
    const asAdmin = await fetchPdf(baseURL, artistProfilePdfPath("숨은배우"), { Cookie: cookie });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("cache-control")).toBe("private, no-store");
    expect((await parsePdf(asAdmin.bytes)).text[0]).toContain("숨은배우");

    expect((await save({ input: { ...artist, name: "떠날배우", nameEn: "LEAVING", imageUrls: [] } })).status).toBe("saved");
    expect((await fetchPdf(baseURL, artistProfilePdfPath("떠날배우"))).status).toBe(200);
    await deleteArtist(runtime, ADMIN, "떠날배우");
    expect((await fetchPdf(baseURL, artistProfilePdfPath("떠날배우"))).status).toBe(404);
  });

  it("a change to the artist or to the agency's contact makes a new PDF; an unchanged one answers 304", async () => {
    const path = artistProfilePdfPath(name);
    const before = await fetchPdf(baseURL, path);
    const etag = before.headers.get("etag")!;
    expect((await fetchPdf(baseURL, path, { "If-None-Match": etag })).status).toBe(304);

    const events: ChangeEvent[] = [];
    const unsubscribe = runtime.changes.subscribe((event) => events.push(event));
    const imageUrls = (await fetchArtistImages(baseURL, name)) ?? [];
    const saved = await save({
      existingName: name,
      status: null,
      input: { ...artist, imageUrls, films: ["2026 영화 〈새로운 시작〉 주연 '하나' 역", ...artist.films.slice(1)] },
    });
    unsubscribe();
    expect(saved.status).toBe("saved");
    // The save announces the PDFs' addresses (caches, a CDN) with the page's.
    expect(events.flatMap((e) => e.paths)).toEqual(expect.arrayContaining([artistProfilePdfPath(name), artistProfilePdfPath(name, "en")]));
    expect(pathsShowingArtist(name)).toEqual(expect.arrayContaining([artistProfilePdfPath(name), artistProfilePdfPath(name, "en")]));

    const after = await fetchPdf(baseURL, path, { "If-None-Match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((await parsePdf(after.bytes)).text[0]).toContain("2026 영화 〈새로운 시작〉 주연 '하나' 역");
    expect((await parsePdf(before.bytes)).text[0]).not.toContain("새로운 시작");

    const settings = await getSiteSettings(runtime.db);
    const result = await saveSiteSettings(runtime, ADMIN, { input: settingsForm(settings, { phone: "02-123-4567" }), applicationForm: null });
    expect(result.status).toBe("saved");
    const withNewPhone = await fetchPdf(baseURL, path, { "If-None-Match": after.headers.get("etag")! });
    expect(withNewPhone.status).toBe(200);
    expect((await parsePdf(withNewPhone.bytes)).text[0]).toContain("02-123-4567");
  });

  it("without photos or credits it is one page, and small: the fonts are subsets, not the 2.7 MB files", async () => {
    expect((await save({ input: { name: "새배우", nameEn: "NEW FACE", imageUrls: [] } })).status).toBe("saved");
    const { status, bytes } = await fetchPdf(baseURL, artistProfilePdfPath("새배우"));
    expect(status).toBe(200);
    expect(bytes.byteLength).toBeLessThan(60 * 1024);
    const pdf = await parsePdf(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.images).toEqual([0]);
    expect(pdf.text[0]).toContain("새배우");
    expect(pdf.text[0]).toContain("사진 준비 중");
  });
});

/** The artist's image URLs as the API lists them (a save sends the whole list again). */
async function fetchArtistImages(baseURL: string, name: string): Promise<string[] | null> {
  const response = await fetch(`${baseURL}/api/we/actorList/${encodeURIComponent(name)}`);
  if (!response.ok) return null;
  const body = (await response.json()) as { imgList: string };
  return JSON.parse(body.imgList) as string[];
}
