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
  // The writing area shows where the focus is.
  await expect(page.locator(".ql-editor").first()).not.toHaveCSS("outline-style", "none");
  await page.keyboard.type("키보드만으로 ");
  // The toolbar is one Tab stop (its first button), with the arrow keys, Home and End inside it.
  const toolbar = page.getByRole("toolbar", { name: "내용 서식 도구", exact: true });
  await page.keyboard.press("Shift+Tab");
  await expect(toolbar.getByRole("button", { name: "제목 1" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(toolbar.getByRole("button", { name: "제목 2" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(toolbar.getByRole("button", { name: "글자 크기" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(toolbar.getByRole("button", { name: "이미지 넣기" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(toolbar.getByRole("button", { name: "제목 1" })).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(toolbar.getByRole("button", { name: "이미지 넣기" })).toBeFocused();
  // One Tab leaves the toolbar for the text; Shift+Tab comes back to the button used last.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "내용", exact: true })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(toolbar.getByRole("button", { name: "이미지 넣기" })).toBeFocused();
  // An image with its alt text, from the keyboard alone: the picker, a thumbnail, the details dialog.
  await page.keyboard.press("Enter");
  const picker = page.getByRole("dialog", { name: "이미지 선택 (내용)" });
  await expect(picker.locator(".media-picker__choice").first()).toBeVisible();
  await tabTo(page, picker.locator(".media-picker__choice").first());
  await page.keyboard.press("Enter");
  const details = page.getByRole("dialog", { name: "이미지 정보" });
  await expect(details.getByRole("textbox", { name: "대체 텍스트" })).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("키보드로 넣은 사진");
  await page.keyboard.press("Enter");
  await expect(details).toBeHidden();
  // Back in the text, after the image.
  await expect(page.getByRole("textbox", { name: "내용", exact: true })).toBeFocused();
  // The image opens again from the keyboard: the cursor onto it (←), then Enter; its details are kept.
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await expect(details.getByRole("textbox", { name: "대체 텍스트" })).toHaveValue("키보드로 넣은 사진");
  await expect(details.getByRole("textbox", { name: "대체 텍스트" })).toBeFocused();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("키보드로 고친 사진");
  await page.keyboard.press("Enter");
  await expect(details).toBeHidden();
  await expect(page.getByRole("textbox", { name: "내용", exact: true })).toBeFocused();
  // Still one image, after which the writing goes on.
  await expect(page.locator(".ql-editor figure")).toHaveCount(1);
  await page.keyboard.press("Control+b");
  await page.keyboard.type("작성했습니다");
  await tabTo(page, page.getByRole("button", { name: "공개", exact: true }));
  await page.keyboard.press("Enter");
  // Saved: the editor again, focus on its heading; the post is one link away (a new tab).
  await expect(page).toHaveURL(/\/adminNewsWrite\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await page.goto((await page.getByRole("link", { name: "사이트에서 보기 (새 창)" }).getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator(".post-content strong")).toHaveText("작성했습니다");
  await expect(page.locator(".post-content figure img")).toHaveAttribute("alt", "키보드로 고친 사진");
});
