import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { retentionSentence } from "../../../app/domain/auditions";
import { PRIVACY_POLICY_SECTIONS, PRIVACY_POLICY_TEXT_DATE, PROCESSOR_TASKS } from "../../../app/domain/privacy-policy";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { settingsFormValues } from "../../../app/domain/setting-fields";
import { DEMO_PRIVACY_OFFICER, SITE_SETTING_FIELDS, type SettingsFormValues } from "../../../app/domain/site-settings";
import { getSiteSettings, type SiteSettings } from "../../../app/server/site/settings.server";
import { saveSiteSettings } from "../../../app/server/site/settings-use-cases.server";
import { testEngine } from "../../setup/test-database";

const ADMIN: Actor = { staffId: null, via: "system", label: "방침 테스트" };

async function get(baseURL: string, pathname: string) {
  const response = await fetch(baseURL + pathname);
  return { status: response.status, cache: response.headers.get("x-cache"), text: await response.text() };
}

/** The page's visible text, tags dropped and entities of the kind React writes decoded. */
function textOf(html: string): string {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return main
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The settings form's fields for the stored settings, with some changed. */
function formOf(settings: SiteSettings, overrides: Partial<SettingsFormValues>): SettingsFormValues {
  return { ...settingsFormValues(SITE_SETTING_FIELDS, settings), ...overrides };
}

describe(`/privacy is generated from the site settings and follows their changes (${testEngine()}, in-process)`, () => {
  let runtime: Runtime;
  let baseURL: string;
  let app: InProcessApp | undefined;

  beforeAll(async () => {
    app = await startInProcessApp("privacy");
    ({ runtime, baseURL } = app);
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("a fresh site states the default retention period, the demo officer, no processors and the text's date, in every section", async () => {
    const page = await get(baseURL, "/privacy");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>개인정보처리방침 | WE ENTERTAINMENT</title>");
    const text = textOf(page.text);
    expect(text).toContain("위이엔터테인먼트(이하 ‘회사’)는 「개인정보 보호법」 제30조에 따라");
    for (const [i, section] of PRIVACY_POLICY_SECTIONS.entries()) {
      expect(page.text).toContain(`id="${section.id}-title"`);
      expect(page.text).toContain(`href="#${section.id}-title"`);
      expect(text).toContain(`제${i + 1}조 ${section.title}`);
    }
    expect(text).toContain(retentionSentence(90));
    expect(text).toContain(`성명${DEMO_PRIVACY_OFFICER.name}`);
    expect(text).toContain(`이메일${DEMO_PRIVACY_OFFICER.email}`);
    expect(text).toContain("회사는 개인정보 처리 업무를 외부에 위탁하지 않습니다.");
    expect(page.text).not.toContain("privacy__table--processors");
    // The guardian's items with the right particles; the under-14 rule.
    expect(text).toContain("법정대리인의 이름과 휴대전화 번호를 받으며");
    const [year, month, day] = PRIVACY_POLICY_TEXT_DATE.split("-").map(Number);
    expect(text).toContain(`이 개인정보처리방침은 ${year}년 ${month}월 ${day}일부터 적용됩니다.`);
    for (const remedy of ["개인정보침해신고센터", "118", "개인정보분쟁조정위원회", "1833-6972", "대검찰청", "1301", "경찰청", "182"]) expect(text).toContain(remedy);
    // No map key configured: nothing about a map service's cookies.
    expect(text).not.toContain("카카오");
    expect((await get(baseURL, "/privacy")).cache).toBe("HIT");
  });

  it("after a save through the settings use case, the next visitor reads the new retention period, officer, processors and date, not the cached page", async () => {
    expect((await get(baseURL, "/privacy")).cache).toBe("HIT");
    const current = await getSiteSettings(runtime.db);
    const result = await saveSiteSettings(runtime, ADMIN, {
      input: formOf(current, {
        auditionRetentionDays: "365",
        privacyOfficerName: "이보호",
        privacyOfficerPosition: "개인정보 보호팀장",
        privacyOfficerPhone: "02-3446-0199",
        privacyOfficerEmail: "privacy@we.example",
        processorHosting: "가나클라우드 주식회사",
        processorEmail: "다라메일",
      }),
      applicationForm: null,
      now: new Date("2027-03-02T16:00:00Z"),
    });
    expect(result.status).toBe("saved");

    const page = await get(baseURL, "/privacy");
    expect(page.cache).toBe("MISS");
    const text = textOf(page.text);
    expect(text).toContain(retentionSentence(365));
    expect(text).not.toContain(retentionSentence(90));
    expect(text).toContain("보유 기간(365일)");
    expect(text).toContain("성명이보호");
    expect(text).toContain("직책개인정보 보호팀장");
    expect(text).toContain("전화02-3446-0199");
    expect(page.text).toContain('href="tel:0234460199"');
    expect(page.text).toContain(`href="mailto:privacy@we.example?subject=`);
    expect(text).not.toContain(DEMO_PRIVACY_OFFICER.name);
    // Only the entrusted work is listed, with its company; the storage is not entrusted.
    expect(text).toContain("가나클라우드 주식회사홈페이지 서버 운영(호스팅)과 데이터베이스 보관");
    expect(text).toContain(`다라메일${PROCESSOR_TASKS.email}`);
    expect(text).not.toContain("오디션 지원 사진·영상 파일 보관");
    expect(text).not.toContain("위탁하지 않습니다");
    // Saved at 01:00 on 3 March in Korea: that is the effective date.
    expect(text).toContain("이 개인정보처리방침은 2027년 3월 3일부터 적용됩니다.");
    expect(text).toContain("시행일: 2027년 3월 3일");

    // Back to 30 days: the page follows again.
    await saveSiteSettings(runtime, ADMIN, { input: formOf(await getSiteSettings(runtime.db), { auditionRetentionDays: "30" }), applicationForm: null });
    const again = textOf((await get(baseURL, "/privacy")).text);
    expect(again).toContain(retentionSentence(30));
    expect(again).not.toContain(retentionSentence(365));
  });

  it("is listed in the sitemap and linked from every page's footer", async () => {
    const sitemap = await get(baseURL, "/sitemap.xml");
    expect(sitemap.text).toMatch(/<loc>[^<]*\/privacy<\/loc>/);
    for (const pathname of ["/", "/company", "/audition", "/privacy"]) {
      const html = (await get(baseURL, pathname)).text;
      const footer = html.slice(html.indexOf("<footer"), html.indexOf("</footer>"));
      expect(footer, pathname).toMatch(/<a[^>]*href="\/privacy"[^>]*>개인정보처리방침<\/a>/);
    }
  });
});
