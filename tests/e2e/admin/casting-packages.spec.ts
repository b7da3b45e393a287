import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { axeViolations } from "../helpers";
import { adminApi, portraitJpeg, uniqueName } from "./admin-helpers";

/**
 * Casting packages (decision 047), with JavaScript on and off: the agency builds a package of three
 * artists, the recipient opens its link in a browser of their own, downloads the package PDF, opens a profile, marks two artists
 * and sends a message; the agency sees each of these; the agency closes the link, which then answers 410.
 * axe-core checks each page at 390 and 1280 px with JavaScript on (it runs in the page). Screenshots of the recipient's page and the agency's page at 1280 and 390 px go to SCREENSHOT_DIR.
 */

const SCREENSHOT_DIR = path.join(os.tmpdir(), "casting-package-screenshots");

/** axe-core at a phone's width and at the desktop's (the page is left at 1280 px). */
async function axeAtBothWidths(page: Page, what: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    expect.soft(await axeViolations(page), `${what} at ${width} px`).toEqual([]);
  }
}

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js, signedIn: true });

    test("a package of three artists: opened, marked, answered, seen by the agency, then closed", async ({ page, browser, baseURL }) => {
      test.slow();
      const api = await adminApi(baseURL!);
      const artists = [uniqueName("서"), uniqueName("도"), uniqueName("준")];
      const colors = ["#c98", "#8ac", "#9b8", "#a9c", "#cb8", "#8bb"];
      for (const [index, name] of artists.entries()) {
        const imgList: string[] = [];
        for (const color of colors.slice(index * 2, index * 2 + 2)) {
          const upload = await api.post("/api/img", { headers: { Origin: baseURL! }, multipart: { image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await portraitJpeg(color) } } });
          expect(upload.status()).toBe(200);
          imgList.push(((await upload.json()) as { url: string }).url);
        }
        const created = await api.post("/api/we/addactor", {
          headers: { Origin: baseURL! },
          data: { name, ename: `ACTOR ${index + 1}`, birthday: `199${index}.0${index + 3}.14`, cm: String(170 + index * 4), imgList, dramaList: [`2024 드라마 〈봄날의 기록 ${index + 1}〉 주연`, `2021 드라마 〈겨울 정원 ${index + 1}〉 조연`] },
        });
        expect(created.status(), await created.text()).toBe(201);
      }
      await api.dispose();
      const [first, second, third] = artists as [string, string, string];
      const title = `〈가제〉 시리즈 캐스팅 제안 ${js ? "A" : "B"}`;

      // The agency builds the package.
      await page.goto("/admin/packages");
      if (js) await axeAtBothWidths(page, "the list of packages");
      await page.getByRole("link", { name: "새 패키지" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("새 캐스팅 패키지");
      if (js) await axeAtBothWidths(page, "the new package's form");
      // This server sends no mail: said at the e-mail field, and no button offers to send.
      await expect(page.getByRole("textbox", { name: /받는 사람 이메일/ })).toHaveAccessibleDescription(/^메일 발송이 설정되지 않아 링크를 직접 전해야 합니다\./);
      await expect(page.getByRole("button", { name: "만들고 이메일로 보내기" })).toHaveCount(0);
      await page.getByLabel("제목 (필수)").fill(title);
      await page.getByLabel("받는 회사 (필수)").fill("스튜디오 하늘");
      await page.getByLabel("받는 사람 (필수)").fill("김하늘 캐스팅 디렉터");
      await page.getByLabel("인사말 (선택)").fill("안녕하세요. 이번 시리즈에 어울릴 배우 세 분을 골라 보냈습니다.");
      for (const [index, name] of [second, first, third].entries()) {
        await page.getByRole("checkbox", { name: new RegExp(`^${name}`) }).check();
        await page.getByRole("spinbutton", { name: `${name} 순서` }).fill(String(index + 1));
      }
      const details = page.locator("details").filter({ hasText: `${first}: 사진, 주요 출연작, 메모` });
      await details.locator("summary").click();
      await details.getByRole("checkbox", { name: "사진 2" }).check();
      await details.getByRole("checkbox", { name: `2024 드라마 〈봄날의 기록 1〉 주연` }).check();
      await details.getByLabel(`${first}에 대한 메모 (선택)`).fill("차분한 눈빛 연기가 강점입니다.");
      await page.getByRole("button", { name: "패키지 만들기" }).click();
      await expect(page).toHaveURL(/\/admin\/packages\/\d+$/);
      await expect(page.getByText("캐스팅 패키지를 만들었습니다.")).toBeVisible();
      const link = await page.getByLabel("받는 분께 보낼 링크").inputValue();
      expect(link).toMatch(/\/casting\/[A-Za-z0-9_-]{43}$/);
      await expect(page.getByText("아직 열지 않았습니다.")).toBeVisible();
      // With JavaScript a button copies it; without, the field is there to select.
      await expect(page.getByRole("button", { name: "링크 복사" })).toHaveCount(js ? 1 : 0);
      if (js) {
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        await page.getByRole("button", { name: "링크 복사" }).click();
        await expect(page.getByRole("status").filter({ hasText: /링크를 (복사|선택)했습니다/ })).toBeVisible();
      }

      // The recipient, in a browser of their own.
      const recipientContext = await browser.newContext({ javaScriptEnabled: js, baseURL, viewport: { width: 1280, height: 800 } });
      const recipient = await recipientContext.newPage();
      const opened = await recipient.goto(link);
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()["cache-control"]).toBe("private, no-store");
      await expect(recipient.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(recipient.getByText("스튜디오 하늘 김하늘 캐스팅 디렉터님께")).toBeVisible();
      const cards = recipient.locator(".casting-card");
      await expect(cards).toHaveCount(3);
      await expect(cards.locator(".casting-card__name")).toHaveText([second, first, third]);
      await expect(cards.nth(1)).toContainText("차분한 눈빛 연기가 강점입니다.");
      await expect(cards.nth(1)).toContainText("2024 드라마 〈봄날의 기록 1〉 주연");
      if (js) await axeAtBothWidths(recipient, "the recipient's page");
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const suffix = js ? "js" : "nojs";
      await recipient.screenshot({ path: path.join(SCREENSHOT_DIR, `recipient-1280-${suffix}.png`), fullPage: true, animations: "disabled" });
      await recipient.setViewportSize({ width: 390, height: 844 });
      await recipient.screenshot({ path: path.join(SCREENSHOT_DIR, `recipient-390-${suffix}.png`), fullPage: true, animations: "disabled" });
      await recipient.setViewportSize({ width: 1280, height: 800 });

      // The whole package as one PDF: a download, with JavaScript or without.
      const [packagePdf] = await Promise.all([recipient.waitForEvent("download"), recipient.getByRole("link", { name: "전체 PDF 내려받기" }).click()]);
      expect(packagePdf.suggestedFilename()).toBe(`${title}.pdf`);
      const pdfBytes = fs.readFileSync((await packagePdf.path())!);
      expect(pdfBytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(pdfBytes.byteLength).toBeGreaterThan(10_000);

      // One profile, then marks on two artists and a message.
      await cards.nth(1).getByRole("link", { name: "프로필 보기" }).click();
      await expect(recipient.getByRole("heading", { level: 1 })).toContainText(first);
      await expect(recipient.getByRole("heading", { name: "출연작과 경력" })).toBeVisible();
      await expect(recipient.getByText("2021 드라마 〈겨울 정원 1〉 조연")).toBeVisible();
      if (js) await axeAtBothWidths(recipient, "the artist's page");
      await recipient.screenshot({ path: path.join(SCREENSHOT_DIR, `recipient-artist-1280-${suffix}.png`), fullPage: true, animations: "disabled" });
      // Neither mark looks chosen before one is; then the chosen one is pressed, and the other is not.
      const marks = recipient.getByRole("group", { name: `${first}: 이 배우에 대한 표시` });
      await expect(marks.getByRole("button", { name: "관심 있음" })).toHaveAttribute("aria-pressed", "false");
      await expect(marks.getByRole("button", { name: "보류" })).toHaveAttribute("aria-pressed", "false");
      await marks.getByRole("button", { name: "관심 있음" }).click();
      await expect(recipient.getByRole("status").filter({ hasText: "전달했습니다. 감사합니다." })).toBeVisible();
      await expect(marks.getByRole("button", { name: "관심 있음" })).toHaveAttribute("aria-pressed", "true");
      await expect(marks.getByRole("button", { name: "보류" })).toHaveAttribute("aria-pressed", "false");
      await expect(recipient.getByText(/지금 표시/)).toHaveCount(0);
      await recipient.getByLabel("메시지 (선택)").fill("다음 주에 미팅이 가능할까요?");
      await recipient.getByRole("button", { name: "메시지 보내기" }).click();
      await expect(recipient.getByRole("listitem").filter({ hasText: "다음 주에 미팅이 가능할까요?" })).toBeVisible();
      await recipient.getByRole("link", { name: "패키지로 돌아가기" }).click();
      await recipient.getByRole("group", { name: `${second}: 이 배우에 대한 표시` }).getByRole("button", { name: "보류" }).click();
      await expect(recipient.getByRole("status").filter({ hasText: "전달했습니다. 감사합니다." })).toBeVisible();
      await expect(recipient.getByRole("group", { name: `${second}: 이 배우에 대한 표시` }).getByRole("button", { name: "보류" })).toHaveAttribute("aria-pressed", "true");
      await expect(recipient.getByRole("group", { name: `${second}: 이 배우에 대한 표시` }).getByRole("button", { name: "관심 있음" })).toHaveAttribute("aria-pressed", "false");
      // The first artist's mark, made on their profile, shows on the package's card too.
      await expect(recipient.getByRole("group", { name: `${first}: 이 배우에 대한 표시` }).getByRole("button", { name: "관심 있음" })).toHaveAttribute("aria-pressed", "true");
      await expect(recipient.getByRole("group", { name: `${third}: 이 배우에 대한 표시` }).getByRole("button", { pressed: true })).toHaveCount(0);
      if (js) await axeAtBothWidths(recipient, "the recipient's page with marks");
      await recipient.screenshot({ path: path.join(SCREENSHOT_DIR, `recipient-marked-1280-${suffix}.png`), fullPage: true, animations: "disabled" });
      await recipient.setViewportSize({ width: 390, height: 844 });
      await recipient.screenshot({ path: path.join(SCREENSHOT_DIR, `recipient-marked-390-${suffix}.png`), fullPage: true, animations: "disabled" });
      await recipient.setViewportSize({ width: 1280, height: 800 });

      // The agency sees all of it.
      await page.reload();
      await expect(page.getByText(/방문 1회 · 처음 /)).toBeVisible();
      const rows = page.getByRole("region", { name: "패키지의 배우" }).getByRole("row");
      await expect(rows.filter({ hasText: first })).toContainText("관심 있음");
      await expect(rows.filter({ hasText: first })).toContainText("열어 봄");
      await expect(rows.filter({ hasText: second })).toContainText("보류");
      await expect(rows.filter({ hasText: third })).toContainText("아직 열지 않음");
      await expect(page.getByText("다음 주에 미팅이 가능할까요?")).toBeVisible();
      await expect(page.getByText(/전체 PDF 내려받기 1회 · 마지막 /)).toBeVisible();
      if (js) await axeAtBothWidths(page, "the package's page");
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-package-1280-${suffix}.png`), fullPage: true, animations: "disabled" });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-package-390-${suffix}.png`), fullPage: true, animations: "disabled" });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/admin");
      await expect(page.locator(".dashboard__packages")).toContainText(title);

      // Closed: the link answers 410 with the agency's contact.
      await page.goBack();
      await page.getByRole("button", { name: "링크 닫기" }).click();
      await expect(page.getByText("링크를 닫았습니다.")).toBeVisible();
      const closed = await recipient.goto(link);
      expect(closed?.status()).toBe(410);
      await expect(recipient.getByRole("heading", { level: 1 })).toHaveText("이 캐스팅 제안은 더 이상 볼 수 없습니다");
      await expect(recipient.locator(".casting-contact").getByRole("link", { name: /@/ })).toBeVisible();
      if (js) await axeAtBothWidths(recipient, "the closed link's page");
      await recipientContext.close();
    });
  });
}
