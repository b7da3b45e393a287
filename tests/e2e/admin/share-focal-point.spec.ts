import type { APIRequestContext, Page } from "@playwright/test";
import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { expect, test } from "../fixtures";
import { createArtist } from "../../setup/content-api";
import { adminApi, portraitJpeg, uniqueName } from "./admin-helpers";

test.use({ signedIn: true });

/** Uploads a 600×800 photo, makes it a new public artist's main photo, and returns its media id. */
async function artistWithPhoto(api: APIRequestContext, baseURL: string, name: string): Promise<number> {
  const upload = await api.post("/api/img", { headers: { Origin: baseURL }, multipart: { image: { name: "p.jpg", mimeType: "image/jpeg", buffer: await portraitJpeg("#7a5") } } });
  expect(upload.status()).toBe(200);
  const { url } = (await upload.json()) as { url: string };
  await createArtist(api, baseURL, { name, ename: "FOCAL TEST", imgList: [url] });
  const library = (await (await api.get("/admin/media.json")).json()) as { items: { id: number; url: string }[] };
  return library.items.find((i) => i.url === url)!.id;
}

async function shareImageOf(page: Page, artist: string): Promise<string> {
  await page.goto(`/artist/${encodeURIComponent(artist)}`);
  return (await page.locator('meta[property="og:image"]').getAttribute("content")) ?? "";
}

async function percentOf(page: Page, label: string): Promise<number> {
  return Number(await page.getByLabel(label).inputValue());
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("the administrator clicks the face in the photo, then types a point: each is saved and the artist's share image follows", async ({ page, baseURL }) => {
      const api = await adminApi(baseURL!);
      const artist = uniqueName("초점배우");
      const mediaId = await artistWithPhoto(api, baseURL!, artist);
      const before = await shareImageOf(page, artist);
      expect(before).toMatch(/\/share\/artist\/\d+\.jpg\?v=/);

      await page.goto(`/admin/media/${mediaId}`);
      await expect(page.getByRole("heading", { name: "공유 이미지 초점" })).toBeVisible();
      // The photo is shown at 300×400 (600×800 fitted into the picker): a click a quarter across, a fifth down.
      const photo = page.getByRole("button", { name: "사진에서 초점으로 삼을 곳을 누르세요" });
      await expect(photo).toHaveAttribute("width", "300");
      if (js) {
        // Hydrated: the click moves the marker at once and is saved in the background.
        await expect(page.locator(".focal-point[data-hydrated]")).toHaveCount(1);
        await photo.click({ position: { x: 75, y: 80 } });
        await expect(page.locator(".focal-point__marker")).toHaveAttribute("style", /left: 2[45](\.\d+)?%/);
      } else {
        await photo.click({ position: { x: 75, y: 80 } });
      }
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["media-focal-saved"] })).toBeVisible();
      await expect(page.getByText(/지금 초점: 가로 2[45]/)).toBeVisible();
      expect(Math.abs((await percentOf(page, "가로 위치 (%)")) - 25)).toBeLessThanOrEqual(0.5);
      expect(Math.abs((await percentOf(page, "세로 위치 (%)")) - 20)).toBeLessThanOrEqual(0.5);

      const afterClick = await shareImageOf(page, artist);
      expect(afterClick).not.toBe(before);

      // The keyboard's way: the two percentages.
      await page.goto(`/admin/media/${mediaId}`);
      await page.getByLabel("가로 위치 (%)").fill("70");
      await page.getByLabel("세로 위치 (%)").fill("30");
      if (js) await expect(page.getByText("지금 초점: 가로 70%, 세로 30%")).toBeVisible();
      await page.getByRole("button", { name: "초점 저장" }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["media-focal-saved"] })).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("가로 위치 (%)")).toHaveValue("70");
      await expect(page.getByLabel("세로 위치 (%)")).toHaveValue("30");
      // The artist's current share image is previewed on the page and served.
      const preview = page.getByRole("img", { name: `배우 ‘${artist}’의 공유 이미지` });
      await expect(preview).toBeVisible();
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

      const afterTyping = await shareImageOf(page, artist);
      expect(afterTyping).not.toBe(afterClick);
      await api.dispose();
    });

    test("a point outside 0-100 is refused with the message next to the field, and what was typed stays", async ({ page, baseURL }) => {
      const api = await adminApi(baseURL!);
      const mediaId = await artistWithPhoto(api, baseURL!, uniqueName("범위배우"));
      await page.goto(`/admin/media/${mediaId}`);
      await page.getByLabel("가로 위치 (%)").fill("140");
      await page.getByRole("button", { name: "초점 저장" }).click();
      await expect(page.locator("#focalX-error")).toHaveText("가로 위치는 0에서 100 사이의 숫자로 입력해 주세요.");
      await expect(page.getByRole("alert").getByRole("link", { name: "가로 위치는 0에서 100 사이의 숫자로 입력해 주세요." })).toHaveAttribute("href", "#focalX");
      await expect(page.getByLabel("가로 위치 (%)")).toHaveValue("140");
      await expect(page.getByLabel("가로 위치 (%)")).toHaveAttribute("aria-invalid", "true");
      await page.goto(`/admin/media/${mediaId}`);
      await expect(page.getByLabel("가로 위치 (%)")).toHaveValue("50");
      await api.dispose();
    });
  });
}
