import { request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { DEMO_ARTISTS } from "../helpers";
import { expect, test } from "../fixtures";
import { adminApi, passSecondStep, portraitJpeg, TEST_ADMIN } from "./admin-helpers";

const ADMIN_PAGES = ["/adminNewsWrite", "/adminNoticeWrite", "/adminActor", `/adminActor/${encodeURIComponent(DEMO_ARTISTS[0]!.name)}`];

test("every admin page sends anonymous visitors to the sign-in page", async ({ page, baseURL }) => {
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/adminLogin\\?redirectTo=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("관리자 로그인");
  }
  // After signing in, the visitor lands where they wanted to go.
  await page.goto("/adminNoticeWrite");
  await page.getByLabel("아이디").fill(TEST_ADMIN.id);
  await page.getByLabel("비밀번호").fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "로그인" }).click();
  // The second step keeps the way back.
  await passSecondStep(page, baseURL!);
  await expect(page).toHaveURL(/\/adminNoticeWrite$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("공지사항 작성");
});

test("every write refuses anonymous, forged and cross-site requests, and nothing changes", async ({ baseURL }) => {
  const origin = baseURL!;
  const admin = await adminApi(origin);
  // An existing news post and artist to aim the writes at.
  const newsHtml = await (await admin.get("/news")).text();
  const newsId = /href="\/newsDetail\/(\d+)"/.exec(newsHtml)![1]!;
  const titleOf = (html: string) => /<h1 class="post-detail__title">([^<]*)<\/h1>/.exec(html)?.[1];
  const newsTitle = titleOf(await (await admin.get(`/newsDetail/${newsId}`)).text());
  expect(newsTitle).toBeTruthy();
  const artist = DEMO_ARTISTS[0]!;
  const photo = await portraitJpeg("#345");

  const writes: { name: string; send: (api: APIRequestContext, headers: Record<string, string>) => Promise<APIResponse> }[] = [
    { name: "create news", send: (api, headers) => api.post("/adminNewsWrite", { headers, multipart: { title: "권한 없는 글", content: "<p>x</p>", intent: "save" }, maxRedirects: 0 }) },
    { name: "create notice (data request)", send: (api, headers) => api.post("/adminNoticeWrite.data", { headers, multipart: { title: "권한 없는 공지", content: "<p>x</p>", intent: "save" }, maxRedirects: 0 }) },
    { name: "update news", send: (api, headers) => api.post(`/adminNewsWrite/${newsId}`, { headers, multipart: { title: "변조", content: "<p>x</p>", version: "1", intent: "save" }, maxRedirects: 0 }) },
    { name: "delete news", send: (api, headers) => api.post(`/adminNewsWrite/${newsId}`, { headers, multipart: { intent: "delete" }, maxRedirects: 0 }) },
    { name: "create artist", send: (api, headers) => api.post("/adminActor", { headers, multipart: { name: "권한없는배우", intent: "save" }, maxRedirects: 0 }) },
    { name: "update artist", send: (api, headers) => api.post(`/adminActor/${encodeURIComponent(artist.name)}`, { headers, multipart: { name: artist.name, nameEn: "HACKED", version: "1", intent: "save" }, maxRedirects: 0 }) },
    { name: "delete artist", send: (api, headers) => api.post(`/adminActor/${encodeURIComponent(artist.name)}`, { headers, multipart: { intent: "delete" }, maxRedirects: 0 }) },
    { name: "upload image", send: (api, headers) => api.post("/api/img", { headers, multipart: { image: { name: "p.jpg", mimeType: "image/jpeg", buffer: photo } } }) },
  ];

  const anonymous = await playwrightRequest.newContext({ baseURL: origin });
  const cases: { label: string; api: APIRequestContext; headers: Record<string, string>; status: number }[] = [
    { label: "no cookie", api: anonymous, headers: { Origin: origin }, status: 401 },
    { label: "Cookie: id=admin (the original site's 'admin')", api: anonymous, headers: { Origin: origin, Cookie: "id=admin; isLoggedIn=true" }, status: 401 },
    { label: "forged session cookie", api: anonymous, headers: { Origin: origin, Cookie: "we_session=forged.value" }, status: 401 },
    { label: "valid session, foreign Origin", api: admin, headers: { Origin: "https://evil.example" }, status: 403 },
    { label: "valid session, another port on this host", api: admin, headers: { Origin: origin.replace(/:(\d+)$/, (_, p) => `:${Number(p) + 1}`) }, status: 403 },
    { label: "valid session, cross-site fetch metadata", api: admin, headers: { "Sec-Fetch-Site": "cross-site" }, status: 403 },
  ];
  for (const c of cases) {
    for (const write of writes) {
      const response = await write.send(c.api, c.headers);
      expect(response.status(), `${write.name} with ${c.label}`).toBe(c.status);
    }
  }

  // Nothing changed.
  expect(titleOf(await (await admin.get(`/newsDetail/${newsId}`)).text())).toBe(newsTitle);
  const detail = await anonymous.get(`/newsDetail/${newsId}`);
  expect(detail.status()).toBe(200);
  expect(await detail.text()).not.toContain("변조");
  expect(await (await anonymous.get("/news")).text()).not.toContain("권한 없는 글");
  expect(await (await anonymous.get("/notice")).text()).not.toContain("권한 없는 공지");
  const artistPage = await anonymous.get(`/artist/${encodeURIComponent(artist.name)}`);
  expect(artistPage.status()).toBe(200);
  expect(await artistPage.text()).not.toContain("HACKED");
  expect(await (await anonymous.get("/artist")).text()).not.toContain("권한없는배우");
  await anonymous.dispose();
  await admin.dispose();
});
