import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { expect, test } from "../fixtures";
import { portraitJpeg, uniqueName } from "./admin-helpers";

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

const COLORS = ["#c55", "#5c5", "#55c", "#cc5", "#5cc"];

test("with JavaScript: the admin adds an artist with five photos, edits and deletes them", async ({ page }) => {
  const name = uniqueName("배우");
  await page.goto("/artist");
  await page.getByRole("link", { name: "배우 등록" }).click();
  await expect(page).toHaveURL(/\/adminActor$/);

  await page.getByLabel("이름", { exact: true }).fill(name);
  await page.getByLabel("영문 이름").fill("TEST ACTOR");
  await page.getByLabel("생년월일", { exact: true }).fill("1997-05-05");
  await page.getByLabel("키 (cm)").fill("174");
  await page.getByLabel("SNS 주소").fill("https://www.instagram.com/test_actor/");

  // List fields: one entry at a time, empty entries ignored, each entry edited in place or removed.
  const school = page.getByRole("group", { name: "학력", exact: true });
  await school.getByLabel("학력 새 항목").fill("한국예술종합학교 연기과");
  await school.getByRole("button", { name: "추가" }).click();
  await school.getByRole("button", { name: "추가" }).click(); // empty: ignored
  await school.getByLabel("학력 새 항목").fill("지워질 항목");
  await school.getByLabel("학력 새 항목").press("Enter");
  await expect(school.getByRole("listitem")).toHaveCount(2);
  await school.getByRole("button", { name: "학력 2번 항목 삭제" }).click();
  await expect(school.getByRole("listitem")).toHaveCount(1);
  await school.getByLabel("학력 1번 항목", { exact: true }).fill("한국예술종합학교 연기과 졸업");
  const movies = page.getByRole("group", { name: "영화", exact: true });
  for (const movie of ["2026 영화 〈첫 장면〉 주연", "2025 영화 〈둘째 장면〉 조연", "남길 수 없는 항목"]) {
    await movies.getByLabel("영화 새 항목").fill(movie);
    await movies.getByRole("button", { name: "추가" }).click();
  }
  // The keyboard-reachable remove button.
  await movies.getByRole("button", { name: "영화 3번 항목 삭제" }).click();
  await expect(movies.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("group", { name: "특기", exact: true }).getByLabel("특기 새 항목").fill("탭댄스");
  await page.getByRole("group", { name: "특기", exact: true }).getByRole("button", { name: "추가" }).click();

  // Five photo slots; each uploads on its own and says so.
  const slots = page.locator(".image-slot");
  await expect(slots).toHaveCount(5);
  for (let i = 0; i < 5; i++) {
    await slots.nth(i).locator(':scope > input[type="file"]').setInputFiles({ name: `p${i}.jpg`, mimeType: "image/jpeg", buffer: await portraitJpeg(COLORS[i]!) });
    await expect(slots.nth(i).getByRole("status")).toHaveText("사진이 업로드되었습니다.");
  }
  // Uploading one slot never replaced another.
  const urls = await slots.locator(':scope > input[type="hidden"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(new Set(urls).size).toBe(5);
  // A non-image file is refused in its slot with a red message.
  await slots.nth(2).locator(':scope > input[type="file"]').setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(slots.nth(2).getByRole("status")).toHaveText("이미지 파일만 올릴 수 있습니다.");
  await expect(slots.nth(2).getByRole("status")).toHaveClass(/is-error/);
  expect(await slots.nth(2).locator(':scope > input[type="hidden"]').inputValue()).toBe(urls[2]);

  // Saved: still in the workspace, in the artist's editor (decision 044), with the notice and the profile's link.
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/adminActor/${encodeURIComponent(name)}$`));
  await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["artist-created"] })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.getByLabel("생년월일", { exact: true })).toHaveValue("1997-05-05");
  await expect(page.getByRole("link", { name: "사이트에서 보기 (새 창)" })).toHaveAttribute("href", `/artist/${encodeURIComponent(name)}`);
  await page.goto("/artist");
  const card = page.locator(".artist-card").filter({ hasText: name });
  await expect(card.getByRole("heading", { level: 2 })).toHaveText("TEST ACTOR");

  await card.getByRole("link", { name: /VIEW MORE/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  // The main photo leads the artist's carousel (decision 042), which may have moved on already.
  await expect(page.locator(".artist-detail__photo img").first()).toHaveAttribute("alt", `${name} 프로필 사진`);
  await expect(page.locator(".artist-detail__photo img").first()).toHaveAttribute("src", /\/media\//);
  await expect(page.getByRole("region", { name: "GALLERY" }).getByRole("img")).toHaveCount(4);
  await expect(page.getByRole("row", { name: /학력/ })).toHaveText(/한국예술종합학교 연기과 졸업/);
  await expect(page.getByRole("row", { name: /학력/ })).not.toHaveText(/지워질 항목/);
  await expect(page.getByRole("region", { name: /^MOVIE/ }).getByRole("listitem")).toHaveCount(2);

  // Edit: change the English name and take out one sub photo.
  await page.getByRole("link", { name: "수정" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("배우 정보 수정");
  await page.getByLabel("영문 이름").fill("TEST ACTOR EDITED");
  await page.locator(".image-slot").nth(4).getByRole("button", { name: "사진 삭제" }).click();
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["artist-updated"] })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/adminActor/${encodeURIComponent(name)}$`));
  await page.goto(`/artist/${encodeURIComponent(name)}`);
  await expect(page.locator(".artist-detail__ename")).toHaveText("TEST ACTOR EDITED");
  await expect(page.getByRole("region", { name: "GALLERY" }).getByRole("img")).toHaveCount(3);

  await page.getByRole("link", { name: "삭제" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("배우 삭제");
  await page.getByRole("button", { name: "삭제" }).click();
  await expect(page).toHaveURL(/\/artist$/);
  await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["artist-deleted"] })).toBeVisible();
  await expect(page.locator(".artist-card").filter({ hasText: name })).toHaveCount(0);
  expect((await page.goto(`/artist/${encodeURIComponent(name)}`))?.status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the admin adds an artist with five photos in one form, edits and deletes them", async ({ page }) => {
    const name = uniqueName("무JS배우");

    await page.goto("/adminActor");
    await page.getByLabel("이름", { exact: true }).fill(name);
    await page.getByLabel("영문 이름").fill("NO SCRIPT");
    // Without JavaScript a list's new entry goes with the form; 추가 brings the form back with a new box.
    await page.getByLabel("학력 새 항목").fill("서울예술대학교 연기과");
    await page.getByLabel("드라마 새 항목").fill("2026 드라마 〈하나〉");
    await page.getByRole("group", { name: "드라마", exact: true }).getByRole("button", { name: "추가" }).click();
    await expect(page.getByLabel("드라마 1번 항목", { exact: true })).toHaveValue("2026 드라마 〈하나〉");
    await expect(page.getByLabel("이름", { exact: true })).toHaveValue(name);
    await page.getByLabel("드라마 새 항목").fill("2025 드라마 〈둘〉");
    const slots = page.locator(".image-slot");
    for (let i = 0; i < 5; i++) {
      await slots.nth(i).locator(':scope > input[type="file"]').setInputFiles({ name: `n${i}.jpg`, mimeType: "image/jpeg", buffer: await portraitJpeg(COLORS[i]!) });
    }
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/adminActor/${encodeURIComponent(name)}$`));
    await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["artist-created"] })).toBeVisible();

    await page.goto(`/artist/${encodeURIComponent(name)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("region", { name: "GALLERY" }).getByRole("img")).toHaveCount(4);
    await expect(page.getByRole("row", { name: /학력/ }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("region", { name: /^DRAMA/ }).getByRole("listitem")).toHaveCount(2);

    await page.getByRole("link", { name: "수정" }).click();
    await expect(page.getByLabel("드라마 1번 항목", { exact: true })).toHaveValue("2026 드라마 〈하나〉");
    await expect(page.getByLabel("드라마 2번 항목", { exact: true })).toHaveValue("2025 드라마 〈둘〉");
    await page.getByLabel("영문 이름").fill("NO SCRIPT EDITED");
    await page.locator(".image-slot").nth(1).getByLabel("사진 삭제").check();
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/adminActor/${encodeURIComponent(name)}$`));
    await page.goto(`/artist/${encodeURIComponent(name)}`);
    await expect(page.locator(".artist-detail__ename")).toHaveText("NO SCRIPT EDITED");
    await expect(page.getByRole("region", { name: "GALLERY" }).getByRole("img")).toHaveCount(3);

    await page.getByRole("link", { name: "삭제" }).click();
    await page.getByRole("button", { name: "삭제" }).click();
    await expect(page).toHaveURL(/\/artist$/);
    expect((await page.goto(`/artist/${encodeURIComponent(name)}`))?.status()).toBe(404);
  });
});
