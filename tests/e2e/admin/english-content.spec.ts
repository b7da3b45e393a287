import { expect, test } from "../fixtures";
import { uniqueName } from "./admin-helpers";

// The English versions are entered next to the Korean ones, in the same forms.
test.use({ signedIn: true });

test("with JavaScript: the admin writes a news post with an English version, and the English site lists and shows it", async ({ page }) => {
  const title = uniqueName("영문 버전 소식 ");
  const englishTitle = `English version ${title.replace(/\D/g, "")}`;
  await page.goto("/adminNewsWrite");
  await page.getByLabel("제목", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "내용", exact: true }).click();
  await page.keyboard.type("한글 본문입니다.");
  await page.getByLabel("영문 제목").fill(englishTitle);
  await page.getByRole("textbox", { name: "영문 내용", exact: true }).click();
  await page.keyboard.type("The English article, typed in its own editor.");
  await page.getByRole("button", { name: "공개", exact: true }).click();
  await expect(page).toHaveURL(/\/adminNewsWrite\/\d+$/);

  await page.goto("/en/news");
  await page.getByRole("link", { name: new RegExp(englishTitle) }).click();
  await expect(page).toHaveURL(/\/en\/newsDetail\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(englishTitle);
  await expect(page.locator(".post-content")).toHaveText("The English article, typed in its own editor.");
  await expect(page.locator(".post-detail__date")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  // The same post in Korean, one switch away.
  await page.locator(".site-header__language").getByRole("link", { name: "한국어" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("with JavaScript: the admin adds English award entries to a profile, and the English profile shows them", async ({ page, request }) => {
  const artists = (await (await request.get("/api/we/actorList")).json()) as { name: string }[];
  const name = artists.at(-1)!.name;
  await page.goto(`/adminActor/${encodeURIComponent(name)}`);
  const awards = page.getByRole("group", { name: "영문 수상 (Awards)" });
  const entry = uniqueName("Best Newcomer, Test Awards ");
  await awards.getByLabel("영문 수상 (Awards) 새 항목").fill(entry);
  await awards.getByRole("button", { name: "추가" }).click();
  await expect(awards.getByRole("listitem").last().getByRole("textbox")).toHaveValue(entry);
  await page.getByLabel("영문 생년월일").fill("May 5, 1997");
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "배우 정보가 수정되었습니다." })).toBeVisible();

  await page.goto(`/en/artist/${encodeURIComponent(name)}`);
  await expect(page.getByRole("row", { name: /Awards/ })).toContainText(entry);
  await expect(page.getByRole("row", { name: /Date of birth/ })).toContainText("May 5, 1997");
});
