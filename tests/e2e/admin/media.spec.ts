import type { APIRequestContext, Page } from "@playwright/test";
import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { expect, test } from "../fixtures";
import { axeViolations } from "../helpers";
import { createArtist, createNews } from "../../setup/content-api";
import { adminApi, portraitJpeg, uniqueName } from "./admin-helpers";

// Public reads after a write are polled: the Playwright server runs one app process per core, and although
// a write's answer waits until the others have its change (decision 056, amendments 2 and 3), a process
// whose event loop is busy with another test's long task may answer a read before it handles the change.
// The "next request" rule itself is tested on one process (tests/integration/app-server/page-cache.test.ts)
// and across processes (web-concurrency.test.ts, page-cache-notify.test.ts).

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

interface Stored {
  id: number;
  url: string;
  /** The name it was uploaded under: what the library calls it until it has alt text. */
  name: string;
}

/** Uploads a photo through the API (under `name`, by default one of its own) and finds its media id in the library's JSON. */
async function uploadPhoto(api: APIRequestContext, baseURL: string, color: string, name = `${uniqueName("사진")}.jpg`): Promise<Stored> {
  const response = await api.post("/api/img", { headers: { Origin: baseURL }, multipart: { image: { name, mimeType: "image/jpeg", buffer: await portraitJpeg(color) } } });
  expect(response.status()).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const library = (await (await api.get("/admin/media.json")).json()) as { items: { id: number; url: string }[] };
  const item = library.items.find((i) => i.url === url);
  expect(item, "the new upload is on the library's first page").toBeDefined();
  return { id: item!.id, url, name };
}

/** The image's link in the library's list (its text is the image's name; the address says which one). */
const libraryLink = (page: Page, image: Stored) => page.locator(`a.media-table__link[href="/admin/media/${image.id}"]`);

async function openItem(page: Page, image: Stored) {
  await page.goto(`/admin/media/${image.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(image.name);
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("the library lists an image with the artist and the post that use it, and its alt text can be edited", async ({ page, baseURL }) => {
      const api = await adminApi(baseURL!);
      const image = await uploadPhoto(api, baseURL!, js ? "#b46" : "#6b4");
      const artist = uniqueName("미디어배우");
      const title = uniqueName("미디어 소식 ");
      await createArtist(api, baseURL!, { name: artist, ename: "MEDIA TEST", imgList: [image.url] });
      await createNews(api, baseURL!, { title, content: `<p>본문</p><p><img src="${image.url}"></p>` });

      await page.goto("/admin/media");
      await expect(page.getByRole("navigation", { name: "관리 메뉴" }).getByRole("link", { name: "미디어" })).toHaveAttribute("aria-current", "page");
      const row = page.getByRole("row").filter({ has: libraryLink(page, image) });
      await expect(row.getByRole("link", { name: `배우 ‘${artist}’` })).toHaveAttribute("href", `/adminActor/${encodeURIComponent(artist)}`);
      await expect(row.getByRole("link", { name: `뉴스 ‘${title}’` })).toBeVisible();
      await expect(row).toContainText("600×800");

      // The "unused" filter leaves it out.
      await page.getByLabel("사용 여부").selectOption("unused");
      await page.getByRole("button", { name: "보기" }).click();
      await expect(page).toHaveURL(/use=unused/);
      await expect(libraryLink(page, image)).toHaveCount(0);

      await openItem(page, image);
      await expect(page.getByLabel("이미지 주소")).toHaveValue(image.url);
      const alt = `${artist}의 무대 인사`;
      await page.getByLabel("대체 텍스트").fill(alt);
      await page.getByRole("button", { name: "대체 텍스트 저장" }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["media-alt-saved"] })).toBeVisible();
      await expect(page.getByLabel("대체 텍스트")).toHaveValue(alt);

      // The artist's public profile shows it as the photo's alt text.
      await page.goto(`/artist/${encodeURIComponent(artist)}`);
      await expect(page.getByRole("img", { name: alt })).toBeVisible();
      await api.dispose();
    });

    test("an unused image is deleted after a confirmation step, files included", async ({ page, baseURL }) => {
      const api = await adminApi(baseURL!);
      const image = await uploadPhoto(api, baseURL!, js ? "#468" : "#846");
      await openItem(page, image);
      await expect(page.getByText("사용하지 않음")).toBeVisible();
      await page.getByRole("link", { name: "삭제", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${image.name} 삭제`);
      await expect(page.getByText("어디에서도 쓰지 않는 이미지입니다")).toBeVisible();
      await page.getByRole("button", { name: "삭제", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/media$/);
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["media-deleted"] })).toBeVisible();
      await expect(libraryLink(page, image)).toHaveCount(0);
      await expect.poll(async () => (await fetch(`${baseURL}${image.url}`)).status).toBe(404);
      await api.dispose();
    });

    test("an image in use is deleted only after a warning naming its uses, and leaves the post and the artist", async ({ page, baseURL }) => {
      const api = await adminApi(baseURL!);
      const image = await uploadPhoto(api, baseURL!, js ? "#a84" : "#48a");
      const keep = await uploadPhoto(api, baseURL!, js ? "#ccc" : "#999");
      const artist = uniqueName("홍길동");
      const title = uniqueName("삭제 소식 ");
      await createArtist(api, baseURL!, { name: artist, ename: "MEDIA TEST", imgList: [keep.url, image.url] });
      const postId = await createNews(api, baseURL!, { title, content: `<p>앞 문단</p><p><img src="${image.url}"></p>` });

      await openItem(page, image);
      await page.getByRole("link", { name: "삭제", exact: true }).click();
      await expect(page.getByRole("alert")).toContainText(`이 이미지는 배우 ‘${artist}’, 뉴스 ‘${title}’에서 쓰고 있습니다.`);
      await page.getByRole("button", { name: "그래도 삭제" }).click();
      await expect(page).toHaveURL(/\/admin\/media$/);
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["media-deleted"] })).toBeVisible();

      // The public pages follow: the post without the image, the artist with the other photo only.
      const postHtml = await (await fetch(`${baseURL}/newsDetail/${postId}`)).text();
      expect(postHtml).toContain("앞 문단");
      expect(postHtml).not.toContain(image.url);
      const profile = (await (await fetch(`${baseURL}/api/we/actorList/${encodeURIComponent(artist)}`)).json()) as { imgList: string };
      expect(JSON.parse(profile.imgList)).toEqual([keep.url]);
      await expect.poll(async () => (await fetch(`${baseURL}${image.url}`)).status).toBe(404);
      await api.dispose();
    });

    test("the library names each image under its thumbnail by its file name, then its alt text, and finds it by either", async ({ page, baseURL }) => {
      const api = await adminApi(baseURL!);
      const fileName = `${uniqueName("stage-greeting-")}.jpg`;
      const image = await uploadPhoto(api, baseURL!, js ? "#7a5" : "#5a7", fileName);
      await page.goto("/admin/media");
      const search = page.getByRole("search", { name: "이미지 거르기" });
      await search.getByLabel("검색 (파일 이름·대체 텍스트)").fill(fileName.slice(0, -4));
      await search.getByRole("button", { name: "보기" }).click();
      await expect(page).toHaveURL(/[?&]q=/);
      await expect(page.getByRole("status").filter({ hasText: "개의 이미지" })).toHaveText("1개의 이미지");
      await expect(libraryLink(page, image)).toHaveText(fileName);
      await expect(page.getByText(/이미지 #\d+/)).toHaveCount(0);
      // The name sits under the thumbnail.
      const [thumb, name] = await Promise.all([libraryLink(page, image).locator("img").boundingBox(), libraryLink(page, image).locator(".media-table__name").boundingBox()]);
      expect(name!.y).toBeGreaterThanOrEqual(thumb!.y + thumb!.height - 1);

      // With alt text, the alt text names it (the file name beside it), and a search by it finds it.
      const alt = uniqueName("무대 인사 사진 ");
      await openItem(page, image);
      await page.getByLabel("대체 텍스트").fill(alt);
      await expect(page.getByLabel("대체 텍스트")).toHaveValue(alt);
      await page.getByRole("button", { name: "대체 텍스트 저장" }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["media-alt-saved"] })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(alt);
      // The browser's tab says it too.
      await expect(page).toHaveTitle(`${alt} | WE ENTERTAINMENT 관리`);
      await page.goto(`/admin/media?q=${encodeURIComponent(alt)}`);
      await expect(libraryLink(page, image)).toHaveText(alt);
      await expect(page.getByRole("row").filter({ has: libraryLink(page, image) })).toContainText(fileName);
      if (js) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 844 });
          expect(await axeViolations(page), `${width} px`).toEqual([]);
        }
      }
      await api.dispose();
    });

    test("the artist form takes a photo from the library instead of a new upload", async ({ page, baseURL }) => {
      const api = await adminApi(baseURL!);
      const fileName = `${uniqueName("slot-photo-")}.jpg`;
      const image = await uploadPhoto(api, baseURL!, js ? "#5a5" : "#a5a", fileName);
      const artist = uniqueName("선택배우");
      await createArtist(api, baseURL!, { name: artist, ename: "MEDIA TEST", imgList: [] });
      await page.goto(`/adminActor/${encodeURIComponent(artist)}`);
      if (js) {
        // The picker: thumbnails, searched by the name the file was uploaded under.
        await page.getByRole("button", { name: "라이브러리에서 선택 (대표 사진)" }).click();
        const dialog = page.getByRole("dialog", { name: "이미지 선택 (대표 사진)" });
        await dialog.getByRole("searchbox", { name: "파일 이름이나 대체 텍스트로 검색" }).fill(fileName);
        await dialog.getByRole("searchbox").press("Enter");
        await expect(dialog.getByRole("status")).toHaveText("이미지 1개 (‘" + fileName + "’ 검색)");
        await expect(dialog.locator(".media-picker__choice img")).toHaveAttribute("src", /\/media\//);
        // Each thumbnail is named under it: here by the file's name, not by a number.
        await expect(dialog.locator(".media-picker__choice .media-picker__label")).toHaveText(fileName);
        expect(await axeViolations(page), "the picker dialog").toEqual([]);
        await dialog.getByRole("button", { name: new RegExp(`^${fileName} \\(600×800, .+\\) 선택$`) }).click();
        await expect(dialog).toBeHidden();
        await expect(page.locator(".image-slot").first().getByRole("img")).toHaveAttribute("src", image.url);
      } else {
        // Without JavaScript: the thumbnails as radio buttons inside the form, searched by the form's
        // own 검색 (the form comes back as typed, with this slot's picker showing what was found).
        await page.getByLabel("영문 이름").fill("TYPED BEFORE SEARCHING");
        const slot = page.locator(".image-slot").first();
        await slot.locator("summary", { hasText: "라이브러리에서 선택 (대표 사진)" }).click();
        await slot.getByRole("searchbox", { name: "파일 이름이나 대체 텍스트로 검색" }).fill(fileName);
        await slot.getByRole("button", { name: "검색" }).click();
        await expect(slot.getByText(`이미지 1개 (‘${fileName}’ 검색)`)).toBeVisible();
        await expect(slot.getByRole("radio")).toHaveCount(2);
        await expect(page.getByLabel("영문 이름")).toHaveValue("TYPED BEFORE SEARCHING");
        await slot.getByRole("radio", { name: fileName }).check();
      }
      await page.getByRole("button", { name: "저장", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["artist-updated"] })).toBeVisible();
      const profile = (await (await fetch(`${baseURL}/api/we/actorList/${encodeURIComponent(artist)}`)).json()) as { imgList: string };
      expect(JSON.parse(profile.imgList)).toEqual([image.url]);
      await api.dispose();
    });
  });
}

test("the post editor inserts an image from the library with its size, the library's alt text, a caption and a size", async ({ page, baseURL }) => {
  const api = await adminApi(baseURL!);
  const image = await uploadPhoto(api, baseURL!, "#36c");
  await openItem(page, image);
  await page.getByLabel("대체 텍스트").fill("라이브러리 사진");
  await page.getByRole("button", { name: "대체 텍스트 저장" }).click();
  await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["media-alt-saved"] })).toBeVisible();

  const title = uniqueName("라이브러리 소식 ");
  await page.goto("/adminNewsWrite");
  await page.getByLabel("제목", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "내용", exact: true }).click();
  await page.keyboard.type("사진 아래 문장.");
  await page.getByRole("toolbar", { name: "내용 서식 도구", exact: true }).getByRole("button", { name: "이미지 넣기" }).click();
  const dialog = page.getByRole("dialog", { name: "이미지 선택 (내용)" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("searchbox").fill("라이브러리 사진");
  await dialog.getByRole("button", { name: "검색", exact: true }).click();
  await expect(dialog.getByRole("button", { name: /^라이브러리 사진 \(600×800, .+\) 선택$/ }).first()).toBeVisible();
  expect(await axeViolations(page), "the library dialog").toEqual([]);
  await dialog.getByRole("button", { name: /^라이브러리 사진 \(600×800, .+\) 선택$/ }).first().click();
  await expect(dialog).toBeHidden();
  // The details: the library's alt text to start from, a caption and a size.
  const details = page.getByRole("dialog", { name: "이미지 정보" });
  await expect(details.getByRole("textbox", { name: "대체 텍스트" })).toHaveValue("라이브러리 사진");
  await expect(details.getByRole("textbox", { name: "대체 텍스트" })).toBeFocused();
  expect(await axeViolations(page), "the alt text dialog").toEqual([]);
  await details.getByLabel("캡션 (선택)").fill("라이브러리에서 고른 사진");
  await details.getByRole("radio", { name: "중간" }).check();
  await details.getByRole("button", { name: "넣기" }).click();
  await expect(details).toBeHidden();
  const inserted = page.locator(".ql-editor figure.post-figure--medium");
  await expect(inserted.locator("img")).toHaveAttribute("src", image.url);
  await expect(inserted.locator("img")).toHaveAttribute("alt", "라이브러리 사진");
  await expect(inserted.locator("img")).toHaveAttribute("width", "600");
  await expect(inserted.locator("figcaption")).toHaveText("라이브러리에서 고른 사진");
  // The hint says how to edit an image and how the keyboard moves in the toolbar, and no double-click.
  const hint = page.getByText(/‘이미지 편집’ 버튼으로 대체 텍스트, 캡션, 크기를 고칩니다/).first();
  await expect(hint).toContainText("왼쪽·오른쪽 화살표로");
  await expect(page.getByText(/더블클릭/)).toHaveCount(0);
  // A tap on the image shows a visible "이미지 편집" button on it, which opens its details.
  await expect(page.getByRole("button", { name: "이미지 편집" })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await inserted.locator("img").tap().catch(() => inserted.locator("img").click());
  const edit = page.getByRole("button", { name: "이미지 편집" });
  await expect(edit).toBeVisible();
  const [figureBox, editBox] = [await inserted.boundingBox(), await edit.boundingBox()];
  expect(editBox!.y).toBeGreaterThanOrEqual(figureBox!.y);
  expect(editBox!.y + editBox!.height).toBeLessThanOrEqual(figureBox!.y + figureBox!.height);
  expect(editBox!.height).toBeGreaterThanOrEqual(24);
  expect(await axeViolations(page), "the editor with its image button at 390 px").toEqual([]);
  await edit.click();
  await expect(details).toBeVisible();
  await expect(details.getByRole("textbox", { name: "대체 텍스트" })).toHaveValue("라이브러리 사진");
  await details.getByLabel("캡션 (선택)").fill("라이브러리에서 고른 사진 (고침)");
  await details.getByRole("button", { name: /^(넣기|바꾸기|적용|저장)$/ }).first().click();
  await expect(details).toBeHidden();
  await expect(inserted.locator("figcaption")).toHaveText("라이브러리에서 고른 사진 (고침)");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "공개", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-published"] })).toBeVisible();

  // The saved post shows it, and the library names the post as a use.
  await page.goto("/admin/media");
  const row = page.getByRole("row").filter({ has: libraryLink(page, image) });
  await expect(row.getByRole("link", { name: `뉴스 ‘${title}’` })).toBeVisible();
  await api.dispose();
});

test("the media pages are reachable with the keyboard", async ({ page }) => {
  await page.goto("/admin/media");
  const first = page.locator(".media-table__link").first();
  for (let i = 0; i < 60 && !(await first.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(first).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
});
