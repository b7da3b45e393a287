import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../../drizzle/schema";
import { settingsFormValues } from "../../../app/domain/setting-fields";
import { SITE_SETTING_FIELDS, type SettingsFormValues } from "../../../app/domain/site-settings";
import { DEFAULT_APPLICATION_FORM } from "../../../app/domain/application-form-file";
import { PageCache } from "../../../app/server/pipeline/page-cache-store.server";
import { describeAuditEntry } from "../../../app/server/platform/audit.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { serveApplicationForm, sniffApplicationFormType } from "../../../app/server/site/application-form.server";
import { DEFAULT_SITE_SETTINGS, ensureSiteSettings, getSiteSettings } from "../../../app/server/site/settings.server";
import { APPLICATION_FORM_SIZE_MESSAGE, APPLICATION_FORM_TYPE_MESSAGE, saveSiteSettings } from "../../../app/server/site/settings-use-cases.server";
import { docxDocument, hwpDocument, hwpxDocument, oleDocumentNotHwp, pdfDocument, windowsExecutable } from "../../fixtures/documents";
import { useTestDatabase } from "../../setup/test-database";

const ADMIN: Actor = { staffId: null, via: "system", label: "설정 테스트" };

const formOf = (overrides: Partial<SettingsFormValues> = {}): SettingsFormValues => ({ ...settingsFormValues(SITE_SETTING_FIELDS, DEFAULT_SITE_SETTINGS), ...overrides });

describe("saveSiteSettings: validation, audit, change event and the application form file", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  beforeAll(async () => {
    await ensureSiteSettings(database.db);
  });
  const settingsAudit = () => database.db.select().from(auditLog).where(eq(auditLog.entity, "settings"));

  it("refuses bad values with a Korean message by each field, and writes, audits and announces nothing", async () => {
    const result = await saveSiteSettings(database.services, ADMIN, {
      input: formOf({
        companyName: "  ",
        phone: "0212345678",
        email: "contact@",
        mapLat: "91",
        mapLng: "동경 127",
        instagram: "instagram.com/we",
        blog: "javascript:alert(1)",
        businessNumber: "123-45-67890",
      }),
      applicationForm: null,
    });
    expect(result).toEqual({
      status: "invalid",
      errors: {
        companyName: "회사 이름(한글)을 입력해 주세요.",
        phone: "전화번호는 02-1234-5678처럼 하이픈(-)을 넣어 입력해 주세요.",
        email: "이메일 주소 형식이 아닙니다. 예: contact@example.com",
        mapLat: "위도는 -90에서 90 사이의 숫자로 입력해 주세요. 예: 37.524283",
        mapLng: "경도는 -180에서 180 사이의 숫자로 입력해 주세요. 예: 127.037825",
        instagram: "https://로 시작하는 주소를 입력해 주세요. 예: https://www.instagram.com/계정",
        blog: "https://로 시작하는 주소를 입력해 주세요. 예: https://blog.naver.com/계정",
        businessNumber: "올바른 사업자등록번호가 아닙니다. 숫자를 다시 확인해 주세요.",
      },
    });
    const badFormat = await saveSiteSettings(database.services, ADMIN, { input: formOf({ businessNumber: "1234567891" }), applicationForm: null });
    expect(badFormat).toEqual({ status: "invalid", errors: { businessNumber: "사업자등록번호는 000-00-00000 형식으로 입력해 주세요." } });
    expect(await getSiteSettings(database.db)).toEqual(DEFAULT_SITE_SETTINGS);
    expect(await settingsAudit()).toHaveLength(0);
    expect(database.services.announced).toHaveLength(0);
  });

  it("saves, unflags only the demo values that changed, audits the changed fields and empties the page cache", async () => {
    // The runtime subscribes its page cache to the change feed the same way.
    const cache = new PageCache();
    database.services.changes.subscribe(() => cache.invalidate());
    for (const page of ["/", "/company", "/audition", "/news/3"]) {
      await cache.set(page, cache.generation, { status: 200, headers: [], identity: Buffer.from(`<html>${page}</html>`), csp: null, url: `http://localhost${page}` });
    }
    expect(cache.size).toBe(4);

    const result = await saveSiteSettings(database.services, ADMIN, {
      input: formOf({ phone: "02-3446-0101", representative: "김대표", businessNumber: "123-45-67891", blog: "https://blog.naver.com/we", homeIntro: "첫 문단\r\n\r\n둘째 문단" }),
      applicationForm: null,
    });
    expect(result).toEqual({ status: "saved", changed: ["phone", "social.blog", "representative", "businessNumber", "homeIntro"] });

    const settings = await getSiteSettings(database.db);
    expect(settings).toMatchObject({ phone: "02-3446-0101", representative: "김대표", businessNumber: "123-45-67891", homeIntro: "첫 문단\n\n둘째 문단" });
    expect(settings.social.blog).toBe("https://blog.naver.com/we");
    expect(settings.demoFields).not.toContain("phone");
    expect(settings.demoFields).toEqual(expect.arrayContaining(["address", "email", "map", "social.instagram"]));

    const [entry] = await settingsAudit();
    expect(entry).toMatchObject({ action: "update", entity: "settings", entityId: "site", actorLabel: "설정 테스트" });
    expect(entry!.details).toMatchObject({ fields: ["phone", "social.blog", "representative", "businessNumber", "homeIntro"] });
    expect(describeAuditEntry(entry!)).toEqual({ what: "사이트 설정 수정", subject: "전화번호, 블로그, 대표자, 사업자등록번호, 홈 소개 글" });

    expect(database.services.announced).toHaveLength(1);
    expect(database.services.announced[0]).toMatchObject({ entity: "settings", action: "updated", ids: ["site"], paths: ["/"] });
    expect(cache.size).toBe(0);
  });

  it("knows the document types by their content, whatever the file is called", async () => {
    expect(sniffApplicationFormType(pdfDocument())).toBe("pdf");
    expect(sniffApplicationFormType(hwpDocument())).toBe("hwp");
    expect(sniffApplicationFormType(hwpxDocument())).toBe("hwpx");
    expect(sniffApplicationFormType(docxDocument())).toBe("docx");
    expect(sniffApplicationFormType(windowsExecutable())).toBeNull();
    expect(sniffApplicationFormType(oleDocumentNotHwp())).toBeNull();
    expect(sniffApplicationFormType(await sharp({ create: { width: 20, height: 20, channels: 3, background: "#c2456d" } }).png().toBuffer())).toBeNull();
    expect(sniffApplicationFormType(Buffer.from("PK\x03\x04 not an office document"))).toBeNull();
  });

  it("refuses a renamed .exe or PNG as the application form, and a file over 10 MB, keeping the current file", async () => {
    const before = await getSiteSettings(database.db);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } }).png().toBuffer();
    for (const bytes of [windowsExecutable(), png]) {
      expect(await saveSiteSettings(database.services, ADMIN, { input: formOf({ phone: "02-0000-0000" }), applicationForm: bytes })).toEqual({
        status: "invalid",
        errors: { applicationForm: APPLICATION_FORM_TYPE_MESSAGE },
      });
    }
    const tooLarge = Buffer.concat([pdfDocument(), Buffer.alloc(10 * 1024 * 1024)]);
    expect(await saveSiteSettings(database.services, ADMIN, { input: formOf(), applicationForm: tooLarge })).toEqual({ status: "invalid", errors: { applicationForm: APPLICATION_FORM_SIZE_MESSAGE } });
    expect(await saveSiteSettings(database.services, ADMIN, { input: formOf(), applicationForm: "oversize" })).toEqual({ status: "invalid", errors: { applicationForm: APPLICATION_FORM_SIZE_MESSAGE } });
    expect(await getSiteSettings(database.db)).toEqual(before);
  });

  it("stores an accepted file, serves it at the stable address with its type and a Korean file name, and removes the one it replaced", async () => {
    const request = new Request("http://localhost/files/audition-application");
    // None uploaded yet: the bundled PDF, whose size the download button states.
    const bundled = await serveApplicationForm(database.services, request, DEFAULT_APPLICATION_FORM.path);
    expect(bundled.status).toBe(302);
    expect(bundled.headers.get("Location")).toBe(DEFAULT_APPLICATION_FORM.path);
    expect(fs.statSync(path.join("public", DEFAULT_APPLICATION_FORM.path)).size).toBe(DEFAULT_APPLICATION_FORM.bytes);

    const hwp = hwpDocument();
    const saved = await saveSiteSettings(database.services, ADMIN, { input: formOf({ phone: "02-3446-0101", representative: "김대표", businessNumber: "123-45-67891", blog: "https://blog.naver.com/we", homeIntro: "첫 문단\n\n둘째 문단" }), applicationForm: hwp });
    expect(saved).toEqual({ status: "saved", changed: ["applicationForm"] });
    const first = (await getSiteSettings(database.db)).applicationForm!;
    expect(first).toMatchObject({ type: "hwp", bytes: hwp.byteLength });
    expect(first.key).toMatch(/^files\/[0-9a-f]{32}\.hwp$/);

    const response = await serveApplicationForm(database.services, request, DEFAULT_APPLICATION_FORM.path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/x-hwp");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="we-entertainment-audition-application.hwp"; filename*=UTF-8''WE_ENTERTAINMENT_%EC%98%A4%EB%94%94%EC%85%98_%EC%A7%80%EC%9B%90%EC%84%9C.hwp`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(hwp)).toBe(true);
    const etag = response.headers.get("ETag")!;
    expect((await serveApplicationForm(database.services, new Request(request.url, { headers: { "If-None-Match": etag } }), DEFAULT_APPLICATION_FORM.path)).status).toBe(304);

    const docx = docxDocument();
    await saveSiteSettings(database.services, ADMIN, { input: formOf({ phone: "02-3446-0101", representative: "김대표", businessNumber: "123-45-67891", blog: "https://blog.naver.com/we", homeIntro: "첫 문단\n\n둘째 문단" }), applicationForm: docx });
    const second = (await getSiteSettings(database.db)).applicationForm!;
    expect(second.type).toBe("docx");
    expect(fs.existsSync(path.join(database.storage.localRoot!, first.key))).toBe(false);
    const replaced = await serveApplicationForm(database.services, request, DEFAULT_APPLICATION_FORM.path);
    expect(replaced.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(Buffer.from(await replaced.arrayBuffer()).equals(docx)).toBe(true);
  });
  it("refuses a retention period outside 7-1095 days and an incomplete privacy officer, with Korean messages", async () => {
    const before = await getSiteSettings(database.db);
    for (const days of ["6", "1096", "90.5", "구십", ""]) {
      expect(await saveSiteSettings(database.services, ADMIN, { input: formOf({ auditionRetentionDays: days }), applicationForm: null })).toEqual({
        status: "invalid",
        errors: { auditionRetentionDays: "보유 기간은 7일에서 1095일 사이의 정수로 입력해 주세요. 예: 90" },
      });
    }
    const officer = await saveSiteSettings(database.services, ADMIN, {
      input: formOf({ privacyOfficerName: " ", privacyOfficerPosition: "", privacyOfficerPhone: "01012345678", privacyOfficerEmail: "privacy@", processorHosting: "가".repeat(101) }),
      applicationForm: null,
    });
    expect(officer).toEqual({
      status: "invalid",
      errors: {
        privacyOfficerName: "개인정보 보호책임자의 이름을 입력해 주세요.",
        privacyOfficerPosition: "개인정보 보호책임자의 직책을 입력해 주세요.",
        privacyOfficerPhone: "전화번호는 02-1234-5678처럼 하이픈(-)을 넣어 입력해 주세요.",
        privacyOfficerEmail: "이메일 주소 형식이 아닙니다. 예: contact@example.com",
        processorHosting: "100자 이내로 입력해 주세요.",
      },
    });
    expect(await getSiteSettings(database.db)).toEqual(before);
  });

  it("stores the retention period, the officer and the processors, names them in the audit entry and moves the policy's date only when they change", async () => {
    const base = { phone: "02-3446-0101", representative: "김대표", businessNumber: "123-45-67891", blog: "https://blog.naver.com/we", homeIntro: "첫 문단\n\n둘째 문단" };
    const before = await getSiteSettings(database.db);
    expect(before.demoFields).toEqual(expect.arrayContaining(["privacyOfficer.name", "privacyOfficer.position", "privacyOfficer.phone", "privacyOfficer.email"]));
    expect(before.privacyPolicyUpdatedAt).toBeNull();

    const savedAt = new Date("2027-03-02T01:00:00Z");
    const result = await saveSiteSettings(database.services, ADMIN, {
      input: formOf({ ...base, auditionRetentionDays: " 180 ", privacyOfficerName: "이보호", privacyOfficerEmail: "privacy@we.example", processorHosting: "가나클라우드(주)", processorEmail: "다라메일" }),
      applicationForm: null,
      now: savedAt,
    });
    expect(result).toEqual({ status: "saved", changed: ["auditionRetentionDays", "privacyOfficer.name", "privacyOfficer.email", "processors.hosting", "processors.email"] });
    const settings = await getSiteSettings(database.db);
    expect(settings.auditionRetentionDays).toBe(180);
    expect(settings.privacyOfficer).toEqual({ name: "이보호", position: DEFAULT_SITE_SETTINGS.privacyOfficer.position, phone: DEFAULT_SITE_SETTINGS.privacyOfficer.phone, email: "privacy@we.example" });
    expect(settings.processors).toEqual({ hosting: "가나클라우드(주)", storage: "", email: "다라메일" });
    expect(settings.privacyPolicyUpdatedAt).toBe(savedAt.toISOString());
    // The officer's fields left as they were stay flagged as demo; the changed ones do not.
    expect(settings.demoFields).toEqual(expect.arrayContaining(["privacyOfficer.position", "privacyOfficer.phone"]));
    expect(settings.demoFields).not.toContain("privacyOfficer.name");
    expect(settings.demoFields).not.toContain("privacyOfficer.email");

    const entries = await settingsAudit();
    expect(describeAuditEntry(entries.at(-1)!)).toEqual({
      what: "사이트 설정 수정",
      subject: "지원서 보유 기간, 개인정보 보호책임자 이름, 개인정보 보호책임자 이메일, 위탁: 호스팅, 위탁: 이메일 발송",
    });

    // A save that changes nothing the policy states leaves its date alone.
    const later = await saveSiteSettings(database.services, ADMIN, {
      input: formOf({ ...base, phone: "02-3446-0102", auditionRetentionDays: "180", privacyOfficerName: "이보호", privacyOfficerEmail: "privacy@we.example", processorHosting: "가나클라우드(주)", processorEmail: "다라메일" }),
      applicationForm: null,
      now: new Date("2027-04-01T00:00:00Z"),
    });
    expect(later).toEqual({ status: "saved", changed: ["phone"] });
    expect((await getSiteSettings(database.db)).privacyPolicyUpdatedAt).toBe(savedAt.toISOString());
  });
  it("stores the English pages' address, hours and intro, names them in the audit entry and unflags the demo address", async () => {
    const before = await getSiteSettings(database.db);
    expect(before.demoFields).toContain("addressEn");
    const result = await saveSiteSettings(database.services, ADMIN, {
      input: formOf({ addressEn: "7F, 317 Dosan-daero, Gangnam-gu, Seoul", businessHoursEn: "Weekdays 10:00-18:00", homeIntroEn: "First.\r\n\r\nSecond." }),
      applicationForm: null,
    });
    expect(result).toMatchObject({ status: "saved", changed: expect.arrayContaining(["addressEn", "businessHoursEn", "homeIntroEn"]) });
    const after = await getSiteSettings(database.db);
    expect(after).toMatchObject({ addressEn: "7F, 317 Dosan-daero, Gangnam-gu, Seoul", businessHoursEn: "Weekdays 10:00-18:00", homeIntroEn: "First.\n\nSecond." });
    expect(after.demoFields).not.toContain("addressEn");
    const entry = (await settingsAudit()).sort((a, b) => a.id - b.id).at(-1);
    expect(describeAuditEntry(entry!).subject).toContain("영문 주소");
    expect(await saveSiteSettings(database.services, ADMIN, { input: formOf({ addressEn: "x".repeat(201) }), applicationForm: null })).toMatchObject({
      status: "invalid",
      errors: { addressEn: "200자 이내로 입력해 주세요." },
    });
  });
});
