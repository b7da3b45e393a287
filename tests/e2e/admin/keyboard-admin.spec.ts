import { tabTo } from "../helpers";
import { expect, test } from "../fixtures";
import { passSecondStep, TEST_ADMIN, uniqueName } from "./admin-helpers";

test("keyboard only: sign in and write a news post", async ({ page, baseURL }) => {
  const title = uniqueName("키보드로 쓴 글 ");
  await page.goto("/adminLogin");
  await tabTo(page, page.getByLabel("아이디"));
  await page.keyboard.type(TEST_ADMIN.id);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("비밀번호")).toBeFocused();
  await page.keyboard.type(TEST_ADMIN.password);
  await page.keyboard.press("Enter");
  // The second step: the code field has the focus; type the authenticator's code and press Enter.
  await expect(page.getByLabel("인증 코드")).toBeFocused();
  await passSecondStep(page, baseURL!, {
    enter: async (code) => {
      await page.getByLabel("인증 코드").clear();
      await expect(page.getByLabel("인증 코드")).toBeFocused();
      await page.keyboard.type(code);
      await page.keyboard.press("Enter");
    },
  });
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto("/pr");
  await tabTo(page, page.getByRole("link", { name: "뉴스 작성" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/adminNewsWrite$/);
  await page.locator(".ql-editor").first().waitFor();
  await tabTo(page, page.getByLabel("제목", { exact: true }));
  await page.keyboard.type(title);
  await tabTo(page, page.getByRole("textbox", { name: "내용", exact: true }));
  await page.keyboard.type("키보드만으로 ");
  // Toolbar buttons are reachable and work from the keyboard too.
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "이미지 넣기" }).first()).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("End");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("작성했습니다");
  await tabTo(page, page.getByRole("button", { name: "저장", exact: true }));
  await page.keyboard.press("Enter");
  // Saved: the editor again, focus on its heading; the post is one link away (a new tab).
  await expect(page).toHaveURL(/\/adminNewsWrite\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await page.goto((await page.getByRole("link", { name: "사이트에서 보기 (새 창)" }).getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator(".post-content strong")).toHaveText("작성했습니다");
});
