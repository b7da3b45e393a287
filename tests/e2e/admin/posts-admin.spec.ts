import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { expect, test } from "../fixtures";
import { portraitJpeg, uniqueName } from "./admin-helpers";

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

const KINDS = [
  { kind: "news", label: "뉴스", editor: "/adminNewsWrite", detail: "/newsDetail" },
  { kind: "notice", label: "공지사항", editor: "/adminNoticeWrite", detail: "/noticeDetail" },
] as const;

for (const k of KINDS) {
  test(`with JavaScript: the admin writes, edits and deletes a ${k.kind} post with formatting and an inline image`, async ({ page }) => {
    const title = uniqueName(`${k.label} 테스트 `);
    await page.goto("/pr");
    await page.getByRole("link", { name: `${k.label} 작성` }).click();
    await expect(page).toHaveURL(new RegExp(`${k.editor}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${k.label} 작성`);

    // Quill 2 with the toolbar of requirements R8.3, 700 × 300 px.
    const editor = page.getByRole("textbox", { name: "내용", exact: true });
    await expect(editor).toBeVisible();
    const toolbar = page.locator(".ql-toolbar").first();
    for (const button of [".ql-header[value='1']", ".ql-header[value='2']", ".ql-size", ".ql-bold", ".ql-italic", ".ql-underline", ".ql-strike", ".ql-blockquote", ".ql-list[value='ordered']", ".ql-list[value='bullet']", ".ql-align", ".ql-image"]) {
      await expect(toolbar.locator(button).first()).toBeVisible();
    }
    const box = await page.locator(".rich-text").first().boundingBox();
    expect(box?.width).toBe(700);
    expect((await page.locator(".ql-container").first().boundingBox())?.height).toBe(300);

    await page.getByLabel("제목", { exact: true }).fill(title);
    await editor.click();
    await page.keyboard.type("첫 문단은 ");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("굵게");
    await page.keyboard.press("Control+b");
    await page.keyboard.press("Enter");
    await toolbar.locator(".ql-header[value='2']").click();
    await page.keyboard.type("소제목");
    await page.keyboard.press("Enter");
    await toolbar.locator(".ql-list[value='bullet']").click();
    await page.keyboard.type("목록 항목");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");

    // The image button opens the picker; a new upload inside it goes through the media pipeline, then
    // its alt text is asked for, and the stored URL goes in.
    await toolbar.locator(".ql-image").click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("dialog", { name: "이미지 선택 (내용)" }).getByText("새 이미지 올리기").click();
    await (await chooser).setFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: await portraitJpeg("#c96") });
    const details = page.getByRole("dialog", { name: "이미지 정보" });
    await details.getByRole("button", { name: "넣기" }).click();
    // No alt text and not marked decorative: asked again, in Korean.
    await expect(details.getByRole("alert")).toHaveText(/^대체 텍스트를 입력해 주세요\./);
    await details.getByRole("textbox", { name: "대체 텍스트" }).fill("촬영장 사진");
    await details.getByRole("button", { name: "넣기" }).click();
    const inserted = editor.locator("img");
    await expect(inserted).toHaveAttribute("src", /^\/media\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    await expect(inserted).toHaveAttribute("alt", "촬영장 사진");

    // Saved: still in the workspace, in the post's editor (decision 044), with the notice, focus on the
    // heading, and the way to the post on the site.
    await page.getByRole("button", { name: "공개", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${k.editor}/\\d+$`));
    await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES[`${k.kind}-published`] })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${k.label} 수정`);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await page.goto((await page.getByRole("link", { name: "사이트에서 보기 (새 창)" }).getAttribute("href"))!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const content = page.locator(".post-content");
    await expect(content.locator("strong")).toHaveText("굵게");
    await expect(content.locator("h2")).toHaveText("소제목");
    await expect(content.locator("li")).toHaveText("목록 항목");
    const img = content.locator("img");
    await expect(img).toHaveAttribute("src", /^\/media\//);
    await expect(img).toHaveAttribute("alt", "촬영장 사진");
    // Rendered with its stored size and variants, and it really loads from our media storage.
    await expect(img).toHaveAttribute("width", "600");
    await expect(img).toHaveAttribute("srcset", /\/media\/.+ \d+w/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname).toMatch(/^\/media\//);
    expect(await content.innerHTML()).not.toContain("base64");

    // Edit.
    await page.getByRole("link", { name: "수정" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${k.label} 수정`);
    await expect(page.getByLabel("제목", { exact: true })).toHaveValue(title);
    await expect(editor.locator("strong")).toHaveText("굵게");
    await page.getByLabel("제목", { exact: true }).fill(`${title} (수정)`);
    await page.getByRole("button", { name: "업데이트", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES[`${k.kind}-updated`] })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${k.editor}/\\d+$`));
    await page.goto((await page.getByRole("link", { name: "사이트에서 보기 (새 창)" }).getAttribute("href"))!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} (수정)`);
    const url = page.url();

    // Delete, with a confirmation.
    await page.getByRole("link", { name: "삭제" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${k.label} 삭제`);
    await page.getByRole("button", { name: "삭제" }).click();
    await expect(page).toHaveURL(/\/pr$/);
    await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES[`${k.kind}-deleted`] })).toBeVisible();
    expect((await page.goto(url))?.status()).toBe(404);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test(`the admin writes, edits and deletes a ${k.kind} post with HTML formatting and an attached image`, async ({ page }) => {
      const title = uniqueName(`${k.label} 무JS `);
      await page.goto("/");
      await expect(page.locator(".site-header__admin").getByRole("button", { name: "관리자 로그아웃" })).toBeVisible();

      await page.goto(k.editor);
      await page.getByLabel("제목", { exact: true }).fill(title);
      await page.getByLabel("내용 (HTML)", { exact: true }).fill('<h2>무JS 소제목</h2><p><em>기울임</em>과 <u>밑줄</u></p><script>alert(1)</script>');
      await page.getByLabel("새 이미지 올리기", { exact: true }).setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: await portraitJpeg("#69c") });
      await page.getByLabel("대체 텍스트", { exact: true }).fill("무JS로 올린 사진");
      await page.getByLabel("캡션 (선택)").fill("무JS 캡션");
      await page.getByRole("radio", { name: "작게" }).check();
      await page.getByRole("button", { name: "공개", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${k.editor}/\\d+$`));
      await expect(page.getByText(FLASH_MESSAGES[`${k.kind}-published`])).toBeVisible();

      await page.goto((await page.getByRole("link", { name: "사이트에서 보기 (새 창)" }).getAttribute("href"))!);
      const content = page.locator(".post-content");
      await expect(content.locator("h2")).toHaveText("무JS 소제목");
      await expect(content.locator("em")).toHaveText("기울임");
      await expect(content.locator("figure.post-figure--small img")).toHaveAttribute("src", /^\/media\/.+\.jpg$/);
      await expect(content.locator("img")).toHaveAttribute("alt", "무JS로 올린 사진");
      await expect(content.locator("figcaption")).toHaveText("무JS 캡션");
      expect(await content.innerHTML()).not.toContain("script");

      await page.getByRole("link", { name: "수정" }).click();
      await expect(page.getByLabel("내용 (HTML)", { exact: true })).toHaveValue(/무JS 소제목/);
      await page.getByLabel("제목", { exact: true }).fill(`${title} 수정됨`);
      await page.getByRole("button", { name: "업데이트", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${k.editor}/\\d+$`));
      await page.goto((await page.getByRole("link", { name: "사이트에서 보기 (새 창)" }).getAttribute("href"))!);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} 수정됨`);
      const url = page.url();

      await page.getByRole("link", { name: "삭제" }).click();
      await page.getByRole("button", { name: "삭제" }).click();
      await expect(page).toHaveURL(/\/pr$/);
      expect((await page.goto(url))?.status()).toBe(404);
    });
  });
}
