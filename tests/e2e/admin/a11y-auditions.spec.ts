import { expect, test } from "../fixtures";
import { axeViolations } from "../helpers";
import { submitTestApplication } from "./admin-helpers";

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

const WIDTHS = [1280, 390];

for (const width of WIDTHS) {
  test(`the audition list, an application, its deletion confirmation and the filtered list have no axe-core violations at ${width} px`, async ({ page, request }) => {
    const applicant = await submitTestApplication(request);
    // A second application from the same phone: the list's badge and the application's links to it are checked too.
    const duplicate = await submitTestApplication(request, { phone: applicant.phone });
    await page.setViewportSize({ width, height: 844 });
    const pages: [string, () => Promise<unknown>][] = [
      ["list", () => page.goto("/admin/auditions")],
      ["search", () => page.goto(`/admin/auditions?status=received&q=${encodeURIComponent(applicant.receiptNumber)}`)],
      ["application", () => page.getByRole("link", { name: applicant.name }).click()],
      ["delete confirmation", () => page.getByRole("link", { name: "지원자 요청으로 삭제" }).click()],
      ["nothing found", () => page.goto("/admin/auditions?status=accepted&q=%EC%97%86%EB%8A%94%EC%9D%B4%EB%A6%84")],
    ];
    for (const [name, open] of pages) {
      await open();
      await page.waitForLoadState("networkidle");
      if (name === "application") {
        await expect(page.getByRole("heading", { level: 1 })).toContainText(applicant.receiptNumber);
        const related = page.getByRole("region", { name: /같은 연락처의 다른 지원서/ });
        await expect(related.getByText("중복 지원", { exact: true })).toBeVisible();
        await expect(related.getByRole("link", { name: `${duplicate.receiptNumber} ${duplicate.name}` })).toBeVisible();
      }
      expect(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
    }
  });
}
