import type { Page } from "@playwright/test";
import { PATHS, WORKSPACE_PATHS } from "../../../app/domain/paths";
import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { internationalPhone } from "../../../app/lib/structured-data";
import { docxDocument, hwpDocument } from "../../fixtures/documents";
import { expect, test } from "../fixtures";
import { tabTo } from "../helpers";

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });
// The stories change the same settings: one after the other, each still run whatever the other's result.
test.describe.configure({ mode: "default" });

const DEMO_MESSAGE = "예시 값입니다. 실제 정보로 바꿔 주세요.";

function uniquePhone(): string {
  const digits = String(Date.now()).slice(-8);
  return `02-${digits.slice(0, 4)}-${digits.slice(4)}`;
}

/** A field's wrapper on the settings page (label, input, hint, demo flag, error). */
const fieldOf = (page: Page, label: string) => page.locator(".field").filter({ has: page.getByLabel(label, { exact: true }) });

async function saveSettings(page: Page) {
  await page.getByRole("button", { name: "설정 저장" }).click();
}

/** What an anonymous visitor gets (no cookies: the page cache answers when it can). */
async function anonymousPage(baseURL: string, path: string): Promise<{ cache: string | null; html: string }> {
  const response = await fetch(baseURL + path);
  return { cache: response.headers.get("x-cache"), html: await response.text() };
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("the administrator changes the phone number and sees it in the header, the footer, the home contact block and the page head", async ({ page, baseURL }) => {
      // A visitor's cached company page, before the change.
      await anonymousPage(baseURL!, PATHS.company);
      expect((await anonymousPage(baseURL!, PATHS.company)).cache).toBe("HIT");

      await page.goto(WORKSPACE_PATHS.settings);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("사이트 설정");
      await expect(page.getByRole("navigation", { name: "관리 메뉴" }).getByRole("link", { name: "사이트 설정" })).toHaveAttribute("aria-current", "page");
      // The demo's placeholder address is flagged next to its field.
      await expect(fieldOf(page, "주소").getByText(DEMO_MESSAGE)).toBeVisible();

      const phone = uniquePhone();
      const intro = `${js ? "자바스크립트" : "순수 HTML"}로 고친 소개 첫 문단 ${phone}`;
      await page.getByLabel("전화번호", { exact: true }).fill(phone);
      await page.getByLabel("대표자 (선택)").fill("김대표");
      await page.getByLabel("사업자등록번호 (선택)").fill("123-45-67891");
      await page.getByLabel("소개 글", { exact: true }).fill(`${intro}\n\n둘째 문단입니다.`);
      const blog = `https://blog.naver.com/we_${js ? "js" : "nojs"}`;
      await page.getByLabel("블로그 주소 (선택)").fill(blog);
      await saveSettings(page);
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["settings-saved"] })).toBeVisible();
      await expect(page.getByLabel("전화번호", { exact: true })).toHaveValue(phone);
      await expect(fieldOf(page, "전화번호").getByText(DEMO_MESSAGE)).toHaveCount(0);
      await expect(fieldOf(page, "주소").getByText(DEMO_MESSAGE)).toBeVisible();

      await page.goto(PATHS.home);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: phone })).toHaveAttribute("href", `tel:${phone.replace(/-/g, "")}`);
      // The header's third icon appears once its target is set.
      await expect(page.getByRole("banner").getByRole("link", { name: "블로그 (새 창)" }).first()).toHaveAttribute("href", blog);
      await expect(footer).toContainText("대표자 김대표");
      await expect(footer).toContainText("사업자등록번호 123-45-67891");
      const contact = page.getByRole("region", { name: "오시는 길" });
      await expect(contact.getByRole("link", { name: phone })).toHaveAttribute("href", `tel:${phone.replace(/-/g, "")}`);
      // The header shows it at this width (1280 px); the document head's organization data carries it too.
      await expect(page.getByRole("banner").getByRole("link", { name: `TEL ${phone}` }).first()).toHaveAttribute("href", `tel:${phone.replace(/-/g, "")}`);
      const jsonLd = await page.locator('head script[type="application/ld+json"]').allTextContents();
      // Structured data gives the number in the international form search engines ask for.
      expect(jsonLd.some((text) => text.includes(`"telephone":"${internationalPhone(phone)}"`))).toBe(true);
      // The home intro is the edited text, in its two paragraphs.
      await expect(page.locator(".home-hero__text p")).toHaveText([intro, "둘째 문단입니다."]);

      // The visitor's cached page was dropped and rendered again (in the background after the change, or
      // for this request): a visitor gets the new number.
      const after = await anonymousPage(baseURL!, PATHS.company);
      expect(after.html).toContain(phone);
    });

    test("the administrator replaces the application form file and a visitor downloads it from /audition", async ({ page, baseURL }) => {
      const file = js ? { name: "오디션 지원서.hwp", bytes: hwpDocument(), type: "application/x-hwp", ext: "hwp", summary: "HWP, 36KB" } : { name: "application.docx", bytes: docxDocument(), type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: "docx", summary: "DOCX, 1KB" };
      await page.goto(WORKSPACE_PATHS.settings);
      await page.getByLabel("새 파일로 바꾸기 (선택)").setInputFiles({ name: file.name, mimeType: "application/octet-stream", buffer: file.bytes });
      await saveSettings(page);
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["settings-saved"] })).toBeVisible();
      await expect(page.getByRole("link", { name: `지원서 양식 (${file.summary})` })).toBeVisible();

      await page.goto(PATHS.audition);
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: `지원서 다운로드 (${file.summary})` }).click();
      const downloaded = await download;
      expect(downloaded.suggestedFilename()).toBe(`WE_ENTERTAINMENT_오디션_지원서.${file.ext}`);
      const fs = await import("node:fs");
      expect(fs.readFileSync(await downloaded.path()).equals(file.bytes)).toBe(true);

      // A visitor without a session gets the same file with its type.
      const response = await fetch(baseURL + PATHS.applicationForm);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(file.type);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-disposition")).toContain(`filename*=UTF-8''WE_ENTERTAINMENT_`);
      expect(Buffer.from(await response.arrayBuffer()).equals(file.bytes)).toBe(true);
    });

    test("a bad value comes back with its Korean message by the field, everything typed kept and nothing saved", async ({ page }) => {
      await page.goto(WORKSPACE_PATHS.settings);
      const savedPhone = await page.getByLabel("전화번호", { exact: true }).inputValue();
      await page.getByLabel("전화번호", { exact: true }).fill("12345");
      await page.getByLabel("대표자 (선택)").fill("김위이");
      await page.getByLabel("사업자등록번호 (선택)").fill("123-45-67890");
      await page.getByLabel("블로그 주소 (선택)").fill("https://blog.naver.com/we_e2e");
      // A renamed executable is refused by its content.
      await page.getByLabel("새 파일로 바꾸기 (선택)").setInputFiles({ name: "form.pdf", mimeType: "application/pdf", buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(1024)]) });
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(WORKSPACE_PATHS.settings));
      await saveSettings(page);
      expect((await answered).status()).toBe(400);

      await expect(page.getByRole("alert")).toContainText("입력한 내용을 확인해 주세요.");
      const phone = page.getByLabel("전화번호", { exact: true });
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      await expect(fieldOf(page, "전화번호")).toContainText("전화번호는 02-1234-5678처럼 하이픈(-)을 넣어 입력해 주세요.");
      await expect(phone).toHaveAccessibleDescription(/전화번호는 02-1234-5678처럼/);
      await expect(fieldOf(page, "사업자등록번호 (선택)")).toContainText("올바른 사업자등록번호가 아닙니다.");
      await expect(page.locator(".field").filter({ hasText: "새 파일로 바꾸기" })).toContainText("PDF, HWP, HWPX, DOCX 문서만 올릴 수 있습니다.");
      await expect(phone).toHaveValue("12345");
      await expect(page.getByLabel("대표자 (선택)")).toHaveValue("김위이");
      await expect(page.getByLabel("블로그 주소 (선택)")).toHaveValue("https://blog.naver.com/we_e2e");

      await page.goto(WORKSPACE_PATHS.settings);
      await expect(page.getByLabel("전화번호", { exact: true })).toHaveValue(savedPhone);
      // Nothing of the refused form reached the site's footer (the workspace has none of its own, decision 064).
      await page.goto(PATHS.home);
      await expect(page.getByRole("contentinfo")).toContainText(savedPhone);
      await expect(page.getByRole("contentinfo")).not.toContainText("김위이");
    });
  });
}

test("the administrator sets the retention period, the privacy officer and a processor, and /privacy states them at once", async ({ page, baseURL }) => {
  // A visitor's cached policy, before the change.
  await anonymousPage(baseURL!, PATHS.privacy);
  expect((await anonymousPage(baseURL!, PATHS.privacy)).cache).toBe("HIT");

  await page.goto(WORKSPACE_PATHS.settings);
  const group = page.getByRole("group", { name: "개인정보 처리", exact: true });
  // A new site names a placeholder officer, flagged like the other demo values.
  await expect(fieldOf(page, "보호책임자 이름").getByText(DEMO_MESSAGE)).toBeVisible();
  await expect(group.getByRole("link", { name: "개인정보처리방침" })).toHaveAttribute("href", PATHS.privacy);

  // Out of range first: the Korean message by the field, nothing saved.
  await page.getByLabel("온라인 지원서 보유 기간 (일)").fill("5");
  await saveSettings(page);
  await expect(fieldOf(page, "온라인 지원서 보유 기간 (일)")).toContainText("보유 기간은 7일에서 1095일 사이의 정수로 입력해 주세요.");
  await expect(page.getByLabel("온라인 지원서 보유 기간 (일)")).toHaveAttribute("aria-invalid", "true");

  const officer = `이보호${String(Date.now()).slice(-4)}`;
  await page.getByLabel("온라인 지원서 보유 기간 (일)").fill("120");
  await page.getByLabel("보호책임자 이름").fill(officer);
  await page.getByLabel("보호책임자 직책").fill("개인정보 보호팀장");
  await page.getByLabel("보호책임자 이메일").fill("privacy@we-e2e.example");
  await page.getByLabel("호스팅 (서버 운영)").fill("가나클라우드 주식회사");
  await saveSettings(page);
  await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["settings-saved"] })).toBeVisible();
  await expect(page.getByLabel("온라인 지원서 보유 기간 (일)")).toHaveValue("120");
  await expect(fieldOf(page, "보호책임자 이름").getByText(DEMO_MESSAGE)).toHaveCount(0);
  // The phone was left as it was: still the demo's.
  await expect(fieldOf(page, "보호책임자 전화번호").getByText(DEMO_MESSAGE)).toBeVisible();

  // The activity log names what changed.
  await page.goto(WORKSPACE_PATHS.audit);
  await expect(page.getByText("지원서 보유 기간, 개인정보 보호책임자 이름, 개인정보 보호책임자 직책, 개인정보 보호책임자 이메일, 위탁: 호스팅").first()).toBeVisible();

  // The visitor's copy was rendered again with the new policy.
  const after = await anonymousPage(baseURL!, PATHS.privacy);
  expect(after.html).toContain("120일 동안 보관");
  expect(after.html).toContain(officer);
  await page.goto(PATHS.privacy);
  await expect(page.getByRole("region", { name: "제3조 개인정보의 처리 및 보유 기간" })).toContainText("120일 동안 보관");
  const officerSection = page.getByRole("region", { name: "제11조 개인정보 보호책임자" });
  await expect(officerSection).toContainText(officer);
  await expect(officerSection).toContainText("개인정보 보호팀장");
  await expect(officerSection.getByRole("link", { name: "privacy@we-e2e.example" })).toBeVisible();
  await expect(page.getByRole("region", { name: "제6조 개인정보 처리의 위탁" }).getByRole("row", { name: /가나클라우드 주식회사/ })).toContainText("호스팅");
});

test("the settings form is reachable with the keyboard, from the workspace menu to the save button", async ({ page }) => {
  await page.goto(WORKSPACE_PATHS.dashboard);
  const menuLink = page.getByRole("navigation", { name: "관리 메뉴" }).getByRole("link", { name: "사이트 설정" });
  await tabTo(page, menuLink);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${WORKSPACE_PATHS.settings}$`));
  await tabTo(page, page.getByLabel("전화번호", { exact: true }));
  await tabTo(page, page.getByLabel("새 파일로 바꾸기 (선택)"));
  await tabTo(page, page.getByRole("button", { name: "설정 저장" }));
});
