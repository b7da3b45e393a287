import type { BrowserContext, Page, Request } from "@playwright/test";
import { axeViolations } from "../helpers";
import { expect, MOBILE_DEVICE, test } from "../fixtures";
import { uniqueName } from "./admin-helpers";

/**
 * Showreels (decision 046): staff add reels to an artist in the workspace, with and without JavaScript;
 * visitors see posters of ours. Without JavaScript a poster is a plain link to the video (new tab); with
 * it a click puts in the player from the privacy-enhanced host, and no third party is asked for anything
 * before that click. The players' hosts are answered here (no network).
 */

test.use({ signedIn: true });

const YOUTUBE = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const VIMEO = "https://vimeo.com/76979871";

/** Every request to a host other than the site's, in order; each is answered locally with an empty page. */
async function watchThirdParties(context: BrowserContext, baseURL: string): Promise<string[]> {
  const seen: string[] = [];
  const ours = new URL(baseURL).host;
  await context.route(
    (url) => url.host !== ours,
    (route) => {
      seen.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: '<!doctype html><html lang="en"><title>Player</title><main><h1>Offline player</h1></main></html>' });
    },
  );
  return seen;
}

async function openProfile(page: Page, name: string): Promise<void> {
  await page.goto(`/artist/${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { name: "영상", level: 2 })).toBeVisible();
}

test.describe("with JavaScript", () => {
  test("staff add, refuse, fix and reorder reels; a visitor's click loads the nocookie player and nothing from a third party before it", async ({ page, browser, baseURL }, testInfo) => {
    const name = uniqueName("영상배우");
    // The reels' section as shown, kept with the test's results (the screenshots the issue asks to look at).
    const shoot = async (where: Page, file: string) => {
      const path = testInfo.outputPath(`${file}.png`);
      // After the page's 1.5 s fade-in.
      await where.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
      await where.locator(".reels-section").screenshot({ path });
      await testInfo.attach(file, { path, contentType: "image/png" });
    };
    await page.goto("/adminActor");
    await page.getByLabel("이름", { exact: true }).fill(name);
    await page.getByLabel("영문 이름").fill("REEL ACTOR");

    const reels = page.getByRole("group", { name: "영상 (선택)" });
    await reels.getByLabel("새 영상 주소").fill("https://evil.example/clip.mp4");
    await reels.getByLabel("새 영상 제목 (선택)").fill("다른 곳 영상");
    await reels.getByRole("button", { name: "추가" }).click();
    await expect(reels.getByLabel("1번 영상 주소")).toHaveValue("https://evil.example/clip.mp4");
    // Focus is back in the new reel's box for the next one.
    await expect(reels.getByLabel("새 영상 주소")).toBeFocused();
    await reels.getByLabel("새 영상 주소").fill(VIMEO);
    await reels.getByLabel("새 영상 주소").press("Enter");
    await expect(reels.getByRole("listitem")).toHaveCount(2);

    // Refused on the server, in Korean, next to the reels; nothing typed is lost.
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect(reels.locator("#reels-error")).toHaveText("1번 영상: YouTube, Vimeo, 네이버TV 영상 주소만 넣을 수 있습니다.");
    await expect(page.getByLabel("영문 이름")).toHaveValue("REEL ACTOR");
    await expect(reels.getByLabel("2번 영상 주소")).toHaveValue(VIMEO);

    await reels.getByLabel("1번 영상 주소").fill("youtu.be/dQw4w9WgXcQ?si=share");
    await reels.getByLabel("1번 영상 제목 (선택)").fill("2025 쇼릴");
    // The Vimeo reel first: moved up, focus stays on the moved reel's buttons.
    await reels.getByRole("button", { name: "2번 영상 위로" }).click();
    await expect(reels.getByLabel("1번 영상 주소")).toHaveValue(VIMEO);
    await expect(reels.getByRole("button", { name: "1번 영상 아래로" })).toBeFocused();
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/adminActor/${encodeURIComponent(name)}$`));
    await expect(page.getByText("배우가 저장되었습니다.")).toBeVisible();
    await expect(reels.getByLabel("2번 영상 주소")).toHaveValue(YOUTUBE);
    await expect(reels.getByLabel("2번 영상 제목 (선택)")).toHaveValue("2025 쇼릴");

    // A visitor (no session: the enhancement script, not React).
    const visitor = await browser.newContext({ baseURL, locale: "ko-KR" });
    const thirdParties = await watchThirdParties(visitor, baseURL!);
    const profile = await visitor.newPage();
    const errors: string[] = [];
    profile.on("pageerror", (error) => errors.push(error.message));
    await openProfile(profile, name);
    await expect(profile.locator("html[data-enhanced]")).toHaveCount(1);
    const posters = profile.locator(".reels__poster");
    await expect(posters).toHaveCount(2);
    await expect(posters.nth(1)).toHaveAttribute("href", YOUTUBE);
    await expect(posters.nth(1)).toContainText("2025 쇼릴");
    await expect(posters.nth(1)).toContainText("YouTube");
    await expect(posters.nth(0)).toContainText(`${name} 영상 1`);
    expect(await axeViolations(profile, ".reels-section")).toEqual([]);
    await profile.waitForLoadState("networkidle");
    expect(thirdParties, "no third-party request before the click").toEqual([]);

    await shoot(profile, "reels-1280");

    // The click: the player from the privacy-enhanced host, named, allowed to play, with the focus.
    const playerRequest = profile.waitForRequest((request: Request) => request.url().startsWith("https://www.youtube-nocookie.com/"));
    await posters.nth(1).click();
    const frame = profile.locator(".reels__item").nth(1).locator("iframe");
    await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    await expect(frame).toHaveAttribute("title", "2025 쇼릴 영상 플레이어");
    await expect(frame).toHaveAttribute("allow", "autoplay; fullscreen; picture-in-picture");
    await expect(frame).toBeFocused();
    await playerRequest;
    expect(thirdParties.every((url) => url.startsWith("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"))).toBe(true);
    // The other poster is still a poster; the page stayed where it was.
    await expect(posters).toHaveCount(1);
    expect(new URL(profile.url()).pathname).toBe(`/artist/${encodeURIComponent(name)}`);
    expect(await axeViolations(profile, ".reels-section")).toEqual([]);

    // Vimeo's player without tracking.
    await posters.first().click();
    await expect(profile.locator(".reels__item").first().locator("iframe")).toHaveAttribute("src", "https://player.vimeo.com/video/76979871?dnt=1&autoplay=1");
    expect(errors).toEqual([]);

    // The English profile, at a phone's width.
    const phone = await browser.newContext({ ...MOBILE_DEVICE, baseURL });
    await watchThirdParties(phone, baseURL!);
    const english = await phone.newPage();
    await english.goto(`/en/artist/${encodeURIComponent(name)}`);
    await expect(english.getByRole("heading", { name: "Showreel", level: 2 })).toBeVisible();
    await expect(english.locator(".reels__poster").first()).toContainText("REEL ACTOR – showreel 1");
    await shoot(english, "reels-390-en");
    await phone.close();
    const narrow = await browser.newContext({ ...MOBILE_DEVICE, baseURL });
    await watchThirdParties(narrow, baseURL!);
    const korean = await narrow.newPage();
    await openProfile(korean, name);
    await shoot(korean, "reels-390");
    expect(await axeViolations(korean, ".reels-section")).toEqual([]);
    await narrow.close();
    await visitor.close();

    // The signed-in staff member's page runs the same widget on React (decision 038).
    const staffThirdParties = await watchThirdParties(page.context(), baseURL!);
    await openProfile(page, name);
    await expect(page.locator(".reels__poster")).toHaveCount(2);
    expect(staffThirdParties).toEqual([]);
    await page.locator(".reels__poster").nth(1).click();
    await expect(page.locator(".reels__item").nth(1).locator("iframe")).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    await expect(page.locator(".reels__item").nth(1).locator("iframe")).toBeFocused();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("staff add a reel with the form's own buttons; the visitor's poster is a plain link to the video in a new tab", async ({ page, browser, baseURL }) => {
    const name = uniqueName("영상배우");
    await page.goto("/adminActor");
    await page.getByLabel("이름", { exact: true }).fill(name);
    const reels = page.getByRole("group", { name: "영상 (선택)" });
    await reels.getByLabel("새 영상 주소").fill("https://tv.naver.com/v/12345678");
    await reels.getByLabel("새 영상 제목 (선택)").fill("네이버 인터뷰");
    // 추가 sends the form, which comes back with the reel as an entry and the focus in the next box.
    await reels.getByRole("button", { name: "추가" }).click();
    await expect(reels.getByLabel("1번 영상 주소")).toHaveValue("https://tv.naver.com/v/12345678");
    await expect(page.getByLabel("이름", { exact: true })).toHaveValue(name);
    await expect(reels.getByLabel("새 영상 주소")).toBeFocused();
    // Typed into the new reel's box and saved straight away: kept too.
    await reels.getByLabel("새 영상 주소").fill(YOUTUBE);
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/adminActor/${encodeURIComponent(name)}$`));
    await expect(reels.getByLabel("2번 영상 주소")).toHaveValue(YOUTUBE);
    // 삭제 comes back without the reel (saved only with 저장).
    await reels.getByRole("button", { name: "1번 영상 삭제" }).click();
    await expect(reels.getByRole("listitem")).toHaveCount(1);
    await expect(reels.getByLabel("1번 영상 주소")).toHaveValue(YOUTUBE);

    const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const thirdParties = await watchThirdParties(visitor, baseURL!);
    const profile = await visitor.newPage();
    await openProfile(profile, name);
    const poster = profile.getByRole("link", { name: /네이버 인터뷰/ });
    await expect(poster).toHaveAttribute("href", "https://tv.naver.com/v/12345678");
    await expect(poster).toHaveAttribute("target", "_blank");
    await expect(poster).toHaveAttribute("rel", /noopener/);
    await expect(poster).toContainText("네이버TV에서 보기 (새 창)");
    await expect(profile.locator("iframe")).toHaveCount(0);
    await profile.waitForLoadState("networkidle");
    expect(thirdParties).toEqual([]);
    await visitor.close();
  });
});
