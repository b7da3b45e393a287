import { expect, test } from "@playwright/test";
import { useAppServer } from "../../setup/app-server";
import { browserCookie } from "../../setup/sign-in";
import { startSmtpServer, type TestSmtpServer } from "../../setup/smtp-server";
import { axeViolations } from "../helpers";
import { uniqueName } from "./admin-helpers";

/**
 * The new package's form when the server sends mail (decision 066): a server of its own with SMTP_URL
 * pointing at a real local SMTP server (the `smtp-server` package). "만들고 이메일로 보내기" asks for the
 * recipient's address beside its field, then makes the package and mails its link. With and without
 * JavaScript. (The form on a server without mail, which says so at the field: casting-packages.spec.ts.)
 */

let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer();
});
test.afterAll(async () => {
  await smtp?.close();
});
const server = useAppServer(test, () => ({ engine: "embedded", signIn: true, env: { SMTP_URL: smtp.url, MAIL_FROM: "WE ENTERTAINMENT <casting@we.example>" } }));

test.describe.configure({ mode: "serial" });

for (const js of [true, false]) {
  test(`JavaScript ${js ? "on" : "off"}: 만들고 이메일로 보내기 needs the address, then mails the package's link to it`, async ({ browser }) => {
    test.slow();
    const name = uniqueName(js ? "메일가" : "메일나");
    const created = await fetch(`${server.baseURL}/api/we/addactor`, {
      method: "POST",
      headers: { Cookie: server.cookie, Origin: server.origin, "Content-Type": "application/json" },
      body: JSON.stringify({ name, ename: "MAIL ACTOR", birthday: "1995.03.14", cm: "170", imgList: [] }),
    });
    expect(created.status, await created.text()).toBe(201);

    const context = await browser.newContext({ javaScriptEnabled: js, baseURL: server.baseURL, locale: "ko-KR", timezoneId: "Asia/Seoul" });
    await context.addCookies([browserCookie(server.cookie, server.baseURL)]);
    const page = await context.newPage();
    await page.goto("/admin/packages/new");
    const email = page.getByRole("textbox", { name: /받는 사람 이메일/ });
    await expect(email).toHaveAccessibleDescription(/‘만들고 이메일로 보내기’를 누르면 링크를 이 주소로 바로 보냅니다/);
    const title = `메일로 보내는 제안 ${js ? "A" : "B"}`;
    await page.getByLabel("제목 (필수)").fill(title);
    await page.getByLabel("받는 회사 (필수)").fill("스튜디오 바다");
    await page.getByLabel("받는 사람 (필수)").fill("이바다 PD");
    await page.getByRole("checkbox", { name: new RegExp(`^${name}`) }).check();

    // No address: the message beside it, everything kept, nothing made or sent.
    await page.getByRole("button", { name: "만들고 이메일로 보내기" }).click();
    await expect(email).toHaveAccessibleDescription(/^링크를 보내려면 받는 사람 이메일을 적어 주세요\./);
    await expect(page.getByLabel("제목 (필수)")).toHaveValue(title);
    await expect(page.getByRole("checkbox", { name: new RegExp(`^${name}`) })).toBeChecked();
    if (js) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        expect(await axeViolations(page), `${width} px`).toEqual([]);
      }
    }

    const to = `pd-${js ? "a" : "b"}@studio.example`;
    await email.fill(to);
    await page.getByRole("button", { name: "만들고 이메일로 보내기" }).click();
    await expect(page.getByText("캐스팅 패키지를 만들고 링크를 받는 분의 이메일로 보냈습니다.")).toBeVisible();
    const link = await page.getByLabel("받는 분께 보낼 링크").inputValue();
    await expect(page.getByText(/에 링크를 보냄$/)).toBeVisible();
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(to)).length, { timeout: 30_000 }).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes(to))!;
    expect(mail.subject).toContain(title);
    expect(mail.text).toContain(new URL(link).pathname);
    await context.close();
  });
}
