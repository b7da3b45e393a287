import type { APIRequestContext, Page } from "@playwright/test";
import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { expect, test } from "../fixtures";
import { axeViolations } from "../helpers";
import { createArtist } from "../../setup/content-api";
import { adminApi, portraitJpeg, uniqueName } from "./admin-helpers";

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

/** Uploads a photo under a name of its own through the API, as another member of staff did earlier. */
async function uploadNamed(api: APIRequestContext, baseURL: string, color: string, prefix: string): Promise<{ url: string; fileName: string }> {
  const fileName = `${uniqueName(prefix)}.jpg`;
  const response = await api.post("/api/img", { headers: { Origin: baseURL }, multipart: { image: { name: fileName, mimeType: "image/jpeg", buffer: await portraitJpeg(color) } } });
  expect(response.status()).toBe(200);
  return { url: ((await response.json()) as { url: string }).url, fileName };
}

/** The public list item of a post, its page, and the page's meta tags. */
async function expectPublished(page: Page, title: string, expected: { excerpt: string; thumbnailOf: string; description: string; figure: { alt: string; caption: string; size: string } }) {
  await page.goto("/news");
  const item = page.locator(".post-item").filter({ hasText: title });
  await expect(item.getByText(expected.excerpt)).toBeVisible();
  // The featured image's smallest variant is the list's thumbnail.
  await expect(item.locator("img.post-item__thumb")).toHaveAttribute("src", new RegExp(`^${expected.thumbnailOf.replace(/\.jpg$/, "")}`));
  await item.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const figure = page.locator(`.post-content figure.post-figure--${expected.figure.size}`);
  await expect(figure.getByRole("img", { name: expected.figure.alt })).toBeVisible();
  await expect(figure.locator("figcaption")).toHaveText(expected.figure.caption);
  // The figure fits the screen (no sideways scrolling at 390 px).
  const box = (await figure.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", expected.description);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", expected.description);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/share\//);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("with JavaScript: an image picked and searched in the picker goes in with alt text, caption and size; the featured image, excerpt and SEO description reach the site", async ({ page, baseURL }) => {
      const api = await adminApi(baseURL!);
      const inline = await uploadNamed(api, baseURL!, "#b47", "본문사진-");
      const featured = await uploadNamed(api, baseURL!, "#47b", "대표사진-");
      const title = uniqueName("사진 있는 소식 ");
      await page.goto("/adminNewsWrite");
      await page.getByLabel("제목", { exact: true }).fill(title);
      await page.getByRole("textbox", { name: "내용", exact: true }).click();
      await page.keyboard.type("현장 사진입니다.");

      // The picker, searched by the name the file was uploaded under.
      await page.getByRole("toolbar", { name: "내용 서식 도구", exact: true }).getByRole("button", { name: "이미지 넣기" }).click();
      const picker = page.getByRole("dialog", { name: "이미지 선택 (내용)" });
      await picker.getByRole("searchbox", { name: "파일 이름이나 대체 텍스트로 검색" }).fill(inline.fileName);
      await picker.getByRole("button", { name: "검색", exact: true }).click();
      await expect(picker.getByRole("status")).toHaveText(`이미지 1개 (‘${inline.fileName}’ 검색)`);
      expect(await axeViolations(page), "the picker dialog").toEqual([]);
      await picker.getByRole("button", { name: new RegExp(`^${inline.fileName} \\(600×800, .+\\) 선택$`) }).click();

      const details = page.getByRole("dialog", { name: "이미지 정보" });
      await expect(details.getByRole("textbox", { name: "대체 텍스트" })).toBeFocused();
      expect(await axeViolations(page), "the alt text dialog").toEqual([]);
      await details.getByRole("textbox", { name: "대체 텍스트" }).fill("무대 위의 배우");
      await details.getByLabel("캡션 (선택)").fill("첫 공연의 커튼콜");
      await details.getByRole("radio", { name: "작게" }).check();
      await details.getByRole("button", { name: "넣기" }).click();
      await expect(page.locator(".ql-editor figure.post-figure--small figcaption")).toHaveText("첫 공연의 커튼콜");

      // Double-clicking the figure opens its details again.
      await page.locator(".ql-editor figure img").first().dblclick();
      await expect(page.getByRole("dialog", { name: "이미지 정보 수정" }).getByRole("textbox", { name: "대체 텍스트" })).toHaveValue("무대 위의 배우");
      await page.getByRole("dialog", { name: "이미지 정보 수정" }).getByRole("radio", { name: "중간" }).check();
      await page.getByRole("dialog", { name: "이미지 정보 수정" }).getByRole("button", { name: "적용" }).click();
      await expect(page.locator(".ql-editor figure")).toHaveCount(1);
      await expect(page.locator(".ql-editor figure.post-figure--medium img")).toHaveAttribute("alt", "무대 위의 배우");

      // The featured image through the same picker; the excerpt and the SEO description.
      await page.getByRole("button", { name: "대표 이미지 선택 (대표 이미지)" }).click();
      const featuredPicker = page.getByRole("dialog", { name: "이미지 선택 (대표 이미지)" });
      await featuredPicker.getByRole("searchbox").fill(featured.fileName);
      await featuredPicker.getByRole("searchbox").press("Enter");
      await featuredPicker.getByRole("button", { name: new RegExp(`^${featured.fileName} `) }).click();
      await expect(page.getByRole("img", { name: "대표 이미지 미리보기" })).toHaveAttribute("src", featured.url);
      await page.getByLabel("요약 (선택)", { exact: true }).fill("커튼콜 현장을 전합니다.");
      await page.getByLabel("검색 설명 (선택)", { exact: true }).fill("첫 공연 커튼콜 현장 사진과 소식");

      await page.getByRole("button", { name: "공개", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-published"] })).toBeVisible();
      await expectPublished(page, title, {
        excerpt: "커튼콜 현장을 전합니다.",
        thumbnailOf: featured.url,
        description: "첫 공연 커튼콜 현장 사진과 소식",
        figure: { alt: "무대 위의 배우", caption: "첫 공연의 커튼콜", size: "medium" },
      });
      await api.dispose();
    });

    test("with JavaScript: an artist photo slot takes an image uploaded inside the picker", async ({ page, baseURL }) => {
      const api = await adminApi(baseURL!);
      const artist = uniqueName("슬롯배우");
      await createArtist(api, baseURL!, { name: artist, ename: "SLOT TEST", imgList: [] });
      await page.goto(`/adminActor/${encodeURIComponent(artist)}`);
      await page.getByRole("button", { name: "라이브러리에서 선택 (추가 사진 1)" }).click();
      const picker = page.getByRole("dialog", { name: "이미지 선택 (추가 사진 1)" });
      await expect(picker.locator(".media-picker__choice").first()).toBeVisible();
      const chooser = page.waitForEvent("filechooser");
      await picker.getByText("새 이미지 올리기").click();
      await (await chooser).setFiles({ name: "slot-upload.jpg", mimeType: "image/jpeg", buffer: await portraitJpeg("#963") });
      await expect(picker).toBeHidden();
      const slot = page.locator(".image-slot").nth(1);
      await expect(slot.getByRole("img", { name: "추가 사진 1 미리보기" })).toHaveAttribute("src", /^\/media\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
      const uploaded = await slot.getByRole("img").getAttribute("src");
      await page.getByRole("button", { name: "저장", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["artist-updated"] })).toBeVisible();
      const profile = (await (await api.get(`/api/we/actorList/${encodeURIComponent(artist)}`)).json()) as { imgList: string };
      expect(JSON.parse(profile.imgList)).toEqual([uploaded]);
      // The upload kept its name: the picker finds it by it.
      const found = (await (await api.get("/admin/media.json?q=slot-upload")).json()) as { items: { url: string }[] };
      expect(found.items.map((i) => i.url)).toContain(uploaded);
      await api.dispose();
    });

    test("the editor as it is before (or without) JavaScript, thumbnails open, has no axe violations", async ({ page }) => {
      // The page as served without its scripts, so axe (which needs scripting) sees the no-JavaScript form.
      await page.route(/\/adminNewsWrite$/, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<link rel="modulepreload"[^>]*>/g, "");
        await route.fulfill({ response, body: html });
      });
      await page.goto("/adminNewsWrite");
      await expect(page.getByLabel("내용 (HTML)", { exact: true })).toBeVisible();
      for (const summary of await page.locator(".media-picker__nojs summary").all()) await summary.click();
      await expect(page.locator(".attach-image .media-picker__choice").first()).toBeVisible();
      expect(await axeViolations(page), "the no-JavaScript editor with its thumbnails").toEqual([]);
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("an image picked from the library's thumbnails goes in with alt text, caption and size; a featured image is picked the same way", async ({ page, baseURL }) => {
        const api = await adminApi(baseURL!);
        const inline = await uploadNamed(api, baseURL!, "#7b4", "무JS본문-");
        const featured = await uploadNamed(api, baseURL!, "#4b7", "무JS대표-");
        const title = uniqueName("무JS 사진 소식 ");
        await page.goto("/adminNewsWrite");
        await page.getByLabel("제목", { exact: true }).fill(title);
        await page.getByLabel("내용 (HTML)", { exact: true }).fill("<p>무JS로 쓴 본문.</p>");
        await page.locator("summary", { hasText: "라이브러리에서 선택" }).first().click();
        await page.locator(".attach-image").getByRole("radio", { name: inline.fileName }).check();
        await page.getByLabel("대체 텍스트", { exact: true }).fill("객석에서 본 무대");
        await page.getByLabel("캡션 (선택)", { exact: true }).fill("무JS 캡션");
        await page.locator(".attach-image").getByRole("radio", { name: "전체 너비" }).check();
        await page.locator("summary", { hasText: "대표 이미지 선택 (라이브러리)" }).click();
        await page.locator(".featured-image").getByRole("radio", { name: featured.fileName }).check();
        await page.getByLabel("요약 (선택)", { exact: true }).fill("무JS 요약입니다.");
        await page.getByLabel("검색 설명 (선택)", { exact: true }).fill("무JS 검색 설명");
        await page.getByRole("button", { name: "공개", exact: true }).click();
        await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-published"] })).toBeVisible();
        await expectPublished(page, title, {
          excerpt: "무JS 요약입니다.",
          thumbnailOf: featured.url,
          description: "무JS 검색 설명",
          figure: { alt: "객석에서 본 무대", caption: "무JS 캡션", size: "full" },
        });
        await api.dispose();
      });

      test("the picker searches the whole library inside the form: Enter in its search box searches, Enter in the title saves, nothing typed is lost", async ({ page, baseURL }) => {
        const api = await adminApi(baseURL!);
        const older = await uploadNamed(api, baseURL!, "#a47", "무JS검색-");
        // 24 newer images push it off the newest page the form starts with.
        for (let i = 0; i < 24; i++) await uploadNamed(api, baseURL!, i % 2 ? "#777" : "#888", "밀어내기-");
        const title = uniqueName("무JS 검색 소식 ");
        await page.goto("/adminNewsWrite");
        await page.getByLabel("제목", { exact: true }).fill(title);
        await page.getByLabel("내용 (HTML)", { exact: true }).fill("<p>검색하기 전에 쓴 본문.</p>");
        const attach = page.locator(".attach-image");
        await attach.locator("summary", { hasText: "라이브러리에서 선택" }).click();
        await expect(attach.getByRole("radio", { name: older.fileName })).toHaveCount(0);
        const search = attach.getByRole("searchbox", { name: "파일 이름이나 대체 텍스트로 검색" });
        await search.fill(older.fileName);
        await search.press("Enter");
        // The form came back as typed, this picker open on what was found, its search box focused.
        await expect(attach.getByText(`이미지 1개 (‘${older.fileName}’ 검색)`)).toBeVisible();
        await expect(attach.getByRole("searchbox", { name: "파일 이름이나 대체 텍스트로 검색" })).toBeFocused();
        await expect(page.getByLabel("제목", { exact: true })).toHaveValue(title);
        await expect(page.getByLabel("내용 (HTML)", { exact: true })).toHaveValue("<p>검색하기 전에 쓴 본문.</p>");
        await attach.getByRole("radio", { name: older.fileName }).check();
        await page.getByLabel("대체 텍스트", { exact: true }).fill("검색으로 찾은 사진");
        // The button says so too: a search for words that match nothing.
        await page.locator(".featured-image summary").click();
        await page.locator(".featured-image").getByRole("searchbox").fill("없는이미지이름");
        await page.locator(".featured-image").getByRole("button", { name: "검색" }).click();
        await expect(page.locator(".featured-image").getByText("‘없는이미지이름’에 맞는 이미지가 없습니다.")).toBeVisible();
        await expect(page.getByLabel("대체 텍스트", { exact: true })).toHaveValue("검색으로 찾은 사진");
        // The content picker shows the newest again, with its pick kept first and checked.
        await attach.locator("summary").click();
        await expect(attach.getByRole("radio", { name: "선택한 이미지" })).toBeChecked();
        await expect(attach.getByRole("radio", { name: "선택한 이미지" })).toHaveValue(older.url);
        // Enter in the title saves (not a search, not the preview): the words in the boxes are those searched.
        // It keeps the new post a draft (decision 067); 공개 then puts it on the site.
        await page.getByLabel("제목", { exact: true }).press("Enter");
        await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-drafted"] })).toBeVisible();
        await page.getByRole("button", { name: "공개", exact: true }).click();
        await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-published"] })).toBeVisible();
        await page.goto("/news");
        await page.locator(".post-item").filter({ hasText: title }).getByRole("link").first().click();
        await expect(page.locator(".post-content figure").getByRole("img", { name: "검색으로 찾은 사진" })).toHaveAttribute("src", older.url);
        await api.dispose();
      });
    });
  });
}
