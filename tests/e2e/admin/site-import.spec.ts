import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "../fixtures";
import { freePort } from "../../setup/free-port";
import { axeViolations } from "../helpers";
import { startOldSite } from "../../fixtures/old-site";

// Signed in over HTTP before each test.
test.use({ signedIn: true });
// One import at a time (the server refuses a second while one runs).
test.describe.configure({ mode: "serial" });

/**
 * /admin/import as an owner uses it: a dry run shows what would come, then the real run (the server's
 * own job) is followed to its end and the artists are on the site. With and without JavaScript.
 */
for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
  test.use({ javaScriptEnabled: js });
  test("a dry run, then the import, followed to its report", async ({ page }) => {
    const old = await startOldSite({ artists: 2, news: 0, notices: 0, firstArtist: js ? 400 : 420, photoSize: [120, 160] });
    try {
      await page.goto("/admin/import");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("이전 사이트 가져오기");
      const form = page.getByRole("form", { name: "가져오기 시작" });
      await form.getByLabel("예전 사이트 주소").fill(old.origin);
      await form.getByLabel("뉴스").uncheck();
      await form.getByLabel("공지사항").uncheck();
      await form.getByLabel(/시험 실행/).check();
      await form.getByRole("button", { name: "가져오기 시작" }).click();
      await expect(page.getByRole("status").filter({ hasText: "시험 실행을 마쳤습니다" })).toBeVisible();
      const dry = page.getByRole("region", { name: "시험 실행 결과" });
      await expect(dry.getByRole("row", { name: /배우/ })).toContainText("2");
      // axe runs in the page: checked with JavaScript on (the HTML is the same without it).
      if (js) expect(await axeViolations(page)).toEqual([]);

      // The form now holds the dry run's address and kinds, ready for the real run.
      await expect(form.getByLabel("예전 사이트 주소")).toHaveValue(old.origin);
      await expect(form.getByLabel("뉴스")).not.toBeChecked();
      await expect(form.getByLabel(/시험 실행/)).not.toBeChecked();
      await form.getByRole("button", { name: "가져오기 시작" }).click();
      await expect(page.getByRole("status").filter({ hasText: "가져오기를 시작했습니다" })).toBeVisible();
      // With JavaScript the page looks again by itself; without it, the page's own link does.
      const state = page.locator(".site-import-facts dd").first();
      if (js) {
        await expect(state).toHaveText("마침", { timeout: 30_000 });
      } else {
        await expect(async () => {
          await page.reload();
          await expect(state).toHaveText("마침", { timeout: 500 });
        }).toPass({ timeout: 30_000 });
      }
      const result = page.getByRole("region", { name: "결과", exact: true });
      await expect(result.getByRole("row", { name: /배우/ }).getByRole("cell").first()).toHaveText("2");
      // axe runs in the page: checked with JavaScript on (the HTML is the same without it).
      if (js) expect(await axeViolations(page)).toEqual([]);

      await page.goto(`/artist/${encodeURIComponent(old.artists[0]!.name)}`);
      await expect(page.getByText(old.artists[0]!.ename)).toBeVisible();
    } finally {
      await old.close();
    }
  });
  });
}

/**
 * An address that leads nowhere or to another site is the address field's error, in staff's words with
 * what to check; no report of zeros, no API path, no command line. With and without JavaScript.
 */
for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });
    test("an empty address, a port nobody listens on and a site that is not the old one are refused beside the address", async ({ page }) => {
      // A real HTTP server that is not the old site: it answers every path with a page of its own.
      const stranger = http.createServer((_req, res) => {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end("<!doctype html><title>Another site</title><p>Hello</p>");
      });
      await new Promise<void>((resolve) => stranger.listen(0, "127.0.0.1", resolve));
      const strangerOrigin = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}`;
      // A port that was free a moment ago: nobody listens on it.
      const closedPort = await freePort();
      try {
        await page.goto("/admin/import");
        const form = page.getByRole("form", { name: "가져오기 시작" });
        const address = form.getByRole("textbox", { name: /예전 사이트 주소/ });
        await expect(page.getByText(/npm run|import:site|\/api\//)).toHaveCount(0);
        await form.getByLabel(/시험 실행/).check();

        // Empty: the server's message beside the field (no browser bubble: the form is not validated by the browser).
        await address.fill("");
        await form.getByRole("button", { name: "가져오기 시작" }).click();
        await expect(address).toHaveAccessibleDescription(/^예전 사이트 주소를 입력해 주세요\./);
        await expect(address).toHaveAttribute("aria-invalid", "true");

        // Nobody there.
        await address.fill(`http://127.0.0.1:${closedPort}`);
        await form.getByRole("button", { name: "가져오기 시작" }).click();
        await expect(address).toHaveAccessibleDescription(new RegExp(`^예전 사이트\\(127\\.0\\.0\\.1:${closedPort}\\)에 연결하지 못했습니다\\. 주소를 바르게 입력했는지`));
        await expect(page.getByRole("alert").filter({ hasText: "예전 사이트에 연결하지 못했습니다." })).toBeVisible();
        await expect(address).toHaveValue(`http://127.0.0.1:${closedPort}`);

        // Another site.
        await address.fill(strangerOrigin);
        await form.getByRole("button", { name: "가져오기 시작" }).click();
        await expect(address).toHaveAccessibleDescription(/예전 WE ENTERTAINMENT 사이트의 주소인지 확인해 주세요/);
        await expect(address).toHaveValue(strangerOrigin);

        // Never a success, a table of zeros, an API path or a command line.
        await expect(page.getByText("시험 실행을 마쳤습니다")).toHaveCount(0);
        await expect(page.getByRole("region", { name: "시험 실행 결과" })).toHaveCount(0);
        await expect(page.getByText(/npm run|import:site|\/api\//)).toHaveCount(0);
        if (js) {
          expect(await axeViolations(page)).toEqual([]);
          await page.setViewportSize({ width: 390, height: 844 });
          expect(await axeViolations(page)).toEqual([]);
        }
      } finally {
        await new Promise((resolve) => stranger.close(resolve));
      }
    });
  });
}
